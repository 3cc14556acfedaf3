import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Placeholder, SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { securePrivateTree } from '../config.js';
import { type PgliteClient, PgliteThread } from './pglite-thread.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** Db or a transaction on it: both run queries the same way. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Advisory lock key held while one process migrates and seeds. */
const STARTUP_LOCK = 74_110_001;

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** where it points, without credentials */
  describe: string;
  /** round-trip time in ms; throws when the database is unreachable */
  ping(): Promise<number>;
  /** run fn while holding the startup lock, so that only one process migrates/seeds at a time */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  /**
   * subscribe to NOTIFY on a channel; returns an unsubscribe function. After the listening
   * connection was lost and made again, onMessage gets LISTENER_RECONNECTED: notifications sent
   * meanwhile are lost.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** an embedded database's whole data directory as a tarball (PGlite only: a test's seeded template) */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable url)';
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return Math.round((performance.now() - t0) * 100) / 100;
}

/**
 * Whether embedded PGlite runs on a thread of its own (pglite-thread.ts): the default; PGLITE_WORKER=0
 * runs it on the server's event loop, as it did before.
 */
export const pgliteOnWorker = (env: NodeJS.ProcessEnv = process.env) => env.PGLITE_WORKER !== '0';

/**
 * The extensions every embedded database loads (the worker, pglite-worker.mjs, loads the same):
 * pg_trgm, whose trigram indexes answer the contains searches (migration 0045). A data directory
 * whose tables have such an index cannot be opened without it.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * `load`: the database starts from a data directory dumped by `dump()` (tests' template; on disk, into an empty `dataDir`).
 * `worker`: PGlite on a thread of its own (default: `pgliteOnWorker()`), else on this thread.
 */
export async function openPglite(dataDir: string | 'memory', opts: { load?: Blob; worker?: boolean } = {}): Promise<Database> {
  const worker = opts.worker ?? pgliteOnWorker();
  let client: PgliteClient;
  if (dataDir === 'memory') {
    client = worker
      ? await PgliteThread.create('memory', { load: opts.load })
      : await PGlite.create({ extensions: PGLITE_EXTENSIONS, ...(opts.load ? { loadDataDir: opts.load } : {}) });
  } else {
    // PGlite needs the parent of its data directory to exist; the directory is its user's only
    // (the server also sets a umask of 077, so the files PGlite writes in it are 600).
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    client = worker
      ? await PgliteThread.create(dataDir, { load: opts.load })
      : await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, ...(opts.load ? { loadDataDir: opts.load } : {}) });
    // PGlite writes its initial files with mode 666 (and the relation cache files with 644)
    // whatever the umask says: take group and other permissions off once it has started
    securePrivateTree(dataDir);
  }
  const lite = client as PGlite;
  const db = drizzleLite(lite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    describe: `${dataDir === 'memory' ? 'PGlite (in memory)' : `PGlite at ${dataDir}`}${worker ? ', on a worker thread' : ''}`,
    ping: () => timed(() => client.query('select 1')),
    withStartupLock: (fn) => fn(), // one process owns an embedded database
    migrate: () => migrateLite(drizzleLite(lite), { migrationsFolder: MIGRATIONS }),
    async listen(channel, onMessage) {
      const unsub = await client.listen(channel, onMessage);
      return async () => unsub();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** The payload a listener gets after its connection was lost and made again (no channel sends it). */
export const LISTENER_RECONNECTED = '*';

export async function openPostgres(url: string, poolMax: number, log: Logger): Promise<Database> {
  // jit off: a short statement whose row estimate is large (an EPC's events through the GIN index on
  // epcs: 48,000 rows estimated, 1 found) spent 50 ms to a second compiling itself (bench/epcis.ts at 10 M)
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5000, options: '-c jit=off' });
  pool.on('error', (err) => log.error({ err }, 'idle PostgreSQL client failed'));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | undefined;
  let closing = false;

  /** after a reconnect what was sent while the listener was away is lost: every listener hears LISTENER_RECONNECTED */
  let reconnecting = false;
  async function connectListener(): Promise<void> {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      for (const cb of listeners.get(n.channel) ?? []) cb(n.payload ?? '');
    });
    c.on('error', (err) => {
      log.warn({ err }, 'LISTEN connection lost; reconnecting');
      listenClient = undefined;
      reconnecting = true;
      if (!closing) setTimeout(() => connectListener().catch(() => {}), 2000).unref();
    });
    await c.connect();
    for (const ch of listeners.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(ch)}`);
    listenClient = c;
    if (reconnecting) {
      reconnecting = false;
      for (const set of listeners.values()) for (const cb of set) cb(LISTENER_RECONNECTED);
    }
  }

  return {
    kind: 'pg',
    db,
    describe: `PostgreSQL at ${redactUrl(url)}`,
    ping: () => timed(() => pool.query('select 1')),
    async withStartupLock(fn) {
      const c = await pool.connect();
      try {
        await c.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn();
      } finally {
        await c.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
        c.release();
      }
    },
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS }),
    async listen(channel, onMessage) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        if (!listenClient) await connectListener();
        else await listenClient.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closing = true;
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Returns the first row of a raw SQL query (used by health and maintenance). */
export async function queryRows<T>(db: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** What drizzle's execute() does inside, reached to give the statement a name. */
interface DrizzleInternals {
  session: {
    prepareQuery(
      query: unknown,
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(placeholders?: Record<string, unknown>): Promise<{ rows: unknown[] }> };
  };
  dialect: { sqlToQuery(query: SQL): unknown };
}

/** A value of a query, or the placeholder of a statement built once (preparedStatement) that stands for it. */
export type Param<T> = T | Placeholder;

/**
 * A hot path's statement built once: `build` composes it with `sql.placeholder(name)` where values
 * go, drizzle turns it into text once per database handle, and each call only binds `params` to
 * the placeholders (on PostgreSQL a named prepared statement, parsed and planned once per
 * connection). Where preparedRows builds its SQL anew at every call, this one does not.
 */
export function preparedStatement<P extends Record<string, unknown>, T>(name: string, build: () => SQL) {
  const prepared = new WeakMap<object, ReturnType<DrizzleInternals['session']['prepareQuery']>>();
  return async (db: Tx, params: P): Promise<T[]> => {
    let q = prepared.get(db);
    if (!q) {
      const d = db as unknown as DrizzleInternals;
      q = d.session.prepareQuery(d.dialect.sqlToQuery(build()), undefined, name, false);
      prepared.set(db, q);
    }
    return (await q.execute(params)).rows as T[];
  };
}

/**
 * queryRows as a named prepared statement: on PostgreSQL parsed and planned once per connection,
 * then only bound and run (a hot path's query; PGlite runs it as it is). The text under one name
 * must never change: what varies goes in as parameters.
 */
export async function preparedRows<T>(db: Tx, name: string, query: SQL): Promise<T[]> {
  const d = db as unknown as DrizzleInternals;
  const res = await d.session.prepareQuery(d.dialect.sqlToQuery(query), undefined, name, false).execute();
  return res.rows as T[];
}
