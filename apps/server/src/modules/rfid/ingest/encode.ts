/**
 * A parsed payload in the form the one ingestion statement takes it (pipeline.ts): the reads as one
 * PostgreSQL array literal a column, the fold queue's lines, and only the newest reads as objects
 * (the live console's). It is built where the payload was parsed — in a parse worker for a large
 * body — so the event loop handles a few strings per batch instead of an object per read.
 */
import type { InvalidEvent, ParsedPayload, StatusEvent, TagRead } from '@tagloom/domain/rfid/formats.js';
import { encodeReads, pgNumArray, pgTextArray } from '../state/fold-data.js';

/** The reads, one array literal a column of rfid_read_batches (validated values: hex, numbers). */
export interface ReadColumns {
  /** epoch milliseconds (cheaper than ISO text on both sides) */
  atMs: string;
  epc: string;
  tid: string;
  antenna: string;
  rssi: string;
  frequency: string;
  count: string;
  phase: string;
  doppler: string;
  memory: string;
}

export interface EncodedPayload {
  /** events found (reads + statuses + heartbeats + invalid) */
  events: number;
  /** tag reads */
  reads: number;
  statuses: StatusEvent[];
  invalid: InvalidEvent[];
  columns: ReadColumns;
  /** the fold queue's data (fold-queue.ts encodeReads) */
  fold: string;
  /** the newest reads (the live console's summary) */
  newest: TagRead[];
  /**
   * A batch with GPI triggers (a tunnel's photo-eye, StatusEvent.trigger): for each trigger in time
   * order, the reads after it up to the next one, as fold queue data — the session each trigger
   * opens gets them (sessions/gate.ts), the fold leaves them out of the reader's open session
   */
  triggered: string[];
}

/** Reads a live summary carries (the newest). */
export const LIVE_READS = 20;

const textArray = (v: readonly (string | null)[]) => `{${v.map((x) => (x ? x : '""')).join(',')}}`;

/** For each trigger time (ascending), the reads after it up to the next trigger, as fold queue data. */
function readsAfterTriggers(reads: readonly TagRead[], triggers: readonly number[]): string[] {
  return triggers.map((t, k) => {
    const until = triggers[k + 1] ?? Number.POSITIVE_INFINITY;
    return encodeReads(
      reads.filter((x) => {
        const at = x.at.getTime();
        return at > t && at <= until;
      }),
    );
  });
}

export function encodePayload(p: ParsedPayload): EncodedPayload {
  const r = p.reads;
  const triggers = p.statuses
    .filter((s) => s.trigger)
    .map((s) => s.at.getTime())
    .sort((a, b) => a - b);
  return {
    events: p.events,
    reads: r.length,
    statuses: p.statuses,
    invalid: p.invalid,
    columns: {
      atMs: pgNumArray(r.map((x) => x.at.getTime())),
      epc: textArray(r.map((x) => x.epc)),
      tid: textArray(r.map((x) => x.tid)),
      antenna: pgNumArray(r.map((x) => x.antenna)),
      rssi: pgNumArray(r.map((x) => x.rssiCdbm)),
      frequency: pgNumArray(r.map((x) => x.frequencyKhz)),
      count: pgNumArray(r.map((x) => x.readCount)),
      phase: pgNumArray(r.map((x) => x.phase)),
      doppler: pgNumArray(r.map((x) => x.dopplerHz)),
      memory: pgTextArray(r.map((x) => x.memory)),
    },
    fold: encodeReads(r, triggers[0]),
    newest: r.slice(-LIVE_READS),
    triggered: readsAfterTriggers(r, triggers),
  };
}
