/**
 * Parsing a payload off the event loop. A 5,000-event body takes tens of milliseconds to parse
 * (JSON.parse alone ~20 ms on a busy machine): small bodies are parsed inline (a bounded, short
 * turn), larger ones in a small pool of long-lived worker threads, so the server keeps answering
 * while readers post big batches. A worker that crashes or overruns its time is replaced.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RfidFormat, RfidInvalidReason } from '@tagloom/domain';
import { type ParseLimits, PayloadError, parsePayload } from '@tagloom/domain/rfid/formats.js';
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
  | { id: number; parsed: EncodedPayload }
  | { id: number; refused: { reason: RfidInvalidReason; params: Record<string, string | number> } }
  | { id: number; failed: string };

interface Job {
  req: ParseRequest;
  resolve(p: EncodedPayload): void;
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
      if ('parsed' in m) job.resolve(m.parsed);
      else if ('refused' in m) job.reject(new PayloadError(m.refused.reason, m.refused.params));
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

  parse(format: RfidFormat, body: string | Uint8Array, limits: ParseLimits): Promise<EncodedPayload> {
    return new Promise<EncodedPayload>((resolve, reject) => {
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
 * Parses and encodes a payload (encode.ts): inline when small, else in the worker pool (bytes given
 * are moved there: the caller's buffer is emptied). Rejects with PayloadError when it is refused whole.
 */
export async function parseOffLoop(format: RfidFormat, body: string | Uint8Array, limits: ParseLimits): Promise<EncodedPayload> {
  if (body.length <= INLINE_PARSE_CHARS) return encodePayload(parsePayload(format, asText(body), limits));
  pool ??= new ParsePool();
  return pool.parse(format, body, limits);
}

/** Stops the pool's workers (tests, shutdown); a later parse starts new ones. */
export async function stopParsePool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.stop();
}
