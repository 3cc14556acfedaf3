/**
 * The one job queue (core/queue): claimed once by competing runners, retried after a lease
 * expires then failed, cancelled queued or running, progress over Server-Sent Events, imports and
 * exports as jobs (health answering through an import's write phase; an export's file its owner's).
 */
import * as XLSX from '@e965/xlsx';
import { eq, inArray, like, sql, count as sqlCount } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Bus } from '../src/core/bus.js';
import type { AppContext } from '../src/core/context.js';
import { enqueue, JobQueue } from '../src/core/queue/queue.js';
import { FINAL_STATES, type JobRow, jobKind, registerJobKind } from '../src/core/queue/registry.js';
import { EXPORT_JOBS_PER_TENANT, EXPORT_JOBS_PER_USER, EXPORT_KIND } from '../src/core/queue/resource-jobs.js';
import { EXPORT_SYNC_MAX_ROWS } from '../src/core/xlsx-stream.js';
import { jobs, tenantGroups, users } from '../src/db/schema/index.js';
import { DRIVER, openTestDatabase, startTestApp, type TestApp } from './support.js';
import { multipart, workbook } from './uploads.js';

const HEADER = ['Group code', 'Group name', 'Status'];
const GROUPS = '/api/general/tenant-group';

/** A kind whose runs are counted by job id; it waits for `gate` when one is set. */
const runs = new Map<string, number>();
const undos = new Map<string, number>();
let gate: Promise<void> | undefined;
registerJobKind({
  kind: 'test.counted',
  maxAttempts: 2,
  async run(_c, job, progress) {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    await progress.start(5);
    for (let i = 1; i <= 5; i++) {
      if (gate) await gate;
      await progress.report(i);
    }
    return { result: { ok: true } };
  },
  async undo(_c, job) {
    undos.set(job.id, (undos.get(job.id) ?? 0) + 1);
  },
});

/** A kind that reports progress until it is cancelled. */
registerJobKind({
  kind: 'test.endless',
  async run(_c, _job, progress) {
    await progress.start(1_000_000);
    for (let i = 1; ; i++) {
      await new Promise((r) => setTimeout(r, 20));
      await progress.report(i, undefined);
    }
  },
  async undo(_c, job) {
    undos.set(job.id, (undos.get(job.id) ?? 0) + 1);
  },
});

/** A kind whose `ended` hook notes, inside the ending transaction, the state it sees; `failEnd` makes the hook throw. */
const endedSeen = new Map<string, string>();
let failEnd = false;
registerJobKind({
  kind: 'test.ended',
  maxAttempts: 1,
  async run(_c, job) {
    if ((job.payload as { fail?: boolean } | null)?.fail) throw new Error('run failed');
    return {};
  },
  async ended(tx, _c, job) {
    if (failEnd) throw new Error('hook failed');
    const [r] = await tx.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, job.id));
    endedSeen.set(job.id, r.state);
  },
});

describe(`the job queue on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let demo: { tenantId: number; id: number };
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    const [u] = await t.ctx.db.select().from(users).where(eq(users.username, 'demo'));
    demo = { tenantId: u.tenantId, id: u.id };
  });
  afterAll(() => t?.close());

  const row = async (id: string): Promise<JobRow> => (await t.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const add = (kind: string, extra: { maxAttempts?: number } = {}) =>
    enqueue(t.ctx, { kind, tenantId: demo.tenantId, owner: demo.id, ...extra }) as Promise<JobRow>;

  it('gives each job to one runner only, however many compete (two processes on PostgreSQL)', async () => {
    await t.queue.stop();
    try {
      // on PostgreSQL the second runner has its own connection pool, as a second server process has
      let other: { ctx: AppContext; close(): Promise<void> } | undefined;
      if (t.databaseUrl) {
        const database = await openTestDatabase(t.databaseUrl);
        const bus = new Bus(database, pino({ level: 'silent' }));
        other = {
          ctx: { ...t.ctx, database, db: database.db, bus },
          close: () => database.close(),
        };
      }
      const made = await Promise.all(Array.from({ length: 24 }, () => add('test.counted')));
      const a = new JobQueue(t.ctx, t.services, { kinds: ['test.counted'] });
      const b = new JobQueue(other?.ctx ?? t.ctx, t.services, { kinds: ['test.counted'] });
      const c = new JobQueue(t.ctx, t.services, { kinds: ['test.counted'] });
      const ran = await Promise.all([a.drain(), b.drain(), c.drain()]);
      await other?.close();
      expect(ran.reduce((x, y) => x + y, 0)).toBe(24);
      for (const j of made) {
        expect(runs.get(j.id)).toBe(1);
        expect(await row(j.id)).toMatchObject({ state: 'done', done: 5, total: 5, attempts: 1, result: { ok: true } });
      }
    } finally {
      t.queue.start();
    }
  });

  it('retries a job whose runner died (lease expired), undoing first; fails it once its attempts are spent', async () => {
    await t.queue.stop();
    try {
      const dying = () => new JobQueue(t.ctx, t.services, { kinds: ['test.counted'], leaseMs: 150 });
      const retried = await add('test.counted', { maxAttempts: 2 });
      // a runner claims it and dies (it never runs it, never renews the lease)
      expect((await dying().claim())?.id).toBe(retried.id);
      expect((await row(retried.id)).state).toBe('running');
      const next = dying();
      await vi.waitFor(async () => expect(await next.runOne()).toBe(true), { timeout: 10_000, interval: 50 });
      expect(await row(retried.id)).toMatchObject({ state: 'done', attempts: 2 });
      expect(undos.get(retried.id)).toBe(1);
      expect(runs.get(retried.id)).toBe(1);

      const doomed = await add('test.counted', { maxAttempts: 2 });
      expect((await dying().claim())?.id).toBe(doomed.id);
      await vi.waitFor(async () => expect((await dying().claim())?.id).toBe(doomed.id), { timeout: 10_000, interval: 50 });
      const last = dying();
      await vi.waitFor(async () => expect(await last.runOne()).toBe(true), { timeout: 10_000, interval: 50 });
      expect(await row(doomed.id)).toMatchObject({ state: 'failed', message: 'jobs.message.leaseExpired' });
      expect(runs.get(doomed.id)).toBeUndefined();
      expect(undos.get(doomed.id)).toBe(1);
      const shown = await t.call('GET', `/api/jobs/${doomed.id}`, { token: await t.login('demo', 'demo123'), lang: 'en_US' });
      expect(shown.body.data.message).toMatch(/stopped while it ran, 2 times/);
    } finally {
      t.queue.start();
    }
  });

  it("runs a kind's ended hook in the transaction that ends the job: done, failed or cancelled, the job shows ended only with it", async () => {
    for (const fail of [false, true]) {
      const job = (await enqueue(t.ctx, { kind: 'test.ended', tenantId: demo.tenantId, owner: demo.id, payload: { fail } })) as JobRow;
      await vi.waitFor(async () => expect(FINAL_STATES).toContain((await row(job.id)).state), { timeout: 15_000, interval: 20 });
      // seen final from outside: the hook has run, and saw the end it is part of
      expect(endedSeen.get(job.id)).toBe(fail ? 'failed' : 'done');
    }
    // cancelled while queued, through the API: the hook runs with the cancel
    await t.queue.stop();
    try {
      const queued = await add('test.ended');
      const token = await t.login('demo', 'demo123');
      expect((await t.call('POST', `/api/jobs/${queued.id}/cancel`, { token })).body.data.state).toBe('cancelled');
      expect(endedSeen.get(queued.id)).toBe('cancelled');
    } finally {
      t.queue.start();
    }
    // a hook that fails does not keep the job from ending
    failEnd = true;
    try {
      const job = await add('test.ended');
      await vi.waitFor(async () => expect((await row(job.id)).state).toBe('done'), { timeout: 15_000, interval: 20 });
      expect(endedSeen.has(job.id)).toBe(false);
    } finally {
      failEnd = false;
    }
  });

  it('cancels a queued job at once and a running one at its next progress report, undoing it', async () => {
    const token = await t.login('demo', 'demo123');
    await t.queue.stop();
    const queued = await add('test.counted');
    const c1 = await t.call('POST', `/api/jobs/${queued.id}/cancel`, { token, lang: 'en_US' });
    expect(c1.status).toBe(200);
    expect(c1.body.data).toMatchObject({ state: 'cancelled', final: true });
    expect(await new JobQueue(t.ctx, t.services, { kinds: ['test.counted'] }).drain()).toBe(0);
    expect(runs.get(queued.id)).toBeUndefined();

    t.queue.start();
    const running = await add('test.endless');
    await vi.waitFor(async () => expect((await row(running.id)).done).toBeGreaterThan(2), { timeout: 15_000, interval: 50 });
    // another user cannot cancel it
    expect((await t.call('POST', `/api/jobs/${running.id}/cancel`, { token: admin })).status).toBe(404);
    const c2 = await t.call('POST', `/api/jobs/${running.id}/cancel`, { token });
    expect(c2.body.data).toMatchObject({ state: 'running', cancelRequested: true });
    await vi.waitFor(async () => expect((await row(running.id)).state).toBe('cancelled'), { timeout: 15_000, interval: 50 });
    expect(undos.get(running.id)).toBe(1);
  });

  it('pushes progress as Server-Sent Events until the job ends', async () => {
    const token = await t.login('demo', 'demo123');
    let open!: () => void;
    gate = new Promise<void>((r) => {
      open = r;
    });
    const job = await add('test.counted');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/jobs/${job.id}/events`, { headers: { token, langeType: 'en_US' } });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const events: { event: string; data: { state: string; done: number; total: number } }[] = [];
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      let cut = text.indexOf('\n\n');
      while (cut >= 0) {
        const block = text.slice(0, cut);
        text = text.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
        cut = text.indexOf('\n\n');
      }
      // the job waits at its gate until the stream has shown it running
      if (events.some((e) => e.data.state === 'running')) open();
    }
    gate = undefined;
    const states = events.filter((e) => e.event === 'job').map((e) => e.data.state);
    // the runner may have claimed it before the stream began
    expect(['queued', 'running']).toContain(states[0]);
    expect(states).toContain('running');
    expect(states.at(-1)).toBe('done');
    expect(events.at(-1)?.event).toBe('end');
    const dones = events.filter((e) => e.event === 'job').map((e) => e.data.done);
    expect(dones).toEqual([...dones].sort((x, y) => x - y));
    expect(dones.at(-1)).toBe(5);
    // another user's stream is refused
    const other = await fetch(`${address}/api/jobs/${job.id}/events`, { headers: { token: admin } });
    expect(other.status).toBe(404);
  });

  it('runs an import of 20,000 rows as a job, /api/health answering all through its write phase', { timeout: 300_000 }, async () => {
    const rows = [HEADER, ...Array.from({ length: 20_000 }, (_, i) => [`BIG${i}`, `Group ${i}`, 'Enabled'])];
    const mp = multipart('big.xlsx', workbook(rows));
    // counted in the table: a list's total past 10,000 rows is the planner's estimate
    const count = async () => (await t.ctx.db.select({ n: sqlCount() }).from(tenantGroups).where(like(tenantGroups.code, 'BIG%')))[0].n;
    const before = await count();
    const started = await t.app.inject({
      method: 'POST',
      url: `${GROUPS}/import`,
      headers: { ...mp.headers, token: admin, langeType: 'en_US' },
      payload: mp.payload,
    });
    expect(started.statusCode).toBe(200);
    const jobId = started.json().data.jobId as string;
    expect(jobId).toBeTruthy();
    // the answer comes at once; the job writes later
    // waits for the write phase (a job that ended before it fails the test at once, showing its row)
    for (;;) {
      const r = await row(jobId);
      if (r.message === 'jobs.phase.writing') break;
      if (FINAL_STATES.includes(r.state)) expect(r).toMatchObject({ message: 'jobs.phase.writing' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const latencies: number[] = [];
    const writing = performance.now();
    for (;;) {
      const r = await row(jobId);
      if (r.message !== 'jobs.phase.writing') break;
      const t0 = performance.now();
      expect((await t.call('GET', '/api/health')).status).toBe(200);
      latencies.push(performance.now() - t0);
      // a request arrives as a macrotask, as over HTTP: in-process calls alone would hold the event loop
      await new Promise((resolve) => setImmediate(resolve));
    }
    const ended = await row(jobId);
    expect(ended).toMatchObject({ state: 'done', result: { total: 20_000, inserted: 20_000 } });
    expect(await count()).toBe(before + 20_000);
    // several answers during the write phase, none of them waiting for the whole write (nor a good
    // part of it: the write yields between slices, so a request waits one slice at most, whatever the machine's load)
    const phase = performance.now() - writing;
    expect(latencies.length).toBeGreaterThan(3);
    expect(Math.max(...latencies)).toBeLessThan(phase / 3);
  });

  it("writes an export job's workbook to a file its owner downloads, and no one else", async () => {
    const auditor = await t.login('auditor', 'auditor123');
    const started = await t.call('POST', `${GROUPS}/export?job=1`, { token: admin, body: {}, lang: 'en_US' });
    expect(started.status).toBe(200);
    const jobId = started.body.data.jobId as string;
    await vi.waitFor(async () => expect((await row(jobId)).state).toBe('done'), { timeout: 60_000, interval: 50 });
    const shown = await t.call('GET', `/api/jobs/${jobId}`, { token: admin, lang: 'en_US' });
    expect(shown.body.data).toMatchObject({ state: 'done', download: true });
    const file = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/download`, headers: { token: admin } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment/);
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer' });
    const exported = XLSX.utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
    // every group (a platform table), counted in the table: a list's total past 10,000 rows is an estimate
    const [{ n: total }] = await t.ctx.db.select({ n: sqlCount() }).from(tenantGroups);
    expect(exported.length - 1).toBe(total);
    expect((exported[0] as string[]).slice(0, 3)).toEqual(HEADER);
    const refused = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/download`, headers: { token: auditor } });
    expect(refused.statusCode).toBe(404);
    const mine = await t.call('GET', '/api/jobs', { token: admin });
    expect(mine.body.data.map((j: { id: string }) => j.id)).toContain(jobId);
    expect((await t.call('GET', '/api/jobs', { token: auditor })).body.data.map((j: { id: string }) => j.id)).not.toContain(jobId);
  });
  it('runs at most one export job per user and two per tenant; the others wait queued, their place in line shown', async () => {
    expect([EXPORT_JOBS_PER_USER, EXPORT_JOBS_PER_TENANT]).toEqual([1, 2]);
    await t.queue.stop();
    // the export kind as registered (its limits), its run held until the test lets it end
    const gates = new Map<string, () => void>();
    const started: string[] = [];
    const exportKind = jobKind(EXPORT_KIND)!;
    const runner = new JobQueue(t.ctx, t.services, {
      kinds: [EXPORT_KIND],
      concurrency: 6,
      pollMs: 50,
      overrides: {
        [EXPORT_KIND]: {
          ...exportKind,
          async run(_c, job) {
            started.push(job.id);
            await new Promise<void>((resolve) => gates.set(job.id, resolve));
            return {};
          },
        },
      },
    });
    const who = await t.ctx.db
      .select({ id: users.id, tenantId: users.tenantId, username: users.username })
      .from(users)
      .where(inArray(users.username, ['demo', 'viewer', 'wh01', 'acme']));
    const user = (name: string) => who.find((u) => u.username === name)!;
    const base = Date.now() - 60_000;
    const add = async (name: string, i: number) =>
      (await enqueue(t.ctx, {
        kind: EXPORT_KIND,
        tenantId: user(name).tenantId,
        owner: user(name).id,
        payload: {},
        runAfter: new Date(base + i * 1000),
      }))!.id;
    // in line: demo's three, viewer's, wh01's (DEMO), acme's (ACME)
    const [d1, d2, d3, v1, w1, a1] = [
      await add('demo', 0),
      await add('demo', 1),
      await add('demo', 2),
      await add('viewer', 3),
      await add('wh01', 4),
      await add('acme', 5),
    ];
    const token = await t.login('demo', 'demo123');
    const shown = async (id: string) => (await t.call('GET', `/api/jobs/${id}`, { token, lang: 'en_US' })).body.data;
    try {
      runner.start();
      // demo's first, viewer's (DEMO's second) and acme's run; demo's next wait for demo's first, wh01's for DEMO's two
      await vi.waitFor(async () => expect(new Set(started)).toEqual(new Set([d1, v1, a1])), { timeout: 15_000, interval: 50 });
      // another process finds nothing it may start either
      expect(await new JobQueue(t.ctx, t.services, { kinds: [EXPORT_KIND] }).claim()).toBeUndefined();
      for (const id of [d2, d3, w1]) expect((await row(id)).state).toBe('queued');
      expect((await shown(d2)).position).toBe(1);
      expect((await shown(d3)).position).toBe(2);
      expect((await shown(d1)).position).toBeNull();
      const list = await t.call('GET', '/api/jobs', { token });
      expect(list.body.data.find((j: { id: string }) => j.id === d3)).toMatchObject({ state: 'queued', position: 2 });
      // demo's first ends: demo's second starts (DEMO runs two again), its third moves up
      gates.get(d1)!();
      await vi.waitFor(async () => expect((await row(d2)).state).toBe('running'), { timeout: 15_000, interval: 50 });
      expect((await row(d1)).state).toBe('done');
      expect(started).not.toContain(d3);
      expect(started).not.toContain(w1);
      expect((await shown(d3)).position).toBe(1);
      // viewer's ends: DEMO has room for one, and demo still runs one: wh01's starts
      gates.get(v1)!();
      await vi.waitFor(async () => expect((await row(w1)).state).toBe('running'), { timeout: 15_000, interval: 50 });
      expect((await row(d3)).state).toBe('queued');
      for (const id of [d2, w1, a1]) gates.get(id)!();
      await vi.waitFor(async () => expect(started).toContain(d3), { timeout: 15_000, interval: 50 });
      gates.get(d3)!();
      await vi.waitFor(async () => expect((await row(d3)).state).toBe('done'), { timeout: 15_000, interval: 50 });
    } finally {
      for (const open of gates.values()) open();
      await runner.stop();
      t.queue.start();
    }
  });

  it('refuses a synchronous export above the cap, saying to export as a job; the job exports every row', async () => {
    const [{ n }] = await t.ctx.db.select({ n: sqlCount() }).from(tenantGroups);
    if (n <= EXPORT_SYNC_MAX_ROWS)
      await t.ctx.db.execute(
        sql.raw(
          `insert into tenant_groups (code, name, status) select 'CAP' || g, 'Cap ' || g, 1 from generate_series(1, ${EXPORT_SYNC_MAX_ROWS + 1 - n}) g`,
        ),
      );
    const refused = await t.call('POST', `${GROUPS}/export`, { token: admin, body: {}, lang: 'en_US' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      `More than ${EXPORT_SYNC_MAX_ROWS} rows match: an export this large runs as a job. Start it with job=1 (the console\u2019s Export does) and download the file from My jobs when it is ready`,
    );
    // a filtered export within the cap is answered at once, as before
    const few = await t.app.inject({
      method: 'POST',
      url: `${GROUPS}/export`,
      headers: { token: admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: 'ATOMIC' }),
    });
    expect(few.statusCode).toBe(200);
    expect(few.headers['content-type']).toMatch(/spreadsheet/);
  });

  it('answers /api/health while an export job of 20,000 rows runs (read and written in slices)', { timeout: 300_000 }, async () => {
    const [{ n }] = await t.ctx.db.select({ n: sqlCount() }).from(tenantGroups);
    if (n < 20_000)
      await t.ctx.db.execute(
        sql.raw(
          `insert into tenant_groups (code, name, status) select 'SLICE' || g, 'Slice ' || g, 1 from generate_series(1, ${20_000 - n}) g`,
        ),
      );
    const started = await t.call('POST', `${GROUPS}/export?job=1`, { token: admin, body: {} });
    const jobId = started.body.data.jobId as string;
    // waits for the export to start (a job that ended before it fails the test at once, showing its row)
    for (;;) {
      const r = await row(jobId);
      if (r.state === 'running' && r.total > 0) break;
      if (FINAL_STATES.includes(r.state)) expect(r).toMatchObject({ state: 'running' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // answers while its rows are read and written (done < total: the file is stored after)
    let answered = 0;
    for (;;) {
      const r = await row(jobId);
      if (r.state !== 'running' || r.done >= r.total) break;
      expect((await t.call('GET', '/api/health')).status).toBe(200);
      answered++;
      // a request arrives as a macrotask, as over HTTP: in-process calls alone would hold the event loop
      await new Promise((resolve) => setImmediate(resolve));
    }
    await vi.waitFor(async () => expect(await row(jobId)).toMatchObject({ state: 'done' }), { timeout: 60_000, interval: 50 });
    // several answers while it read: the export let them in between its slices
    expect(answered).toBeGreaterThan(3);
  });
});
