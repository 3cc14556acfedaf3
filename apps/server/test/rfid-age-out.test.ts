/**
 * The age-out of departed tags' EPC states (issue 28, item 12; state/age-out.ts): a tenant's rows
 * of tags not present and not read for its kept days go (tenant parameter RFID_STATE_KEEP_DAYS,
 * 90 days without one), a chunk a statement, as a recurring job; present and recent rows stay, and
 * so do other tenants' rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../src/core/queue/queue.js';
import { queryRows } from '../src/db/client.js';
import { AGE_OUT_CHUNK, ageOutStates, ageOutTenant, keepDaysByTenant } from '../src/modules/rfid/state/age-out.js';
import { startTestApp, type TestApp } from './support.js';

const DAY = 86_400_000;
let t: TestApp;
let demo: number;
let acme: number;

beforeAll(async () => {
  t = await startTestApp();
  // the tests run the age-out themselves (the recurring job would race them)
  await t.queue.stop();
  const ids = await queryRows<{ id: number; code: string }>(
    t.ctx.db,
    sql`select id::int as id, code from tenants where code in ('DEMO', 'ACME')`,
  );
  demo = ids.find((r) => r.code === 'DEMO')!.id;
  acme = ids.find((r) => r.code === 'ACME')!.id;
}, 240_000);
afterAll(() => t?.close());

/** A state row last read `daysAgo` days ago, with this presence. */
async function put(tenantId: number, epc: string, presence: 'present' | 'departed' | 'sold' | null, daysAgo: number) {
  const seen = new Date(Date.now() - daysAgo * DAY);
  const due = new Date(seen.getTime() + 600_000);
  await t.ctx.db.execute(sql`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, presence,
      presence_since, presence_seen_at, depart_due_at, depart_check_at, sold_at)
    values (${tenantId}, ${epc}, ${seen}, ${seen}, 1, ${presence}, ${presence ? seen : null}, ${presence ? seen : null},
      ${presence === 'present' ? due : null}, ${presence === 'present' ? due : null}, ${presence === 'sold' ? seen : null})`);
}
const left = async (tenantId: number, prefix: string) =>
  (
    await queryRows<{ epc: string }>(
      t.ctx.db,
      sql`select epc from rfid_epc_states where tenant_id = ${tenantId} and epc like ${`${prefix}%`} order by epc`,
    )
  ).map((r) => r.epc);

describe('the age-out of departed tags from rfid_epc_states', () => {
  it("removes a tenant's old rows of departed, sold and never placed tags; recent and present ones stay, another tenant's are untouched", async () => {
    const p = 'A0E1';
    await put(demo, `${p}01`, 'departed', 100);
    await put(demo, `${p}02`, 'sold', 100);
    await put(demo, `${p}03`, null, 100);
    // present however old: its departure comes first
    await put(demo, `${p}04`, 'present', 100);
    await put(demo, `${p}05`, 'departed', 30);
    await put(demo, `${p}06`, 'departed', 89.9);
    await put(acme, `${p}01`, 'departed', 100);
    const r = await ageOutTenant(t.ctx.db, demo, new Date(), 90);
    expect(r).toEqual({ deleted: 3, chunks: 1 });
    expect(await left(demo, p)).toEqual([`${p}04`, `${p}05`, `${p}06`]);
    expect(await left(acme, p)).toEqual([`${p}01`]);
    // named tenants only
    expect(await ageOutStates(t.ctx.db, new Date(), undefined, { tenantIds: [demo] })).toEqual({ tenants: 1, deleted: 0 });
    expect(await left(acme, p)).toEqual([`${p}01`]);
  });

  it('honours the tenant parameter RFID_STATE_KEEP_DAYS (90 days without one), run as the recurring job', async () => {
    const p = 'A0E2';
    // the demo data ships the parameter at 90 days; ACME's admin sets 10 on the parameter screen, DEMO's goes
    expect((await keepDaysByTenant(t.ctx.db, [demo, acme])).get(acme)).toBe(90);
    const [param] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from tenant_params where tenant_id = ${acme} and code = 'RFID_STATE_KEEP_DAYS'`,
    );
    const token = await t.login('acme', 'acme123');
    const upd = await t.call('POST', '/api/tenant/param/update', { token, body: { id: param.id, value: '10' } });
    expect(upd.status, upd.body.msg).toBe(200);
    await t.ctx.db.execute(sql`delete from tenant_params where tenant_id = ${demo} and code = 'RFID_STATE_KEEP_DAYS'`);
    expect(Object.fromEntries(await keepDaysByTenant(t.ctx.db, [demo, acme]))).toEqual({ [demo]: 90, [acme]: 10 });

    // the job kind as the queue runs it; first any run the app's own runner left queued
    const runner = new JobQueue(t.ctx, t.services, { kinds: ['rfid.ageOutStates'] });
    await runner.drain();
    await put(acme, `${p}01`, 'departed', 20);
    await put(acme, `${p}02`, 'departed', 5);
    await put(acme, `${p}03`, 'present', 20);
    await put(demo, `${p}01`, 'departed', 20);
    await put(demo, `${p}02`, 'sold', 95);

    // a period of its own (the app's runner may have run this hour's)
    await runner.enqueueRecurring(Date.now() + 1000 * 3_600_000);
    expect(await runner.drain()).toBe(1);
    const [job] = await queryRows<{ state: string; message: string; params: { count: number; tenants: number } }>(
      t.ctx.db,
      sql`select state, message, message_params as params from jobs where kind = 'rfid.ageOutStates' order by created_at desc limit 1`,
    );
    expect(job.state).toBe('done');
    expect(job.message).toBe('epcState.ageOutDone');
    expect(job.params.count).toBeGreaterThanOrEqual(2);
    expect(job.params.tenants).toBeGreaterThanOrEqual(2);

    expect(await left(acme, p)).toEqual([`${p}02`, `${p}03`]);
    expect(await left(demo, p)).toEqual([`${p}01`]);
  });

  it(`deletes ${AGE_OUT_CHUNK.toLocaleString('en')} rows a statement`, async () => {
    const p = 'A0E3';
    const old = new Date(Date.now() - 200 * DAY);
    await t.ctx.db.execute(sql`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, presence)
      select ${demo}, ${p} || lpad(to_hex(i), 8, '0'), ${old}, ${old}, 1, 'departed' from generate_series(1, 12000) i`);
    await put(demo, `${p}FFFFFFFFF`, 'present', 200);
    const r = await ageOutTenant(t.ctx.db, demo, new Date(), 90);
    expect(r).toEqual({ deleted: 12_000, chunks: 3 });
    expect(await left(demo, p)).toEqual([`${p}FFFFFFFFF`]);
    // a smaller chunk: more statements, the same end; the run logs what went, per tenant
    await t.ctx.db.execute(sql`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, presence)
      select ${demo}, ${p} || lpad(to_hex(i), 8, '0'), ${old}, ${old}, 1, 'sold' from generate_series(1, 2500) i`);
    const logged: [Record<string, unknown>, string][] = [];
    const log = { info: (o: Record<string, unknown>, m: string) => logged.push([o, m]) } as unknown as Parameters<typeof ageOutStates>[2];
    expect(await ageOutStates(t.ctx.db, new Date(), log, { tenantIds: [demo], chunk: 1000 })).toEqual({ tenants: 1, deleted: 2500 });
    expect(logged).toEqual([
      [{ tenantId: demo, keepDays: 90, deleted: 2500, chunks: 3, ms: expect.any(Number) }, 'rfid: EPC states of departed tags aged out'],
    ]);
    expect(await left(demo, p)).toEqual([`${p}FFFFFFFFF`]);
  });
});
