import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../src/core/context.js';
import { LIST_COUNT_CAP } from '../src/core/resource/service.js';
import { queryRows } from '../src/db/client.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { statements } from './uploads.js';

/** The SQL statements the database client runs while `fn` does (observed, not replaced). */

const counts = (seen: string[]) => seen.filter((s) => /count\(\*\)/i.test(s) && /"equipment"/.test(s));

describe(`a resource list's total on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let demoId: number;
  const BIG = LIST_COUNT_CAP + 40;
  const list = (body: Record<string, unknown>) => t.call('POST', '/api/rfid/equipment/list', { token: demo, body, lang: 'en_US' });

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    [{ id: demoId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    // more rows than the list counts exactly: a tenth of them online, names sortable
    await t.ctx.db.execute(
      sql.raw(`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, online_status)
        select ${demoId}, 'CNT-' || lpad(g::text, 6, '0'), 'Counted ' || lpad(g::text, 6, '0'), 'SN-CNT-' || g, (g % 10 = 0)::int
        from generate_series(1, ${BIG}) g`),
    );
    await t.ctx.db.execute(sql`analyze equipment`);
  });
  afterAll(() => t?.close());

  it('counts exactly up to the cap, and runs no count when the page is not full', async () => {
    // a tenth of the rows: more than a page, fewer than the cap → the exact number
    const online = await list({ page: 1, pageSize: 20, onlineStatus: 1, equipmentCoding: 'CNT-' });
    expect(online.status).toBe(200);
    expect(online.body.data.total).toBe(BIG / 10);
    expect(online.body.data.list).toHaveLength(20);
    // the last page, not full: offset + its rows, without counting
    const lastPage = Math.ceil(BIG / 10 / 20);
    let last: Awaited<ReturnType<typeof list>> | undefined;
    const seen = await statements(t.ctx.db, async () => {
      last = await list({ page: lastPage, pageSize: 20, onlineStatus: 1, equipmentCoding: 'CNT-' });
    });
    expect(last!.body.data.total).toBe(BIG / 10);
    expect(last!.body.data.list).toHaveLength(BIG / 10 - (lastPage - 1) * 20);
    expect(counts(seen)).toHaveLength(0);
    // past the end: no row, still the exact total
    const past = await list({ page: lastPage + 5, pageSize: 20, onlineStatus: 1, equipmentCoding: 'CNT-' });
    expect(past.body.data.list).toHaveLength(0);
    expect(past.body.data.total).toBe(BIG / 10);
    // a search matching a few rows: one page, its size is the total
    const few = await list({ page: 1, pageSize: 20, equipmentCoding: 'CNT-00012' });
    expect(few.body.data.total).toBe(few.body.data.list.length);
    expect(few.body.data.total).toBe(10); // CNT-000120 … CNT-000129
  });

  it('past the cap, counts no further: the total is an estimate above the cap, and says so', async () => {
    let res: Awaited<ReturnType<typeof list>> | undefined;
    const seen = await statements(t.ctx.db, async () => {
      res = await list({ page: 1, pageSize: 20, sortField: 'equipmentName', sortOrder: 'desc' });
    });
    expect(res!.status).toBe(200);
    expect(res!.body.data.list).toHaveLength(20);
    const { total } = res!.body.data;
    expect(total).toBeGreaterThan(LIST_COUNT_CAP);
    // the answer says so (the console shows "about N")
    expect(res!.body.data.estimated).toBe(true);
    // the planner's estimate of ~BIG rows (the seeded equipment besides), not a count
    expect(total).toBeLessThan(BIG * 2);
    const [count] = counts(seen);
    expect(count).toMatch(/limit/i);
    // the service says the total is an estimate (the console shows it as one)
    const session = { tenantId: demoId, userId: 0, username: 'demo', lang: 'en_US' } as SessionInfo;
    const page = await t.services.resources.get('rfid/equipment')!.list(session, { page: 1, pageSize: 20 });
    expect(page).toMatchObject({ estimated: true });
    expect(page.total).toBeGreaterThan(LIST_COUNT_CAP);
    const exact = await t.services.resources.get('rfid/equipment')!.list(session, { page: 1, pageSize: 20, onlineStatus: 1 });
    expect(exact).not.toHaveProperty('estimated');
  });
});
