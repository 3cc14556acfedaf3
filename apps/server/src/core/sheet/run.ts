/**
 * Reads an uploaded workbook in a worker thread, so that no spreadsheet is ever parsed
 * on the server's event loop: the worker has a heap limit (resourceLimits), a time limit, and at
 * most SHEET_WORKERS run at once. Whatever the file, the server keeps answering while it is read,
 * and a file over a limit gets a 400 naming the limit.
 */
import { Worker } from 'node:worker_threads';
import type { Lang } from '@tagloom/domain';
import { AppError } from '../errors.js';
import { SHEET_LIMITS, SHEET_WORKERS, type SheetLimits } from './limits.js';
import type { FromWorker, PageRequest, SheetTask } from './messages.js';

const BOOT = new URL('./boot.mjs', import.meta.url);
const ENTRY = new URL('./worker.ts', import.meta.url).href;
/** rows per message from the worker: each is a short turn of the event loop */
const PAGE = 2_000;

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

/** Files being read right now (a worker each). */
export const sheetsBeingRead = () => reading;

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
    fail(err: unknown) {
      failure ??= err;
      poke();
    },
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

/**
 * The first sheet of a user's workbook (xlsx, xls, and the other formats SheetJS reads) as rows
 * of cells, blank rows left out, read in a worker. Throws a 400 AppError when the file is
 * unreadable or over a limit (rows, columns, unpacked size, time, memory). Every spreadsheet a
 * user sends is read through here.
 */
export async function readSheet(file: Buffer, opts: ReadSheetOptions): Promise<unknown[][]> {
  const limits = opts.limits ?? SHEET_LIMITS;
  const release = await slots.take();
  reading++;
  const task: SheetTask = { file: new Uint8Array(file), limits };
  const worker = new Worker(BOOT, {
    workerData: { entry: ENTRY, task },
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
  });
  const box = inbox(worker);
  let timer: NodeJS.Timeout | undefined;
  try {
    const first = await box.next();
    if (first.kind !== 'ready') throw new Error(`the sheet worker said ${first.kind} first`);
    timer = setTimeout(() => {
      box.fail(new AppError(400, 400, 'resource.importTooSlow', { seconds: limits.timeMs / 1000 }));
      void worker.terminate();
    }, limits.timeMs);
    const done = await box.next();
    if (done.kind === 'refused') throw new AppError(400, 400, done.key, done.params);
    if (done.kind !== 'read') throw new Error(`the sheet worker said ${done.kind}`);
    clearTimeout(timer);
    // a page at a time: each page is a short turn of the event loop, however long the sheet
    const rows: unknown[][] = [];
    for (let from = 0; from < done.rows; from += PAGE) {
      worker.postMessage({ from, count: PAGE } satisfies PageRequest);
      const page = await box.next();
      if (page.kind !== 'page') throw new Error(`the sheet worker sent ${page.kind} for a page`);
      for (const row of page.rows) rows.push(row);
    }
    return rows;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new AppError(400, 400, 'resource.importTooMuchMemory', localized(opts.lang, { max: limits.memoryMb }));
    }
    if (err instanceof AppError) throw new AppError(err.status, err.code, err.key, localized(opts.lang, err.params), err.data);
    throw err;
  } finally {
    clearTimeout(timer);
    await worker.terminate();
    reading--;
    release();
  }
}
