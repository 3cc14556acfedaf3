/**
 * Embedded PGlite on a thread of its own (node:worker_threads): the WASM PostgreSQL runs there,
 * so a long statement, or a tight loop of them, keeps that thread busy and no longer the server's
 * event loop (requests that need no database are answered meanwhile, and those that do wait only
 * for the connection, as they always did). This is the main thread's side: a client with what
 * drizzle's pglite driver and the server call on PGlite (query, exec, transaction, listen,
 * dumpDataDir, close), each call a message to the worker (pglite-worker.mjs) that owns the
 * instance. PGlite's own `@electric-sql/pglite/worker` is not used: it is made for a browser's
 * Web Worker (navigator.locks, BroadcastChannel leader election, a global postMessage), which
 * Node 20's worker_threads do not have, and it passes an error's message only.
 *
 * - A statement's result rows come back as a structured clone (the rows parsed in the worker);
 *   a blob (COPY … '/dev/blob') or a data directory's dump is moved, not copied.
 * - A transaction holds the one connection for its statements: the worker runs it as a PGlite
 *   transaction whose callback waits for this side's end, so other statements wait behind it
 *   there, as they do in PGlite.
 * - An error keeps its class (PGlite's DatabaseError, TransactionAbortedError) and every
 *   PostgreSQL field (code, constraint, detail, …), with the statement's text and parameters.
 * - Parsers given in a query's options (drizzle keeps timestamps, dates and intervals as text)
 *   are functions, which cannot cross: the worker leaves those types' values as text and they
 *   are applied here.
 * - The worker keeps the process alive only while a call waits for it (as a PGlite instance on
 *   the main thread does not keep it alive either).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { messages, type PGlite, type Results, type Transaction, TransactionAbortedError } from '@electric-sql/pglite';
import { BACKGROUND_GAP_MS, BACKGROUND_MAX_WAIT_MS, background as backgroundRun } from './lanes.js';

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Parser = (value: string, typeId?: number) => unknown;

/** A serialized error from the worker. */
interface WireError {
  kind: 'database' | 'aborted' | 'error';
  name?: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

interface Reply {
  id?: number;
  result?: unknown;
  error?: WireError;
  notify?: number;
  payload?: string;
  ready?: boolean;
}

/** What drizzle's pglite driver and the server use of a PGlite client. */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'dumpDataDir' | 'close'>;

const WORKER = new URL('./pglite-worker.mjs', import.meta.url);

/** PGlite's compiled WebAssembly and its file bundle, as a worker takes them. */
interface PgliteAssets {
  wasm: WebAssembly.Module;
  bundle: ArrayBuffer;
}
let assets: Promise<PgliteAssets | undefined> | undefined;
/**
 * PGlite's WebAssembly compiled, and its file bundle read, once per process and handed to every
 * worker it starts (a compiled module crosses to a thread without being compiled again): a process
 * that opens several embedded databases — the tests, one per test app — compiles the 9 MB module
 * once, and later workers start on the code V8 has optimized meanwhile. Undefined when they cannot
 * be found beside PGlite's entry: the worker then loads them itself, as PGlite does by default.
 */
function pgliteAssets(): Promise<PgliteAssets | undefined> {
  assets ??= (async () => {
    try {
      const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
      const [wasm, data] = await Promise.all([readFile(path.join(dist, 'pglite.wasm')), readFile(path.join(dist, 'pglite.data'))]);
      return { wasm: await WebAssembly.compile(wasm), bundle: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) };
    } catch {
      return undefined;
    }
  })();
  return assets;
}

/** Whether a parser returns its text as it is (drizzle's are `(value) => value`): then nothing is left to do here. */
const identities = new WeakMap<Parser, boolean>();
function isIdentity(fn: Parser): boolean {
  let known = identities.get(fn);
  if (known === undefined) {
    known = /^\(?\s*(\w+)\s*\)?\s*=>\s*\1\s*$/.test(fn.toString());
    identities.set(fn, known);
  }
  return known;
}

function errorFrom(w: WireError, text?: string, params?: unknown[], options?: QueryOptions): Error {
  let err: Error;
  if (w.kind === 'aborted') err = new TransactionAbortedError();
  else if (w.kind === 'database') err = new messages.DatabaseError(w.message, Number(w.fields.length ?? 0), 'error');
  else err = new Error(w.message);
  Object.assign(err, w.fields);
  if (w.name) err.name = w.name;
  if (w.stack) err.stack = w.stack;
  if (text !== undefined) Object.assign(err, { query: text, params, queryOptions: options });
  return err;
}

export class PgliteThread implements PgliteClient {
  private readonly worker: Worker;
  private readonly calls = new Map<
    number,
    { resolve(v: unknown): void; reject(e: unknown): void; text?: string; params?: unknown[]; options?: QueryOptions }
  >();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  /** how background work gives way to requests here (lanes.ts; a test may lengthen them) */
  lanes = { gapMs: BACKGROUND_GAP_MS, maxWaitMs: BACKGROUND_MAX_WAIT_MS };
  /** requests' calls (not background work's: lanes.ts) waiting for the worker, and when the last one ended */
  private foreground = 0;
  private foregroundEnded = 0;
  private foregroundWaiters = new Set<() => void>();
  private failed: Error | undefined;
  private closed = false;

  private constructor(dataDir: string, load?: ArrayBuffer, assets?: PgliteAssets) {
    this.worker = new Worker(WORKER, { workerData: { dataDir, load, ...assets }, transferList: load ? [load] : [] });
  }

  /** Starts the worker and its PGlite (`memory`, or a data directory; `load`: a dumped data directory to start from). */
  static async create(dataDir: string | 'memory', opts: { load?: Blob } = {}): Promise<PgliteThread> {
    const [load, assets] = await Promise.all([opts.load?.arrayBuffer(), pgliteAssets()]);
    const t = new PgliteThread(dataDir, load, assets);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the PGlite worker exited with code ${code}`));
      t.worker.once('error', reject);
      t.worker.once('exit', onExit);
      t.worker.once('message', (m: Reply) => {
        t.worker.off('error', reject);
        t.worker.off('exit', onExit);
        if (m.ready) resolve();
        else reject(m.error ? errorFrom(m.error) : new Error('the PGlite worker did not start'));
      });
    });
    t.worker.on('message', (m: Reply) => t.onReply(m));
    t.worker.on('error', (err) => t.fail(err));
    t.worker.on('exit', (code) => t.fail(new Error(`the PGlite worker exited with code ${code}`)));
    t.worker.unref();
    return t;
  }

  private onReply(m: Reply) {
    if (m.notify !== undefined) {
      this.listeners.get(m.notify)?.(m.payload ?? '');
      return;
    }
    const call = this.calls.get(m.id!);
    if (!call) return;
    this.calls.delete(m.id!);
    if (this.calls.size === 0) this.worker.unref();
    if (m.error) call.reject(errorFrom(m.error, call.text, call.params, call.options));
    else call.resolve(m.result);
  }

  /** The worker died (a WASM abort, an exit): every waiting call fails, and every later one. */
  private fail(err: Error) {
    this.failed ??= this.closed ? new Error('PGlite is closed') : err;
    for (const c of this.calls.values()) c.reject(this.failed);
    this.calls.clear();
  }

  private async call<T>(
    msg: Record<string, unknown>,
    transfer: ArrayBuffer[] = [],
    text?: string,
    params?: unknown[],
    options?: QueryOptions,
  ) {
    const run = backgroundRun();
    const background = run !== undefined;
    // background work starts a statement or a transaction once the requests' are through (lanes.ts);
    // what it runs inside its transaction goes at once (the transaction holds the connection)
    if (run && msg.tx === undefined && (msg.op === 'query' || msg.op === 'exec' || msg.op === 'begin')) {
      const t0 = performance.now();
      await this.giveWay();
      run.waited += performance.now() - t0;
    }
    if (this.failed) throw this.failed;
    const id = this.nextId++;
    if (!background) this.foreground++;
    try {
      return await new Promise<T>((resolve, reject) => {
        if (this.calls.size === 0) this.worker.ref();
        this.calls.set(id, { resolve: resolve as (v: unknown) => void, reject, text, params, options });
        this.worker.postMessage({ ...msg, id }, transfer);
      });
    } finally {
      if (!background) {
        this.foreground--;
        this.foregroundEnded = performance.now();
        if (this.foreground === 0) {
          const waiting = [...this.foregroundWaiters];
          this.foregroundWaiters.clear();
          for (const wake of waiting) wake();
        }
      }
    }
  }

  /** Waits until no request's call is in flight or just ended (`lanes.gapMs` ago), `lanes.maxWaitMs` at most. */
  private async giveWay(): Promise<void> {
    const until = performance.now() + this.lanes.maxWaitMs;
    for (;;) {
      const now = performance.now();
      if (now >= until) return;
      const quietIn = this.foreground === 0 ? this.foregroundEnded + this.lanes.gapMs - now : until - now;
      if (quietIn <= 0) return;
      await new Promise<void>((resolve) => {
        // woken by its timer or by the requests' last call ending, whichever first (never left behind)
        const wake = () => {
          clearTimeout(timer);
          this.foregroundWaiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(quietIn, until - now));
        if (this.foreground > 0) this.foregroundWaiters.add(wake);
      });
    }
  }

  /** A statement's options as a message; a blob's bytes are read here and moved to the worker. */
  private async wireOptions(options: QueryOptions | undefined, transfer: ArrayBuffer[]) {
    if (!options) return undefined;
    if (options.serializers) throw new Error('query options: serializers cannot cross to the PGlite worker');
    const rawTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    let blob: ArrayBuffer | undefined;
    if (options.blob) {
      blob = await options.blob.arrayBuffer();
      transfer.push(blob);
    }
    return { rowMode: options.rowMode, paramTypes: options.paramTypes, rawTypes, blob };
  }

  /** A result as PGlite gives it: a blob back as a Blob, the caller's parsers applied to the types left as text. */
  private static finish<T>(r: Results<T>, options?: QueryOptions): Results<T> {
    const raw = r as Results<T> & { blob?: Blob | ArrayBuffer };
    if (raw.blob instanceof ArrayBuffer) raw.blob = new Blob([raw.blob]);
    const parsers = options?.parsers as Record<number, Parser> | undefined;
    if (!parsers || !r.rows.length) return r;
    const cols: { at: string | number; fn: Parser; oid: number }[] = [];
    r.fields.forEach((f, i) => {
      const fn = parsers[f.dataTypeID];
      if (fn && !isIdentity(fn)) cols.push({ at: options?.rowMode === 'array' ? i : f.name, fn, oid: f.dataTypeID });
    });
    if (!cols.length) return r;
    for (const row of r.rows as Record<string | number, unknown>[]) {
      for (const c of cols) {
        const v = row[c.at];
        if (typeof v === 'string') row[c.at] = c.fn(v, c.oid);
      }
    }
    return r;
  }

  private async statement<T>(op: 'query' | 'exec', tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions) {
    const transfer: ArrayBuffer[] = [];
    const wire = await this.wireOptions(options, transfer);
    return this.call<T>({ op, tx, text, params, options: wire }, transfer, text, params, options);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(undefined, text, params, options);
  }

  private async runQuery<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return PgliteThread.finish(await this.statement<Results<T>>('query', tx, text, params, options), options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.runExec(undefined, text, options);
  }

  private async runExec(tx: number | undefined, text: string, options?: QueryOptions): Promise<Results[]> {
    const out = await this.statement<Results[]>('exec', tx, text, undefined, options);
    return out.map((r) => PgliteThread.finish(r, options));
  }

  /** PGlite's transaction: BEGIN, `fn`, COMMIT (ROLLBACK when `fn` throws), the connection held throughout. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.runQuery<R>(id, text, params, options);
      },
      sql: () => {
        throw new Error('tx.sql is not available on the PGlite worker: use tx.query');
      },
      exec: async (text: string, options?: QueryOptions) => {
        open();
        return this.runExec(id, text, options);
      },
      rollback: async () => {
        open();
        await this.call({ op: 'rollback', tx: id });
        closed = true;
      },
      listen: () => {
        throw new Error('tx.listen is not available on the PGlite worker');
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw err;
    }
    closed = true;
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  private nextSub = 1;
  async listen(channel: string, callback: (payload: string) => void): Promise<(tx?: Transaction) => Promise<void>> {
    const sub = this.nextSub++;
    this.listeners.set(sub, callback);
    try {
      await this.call({ op: 'listen', channel, sub });
    } catch (err) {
      this.listeners.delete(sub);
      throw err;
    }
    return async () => {
      this.listeners.delete(sub);
      await this.call({ op: 'unlisten', sub });
    };
  }

  async dumpDataDir(compression?: 'auto' | 'gzip' | 'none'): Promise<File | Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.failed) await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      this.fail(new Error('PGlite is closed'));
      await this.worker.terminate();
    }
  }
}
