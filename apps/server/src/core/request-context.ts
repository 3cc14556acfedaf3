import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db, Tx } from '../db/client.js';
import { operationLog } from '../db/schema/index.js';
import type { AppContext } from './context.js';

type LogValues = typeof operationLog.$inferInsert;

/** The operation-log row of one write request, once it is part of a committed transaction. */
export interface CommittedLog {
  tenantId: number;
  id: number;
  createdAt: Date;
}

/**
 * The state of one write request that the database layer sees: its log row is written by the
 * first transaction (or single write statement) of the request, so that the write cannot commit
 * without it.
 */
export interface WriteRequest {
  /** the log row as it reads when the request succeeds (built when the write commits) */
  successRow(): LogValues;
  /** set once a transaction holding the log row committed */
  committed?: CommittedLog;
  /** a transaction holding the log row is open */
  pending: boolean;
  /** the response went out: later writes (work the request left running) carry no log row */
  closed: boolean;
}

interface Frame {
  write: WriteRequest;
  /** this async path runs inside a transaction (its statements go through the transaction) */
  inTx: boolean;
}

const als = new AsyncLocalStorage<Frame>();

/** Run `fn` (the rest of a write request: its handler) with its writes tied to its log row. */
export function runAsWrite<T>(write: WriteRequest, fn: () => T): T {
  return als.run({ write, inTx: false }, fn);
}

/** Whether a write on the current async path must carry the request's log row. */
function needsLog(frame: Frame | undefined): boolean {
  return !!frame && !frame.inTx && !frame.write.committed && !frame.write.pending && !frame.write.closed;
}

/** A statement that changes rows (what drizzle and hand-written SQL send for writes). */
const WRITE_SQL = /^\s*(insert|update|delete|merge)\b|^\s*with\b[\s\S]*\b(insert\s+into|update|delete\s+from)\b/i;

const returningKey = { tenantId: operationLog.tenantId, id: operationLog.id, createdAt: operationLog.createdAt };

const toCommitted = (row: Record<string, unknown>): CommittedLog => ({
  tenantId: Number(row.tenant_id ?? row.tenantId),
  id: Number(row.id),
  createdAt: new Date(row.created_at as string | Date),
});

const INSTRUMENTED = Symbol('tagloom.operationLogInstrumented');

/**
 * Ties every write of a write request to its operation-log row, in the database layer, so no
 * module has to remember it:
 * - the outermost transaction a write request opens (`ctx.db.transaction`, also through
 *   `TenantScope.transaction`) inserts the log row on that transaction just before it commits;
 *   nested transactions are savepoints of it and are left alone;
 * - a single write statement a request runs outside any transaction (an update on `ctx.db`) runs
 *   in a short transaction of its own together with the log row.
 * Only the first write of a request carries the row; requests that committed nothing are logged
 * after the response (failures, refusals, writes that wrote nothing). Nothing waits on anything
 * but the statements themselves, so no transaction stays open longer than its work.
 */
export function instrumentDatabase(ctx: AppContext): void {
  const db = ctx.db as Db & { [INSTRUMENTED]?: boolean; $client?: unknown };
  if (db[INSTRUMENTED]) return;
  db[INSTRUMENTED] = true;

  const transaction = db.transaction.bind(db) as Db['transaction'];
  db.transaction = (async (fn: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
    const frame = als.getStore();
    if (!frame) return transaction(fn as never, config);
    const write = frame.write;
    if (!needsLog(frame)) return transaction((tx) => als.run({ write, inTx: true }, () => fn(tx)), config);
    write.pending = true;
    try {
      let logged: CommittedLog | undefined;
      const result = await transaction(async (tx) => {
        const out = await als.run({ write, inTx: true }, () => fn(tx));
        const [row] = await tx.insert(operationLog).values(write.successRow()).returning(returningKey);
        logged = { tenantId: row.tenantId, id: row.id, createdAt: row.createdAt };
        return out;
      }, config);
      write.committed = logged;
      return result;
    } finally {
      write.pending = false;
    }
  }) as Db['transaction'];

  const logStatement = (write: WriteRequest) => db.insert(operationLog).values(write.successRow()).returning(returningKey).toSQL();

  if (ctx.database.kind === 'pglite') {
    const client = db.$client as PGlite;
    const query = client.query.bind(client) as PGlite['query'];
    client.query = (async (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
      const frame = als.getStore();
      if (!frame || !needsLog(frame) || typeof text !== 'string' || !WRITE_SQL.test(text)) return query(text, params, options);
      const write = frame.write;
      write.pending = true;
      try {
        let logged: CommittedLog | undefined;
        const result = await client.transaction(async (t) => {
          const out = await t.query(text, params, options);
          const log = logStatement(write);
          logged = toCommitted((await t.query<Record<string, unknown>>(log.sql, log.params)).rows[0]);
          return out;
        });
        write.committed = logged;
        return result;
      } finally {
        write.pending = false;
      }
    }) as PGlite['query'];
  } else {
    const pool = db.$client as pg.Pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as { query: unknown }).query = (...args: unknown[]) => {
      const frame = als.getStore();
      const [cfg, values] = args;
      const text = typeof cfg === 'string' ? cfg : (cfg as { text?: unknown } | undefined)?.text;
      if (!frame || !needsLog(frame) || typeof text !== 'string' || !WRITE_SQL.test(text) || args.some((a) => typeof a === 'function')) {
        return query(...args);
      }
      const write = frame.write;
      write.pending = true;
      return (async () => {
        let c: pg.PoolClient | undefined;
        try {
          c = await pool.connect();
          await c.query('begin');
          const out = await c.query(cfg as never, values as never);
          const log = logStatement(write);
          const logged = toCommitted((await c.query(log.sql, log.params as unknown[])).rows[0]);
          await c.query('commit');
          write.committed = logged;
          return out;
        } catch (err) {
          await c?.query('rollback').catch(() => {});
          throw err;
        } finally {
          c?.release();
          write.pending = false;
        }
      })();
    };
  }
}
