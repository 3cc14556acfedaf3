// One database pass: it tests the embedded PGlite itself, on its own thread, whatever TEST_DATABASE_URL says.
import { messages } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, queryRows } from './client.js';
import { background, inBackground } from './lanes.js';
import { PgliteThread } from './pglite-thread.js';

/** A statement that keeps PGlite busy for a while (a second or more on a 2-core machine). */
const LONG = sql`select count(*)::int as n from generate_series(1, 4000000) g where g % 7 = 3`;

/** The first of the promises to settle, by its name. */
const first = (racers: Record<string, Promise<unknown>>) => Promise.race(Object.entries(racers).map(([name, p]) => p.then(() => name)));

/** The error or one of its causes (drizzle wraps the driver's error in `cause`) with a SQLSTATE. */
function pgError(err: unknown): Record<string, unknown> | undefined {
  let e = err as Record<string, unknown> | undefined;
  for (let i = 0; e && i < 4; i++, e = e.cause as Record<string, unknown> | undefined) if (typeof e.code === 'string') return e;
  return undefined;
}

describe('embedded PGlite on its own thread (the default; PGLITE_WORKER=0 runs it on the event loop)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite('memory');
    await database.db.execute(sql`create table parent (id int primary key, code text not null constraint parent_code_key unique)`);
    await database.db.execute(
      sql`create table child (id int primary key, parent_id int not null constraint child_parent_fk references parent)`,
    );
    await database.db.execute(sql`insert into parent values (1, 'A')`);
  });
  afterAll(() => database?.close());

  it('keeps the event loop free while a long statement runs: a timer and a request without database are served meanwhile', async () => {
    const statement = queryRows<{ n: number }>(database.db, LONG);
    expect(await first({ statement, timer: new Promise((r) => setTimeout(r, 1)) })).toBe('timer');
    expect(await first({ statement, immediate: new Promise((r) => setImmediate(r)) })).toBe('immediate');
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as { port: number };
      const request = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
      expect(await first({ statement, request })).toBe('request');
      expect(await request).toBe('ok');
    } finally {
      server.close();
    }
    expect((await statement)[0].n).toBe(571429);
  });

  it("keeps a PostgreSQL error's class and fields (code, constraint, detail, table) across the thread", async () => {
    const unique = await database.db.execute(sql`insert into parent values (2, 'A')`).catch((e: unknown) => e);
    const u = pgError(unique);
    expect(u).toBeInstanceOf(messages.DatabaseError);
    expect(u).toMatchObject({
      code: '23505',
      constraint: 'parent_code_key',
      table: 'parent',
      severity: 'ERROR',
      detail: 'Key (code)=(A) already exists.',
      query: "insert into parent values (2, 'A')",
    });
    const fk = pgError(await database.db.execute(sql`insert into child values (1, ${42})`).catch((e: unknown) => e));
    expect(fk).toMatchObject({
      code: '23503',
      constraint: 'child_parent_fk',
      detail: 'Key (parent_id)=(42) is not present in table "parent".',
      params: [42],
    });
    // and inside a transaction, where the error rolls it back
    const inTx = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into parent values (3, 'C')`);
        await tx.execute(sql`insert into parent values (4, 'C')`);
      })
      .catch((e: unknown) => e);
    expect(pgError(inTx)).toMatchObject({ code: '23505', constraint: 'parent_code_key' });
    expect(await queryRows(database.db, sql`select id from parent order by id`)).toEqual([{ id: 1 }]);
  });

  it('holds the one connection for an open transaction: a statement sent meanwhile runs after it ends', async () => {
    let outside: Promise<{ n: number }[]> | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into parent values (5, 'E')`);
        outside = queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from parent where id = 5`);
        // the transaction goes on after the other statement was sent, and is rolled back
        await tx.execute(sql`insert into parent values (6, 'F')`);
        tx.rollback();
      })
      .catch(() => {});
    // had it run inside the transaction (the same connection), it would have seen the row
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it("carries COPY's blobs both ways, NOTIFY to listeners, and keeps drizzle's dates as text", async () => {
    await database.db.execute(sql`create table copied (id int, at timestamptz)`);
    const client = (database.db as unknown as { $client: { query(t: string, p: unknown[], o: unknown): Promise<{ blob?: Blob }> } })
      .$client;
    await client.query(`copy copied from '/dev/blob' with (format csv)`, [], { blob: new Blob(['1,2024-05-06 07:08:09+00\n2,\n']) });
    const out = await client.query(`copy (select id from copied order by id) to '/dev/blob' with (format csv)`, [], {});
    expect(await out.blob?.text()).toBe('1\n2\n');
    expect(await queryRows(database.db, sql`select id, at from copied where at is not null`)).toEqual([
      { id: 1, at: '2024-05-06 07:08:09+00' },
    ]);

    const heard: string[] = [];
    let done!: () => void;
    const arrived = new Promise<void>((r) => {
      done = r;
    });
    const off = await database.listen('pglite_thread_test', (p) => {
      heard.push(p);
      done();
    });
    await database.notify('pglite_thread_test', 'hello');
    await arrived;
    await off();
    expect(heard).toEqual(['hello']);
  });

  it("runs background work's statements once a request's are through, and after its longest wait whatever the traffic", async () => {
    const thread = await PgliteThread.create('memory');
    try {
      // long enough that nothing below depends on the machine's speed
      thread.lanes = { gapMs: 50, maxWaitMs: 60_000 };
      const seen: string[] = [];
      const ask = (name: string, text: string) => thread.query(text).then(() => seen.push(name));
      // a request's first statement runs; background work asks meanwhile; the request's second
      // statement comes right after its first one's answer (as a list asks its count after its page)
      const request = ask('request 1', 'select count(*) from generate_series(1, 200000)').then(() => ask('request 2', 'select 2'));
      const job = inBackground(async () => {
        await ask('job', 'select 3');
        return background()!.waited;
      });
      await Promise.all([request, job]);
      expect(seen).toEqual(['request 1', 'request 2', 'job']);
      expect(await job).toBeGreaterThan(0);
      // requests that never stop do not hold background work longer than its longest wait
      thread.lanes = { gapMs: 50, maxWaitMs: 100 };
      let busy = true;
      // two clients, so that some request is always in flight
      const client = async () => {
        while (busy) await thread.query('select count(*) from generate_series(1, 20000)');
      };
      const traffic = Promise.all([client(), client()]);
      const waited = await inBackground(async () => {
        await thread.query('select 4');
        return background()!.waited;
      });
      // a wait that ended by its timer leaves nothing behind to wake (the requests still coming)
      expect((thread as unknown as { foregroundWaiters: Set<unknown> }).foregroundWaiters.size).toBe(0);
      busy = false;
      await traffic;
      expect(waited).toBeGreaterThanOrEqual(99);
      expect(waited).toBeLessThan(60_000);
    } finally {
      await thread.close();
    }
  });
});
