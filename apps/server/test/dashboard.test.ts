import { LABEL_ORDER } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { labelSuppliers, tenants, users } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

describe(`dashboards on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const editor = async (token: string) => (await t.call('GET', '/api/dashboard/editor/summary', { token, lang: 'en_US' })).body.data;
  const kinds = (todos: { kind: string; count: number }[]) => Object.fromEntries(todos.map((x) => [x.kind, x.count]));

  it('counts the platform for a platform user and only its own tenant for a tenant user', async () => {
    const admin = await t.login('admin', 'admin123');
    const demo = await t.login('demo', 'demo123');
    const all = (await t.call('GET', '/api/dashboard/admin/summary', { token: admin })).body.data;
    const own = (await t.call('GET', '/api/dashboard/admin/summary', { token: demo })).body.data;
    const usersOf = async (tenantId?: number) =>
      (
        await t.ctx.db
          .select({ id: users.id })
          .from(users)
          .where(tenantId === undefined ? undefined : eq(users.tenantId, tenantId))
      ).length;
    const [demoTenant] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'DEMO'));
    expect(all).toMatchObject({ scope: 'platform', users: await usersOf() });
    expect(all.tenants).toBeGreaterThanOrEqual(2);
    expect(own).toMatchObject({ scope: 'tenant', tenants: 1, users: await usersOf(demoTenant.id) });
    expect(own.activeSessions).toBeGreaterThanOrEqual(1);
    expect(own.activeSessions).toBeLessThan(all.activeSessions);
    expect(own.loginsPerDay).toHaveLength(7);
    expect(own.loginsPerDay.at(-1).count).toBeGreaterThanOrEqual(1);
    expect(own.loginsPerDay.at(-1).count).toBeLessThan(all.loginsPerDay.at(-1).count);
  });

  it('counts the label orders by status and the tags they made, as the session sees them', async () => {
    const admin = await t.login('admin', 'admin123');
    const demo = await t.login('demo', 'demo123');
    const summary = async (token: string) => (await t.call('GET', '/api/dashboard/admin/summary', { token })).body.data;
    const [demoTenant] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'DEMO'));
    // what the tables hold, counted apart from the service
    const ordersOf = (where: string) =>
      queryRows<{ status: number; count: number }>(
        t.ctx.db,
        sql.raw(`select status::int as status, count(*)::int as count from label_orders where ${where} group by status order by status`),
      );
    const tagsOf = async (where: string) =>
      Number(
        (
          await queryRows<{ n: string }>(
            t.ctx.db,
            sql.raw(
              `select count(*) as n from label_tags g join label_orders o on o.tenant_id = g.tenant_id and o.id = g.order_id where ${where}`,
            ),
          )
        )[0].n,
      );
    const own = await summary(demo);
    expect(own.ordersByStatus).toEqual(await ordersOf(`tenant_id = ${demoTenant.id}`));
    // the demo seed: orders in many states, one cancelled, and tags of the orders whose EPCs were generated
    expect(own.ordersByStatus.length).toBeGreaterThan(5);
    expect(own.ordersByStatus.find((s: { status: number }) => s.status === LABEL_ORDER.CANCELLED)?.count).toBeGreaterThanOrEqual(1);
    expect(own.tags).toBeGreaterThan(0);
    expect(own.tags).toBe(await tagsOf(`o.tenant_id = ${demoTenant.id}`));
    const all = await summary(admin);
    expect(all.ordersByStatus).toEqual(await ordersOf('true'));
    expect(all.tags).toBe(await tagsOf('true'));

    // a user bound to a label supplier: that supplier's orders and their tags only
    const [ls01] = await t.ctx.db
      .select({ id: labelSuppliers.id })
      .from(labelSuppliers)
      .where(and(eq(labelSuppliers.tenantId, demoTenant.id), eq(labelSuppliers.code, 'LS01')));
    // bound by SQL, outside the server: the bus has brought the change to the cached sessions when sync() returns
    const bind = async (partyKind: string | null, partyId: number | null) => {
      await t.ctx.db
        .update(users)
        .set({ partyKind, partyId })
        .where(and(eq(users.tenantId, demoTenant.id), eq(users.username, 'demo')));
      await t.ctx.bus.sync();
    };
    await bind('labelSupplier', ls01.id);
    try {
      const bound = await summary(demo);
      expect(bound.ordersByStatus).toEqual(await ordersOf(`tenant_id = ${demoTenant.id} and supplier_id = ${ls01.id}`));
      // the seed's cancelled order is another supplier's
      expect(bound.ordersByStatus.find((s: { status: number }) => s.status === LABEL_ORDER.CANCELLED)).toBeUndefined();
      expect(bound.tags).toBe(await tagsOf(`o.tenant_id = ${demoTenant.id} and o.supplier_id = ${ls01.id}`));
      expect(bound.tags).toBeLessThanOrEqual(own.tags);
    } finally {
      await bind(null, null);
    }
  });

  it('tells no reads from all clear: devices by kind add up, a silent site is listed, a store clerk sees its store only', async () => {
    const summary = async (token: string) => (await t.call('GET', '/api/dashboard/admin/summary', { token })).body.data;
    const [demoTenant] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'DEMO'));
    const demo = await t.login('demo', 'demo123');
    const before = (await summary(demo)).rfid;
    // a fresh start: no read ever, and the sites with registered readers are listed, silent
    expect(before.readsToday).toBe(0);
    expect(before.lastReadAt).toBeNull();
    expect(before.sites.length).toBeGreaterThanOrEqual(2);
    expect(before.sites.every((s: { readsToday: number }) => s.readsToday === 0)).toBe(true);
    // every device of the tenant counted once: registered ones online or offline, by kind, the others apart
    const [{ n: devices }] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql.raw(`select count(*)::int as n from equipment where tenant_id = ${demoTenant.id}`),
    );
    type Dev = { kind: string; online: number; offline: number; unregistered: number };
    const total = before.devices.reduce((a: number, d: Dev) => a + d.online + d.offline + d.unregistered, 0);
    expect(total).toBe(devices);
    const kind = (k: string) => before.devices.find((d: Dev) => d.kind === k) as Dev;
    // the demo: POS, fitting room, two warehouse readers registered, R700-NEW waiting; the store's handheld apart
    expect(kind('reader').online + kind('reader').offline).toBe(4);
    expect(kind('reader').unregistered).toBe(1);
    expect(kind('handheld').online + kind('handheld').offline).toBe(1);
    // the archive's label printer PRN-04 counts as a printer (its model's category), not as "other"
    const printers = kind('printer');
    expect(printers.online + printers.offline + printers.unregistered).toBe(1);

    // reads at the warehouse gate: the warehouse's site counts them, the store's stays silent
    await t.ctx.db.execute(
      sql.raw(`insert into rfid_batches (tenant_id, equipment_coding, format, transport, tag_reads, events, status)
               values (${demoTenant.id}, 'GATE-01', 'impinj', 'http', 42, 1, 'ok')`),
    );
    const after = (await summary(demo)).rfid;
    expect(after.readsToday).toBe(before.readsToday + 42);
    expect(after.lastReadAt).not.toBeNull();
    const site = (rfid: { sites: { locationName: string; readsToday: number; readsLastHour: number }[] }, name: string) =>
      rfid.sites.find((s) => s.locationName === name);
    const wh = await queryRows<{ name: string }>(
      t.ctx.db,
      sql.raw(`select name from locations where code = 'WH01' and tenant_id = ${demoTenant.id}`),
    );
    const st = await queryRows<{ name: string }>(
      t.ctx.db,
      sql.raw(`select name from locations where code = 'ST001' and tenant_id = ${demoTenant.id}`),
    );
    expect(site(after, wh[0].name)).toMatchObject({ readsToday: 42, readsLastHour: 42 });
    expect(site(after, st[0].name)).toMatchObject({ readsToday: 0, readsLastHour: 0 });
    // the silent site comes first
    expect(after.sites[0].readsLastHour).toBe(0);

    // the store clerk: its store's readers, reads and site only
    const store = (await summary(await t.login('store01', 'demo1234'))).rfid;
    expect(store.readsToday).toBe(0);
    expect(store.sites.map((s: { locationName: string }) => s.locationName)).toEqual([st[0].name]);
    // its till, handheld, EAS exit and three fitting cabins' readers
    expect(store.devices.reduce((a: number, d: Dev) => a + d.online + d.offline + d.unregistered, 0)).toBe(6);
    expect(store.tagsByState.map((s: { state: string }) => s.state)).not.toContain('unplaced');
    const keeper = (await summary(await t.login('wh01', 'demo1234'))).rfid;
    expect(keeper.readsToday).toBe(42);
    expect(keeper.sites.map((s: { locationName: string }) => s.locationName)).toEqual([wh[0].name]);
    // the modules' cards count the whole tenant: a user of a site gets none of them
    const widgets = await t.call('GET', '/api/dashboard/admin/widgets', { token: await t.login('store01', 'demo1234') });
    expect(widgets.body.data).toEqual([]);
    expect((await t.call('GET', '/api/dashboard/admin/widgets', { token: demo })).body.data.length).toBeGreaterThan(0);
  });

  it('asks a user with the initial password to change it, until it is changed', async () => {
    let token = await t.login('viewer', 'viewer123');
    expect(kinds((await editor(token)).todos).changePassword).toBe(1);
    await t.call('POST', '/api/user/updatePassword', {
      token,
      body: { oldPassword: 'viewer123', newPassword: 'viewer456', confirmPassword: 'viewer456' },
    });
    token = await t.login('viewer', 'viewer456');
    expect(kinds((await editor(token)).todos).changePassword).toBeUndefined();
  });

  it('counts the failed sign-ins with the account since its previous visit', async () => {
    await t.login('demo', 'demo123');
    for (const pw of ['nope1', 'nope2']) await t.call('POST', '/api/user/login', { body: { username: 'demo', password: pw } });
    const token = await t.login('demo', 'demo123');
    expect(kinds((await editor(token)).todos).failedLogins).toBe(2);
    // the next visit starts afresh
    expect(kinds((await editor(await t.login('demo', 'demo123'))).todos).failedLogins).toBeUndefined();
  });

  it('shows a platform user the paused scheduled tasks, pointing at the scheduler', async () => {
    const admin = await t.login('admin', 'admin123');
    const before = kinds((await editor(admin)).todos).pausedTasks ?? 0;
    const list = await t.call('POST', '/api/general/scheduler/list', { token: admin, body: { state: 1 } });
    const task = list.body.data.list[0];
    expect((await t.call('POST', '/api/general/scheduler/pause', { token: admin, body: { id: task.id } })).body.code).toBe(200);
    const todos = (await editor(admin)).todos;
    expect(todos.find((x: { kind: string }) => x.kind === 'pausedTasks')).toEqual({
      kind: 'pausedTasks',
      count: before + 1,
      screen: 'general/scheduler',
    });
    // a tenant user never sees the platform's tasks
    expect(kinds((await editor(await t.login('acme', 'acme123'))).todos).pausedTasks).toBeUndefined();
  });
});
