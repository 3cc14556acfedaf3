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

/**
 * One line a read: EPC, TID, time (ms), antenna, RSSI, read count — validated values, no tab or
 * newline. A read after `triggerAt` (a tunnel's GPI trigger in the same batch, epoch ms) carries a
 * seventh field `T`: it belongs to the session the trigger opens, not to the reader's open one
 * (the fold leaves it out of the session; sessions/gate.ts gives it to the triggered session).
 */
export function encodeReads(reads: readonly QueuedRead[], triggerAt?: number): string {
  return reads
    .map((r) => {
      const at = r.at.getTime();
      const line = `${r.epc}\t${r.tid ?? ''}\t${at}\t${n(r.antenna)}\t${n(r.rssiCdbm)}\t${r.readCount}`;
      return triggerAt !== undefined && at > triggerAt ? `${line}\tT` : line;
    })
    .join('\n');
}

/** The number a field of the data holds, or null for an empty one. */
const orNull = (data: string, from: number, to: number) => (to > from ? Number(data.slice(from, to)) : null);

/** Calls `fn` with each read of the data, in order (one pass over the text: no array or object per read). */
export function forEachRead(
  data: string,
  fn: (
    epc: string,
    tid: string | null,
    at: number,
    antenna: number | null,
    rssiCdbm: number | null,
    readCount: number,
    /** read after a GPI trigger of its batch (encodeReads' `triggerAt`) */
    afterTrigger: boolean,
  ) => void,
): void {
  const end = data.length;
  let i = 0;
  while (i < end) {
    let line = data.indexOf('\n', i);
    if (line < 0) line = end;
    const a = data.indexOf('\t', i);
    const b = data.indexOf('\t', a + 1);
    const c = data.indexOf('\t', b + 1);
    const d = data.indexOf('\t', c + 1);
    const e = data.indexOf('\t', d + 1);
    // the optional seventh field (its tab within the line)
    const f = data.indexOf('\t', e + 1);
    const flagged = f !== -1 && f < line;
    fn(
      data.slice(i, a),
      b > a + 1 ? data.slice(a + 1, b) : null,
      Number(data.slice(b + 1, c)),
      orNull(data, c + 1, d),
      orNull(data, d + 1, e),
      Number(data.slice(e + 1, flagged ? f : line)),
      flagged,
    );
    i = line + 1;
  }
}

/** A PostgreSQL array literal of numbers (null as NULL), for a typed array parameter (`::int[]` …). */
export const pgNumArray = (values: readonly (number | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/** A PostgreSQL array literal of any text: each element quoted, its `"` and `\` escaped; null as NULL. */
export const pgTextArray = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
