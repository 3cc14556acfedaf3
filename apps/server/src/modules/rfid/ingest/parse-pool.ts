/**
 * Parsing a payload off the event loop. A 5,000-event body takes tens of milliseconds to parse
 * (JSON.parse alone ~20 ms on a busy machine): small bodies are parsed inline (a bounded, short
 * turn), larger ones in a small pool of long-lived worker threads, so the server keeps answering
 * while readers post big batches. A worker that crashes or overruns its time is replaced. Where a
 * body is parsed, its SHA-256 is taken too (its batch key without an Idempotency-Key, and what a
 * reused key is compared with). A body with more objects than a batch may hold, counted by its
 * lines that begin with `{` (NDJSON, objects one per line), is refused before it is parsed.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RfidFormat, RfidInvalidReason } from '@tagloom/domain';
import { INGEST_MAX_EVENTS, type ParseLimits, PayloadError, parsePayload } from '@tagloom/domain/rfid/formats.js';
import { type EncodedPayload, encodePayload } from './encode.js';

/** Bodies up to this many characters (or bytes) are parsed inline (well under a millisecond or two). */
export const INLINE_PARSE_CHARS = 64 * 1024;
/** A parse taking longer than this is abandoned (its worker replaced). */
const PARSE_TIMEOUT_MS = 15_000;
const WORKER_HEAP_MB = 256;
const encoder = new TextEncoder();
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));

// the sheet worker's boot (plain JavaScript that registers tsx, then imports workerData.entry)
const BOOT = new URL('../../../core/sheet/boot.mjs', import.meta.url);
const ENTRY = new URL('./parse-worker.ts', import.meta.url).href;

export interface ParseRequest {
  id: number;
  format: RfidFormat;
  /** the body's UTF-8 bytes, transferred to the worker (not copied) */
  body: Uint8Array;
  limits: ParseLimits;
}
export type ParseReply =
  | { id: number; ready: true }
  | { id: number; parsed: EncodedPayload; hash: string }
  | { id: number; refused: { reason: RfidInvalidReason; params: Record<string, string | number> }; hash: string }
  | { id: number; failed: string };

/** A payload parsed and encoded, and its body's SHA-256 (hex). */
export interface ParseResult {
  payload: EncodedPayload;
  hash: string;
}

/** A payload refused whole, with its body's SHA-256 when it was taken (not for one refused before it was read). */
export class RefusedPayload extends PayloadError {
  constructor(
    reason: RfidInvalidReason,
    params: Record<string, string | number>,
    readonly hash?: string,
  ) {
    super(reason, params);
  }
}

/** The SHA-256 (hex) of a body's UTF-8 bytes (as text or as the bytes themselves: the same hash). */
export const bodyHash = (body: string | Uint8Array) => createHash('sha256').update(body).digest('hex');

interface Job {
  req: ParseRequest;
  resolve(p: ParseResult): void;
  reject(e: unknown): void;
}

class ParseWorker {
  private readonly worker: Worker;
  private readonly ready: Promise<void>;
  job: Job | undefined;
  private timer: NodeJS.Timeout | undefined;
  dead = false;

  constructor(private readonly onIdle: (w: ParseWorker) => void) {
    this.worker = new Worker(BOOT, { workerData: { entry: ENTRY }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    this.worker.unref();
    let started!: () => void;
    this.ready = new Promise<void>((r) => {
      started = r;
    });
    this.worker.on('message', (m: ParseReply) => {
      if ('ready' in m) return started();
      const job = this.job;
      if (!job || job.req.id !== m.id) return;
      this.finish();
      if ('parsed' in m) job.resolve({ payload: m.parsed, hash: m.hash });
      else if ('refused' in m) job.reject(new RefusedPayload(m.refused.reason, m.refused.params, m.hash));
      else job.reject(new Error(`ingest parse worker: ${m.failed}`));
      this.onIdle(this);
    });
    const die = (err: unknown) => {
      if (this.dead) return;
      this.dead = true;
      const job = this.job;
      this.finish();
      job?.reject(
        (err as { code?: string })?.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new PayloadError('tooLarge', {})
          : (err ?? new Error('worker exited')),
      );
      this.onIdle(this);
    };
    this.worker.on('error', die);
    this.worker.on('exit', () => die(new Error('ingest parse worker exited')));
  }

  private finish() {
    clearTimeout(this.timer);
    this.job = undefined;
  }

  async run(job: Job): Promise<void> {
    this.job = job;
    await this.ready;
    if (this.dead) return;
    this.timer = setTimeout(() => {
      // abandoned: its worker is replaced
      this.job = undefined;
      job.reject(new PayloadError('tooSlow', { seconds: PARSE_TIMEOUT_MS / 1000 }));
      void this.stop();
      this.onIdle(this);
    }, PARSE_TIMEOUT_MS);
    this.timer.unref();
    this.worker.postMessage(job.req, [job.req.body.buffer as ArrayBuffer]);
  }

  async stop(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }
}

class ParsePool {
  private readonly idle: ParseWorker[] = [];
  private readonly all = new Set<ParseWorker>();
  private readonly queue: Job[] = [];
  private nextId = 1;

  parse(format: RfidFormat, body: string | Uint8Array, limits: ParseLimits): Promise<ParseResult> {
    return new Promise<ParseResult>((resolve, reject) => {
      // bytes in a buffer of their own, which the worker gets moved, not cloned
      this.queue.push({ req: { id: this.nextId++, format, body: ownBytes(body), limits }, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      let w = this.idle.pop();
      if (!w && this.all.size < POOL_SIZE) {
        w = new ParseWorker((done) => this.release(done));
        this.all.add(w);
      }
      if (!w) return;
      void w.run(this.queue.shift()!);
    }
  }

  private release(w: ParseWorker): void {
    if (w.dead) this.all.delete(w);
    else if (!this.idle.includes(w)) this.idle.push(w);
    this.pump();
  }

  async stop(): Promise<void> {
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.stop()));
  }
}

let pool: ParsePool | undefined;

/** A body as text (bytes decoded as UTF-8). */
const asText = (body: string | Uint8Array) =>
  typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');

/**
 * The body's UTF-8 bytes in a buffer that holds nothing else, so it can be moved to a worker: the
 * bytes as received when they already are (a large request body is), else a copy (text is encoded).
 */
function ownBytes(body: string | Uint8Array): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
  return whole ? body : new Uint8Array(body);
}

/**
 * How many lines of the body begin with `{` (the first line included), counting up to `stopAfter`
 * + 1 at most: a lower bound of the objects it holds (an NDJSON body, objects back to back one per
 * line, a JSON array with an element a line: one a line; a JSON string holds no line break, and
 * an object's own lines are indented when it is pretty-printed). Native searches, no decoding: a
 * 13 MB body of 50,000 lines is found too long in well under a millisecond.
 */
export function objectLines(body: string | Uint8Array, stopAfter: number): number {
  let n = 0;
  if (typeof body === 'string') {
    if (body.charCodeAt(0) === 0x7b) n++;
    for (let i = body.indexOf('\n{'); i !== -1 && n <= stopAfter; i = body.indexOf('\n{', i + 2)) n++;
    return n;
  }
  const b = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (b[0] === 0x7b) n++;
  for (let i = b.indexOf(0x0a); i !== -1 && n <= stopAfter; i = b.indexOf(0x0a, i + 1)) if (b[i + 1] === 0x7b) n++;
  return n;
}

/**
 * Parses and encodes a payload (encode.ts), and takes its SHA-256: inline when small, else in the
 * worker pool (bytes given are moved there: the caller's buffer is emptied). Rejects with
 * RefusedPayload when it is refused whole — before it is parsed when its lines show too many events.
 */
export async function parseOffLoop(format: RfidFormat, body: string | Uint8Array, limits: ParseLimits): Promise<ParseResult> {
  const maxEvents = limits.maxEvents ?? INGEST_MAX_EVENTS;
  if (objectLines(body, maxEvents) > maxEvents) throw new RefusedPayload('tooManyEvents', { count: `>${maxEvents}`, max: maxEvents });
  if (body.length <= INLINE_PARSE_CHARS) {
    const hash = bodyHash(body);
    try {
      return { payload: encodePayload(parsePayload(format, asText(body), limits)), hash };
    } catch (err) {
      throw err instanceof PayloadError ? new RefusedPayload(err.reason, err.params, hash) : err;
    }
  }
  pool ??= new ParsePool();
  return pool.parse(format, body, limits);
}

/** Stops the pool's workers (tests, shutdown); a later parse starts new ones. */
export async function stopParsePool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.stop();
}
