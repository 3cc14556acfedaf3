/**
 * A query's rows as EPCIS 2.0 events: a captured event as it came (its extensions, ILMD and sensor
 * data kept) with the eventID it was stored under and the repository's recordTime; one of the
 * platform's own as the lifecycle's EPCIS document builds it (epcisEventBody: its hex EPCs as their
 * pure-identity URIs, its places and transactions as URIs) under its stored event ID.
 */
import { type EpcisEventType, type EpcisEventWithContext, epcisEventBody, type JsonLdContextEntry, type TagEvent } from '@tagloom/domain';
import { epcUri } from '../tags/decode.js';
import type { EventRow } from './query.js';

/** A kept event with its EPC list (or children) put back from the row's `epcs` where it was left out (capture.ts lean), in its place. */
function whole(event: Record<string, unknown>, epcs: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(event)) {
    if ((k === 'epcList@' || k === 'childEPCs@') && v === 'epcs') out[k.slice(0, -1)] = [...epcs];
    else out[k] = v;
  }
  return out;
}

/** The event (with its extension contexts) a row stands for. */
export function eventOf(row: EventRow, tenantCode: string): EpcisEventWithContext {
  if (row.doc?.event)
    return {
      event: whole(row.doc.event, row.epcs ?? []),
      context: (row.doc.context ?? []) as JsonLdContextEntry[],
      eventID: row.doc.eventID ?? row.eventId,
      recordTime: row.recordTime,
    };
  const { type, ...body } = epcisEventBody(
    {
      eventType: row.eventType as EpcisEventType,
      eventTime: row.eventTime,
      eventTimeZoneOffset: row.eventTimeZoneOffset,
      recordTime: row.recordTime,
      action: row.action as TagEvent['action'],
      bizStep: row.bizStep,
      disposition: row.disposition,
      readPoint: row.readPoint,
      bizLocation: row.bizLocation,
      bizTransactions: row.bizTransactions ?? [],
      epcs: row.epcs ?? [],
      parentId: row.parentId,
      quantities: row.quantities ?? [],
      sources: row.sources ?? [],
      destinations: row.destinations ?? [],
      errorDeclaration: row.errorDeclaration,
    },
    { epcUri },
  );
  return { event: { type, eventID: row.eventId || `urn:tagloom:event:${encodeURIComponent(tenantCode)}:${row.id}`, ...body } };
}
