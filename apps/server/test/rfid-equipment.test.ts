import { ONLINE } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment, tenants } from '../src/db/schema/index.js';
import { defaultHandlers } from '../src/modules/general/scheduler/handlers.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

describe(`RFID equipment online state on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const tenantId = async (code: string) => (await t.ctx.db.select().from(tenants).where(eq(tenants.code, code)))[0].id;
  const readersOnline = async (user: string, pass: string) =>
    (await t.call('GET', '/api/dashboard/admin/summary', { token: await t.login(user, pass) })).body.data.readersOnline;

  it("marks readers silent past the timeout offline, keeps the others, and the dashboards count each tenant's own", async () => {
    const now = new Date();
    const [demo, acme] = [await tenantId('DEMO'), await tenantId('ACME')];
    const set = (tenant: number, code: string, minutesAgo: number) =>
      t.ctx.db
        .update(equipment)
        .set({ onlineStatus: ONLINE.ONLINE, lastTimeOnline: new Date(now.getTime() - minutesAgo * 60_000) })
        .where(and(eq(equipment.tenantId, tenant), eq(equipment.equipmentCoding, code)));
    await set(demo, 'GATE-01', 1);
    await set(demo, 'FIX-02', 60);
    await set(acme, 'GATE-01', 2);
    expect(await readersOnline('demo', 'demo123')).toEqual({ count: 2, available: true });
    expect(await readersOnline('acme', 'acme123')).toEqual({ count: 1, available: true });
    expect(await readersOnline('admin', 'admin123')).toEqual({ count: 3, available: true });

    const outcome = await defaultHandlers().markReadersOffline({ ctx: t.ctx, services: t.services, now } as never);
    expect(outcome).toEqual({ key: 'scheduler.run.readersOffline', params: { count: 1 } });
    const rows = await t.ctx.db.select().from(equipment).where(eq(equipment.tenantId, demo));
    expect(Object.fromEntries(rows.map((r) => [r.equipmentCoding, r.onlineStatus]))).toMatchObject({
      'GATE-01': 1,
      'FIX-02': 0,
      'HH-03': 0,
    });
    expect(await readersOnline('demo', 'demo123')).toEqual({ count: 1, available: true });
    expect(await readersOnline('acme', 'acme123')).toEqual({ count: 1, available: true });
  });
});
