import { SCHEDULER_STATE, SCHEDULER_TYPE } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerJobKind } from '../src/core/queue/registry.js';
import { IMPORT_KIND } from '../src/core/queue/resource-jobs.js';
import { schedulerRuns, schedulerTasks } from '../src/db/schema/index.js';
import type { SchedulerHandler } from '../src/modules/general/scheduler/handlers.js';
import { Scheduler } from '../src/modules/general/scheduler/scheduler.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const SEC = 1000;
const base = '/api/general/scheduler';

describe(`scheduled tasks on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  let seq = 0;

  const create = async (body: Record<string, unknown>) => {
    const r = await t.call('POST', `${base}/create`, {
      token: admin,
      body: { name: `task-${++seq}`, className: 'refreshDictionaryCache', ...body },
      lang: 'en_US',
    });
    if (r.body.code !== 200) throw new Error(`create failed: ${r.body.msg}`);
    return r.body.data as { id: number; nextFireAt: string | null; state: number; startAt: string | null };
  };
  const task = async (id: number) => {
    const [row] = await t.ctx.db.select().from(schedulerTasks).where(eq(schedulerTasks.id, id));
    return row as { state: number; timesTriggered: number; nextFireAt: Date | null; lastFireAt: Date | null };
  };
  const runsOf = async (id: number) => (await t.ctx.db.select().from(schedulerRuns).where(eq(schedulerRuns.taskId, id))).length;
  /** a time task firing every `every` seconds from `start` */
  const every = (start: Date, seconds: number, extra: Record<string, unknown> = {}) =>
    create({ triggerType: SCHEDULER_TYPE.TIME, startAt: start.toISOString(), repeatInterval: seconds, repeatUnit: 1, ...extra });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    auditor = await t.login('auditor', 'auditor123');
  });
  afterAll(() => t?.close());
  // each test sees only its own tasks
  afterEach(async () => {
    await t.ctx.db.delete(schedulerTasks);
  });

  it('plans the seeded tasks on the first tick, and lists its registered handlers in the caller’s language', async () => {
    const now = new Date();
    await new Scheduler(t.ctx, t.services, { handlers: { purgeOldLogs: async () => ({ key: 'x' }) } }).tick(now);
    const seeded = (await t.call('POST', `${base}/list`, { token: admin, body: { pageSize: 50 } })).body.data.list as {
      id: number;
      nextFireAt: string | null;
      state: number;
    }[];
    expect(seeded.length).toBeGreaterThanOrEqual(3);
    for (const s of seeded) {
      expect(s.state).toBe(SCHEDULER_STATE.NORMAL);
      expect(s.nextFireAt).not.toBeNull();
    }
    const handlers = await t.call('POST', `${base}/handlers`, { token: auditor, lang: 'en_US' });
    expect(handlers.body.data.map((h: { value: string }) => h.value)).toEqual([
      'purgeOldLogs',
      'refreshDictionaryCache',
      'markReadersOffline',
      'rfid.sweepDepartures',
      'rfid.ageOutStates',
      'stock.recountPresent',
      'store.finishReceipts',
      'store.sampleOsa',
      'smartStore.fittingRollup',
    ]);
    expect(handlers.body.data[1].label).toMatch(/dictionary/i);
    const zh = await t.call('POST', `${base}/handlers`, { token: auditor, lang: 'zh_CN' });
    expect(zh.body.data[1].label).toMatch(/字典/);
  });

  it('fires a due task once when two schedulers compete for it', async () => {
    const start = new Date(Date.now() + 60 * SEC);
    const { id } = await every(start, 10);
    let calls = 0;
    const handlers: Record<string, SchedulerHandler> = {
      refreshDictionaryCache: async () => {
        calls++;
        return { key: 'scheduler.run.dictionaryRefreshed' };
      },
    };
    const a = new Scheduler(t.ctx, t.services, { handlers });
    const b = new Scheduler(t.ctx, t.services, { handlers });
    const fired = await Promise.all([a.tick(start), b.tick(start), a.tick(start), b.tick(start)]);
    expect(fired.reduce((x, y) => x + y, 0)).toBe(1);
    expect(calls).toBe(1);
    expect((await task(id)).timesTriggered).toBe(1);
    expect((await task(id)).nextFireAt?.getTime()).toBe(start.getTime() + 10 * SEC);
    // the next due time fires once more, again once
    const next = new Date(start.getTime() + 10 * SEC);
    await Promise.all([a.tick(next), b.tick(next)]);
    expect(calls).toBe(2);
  });

  it('honours the repeat count, then the task is completed', async () => {
    const start = new Date(Date.now() + 60 * SEC);
    const { id } = await every(start, 5, { repeatTimes: 3 });
    const s = new Scheduler(t.ctx, t.services);
    for (let k = 0; k < 6; k++) await s.tick(new Date(start.getTime() + k * 5 * SEC));
    const row = await task(id);
    expect(row.timesTriggered).toBe(3);
    expect(row.state).toBe(SCHEDULER_STATE.COMPLETED);
    expect(row.nextFireAt).toBeNull();
    expect(row.lastFireAt?.getTime()).toBe(start.getTime() + 10 * SEC);
    expect(await runsOf(id)).toBe(3);
  });

  it('makes up missed fires once and continues the plan from now', async () => {
    const start = new Date(Date.now() + 60 * SEC);
    const { id } = await every(start, 10);
    const s = new Scheduler(t.ctx, t.services);
    const late = new Date(start.getTime() + 95 * SEC); // nine fires missed
    expect(await s.tick(late)).toBe(1);
    expect(await s.tick(late)).toBe(0);
    expect((await task(id)).nextFireAt?.getTime()).toBe(start.getTime() + 100 * SEC);
  });

  it('stops firing while paused, and resumes from now when recovered', async () => {
    const start = new Date(Date.now() + 60 * SEC);
    const { id } = await every(start, 10);
    const s = new Scheduler(t.ctx, t.services);
    const paused = await t.call('POST', `${base}/pause`, { token: admin, body: { id }, lang: 'en_US' });
    expect(paused.body).toMatchObject({ code: 200, msg: 'Task paused', data: { state: SCHEDULER_STATE.PAUSED } });
    expect(await s.tick(new Date(start.getTime() + 30 * SEC))).toBe(0);
    expect((await task(id)).timesTriggered).toBe(0);

    const recovered = await t.call('POST', `${base}/recover`, { token: admin, body: { id } });
    expect(recovered.body.data.state).toBe(SCHEDULER_STATE.NORMAL);
    // planned from the real now: the start is still ahead, so the start is the next fire
    expect(new Date(recovered.body.data.nextFireAt).getTime()).toBe(start.getTime());
    expect(await s.tick(start)).toBe(1);
    expect((await task(id)).timesTriggered).toBe(1);
  });

  it('allows only the state transitions of the state machine; stopped is final', async () => {
    const { id } = await every(new Date(Date.now() + 60 * SEC), 10);
    const call = (action: string) => t.call('POST', `${base}/${action}`, { token: admin, body: { id }, lang: 'en_US' });
    // refused with 409 naming the state the task is in and the action
    const recoverNormal = await call('recover');
    expect(recoverNormal.status).toBe(409);
    expect(recoverNormal.body.msg).toBe('"Recover" is not possible: the state is Normal');
    expect((await call('pause')).status).toBe(200);
    expect((await call('pause')).body.msg).toBe('"Pause" is not possible: the state is Paused');
    const stopped = await call('stop');
    expect(stopped.body).toMatchObject({ msg: 'Task stopped', data: { state: SCHEDULER_STATE.STOPPED, nextFireAt: null } });
    for (const action of ['pause', 'recover', 'stop']) expect((await call(action)).status).toBe(409);
    const edit = await t.call('POST', `${base}/update`, { token: admin, body: { id, remark: 'again' }, lang: 'en_US' });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe('No longer editable: the state is Stopped');
    const zh = await t.call('POST', `${base}/update`, { token: admin, body: { id, remark: 'again' }, lang: 'zh_CN' });
    expect(zh.body.msg).toBe('状态为“停止”的定时任务不能再编辑');
    expect((await t.call('POST', `${base}/pause`, { token: admin, body: { id: 999999 } })).status).toBe(404);
    // the read-only auditor may look but not act
    expect((await t.call('POST', `${base}/stop`, { token: auditor, body: { id } })).status).toBe(403);
    const demo = await t.login('demo', 'demo123');
    expect((await t.call('POST', `${base}/runs`, { token: demo, body: { id } })).status).toBe(403);
  });

  it('validates the trigger: cron valid and firing, interval and unit for a time trigger, a registered handler', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const r = await t.call('POST', `${base}/create`, { token: admin, body: { name: `bad-${++seq}`, ...body }, lang: 'en_US' });
      expect(r.status).toBe(400);
      return r.body as { msg: string; data: { fields?: { field: string }[] } };
    };
    const cron = await bad({ className: 'purgeOldLogs', triggerType: SCHEDULER_TYPE.CRON, cron: '0 61 * * *' });
    expect(cron.data.fields?.map((f) => f.field)).toEqual(['cron']);
    expect(cron.msg).toMatch(/^Cron expression: is not a valid cron expression/);
    expect((await bad({ className: 'purgeOldLogs', triggerType: SCHEDULER_TYPE.CRON })).msg).toMatch(
      /required for an expression scheduler/,
    );
    const time = await bad({ className: 'purgeOldLogs', triggerType: SCHEDULER_TYPE.TIME });
    expect(time.data.fields?.map((f) => f.field).sort()).toEqual(['repeatInterval', 'repeatUnit']);
    const handler = await bad({ className: 'dropDatabase', triggerType: SCHEDULER_TYPE.CRON, cron: '* * * * *' });
    expect(handler.msg).toBe('Class name: must be one of the registered job handlers');
    expect((await bad({ className: 'purgeOldLogs', triggerType: SCHEDULER_TYPE.CRON, cron: '0 0 30 2 *' })).msg).toBe(
      'The cron expression 0 0 30 2 * never fires',
    );
  });

  it('offers and runs a task kind another module registers, and refuses a job kind that is not one', async () => {
    // what a module adds (its jobKinds): nothing in the scheduler changes for it
    const fired: string[] = [];
    registerJobKind({
      kind: 'test.countShelves',
      task: { zh_CN: '盘点货架', zh_TW: '盤點貨架', en_US: 'Count the shelves' },
      async run(_c, job) {
        fired.push(String((job.payload as { task: { name: string } }).task.name));
        return { message: 'scheduler.run.dictionaryRefreshed' };
      },
    });
    const handlers = await t.call('POST', `${base}/handlers`, { token: auditor, lang: 'en_US' });
    expect(handlers.body.data).toContainEqual({ value: 'test.countShelves', label: 'Count the shelves' });
    const start = new Date(Date.now() + 60 * SEC);
    const made = await every(start, 60, { className: 'test.countShelves' });
    expect(await new Scheduler(t.ctx, t.services).tick(start)).toBe(1);
    expect(await runsOf(made.id)).toBe(1);
    expect(fired).toEqual([`task-${seq}`]);
    // a registered job kind without a task description (an import, say) is no class name
    const r = await t.call('POST', `${base}/create`, {
      token: admin,
      body: { name: `bad-${++seq}`, className: IMPORT_KIND, triggerType: SCHEDULER_TYPE.CRON, cron: '* * * * *' },
      lang: 'en_US',
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('Class name: must be one of the registered job handlers');
    expect(r.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['className']);
  });

  it('fires a cron task at its next matching time and replans on modify', async () => {
    const made = await create({ triggerType: SCHEDULER_TYPE.CRON, cron: '0 */5 * * * ?' });
    const first = new Date(made.nextFireAt!);
    expect(first.getTime()).toBeGreaterThan(Date.now() - SEC);
    expect(first.getMinutes() % 5).toBe(0);
    expect(first.getSeconds()).toBe(0);
    const s = new Scheduler(t.ctx, t.services);
    expect(await s.tick(new Date(first.getTime() - SEC))).toBe(0);
    expect(await s.tick(first)).toBe(1);
    expect((await task(made.id)).nextFireAt?.getTime()).toBe(first.getTime() + 5 * 60 * SEC);

    const upd = await t.call('POST', `${base}/update`, { token: admin, body: { id: made.id, cron: '30 0 3 * * *' } });
    expect(upd.body.code).toBe(200);
    const next = (await task(made.id)).nextFireAt!;
    expect([next.getHours(), next.getMinutes(), next.getSeconds()]).toEqual([3, 0, 30]);
  });

  it('writes the run history with start, end, duration, result and a localized message, pruned to the last runs', async () => {
    const start = new Date(Date.now() + 60 * SEC);
    const { id } = await every(start, 1, { className: 'markReadersOffline' });
    const s = new Scheduler(t.ctx, t.services, { keepRuns: 3 });
    for (let k = 0; k < 5; k++) await s.tick(new Date(start.getTime() + k * SEC));
    const runs = await t.call('POST', `${base}/runs`, { token: auditor, body: { id, pageSize: 10 }, lang: 'en_US' });
    expect(runs.body.data.total).toBe(3);
    const [latest] = runs.body.data.list;
    expect(latest).toMatchObject({ taskId: id, result: 1 });
    expect(new Date(latest.firedAt).getTime()).toBe(start.getTime() + 4 * SEC);
    expect(new Date(latest.endedAt).getTime()).toBe(new Date(latest.startedAt).getTime() + latest.durationMs);
    expect(latest.message).toBe('0 readers marked offline (no reader registry exists yet: it arrives with the RFID device module)');
    const zh = await t.call('POST', `${base}/runs`, { token: auditor, body: { id }, lang: 'zh_CN' });
    expect(zh.body.data.list[0].message).toMatch(/^0 个读写器被标记为离线/);
  });

  it('records a failing handler as a failed run and keeps firing the others', async () => {
    const start = new Date(Date.now() + 60 * SEC);
    const failing = await every(start, 10, { className: 'refreshDictionaryCache' });
    const fine = await every(start, 10, { className: 'purgeOldLogs' });
    const s = new Scheduler(t.ctx, t.services, {
      handlers: {
        refreshDictionaryCache: async () => {
          throw new Error('cache server unreachable');
        },
      },
    });
    expect(await s.tick(start)).toBe(2);
    const runs = await t.call('POST', `${base}/runs`, { token: admin, body: { id: failing.id }, lang: 'en_US' });
    expect(runs.body.data.list[0]).toMatchObject({ result: 0, message: 'Failed: cache server unreachable' });
    const ok = await t.call('POST', `${base}/runs`, { token: admin, body: { id: fine.id }, lang: 'en_US' });
    expect(ok.body.data.list[0].result).toBe(1);
    expect(ok.body.data.list[0].message).toMatch(/^Dropped 0 log partitions older than 180 days/);
    // the failing task stays scheduled and fires again at its next time
    expect((await task(failing.id)).state).toBe(SCHEDULER_STATE.NORMAL);
    expect(await s.tick(new Date(start.getTime() + 10 * SEC))).toBe(2);
  });

  it('runs from a loop started and stopped like the server does', async () => {
    const { id } = await every(new Date(Date.now() + 200), 3600);
    const s = new Scheduler(t.ctx, t.services, { tickMs: 20 });
    s.start();
    const end = Date.now() + 5000;
    while (Date.now() < end && (await runsOf(id)) === 0) await new Promise((r) => setTimeout(r, 25));
    await s.stop();
    expect(await runsOf(id)).toBe(1);
    expect((await task(id)).timesTriggered).toBe(1);
  });
});

describe.runIf(DRIVER === 'pg')('scheduled tasks with two server processes on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({}, { databaseUrl: a.databaseUrl! });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('fires each due time once, never once per process', async () => {
    const admin = await a.login('admin', 'admin123');
    const start = new Date(Date.now() + 60 * SEC);
    const made = await a.call('POST', `${base}/create`, {
      token: admin,
      body: {
        name: 'two-process',
        className: 'refreshDictionaryCache',
        triggerType: SCHEDULER_TYPE.TIME,
        startAt: start.toISOString(),
        repeatInterval: 10,
        repeatUnit: 1,
      },
    });
    const id = made.body.data.id as number;
    const calls: string[] = [];
    const handler =
      (who: string): SchedulerHandler =>
      async () => {
        calls.push(who);
        return { key: 'scheduler.run.dictionaryRefreshed' };
      };
    const sa = new Scheduler(a.ctx, a.services, { handlers: { refreshDictionaryCache: handler('a') } });
    const sb = new Scheduler(b.ctx, b.services, { handlers: { refreshDictionaryCache: handler('b') } });
    for (let k = 0; k < 5; k++) {
      const now = new Date(start.getTime() + k * 10 * SEC);
      await Promise.all([sa.tick(now), sb.tick(now), sa.tick(now), sb.tick(now)]);
    }
    const runs = await a.ctx.db.select().from(schedulerRuns).where(eq(schedulerRuns.taskId, id));
    // the seeded tasks fire too; count this task's fires only
    expect(runs).toHaveLength(5);
    const [row] = await b.ctx.db.select().from(schedulerTasks).where(eq(schedulerTasks.id, id));
    expect(row.timesTriggered).toBe(5);
  });
});
