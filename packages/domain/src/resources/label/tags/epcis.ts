/**
 * GS1 EPCIS 2.0 (JSON-LD) shapes of the tag history, pure: the server builds the document of one
 * EPC's events with epcisDocument; an EPCIS interface (query or capture) can serve the same shape.
 */

/** The EPCIS 2.0 JSON-LD context. */
export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';

/** A stored tag event (a row of the label/lifecycle feed) as the lifecycle routes return it. */
export interface TagEvent {
  id: number;
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
  /** the EPCs it names (hex), or empty for an event of the whole order */
  epcs: string[];
  /** how many tags it covers (the order's tags for an order event) */
  epcCount: number;
  orderId: number | null;
  orderCode: string;
  username: string;
  source: string;
}

export interface EpcisObjectEvent {
  type: 'ObjectEvent';
  eventID: string;
  eventTime: string;
  eventTimeZoneOffset: string;
  recordTime: string;
  epcList: string[];
  action: TagEvent['action'];
  bizStep: string;
  disposition?: string;
  readPoint?: { id: string };
  bizLocation?: { id: string };
  bizTransactionList?: { type: string; bizTransaction: string }[];
}

export interface EpcisDocument {
  '@context': string[];
  type: 'EPCISDocument';
  schemaVersion: '2.0';
  creationDate: string;
  epcisBody: { eventList: EpcisObjectEvent[] };
}

/** A location or transaction as a URI: kept when it is one, else under the platform's URN space. */
const asUri = (kind: string, v: string) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `urn:tagloom:${kind}:${encodeURIComponent(v)}`);

/**
 * The EPCIS 2.0 document of a tag's events: one ObjectEvent each, in the order given. `epcUri`
 * turns a hex EPC into its pure-identity URI (the codec's decode; a raw `urn:epc:raw:` URI for
 * an EPC of no GS1 scheme); an order's event lists the EPC asked about (`subject`).
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
        const hexes = e.epcs.length ? e.epcs : opts.subject ? [opts.subject] : [];
        return {
          type: 'ObjectEvent',
          eventID: `urn:tagloom:event:${encodeURIComponent(opts.tenant)}:${e.id}`,
          eventTime: e.eventTime,
          eventTimeZoneOffset: e.eventTimeZoneOffset,
          recordTime: e.recordTime,
          epcList: hexes.map(opts.epcUri),
          action: e.action,
          bizStep: e.bizStep,
          ...(e.disposition ? { disposition: e.disposition } : {}),
          ...(e.readPoint ? { readPoint: { id: asUri('loc', e.readPoint) } } : {}),
          ...(e.bizLocation ? { bizLocation: { id: asUri('loc', e.bizLocation) } } : {}),
          ...(e.bizTransactions.length
            ? { bizTransactionList: e.bizTransactions.map((b) => ({ type: b.type, bizTransaction: asUri(`bt:${b.type}`, b.id) })) }
            : {}),
        };
      }),
    },
  };
}

/** The raw EPC URI of a hex EPC (TDS §12.2.2, when it is of no scheme the codec decodes). */
export const rawEpcUri = (hex: string) => `urn:epc:raw:${hex.length * 4}.x${hex}`;
