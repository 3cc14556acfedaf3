/**
 * GS1 EPCIS 2.0 (JSON-LD) shapes of the tag history, pure: the server builds the document of one
 * EPC's events with epcisDocument; an EPCIS interface (query or capture) can serve the same shape.
 */

import { isSglnExtension, isValidGln, sglnUri } from '../../../epc/gln.js';
import type { EpcisEventType } from '../../../feed/tag-events.js';
import { eventHash } from './event-hash.js';

/** The EPCIS 2.0 JSON-LD context. */
export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';

/**
 * A stored tag event (a row of the label/lifecycle feed) as the lifecycle routes return it. A type,
 * not an interface: it is also a record, what the routes' response schemas hold.
 */
export type TagEvent = {
  id: number;
  /** the EPCIS event type (ObjectEvent when not given: the rows before migration 0054) */
  eventType?: EpcisEventType;
  /** GS1's canonical event hash (ni:///sha-256;…?ver=CBV2.0), '' for rows recorded before it */
  eventId?: string;
  /** the parent of an aggregation, association or transaction: a URI (an SSCC as urn:epc:id:sscc:…) */
  parentId?: string;
  /** quantities of classes: [{ epcClass (URI), quantity, uom? }] (the child quantities of an aggregation) */
  quantities?: EpcisQuantity[];
  /** CBV sources and destinations: [{ type: owning_party | possessing_party | location, id (URI) }] */
  sources?: { type: string; id: string }[];
  destinations?: { type: string; id: string }[];
  /** a declared error of the event (EPCIS 2.0 §7.4.1.4) */
  errorDeclaration?: EpcisErrorDeclaration | null;
  /** when it happened (ISO 8601) */
  eventTime: string;
  /** the zone of the place it happened, e.g. +08:00 */
  eventTimeZoneOffset: string;
  /** when the platform recorded it (ISO 8601) */
  recordTime: string;
  action: 'ADD' | 'OBSERVE' | 'DELETE';
  bizStep: string;
  disposition: string;
  readPoint: string;
  bizLocation: string;
  bizTransactions: { type: string; id: string }[];
  /** the EPCs it names (hex; the children of an aggregation or association), or empty for an event of the whole order */
  epcs: string[];
  /** how many tags it covers (the order's tags for an order event) */
  epcCount: number;
  orderId: number | null;
  orderCode: string;
  username: string;
  source: string;
  /** the location it happened at, and that location's code and name as they are now (for the screens) */
  locationId?: number | null;
  location?: { code: string; name: string } | null;
};

export type EpcisQuantity = { epcClass: string; quantity: number; uom?: string };
export type EpcisErrorDeclaration = { declarationTime: string; reason?: string; correctiveEventIDs?: string[] };

/**
 * One EPCIS 2.0 event as the documents hold it: an ObjectEvent or TransactionEvent lists its EPCs
 * (epcList) and quantities (quantityList); an AggregationEvent or AssociationEvent names its
 * parent (parentID) and children (childEPCs, childQuantityList); a TransactionEvent may name a parent.
 */
export type EpcisEvent = {
  type: EpcisEventType;
  eventID: string;
  eventTime: string;
  eventTimeZoneOffset: string;
  recordTime: string;
  errorDeclaration?: EpcisErrorDeclaration;
  parentID?: string;
  epcList?: string[];
  childEPCs?: string[];
  quantityList?: EpcisQuantity[];
  childQuantityList?: EpcisQuantity[];
  action: TagEvent['action'];
  bizStep: string;
  disposition?: string;
  readPoint?: { id: string };
  bizLocation?: { id: string };
  bizTransactionList?: { type: string; bizTransaction: string }[];
  sourceList?: { type: string; source: string }[];
  destinationList?: { type: string; destination: string }[];
};
/** @deprecated the lifecycle holds every event type now: EpcisEvent */
export type EpcisObjectEvent = EpcisEvent;

export interface EpcisDocument {
  '@context': string[];
  type: 'EPCISDocument';
  schemaVersion: '2.0';
  creationDate: string;
  epcisBody: { eventList: EpcisEvent[] };
}

const IS_URI = /^[a-z][a-z0-9+.-]*:\S*$/i;

/** A location or transaction as a URI: kept when it is one, else under the platform's URN space. */
const asUri = (kind: string, v: string) => (IS_URI.test(v) ? v : `urn:tagloom:${kind}:${encodeURIComponent(v)}`);

/** A place as the events name it: the tenant's and the location's codes, and the location's GLN when it has one. */
export interface PlaceRef {
  tenant: string;
  code: string;
  gln?: string;
  /** the company prefix length of the tenant's GS1 codes (6–12): where the GLN's company prefix ends */
  companyPrefixLength?: number;
}

/**
 * The URI an EPCIS event names a place by (bizLocation; readPoint with `reader`): the SGLN of its
 * GLN (`urn:epc:id:sgln:6901234.00001.0`, the reader as the extension when it can be one), else a
 * stable URI of the tenant's and the location's codes (`urn:tagloom:loc:DEMO:ST001`, the reader
 * appended), never its name (a rename changes no identifier). A code already a URI is kept.
 */
export function placeUri(place: PlaceRef, reader?: string): string {
  const { gln, companyPrefixLength: cpl = 7 } = place;
  if (gln && isValidGln(gln) && cpl >= 6 && cpl <= 12)
    if (!reader) return sglnUri(gln, cpl);
    else if (isSglnExtension(reader)) return sglnUri(gln, cpl, reader);
  if (!reader && IS_URI.test(place.code)) return place.code;
  const parts = [place.tenant, place.code, ...(reader ? [reader] : [])];
  return `urn:tagloom:loc:${parts.map(encodeURIComponent).join(':')}`;
}

/**
 * One stored event as an EPCIS 2.0 event of its type, without its eventID: `epcs` are the children
 * of an aggregation or association (childEPCs), else the EPC list; `quantities` the child quantity
 * list of those, else the quantity list. `epcUri` turns a hex EPC into its pure-identity URI; an
 * order's event lists `subject` (the EPC asked about) when given.
 */
export function epcisEventBody(
  e: Omit<TagEvent, 'id' | 'epcCount' | 'orderId' | 'orderCode' | 'username' | 'source'>,
  opts: { subject?: string; epcUri: (hex: string) => string },
): Omit<EpcisEvent, 'eventID'> {
  const type = e.eventType ?? 'ObjectEvent';
  const hexes = e.epcs.length ? e.epcs : opts.subject ? [opts.subject] : [];
  const uris = hexes.map(opts.epcUri);
  const nested = type === 'AggregationEvent' || type === 'AssociationEvent';
  const quantities = (e.quantities ?? []).map((q) => ({ epcClass: q.epcClass, quantity: q.quantity, ...(q.uom ? { uom: q.uom } : {}) }));
  return {
    type,
    eventTime: e.eventTime,
    eventTimeZoneOffset: e.eventTimeZoneOffset,
    recordTime: e.recordTime,
    ...(e.errorDeclaration
      ? {
          errorDeclaration: {
            declarationTime: e.errorDeclaration.declarationTime,
            ...(e.errorDeclaration.reason ? { reason: e.errorDeclaration.reason } : {}),
            ...(e.errorDeclaration.correctiveEventIDs?.length ? { correctiveEventIDs: e.errorDeclaration.correctiveEventIDs } : {}),
          },
        }
      : {}),
    ...(e.parentId ? { parentID: e.parentId } : {}),
    // an ObjectEvent and a TransactionEvent always carry their EPC list (empty when they count quantities)
    ...(nested ? (uris.length ? { childEPCs: uris } : {}) : { epcList: uris }),
    ...(quantities.length ? (nested ? { childQuantityList: quantities } : { quantityList: quantities }) : {}),
    action: e.action,
    bizStep: e.bizStep,
    ...(e.disposition ? { disposition: e.disposition } : {}),
    ...(e.readPoint ? { readPoint: { id: asUri('loc', e.readPoint) } } : {}),
    ...(e.bizLocation ? { bizLocation: { id: asUri('loc', e.bizLocation) } } : {}),
    ...(e.bizTransactions.length
      ? { bizTransactionList: e.bizTransactions.map((b) => ({ type: b.type, bizTransaction: asUri(`bt:${b.type}`, b.id) })) }
      : {}),
    ...(e.sources?.length ? { sourceList: e.sources.map((x) => ({ type: x.type, source: asUri('party', x.id) })) } : {}),
    ...(e.destinations?.length
      ? { destinationList: e.destinations.map((x) => ({ type: x.type, destination: asUri('party', x.id) })) }
      : {}),
  };
}

/**
 * The event ID of a stored event: GS1's canonical event hash of the event as recorded (an order's
 * whole-order event hashed without an EPC list: its ID is the same whichever of its EPCs is asked
 * about). The server stores it when it records the event.
 */
export const tagEventId = (e: Parameters<typeof epcisEventBody>[0], epcUri: (hex: string) => string): string =>
  eventHash(epcisEventBody(e, { epcUri }));

/**
 * The EPCIS 2.0 document of a tag's events, each of its own type, in the order given. `epcUri`
 * turns a hex EPC into its pure-identity URI (the codec's decode; a raw `urn:epc:raw:` URI for an
 * EPC of no GS1 scheme); an order's event lists the EPC asked about (`subject`). The eventID is the
 * stored canonical hash, else (rows recorded before it) a URN of the tenant and row.
 */
export function epcisDocument(
  events: readonly TagEvent[],
  opts: { subject?: string; epcUri: (hex: string) => string; tenant: string; now?: Date },
): EpcisDocument {
  return {
    '@context': [EPCIS_CONTEXT],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: (opts.now ?? new Date()).toISOString(),
    epcisBody: {
      eventList: events.map((e) => {
        const { type, ...body } = epcisEventBody(e, opts);
        return { type, eventID: e.eventId || `urn:tagloom:event:${encodeURIComponent(opts.tenant)}:${e.id}`, ...body };
      }),
    },
  };
}

/** The raw EPC URI of a hex EPC (TDS §12.2.2, when it is of no scheme the codec decodes). */
export const rawEpcUri = (hex: string) => `urn:epc:raw:${hex.length * 4}.x${hex}`;
