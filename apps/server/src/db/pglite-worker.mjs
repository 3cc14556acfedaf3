// The thread that owns the embedded database (PGlite): it runs every statement, so a long one
// keeps this thread busy and not the server's event loop. Plain JavaScript, so that it starts as
// it is under tsx, vitest or a plain node (no loader in a worker). Its other side is
// pglite-thread.ts; the messages are described there.
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, TransactionAbortedError } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @type {(value: unknown) => unknown} */
const identity = (value) => value;
/** What a transaction's callback throws to have PGlite roll back (main's callback failed). */
const ROLLBACK = Symbol('rollback');

// wasm, bundle: PGlite's compiled module and file bundle, when the main thread has them (pglite-thread.ts)
const { dataDir, load, wasm, bundle } = workerData;
/** @type {PGlite} */
let pg;
try {
  // the extensions client.ts's PGLITE_EXTENSIONS names (pg_trgm: the contains searches' trigram indexes)
  const from = {
    extensions: { pg_trgm },
    ...(load ? { loadDataDir: new Blob([load]) } : {}),
    ...(wasm ? { pgliteWasmModule: wasm, fsBundle: new Blob([bundle]) } : {}),
  };
  pg = dataDir === 'memory' ? await PGlite.create(from) : await PGlite.create(dataDir, from);
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: errorOf(err) });
  process.exit(1);
}

/** Open transactions: their PGlite handle and how main ends them. */
const txs = new Map();
let nextTx = 1;
/** LISTEN subscriptions: their unsubscribe functions. */
const subs = new Map();

/** An error as a message: its class, message and every PostgreSQL field (code, constraint, detail, …). */
function errorOf(err) {
  if (!(err instanceof Error)) return { kind: 'error', message: String(err), fields: {} };
  const kind = err instanceof TransactionAbortedError ? 'aborted' : err instanceof messages.DatabaseError ? 'database' : 'error';
  const fields = {};
  for (const [k, v] of Object.entries(err)) {
    // main adds back the statement's text, parameters and options it sent
    if (k === 'query' || k === 'params' || k === 'queryOptions') continue;
    if (v === undefined || v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  }
  return { kind, name: err.name, message: err.message, stack: err.stack, fields };
}

/** Query options as PGlite takes them: the types main parses itself come back as their text. */
function optionsOf(o) {
  if (!o) return undefined;
  const out = {};
  if (o.rowMode) out.rowMode = o.rowMode;
  if (o.paramTypes) out.paramTypes = o.paramTypes;
  if (o.blob) out.blob = new Blob([o.blob]);
  if (o.rawTypes?.length) out.parsers = Object.fromEntries(o.rawTypes.map((oid) => [oid, identity]));
  return out;
}

/** A result as a message; a COPY … TO '/dev/blob' result's blob goes as an ArrayBuffer (moved, not copied). */
async function resultOf(r, transfer) {
  if (!r.blob) return r;
  const blob = await r.blob.arrayBuffer();
  transfer.push(blob);
  return { ...r, blob };
}

async function handle(m, transfer) {
  const on = m.tx ? txs.get(m.tx)?.tx : pg;
  if (m.tx && !on) throw new Error('Transaction is closed');
  switch (m.op) {
    case 'query':
      return resultOf(await on.query(m.text, m.params, optionsOf(m.options)), transfer);
    case 'exec': {
      const out = [];
      for (const r of await on.exec(m.text, optionsOf(m.options))) out.push(await resultOf(r, transfer));
      return out;
    }
    case 'begin':
      return begin();
    case 'rollback':
      return on.rollback();
    case 'end': {
      const t = txs.get(m.tx);
      if (!t) throw new Error('Transaction is closed');
      t.end(m.commit);
      try {
        await t.done;
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
      return undefined;
    }
    case 'listen': {
      const unsub = await pg.listen(m.channel, (payload) => parentPort.postMessage({ notify: m.sub, payload }));
      subs.set(m.sub, unsub);
      return undefined;
    }
    case 'unlisten': {
      const unsub = subs.get(m.sub);
      subs.delete(m.sub);
      return unsub?.();
    }
    case 'dump': {
      const buf = await (await pg.dumpDataDir(m.compression)).arrayBuffer();
      transfer.push(buf);
      return buf;
    }
    case 'close':
      await pg.close();
      return undefined;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

/**
 * A transaction held open for main: PGlite's own transaction (it holds the connection: other
 * statements wait behind it, as they do in PGlite) whose callback waits for main's `end`.
 */
function begin() {
  const id = nextTx++;
  return new Promise((resolve, reject) => {
    let end;
    const ended = new Promise((r) => {
      end = r;
    });
    const held = { tx: undefined, end, done: undefined };
    held.done = pg.transaction(async (tx) => {
      held.tx = tx;
      txs.set(id, held);
      resolve(id);
      if (!(await ended)) throw ROLLBACK;
    });
    held.done.then(
      () => txs.delete(id),
      (err) => {
        txs.delete(id);
        if (!held.tx) reject(err);
      },
    );
  });
}

parentPort.on('message', async (m) => {
  const transfer = [];
  try {
    const result = await handle(m, transfer);
    parentPort.postMessage({ id: m.id, result }, transfer);
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: errorOf(err) });
  }
});
