/**
 * Reads an uploaded workbook in a worker thread, so that no spreadsheet is ever parsed on the
 * server's event loop, nor, for an import, are its rows checked there (checkSheet): the worker has
 * a heap limit (resourceLimits), a time limit, and at most SHEET_WORKERS run at once. Whatever the file, the server keeps answering while it is read,
 * and a file over a limit gets a 400 naming the limit.
 *
 * A worker is kept warm between files (starting one — a thread, the TypeScript loader, the
 * domain registry, SheetJS — costs about 1.2 s of CPU, far more than reading a small sheet): at
 * most SHEET_WORKERS wait idle, each for WARM_MS, and never keep the process alive. A worker that
 * failed, ran out of time or memory, read a large file or served WARM_TASKS files is stopped.
 */
import { Worker } from 'node:worker_threads';
import type { Lang, ResourceDef } from '@tagloom/domain';
import { AppError, badRequest } from '../errors.js';
import type { CheckedSheet, GoodRow } from '../resource/excel.js';
import { declaredResource } from './declarations.js';
import { SHEET_LIMITS, SHEET_WORKERS, type SheetLimits } from './limits.js';
import type { FromWorker, SheetList, SheetTask, ToWorker } from './messages.js';

const BOOT = new URL('./boot.mjs', import.meta.url);
const ENTRY = new URL('./worker.ts', import.meta.url).href;
/** rows per message from the worker: each is a short turn of the event loop */
const PAGE = 2_000;
/** how long a warm worker waits idle for the next file before it is stopped */
const WARM_MS = 60_000;
/** files a worker reads before it is replaced (its heap starts afresh) */
const WARM_TASKS = 100;
/** a file this large is read by a worker that is stopped afterwards (its grown heap is not kept) */
const WARM_MAX_BYTES = 4 * 1024 * 1024;

/** A turn among the SHEET_WORKERS workers. */
class Slots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async take(): Promise<() => void> {
    if (this.busy >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy++;
    return () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    };
  }
}
const slots = new Slots(SHEET_WORKERS);
let reading = 0;
let started = 0;

/** Files being read right now (a worker each). */
export const sheetsBeingRead = () => reading;
/** Sheet workers started by this process so far (a warm one serves file after file). */
export const sheetWorkersStarted = () => started;

export interface ReadSheetOptions {
  /** the language of the refusal's numbers */
  lang: Lang;
  limits?: SheetLimits;
}

/** Numbers in a message as the language writes them (1,048,575). */
function localized(lang: Lang, params: Record<string, unknown>): Record<string, unknown> {
  const fmt = new Intl.NumberFormat(lang.replace('_', '-'));
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? fmt.format(v) : v]));
}

/** The worker's messages one at a time; a crash, an exit or a limit ends the wait with its error. */
function inbox(worker: Worker) {
  const queue: FromWorker[] = [];
  let failure: unknown;
  let wake: (() => void) | undefined;
  const poke = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (m: FromWorker) => {
    queue.push(m);
    poke();
  });
  worker.on('error', (err) => {
    failure ??= err;
    poke();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`the sheet worker exited (${code})`);
    poke();
  });
  return {
    /** `m`, or the newest of the same kind queued right behind it (progress that piled up while the last one was handled) */
    newest(m: FromWorker): FromWorker {
      while (queue[0]?.kind === m.kind) m = queue.shift()!;
      return m;
    },
    fail(err: unknown) {
      failure ??= err;
      poke();
    },
    /** whether the worker has failed, exited or been stopped */
    failed: () => failure !== undefined,
    async next(): Promise<FromWorker> {
      for (;;) {
        if (queue.length) return queue.shift()!;
        if (failure) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}

/** What a sheet worker is asked to do, and what the caller hears while it works. */
interface WorkerJob<T> {
  file: Buffer;
  opts: ReadSheetOptions;
  check?: SheetTask['check'];
  /** the worker's messages before its answer (progress) */
  onMessage?(m: FromWorker): Promise<void> | void;
  /** the answer: the lists fetched with `page` */
  collect(done: FromWorker, page: (list: SheetList, from: number, count: number) => Promise<unknown[]>): Promise<T>;
}

/** A started sheet worker, its inbox, its heap limit and the files it has read. */
interface Warm {
  worker: Worker;
  box: ReturnType<typeof inbox>;
  memoryMb: number;
  tasks: number;
  /** stops it when it has waited idle WARM_MS */
  idle?: NodeJS.Timeout;
}
/** idle warm workers, the most recently used last */
const warm: Warm[] = [];

/** A warm worker with this heap limit, or a new one (ready: its modules loaded). */
async function takeWorker(memoryMb: number): Promise<Warm> {
  let at = warm.length - 1;
  while (at >= 0 && warm[at].memoryMb !== memoryMb) at--;
  if (at >= 0) {
    const [w] = warm.splice(at, 1);
    clearTimeout(w.idle);
    w.worker.ref();
    return w;
  }
  const worker = new Worker(BOOT, { workerData: { entry: ENTRY }, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
  started++;
  const w: Warm = { worker, box: inbox(worker), memoryMb, tasks: 0 };
  try {
    const first = await w.box.next();
    if (first.kind !== 'ready') throw new Error(`the sheet worker said ${first.kind} first`);
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  return w;
}

/** A worker whose file was read cleanly waits for the next one; any other is stopped. */
async function giveBack(w: Warm, clean: boolean, fileBytes: number): Promise<void> {
  w.tasks++;
  if (clean && !w.box.failed() && w.tasks < WARM_TASKS && fileBytes <= WARM_MAX_BYTES && warm.length < SHEET_WORKERS) {
    w.worker.postMessage({ kind: 'end' } satisfies ToWorker);
    w.worker.unref();
    w.idle = setTimeout(() => {
      const at = warm.indexOf(w);
      if (at >= 0) warm.splice(at, 1);
      void w.worker.terminate();
    }, WARM_MS);
    w.idle.unref();
    warm.push(w);
    return;
  }
  await w.worker.terminate();
}

/** Stops the idle warm workers (a server's close; tests). */
export async function stopWarmSheetWorkers(): Promise<void> {
  const idle = warm.splice(0);
  for (const w of idle) clearTimeout(w.idle);
  await Promise.all(idle.map((w) => w.worker.terminate()));
}

/** Runs one file in a sheet worker within its limits (a turn among SHEET_WORKERS, time, heap); refusals become 400s. */
async function inWorker<T>(job: WorkerJob<T>): Promise<T> {
  const limits = job.opts.limits ?? SHEET_LIMITS;
  const release = await slots.take();
  reading++;
  let w: Warm | undefined;
  let clean = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    w = await takeWorker(limits.memoryMb);
    const { worker, box } = w;
    const task: SheetTask = { file: new Uint8Array(job.file), limits, check: job.check };
    timer = setTimeout(() => {
      box.fail(badRequest('resource.importTooSlow', { seconds: limits.timeMs / 1000 }));
      void worker.terminate();
    }, limits.timeMs);
    worker.postMessage({ kind: 'task', task } satisfies ToWorker);
    let done = await box.next();
    while (done.kind === 'checking' || done.kind === 'checked') {
      await job.onMessage?.(done.kind === 'checked' ? box.newest(done) : done);
      done = await box.next();
    }
    if (done.kind === 'refused') {
      clean = true;
      throw badRequest(done.key, done.params);
    }
    clearTimeout(timer);
    // a page at a time: each page is a short turn of the event loop, however long the sheet
    const value = await job.collect(done, async (list, from, count) => {
      worker.postMessage({ kind: 'page', list, from, count } satisfies ToWorker);
      const page = await box.next();
      if (page.kind !== 'page') throw new Error(`the sheet worker sent ${page.kind} for a page`);
      return page.rows;
    });
    clean = true;
    return value;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw badRequest('resource.importTooMuchMemory', localized(job.opts.lang, { max: limits.memoryMb }));
    }
    if (err instanceof AppError) throw new AppError(err.status, err.code, err.key, localized(job.opts.lang, err.params), err.data);
    throw err;
  } finally {
    clearTimeout(timer);
    if (w) await giveBack(w, clean, job.file.byteLength);
    reading--;
    release();
  }
}

/** A whole list of the worker's, a page at a time. */
async function fetchAll<T>(page: (list: SheetList, from: number, count: number) => Promise<unknown[]>, list: SheetList, n: number) {
  const out: T[] = [];
  for (let from = 0; from < n; from += PAGE) for (const item of await page(list, from, PAGE)) out.push(item as T);
  return out;
}

export interface CheckSheetOptions extends ReadSheetOptions {
  /** the data rows are counted: checking begins */
  start?(total: number): Promise<void> | void;
  /** rows checked so far (now and then) */
  progress?(done: number): Promise<void> | void;
}

/**
 * An import's workbook read AND its rows checked in a worker, with the create rules of `def`
 * (which the worker finds by its code in the domain registry: ./declarations.ts), enum labels
 * mapped and unique fields compared within the file: the event loop only receives the checked
 * rows, a page at a time. Every spreadsheet a user sends is read through here. Throws a 400
 * AppError when the file is unreadable or over a limit (rows, columns, unpacked size, time,
 * memory), or misses a required column.
 */
export async function checkSheet(file: Buffer, def: ResourceDef, opts: CheckSheetOptions): Promise<CheckedSheet> {
  // only a code crosses to the worker: it must find this very declaration there
  if (declaredResource(def.code) !== def) throw new Error(`the import of ${def.code} needs its declaration in the domain registry`);
  return inWorker({
    file,
    opts,
    check: { code: def.code, lang: opts.lang },
    async onMessage(m) {
      if (m.kind === 'checking') await opts.start?.(m.total);
      else if (m.kind === 'checked') await opts.progress?.(m.done);
    },
    async collect(done, page) {
      if (done.kind !== 'done') throw new Error(`the sheet worker said ${done.kind}`);
      return {
        total: done.total,
        good: await fetchAll<GoodRow>(page, 'good', done.good),
        errors: await fetchAll<CheckedSheet['errors'][number]>(page, 'errors', done.errors),
      };
    },
  });
}

/**
 * The first sheet of a workbook as rows of cells (the header row first, blank rows left out), read
 * in a worker within the limits: for an import whose rows the caller checks itself (a module's own
 * sheet, not a declaration's). Dates are Date, numbers number, the rest text. Throws a 400 AppError
 * when the file is unreadable or over a limit (rows, columns, unpacked size, time, memory).
 */
export async function readSheetRows(file: Buffer, opts: ReadSheetOptions): Promise<unknown[][]> {
  return inWorker({
    file,
    opts,
    async collect(done, page) {
      if (done.kind !== 'rows') throw new Error(`the sheet worker said ${done.kind}`);
      return fetchAll<unknown[]>(page, 'rows', done.count);
    },
  });
}
