/**
 * Reading capture documents off the event loop. A 43 MB document of 10,000 events × 100 EPCs takes
 * about 2.5 s of CPU to read (JSON, GS1's schema, each event's reading and canonical hash, its rows):
 * on the event loop every tenant would wait. A document up to INLINE_READ_CHARS is read where it
 * comes (a few milliseconds); a larger one by one long-lived worker thread (its start, ~1 s of CPU,
 * paid once; it stops after WARM_MS idle and never keeps the process alive), one document at a
 * time. A worker that fails, overruns READ_TIMEOUT_MS or its heap is replaced and the document
 * refused with an ImplementationException.
 */
import { Worker } from 'node:worker_threads';
import { EpcisProblem, type EpcisProblemDocument, epcisProblem } from '@tagloom/domain';
import { type PreparedCapture, prepareDocument } from './read.js';

/** Documents up to this many characters are read where they come (tens of milliseconds at most). */
export const INLINE_READ_CHARS = 512 * 1024;
const READ_TIMEOUT_MS = 120_000;
const WARM_MS = 60_000;
const WORKER_HEAP_MB = 2_048;
// the sheet worker's boot (plain JavaScript that registers tsx, then imports workerData.entry)
const BOOT = new URL('../../../core/sheet/boot.mjs', import.meta.url);
const ENTRY = new URL('./read-worker.ts', import.meta.url).href;

export interface ToReader {
  id: number;
  text: string;
  now: number;
  cpl: number;
}
export type FromReader =
  | { id: number; ready: true }
  | { id: number; prepared: PreparedCapture }
  | { id: number; problem: EpcisProblemDocument }
  | { id: number; failed: string };

interface Task {
  req: ToReader;
  resolve(p: PreparedCapture): void;
  reject(err: unknown): void;
}

let started = 0;
/** Capture reader workers started by this process so far (a warm one reads document after document). */
export const captureReadersStarted = () => started;

/** A worker's failure as the binding's problem (its own refusal as it is). */
function problemFrom(m: { problem: EpcisProblemDocument } | { failed: string } | { err: unknown }): EpcisProblem {
  if ('problem' in m) return new EpcisProblem(m.problem);
  if ('err' in m && (m.err as { code?: string })?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return epcisProblem('CaptureLimitExceededException', 'the document is too large to read');
  const why = 'failed' in m ? m.failed.split('\n')[0] : m.err instanceof Error ? m.err.message : String(m.err);
  return epcisProblem('ImplementationException', `the document could not be read: ${why}`);
}

class Reader {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private readonly queue: Task[] = [];
  private current: Task | undefined;
  private timer: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  private nextId = 1;

  read(req: Omit<ToReader, 'id'>): Promise<PreparedCapture> {
    return new Promise((resolve, reject) => {
      this.queue.push({ req: { ...req, id: this.nextId++ }, resolve, reject });
      if (!this.current) this.next();
    });
  }

  private start(): Worker {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref();
    started++;
    this.ready = new Promise<void>((resolve) => {
      worker.on('message', (m: FromReader) => {
        if ('ready' in m) return resolve();
        const task = this.current;
        if (task?.req.id !== m.id) return;
        if ('prepared' in m) task.resolve(m.prepared);
        else task.reject(problemFrom(m));
        this.next();
      });
    });
    const die = (err: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const task = this.current;
      task?.reject(problemFrom({ err }));
      this.next();
    };
    worker.on('error', die);
    worker.on('exit', () => die(new Error('the capture reader stopped')));
    this.worker = worker;
    return worker;
  }

  private next(): void {
    clearTimeout(this.timer);
    clearTimeout(this.idle);
    this.current = this.queue.shift();
    const task = this.current;
    if (!task) {
      // an idle worker stops after a while (its heap with it)
      const worker = this.worker;
      this.idle = setTimeout(() => {
        if (this.worker === worker && !this.current) {
          this.worker = undefined;
          void worker?.terminate();
        }
      }, WARM_MS);
      this.idle.unref();
      return;
    }
    const worker = this.worker ?? this.start();
    // overran: the worker is stopped (and replaced for the next document), this one refused
    this.timer = setTimeout(() => void worker.terminate(), READ_TIMEOUT_MS);
    this.timer.unref();
    void this.ready!.then(() => {
      if (this.current === task) worker.postMessage(task.req);
    });
  }
}

const reader = new Reader();

/** A capture document read as it comes (read.ts prepareDocument): where it comes when small, else by the worker. */
export function prepareCapture(text: string, cpl: number, now = Date.now()): Promise<PreparedCapture> {
  if (text.length <= INLINE_READ_CHARS) return Promise.resolve().then(() => prepareDocument(text, now, cpl));
  return reader.read({ text, cpl, now });
}
