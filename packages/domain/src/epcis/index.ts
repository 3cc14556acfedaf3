/**
 * GS1's EPCIS 2.0 REST binding, the pure parts: its problem documents, the SimpleEventQuery of
 * GET /events and its page tokens, the capture of EPCIS documents and events, the EPCISQueryDocument
 * and discovery headers of its answers, and the translation of EPCs between EPC URNs and GS1
 * Digital Link URIs (GS1-EPC-Format).
 */
export {
  type CaptureOptions,
  type CaptureResult,
  isEpcisContextUrl,
  type JsonLdContextEntry,
  type NormalizedEvent,
  type NormalizedQuantity,
  readCaptureDocument,
  readEvent,
} from './capture.js';
export {
  CBV_BIZ_STEPS,
  CBV_BIZ_TRANSACTION_TYPES,
  CBV_DISPOSITIONS,
  CBV_ERROR_REASONS,
  CBV_SOURCE_DEST_TYPES,
  type CbvKind,
  cbvValue,
  cbvWebUri,
} from './cbv.js';
export {
  type CompanyPrefixLength,
  digitalLinkToEpcUrn,
  EPC_FORMATS,
  type EpcFormat,
  type EpcKind as EpcFormatKind,
  epcKind,
  epcToDigitalLink,
  GS1_DIGITAL_LINK_BASE,
  parseEpcFormat,
  translateEpc,
} from './epc-format.js';
export {
  EPCIS_PROBLEM_TYPES,
  EpcisProblem,
  type EpcisProblemDocument,
  type EpcisProblemKind,
  type EpcisProblemType,
  epcisProblem,
  isEpcisProblem,
  PROBLEM_JSON,
} from './problem.js';
export {
  decodePageToken,
  EPCIS_QUERY_EVENT_TYPES,
  EPCIS_QUERY_PARAMETERS_REFUSED,
  EPCIS_QUERY_PARAMETERS_SUPPORTED,
  type EpcisFullEventType,
  type EpcisQuery,
  type EpcisQueryValue,
  type EpcValue,
  encodePageToken,
  type PageCursor,
  type ParseEpcisQueryOptions,
  parseEpcisQuery,
  type TimeRange,
  type TypedValues,
} from './query.js';
export {
  applyEpcFormat,
  CBV_VERSION,
  type DiscoveryLimits,
  discoveryHeaders,
  EPCIS_VERSION,
  type EpcisEventObject,
  type EpcisEventWithContext,
  type EpcisQueryDocument,
  type QueryDocumentOptions,
  toQueryDocument,
} from './serve.js';
