/**
 * The fold queue's data of a batch (fold-queue.ts): one line a read. No imports: the ingestion's
 * parse workers encode it where they parse.
 */

/** What the fold needs of a read (the batch gives reader, location and scene). */
export interface QueuedRead {
  epc: string;
  tid: string | null;
  at: Date;
  antenna: number | null;
  rssiCdbm: number | null;
  readCount: number;
}

const n = (v: number | null) => (v === null ? '' : String(v));
const orNull = (v: string) => (v === '' ? null : Number(v));

/** One line a read: EPC, TID, time (ms), antenna, RSSI, read count — validated values, no tab or newline. */
export function encodeReads(reads: readonly QueuedRead[]): string {
  return reads.map((r) => `${r.epc}\t${r.tid ?? ''}\t${r.at.getTime()}\t${n(r.antenna)}\t${n(r.rssiCdbm)}\t${r.readCount}`).join('\n');
}

/** Calls `fn` with each read of the data, in order (no object per read). */
export function forEachRead(
  data: string,
  fn: (epc: string, tid: string | null, at: number, antenna: number | null, rssiCdbm: number | null, readCount: number) => void,
): void {
  if (!data) return;
  for (const line of data.split('\n')) {
    const [epc, tid, at, antenna, rssi, count] = line.split('\t');
    fn(epc, tid || null, Number(at), orNull(antenna), orNull(rssi), Number(count));
  }
}

/** A PostgreSQL array literal of numbers (null as NULL), for a typed array parameter (`::int[]` …). */
export const pgNumArray = (values: readonly (number | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/** A PostgreSQL array literal of any text: each element quoted, its `"` and `\` escaped; null as NULL. */
export const pgTextArray = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
