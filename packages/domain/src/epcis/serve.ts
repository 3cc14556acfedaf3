/**
 * The answers of GS1's EPCIS 2.0 REST binding: the EPCISQueryDocument of a query's events (GS1's
 * JSON schema, epcisQueryDocument), the EPC form the client asked for (`GS1-EPC-Format`), and the
 * discovery headers of the OPTIONS responses (openapi.yaml components/headers). Pure.
 */
import { EPCIS_CONTEXT } from '../resources/label/tags/epcis.js';
import type { JsonLdContextEntry } from './capture.js';
import { type CompanyPrefixLength, type EpcFormat, translateEpc } from './epc-format.js';
import { isObject } from './util.js';

/** An EPCIS event object as served: a stored event's EpcisEvent, or a captured event's `raw`. */
export type EpcisEventObject = Readonly<Record<string, unknown>> | { readonly type: string };
/**
 * An event with the @context entries its extension fields need (a captured event's `context`), and
 * what the repository adds to a captured event as it serves it: its eventID (the hash given when the
 * capture had none) and its recordTime (when it was captured).
 */
export interface EpcisEventWithContext {
  event: EpcisEventObject;
  context?: readonly JsonLdContextEntry[];
  /** set as the event's eventID when it has none */
  eventID?: string;
  /** set as the event's recordTime (the repository's, whatever the capture said) */
  recordTime?: string;
}

export interface EpcisQueryDocument {
  '@context': JsonLdContextEntry[];
  type: 'EPCISQueryDocument';
  schemaVersion: '2.0';
  creationDate: string;
  epcisBody: {
    queryResults: {
      queryName: string;
      subscriptionID?: string;
      resultsBody: { eventList: Record<string, unknown>[] };
    };
  };
}

export interface QueryDocumentOptions {
  /** the query's name: a named query's, else SimpleEventQuery (the standard's query of events) */
  queryName?: string;
  /** the subscription that delivers the document */
  subscriptionID?: string;
  now?: Date;
  /** the form of the EPCs (GS1-EPC-Format; parseEpcFormat of the request's header); as stored when absent */
  epcFormat?: EpcFormat;
  /** where a Digital Link's company prefix ends, for Always_EPC_URN */
  companyPrefixLength?: CompanyPrefixLength;
}

const isWrapped = (x: EpcisEventObject | EpcisEventWithContext): x is EpcisEventWithContext =>
  isObject(x) && !('type' in x) && isObject((x as { event?: unknown }).event);

/** The namespace prefixes an entry of @context defines (its terms, keywords aside). */
const terms = (c: JsonLdContextEntry) => (typeof c === 'string' ? [] : Object.keys(c).filter((k) => !k.startsWith('@')));

/**
 * The EPCISQueryDocument of a query's events, in the order given: GS1's EPCIS context and the
 * extension namespaces the events need (a captured event's `context`), `schemaVersion` 2.0, the
 * query's name (SimpleEventQuery unless given) and subscription. An event whose namespaces clash with
 * another's (one prefix, two IRIs) keeps its own @context inside it. `epcFormat` translates the
 * EPCs (epcList, childEPCs, inputEPCList, outputEPCList, parentID, epcClass, readPoint, bizLocation,
 * sources, destinations, business transactions) where it can.
 */
export function toQueryDocument(
  events: readonly (EpcisEventObject | EpcisEventWithContext)[],
  opts: QueryDocumentOptions = {},
): EpcisQueryDocument {
  const context: JsonLdContextEntry[] = [EPCIS_CONTEXT];
  const keys = new Set([JSON.stringify(EPCIS_CONTEXT)]);
  const defined = new Map<string, string>();
  const eventList = events.map((x) => {
    const { event, context: own = [], eventID, recordTime } = isWrapped(x) ? x : { event: x, context: [] as JsonLdContextEntry[] };
    let out = opts.epcFormat ? applyEpcFormat(event, opts.epcFormat, opts.companyPrefixLength) : { ...(event as Record<string, unknown>) };
    if (eventID && out.eventID === undefined) {
      const { type, ...rest } = out;
      out = { type, eventID, ...rest };
    }
    if (recordTime) out.recordTime = recordTime;
    const extra = own.filter((c) => !keys.has(JSON.stringify(c)));
    const clash = extra.some((c) =>
      terms(c).some((t) => defined.has(t) && defined.get(t) !== JSON.stringify((c as Record<string, unknown>)[t])),
    );
    if (clash) {
      const { '@context': inner, ...rest } = out;
      out = { '@context': [...own, ...(inner === undefined ? [] : Array.isArray(inner) ? inner : [inner])], ...rest };
    } else
      for (const c of extra) {
        keys.add(JSON.stringify(c));
        context.push(c);
        for (const t of terms(c)) defined.set(t, JSON.stringify((c as Record<string, unknown>)[t]));
      }
    return out;
  });
  return {
    '@context': context,
    type: 'EPCISQueryDocument',
    schemaVersion: '2.0',
    creationDate: (opts.now ?? new Date()).toISOString(),
    epcisBody: {
      queryResults: {
        queryName: opts.queryName ?? 'SimpleEventQuery',
        ...(opts.subscriptionID ? { subscriptionID: opts.subscriptionID } : {}),
        resultsBody: { eventList },
      },
    },
  };
}

/** One event with its EPC values in the form `format` asks for (a copy; what cannot be translated is kept). */
export function applyEpcFormat(
  event: EpcisEventObject,
  format: EpcFormat,
  companyPrefixLength?: CompanyPrefixLength,
): Record<string, unknown> {
  const e: Record<string, unknown> = { ...(event as Record<string, unknown>) };
  if (format === 'No_Preference' || format === 'Never_Translates') return e;
  const t = (v: unknown) => (typeof v === 'string' ? translateEpc(v, format, companyPrefixLength) : v);
  const list = (v: unknown) => (Array.isArray(v) ? v.map(t) : v);
  const quantities = (v: unknown) => (Array.isArray(v) ? v.map((q) => (isObject(q) ? { ...q, epcClass: t(q.epcClass) } : q)) : v);
  const place = (v: unknown) => (isObject(v) ? { ...v, id: t(v.id) } : v);
  const typed = (v: unknown, key: string) => (Array.isArray(v) ? v.map((x) => (isObject(x) ? { ...x, [key]: t(x[key]) } : x)) : v);
  for (const k of ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList']) if (k in e) e[k] = list(e[k]);
  for (const k of ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList']) if (k in e) e[k] = quantities(e[k]);
  if ('parentID' in e) e.parentID = t(e.parentID);
  if ('readPoint' in e) e.readPoint = place(e.readPoint);
  if ('bizLocation' in e) e.bizLocation = place(e.bizLocation);
  if ('sourceList' in e) e.sourceList = typed(e.sourceList, 'source');
  if ('destinationList' in e) e.destinationList = typed(e.destinationList, 'destination');
  if ('bizTransactionList' in e) e.bizTransactionList = typed(e.bizTransactionList, 'bizTransaction');
  return e;
}

/** What a server announces of itself in the discovery headers. */
export interface DiscoveryLimits {
  /** GS1-EPCIS-Capture-Limit: the most events a capture takes */
  captureLimit?: number;
  /** GS1-EPCIS-Capture-File-Size-Limit: the largest capture document, in bytes */
  captureFileSizeLimit?: number;
  /** GS1-Vendor-Version: the server's own version */
  vendorVersion?: string;
  /** GS1-Extensions: the EPCIS/CBV extensions it supports, prefix → namespace IRI */
  extensions?: Readonly<Record<string, string>>;
  /** GS1-Capture-Error-Behaviour: rollback (the default), proceed, or all (both) */
  captureErrorBehaviour?: 'rollback' | 'proceed' | 'all';
  /** GS1-EPC-Format it supports: No_Preference (it translates either way) unless given */
  epcFormat?: EpcFormat;
  /** Allow: the methods of the resource (OPTIONS, GET, POST …) */
  allow?: readonly string[];
}

/** The EPCIS and CBV versions the platform speaks (the binding's GS1-EPCIS-* and GS1-CBV-* headers). */
export const EPCIS_VERSION = '2.0.0';
export const CBV_VERSION = '2.0.0';

/**
 * The binding's discovery headers (OPTIONS; GS1-EPCIS-Version and GS1-CBV-Version on every response):
 * GS1-EPCIS-Version, -Min, -Max and GS1-CBV-Version, -Min, -Max (2.0.0: the platform speaks EPCIS and
 * CBV 2.0 only), GS1-EPC-Format, GS1-Vendor-Version, GS1-Extensions, and for the capture endpoint
 * GS1-EPCIS-Capture-Limit, GS1-EPCIS-Capture-File-Size-Limit and GS1-Capture-Error-Behaviour. The
 * binding's GS1-CBV-XML-Format concerns XML answers only, which the platform does not give.
 */
export function discoveryHeaders(limits: DiscoveryLimits = {}): Record<string, string> {
  const h: Record<string, string> = {
    'GS1-EPCIS-Version': EPCIS_VERSION,
    'GS1-EPCIS-Min': EPCIS_VERSION,
    'GS1-EPCIS-Max': EPCIS_VERSION,
    'GS1-CBV-Version': CBV_VERSION,
    'GS1-CBV-Min': CBV_VERSION,
    'GS1-CBV-Max': CBV_VERSION,
    'GS1-EPC-Format': limits.epcFormat ?? 'No_Preference',
  };
  if (limits.allow?.length) h.Allow = limits.allow.join(', ');
  if (limits.vendorVersion) h['GS1-Vendor-Version'] = limits.vendorVersion;
  const ext = Object.entries(limits.extensions ?? {});
  if (ext.length) h['GS1-Extensions'] = ext.map(([prefix, iri]) => `${prefix}=${iri}`).join(', ');
  if (limits.captureLimit !== undefined) h['GS1-EPCIS-Capture-Limit'] = String(limits.captureLimit);
  if (limits.captureFileSizeLimit !== undefined) h['GS1-EPCIS-Capture-File-Size-Limit'] = String(limits.captureFileSizeLimit);
  if (limits.captureErrorBehaviour) h['GS1-Capture-Error-Behaviour'] = limits.captureErrorBehaviour;
  return h;
}
