import { defineResource, f, type ResourceDef } from '@tagloom/domain';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../src/core/context.js';
import type { ResourceService } from '../src/core/resource/service.js';
import { resourceTable } from '../src/db/resource-table.js';
import { startTestApp, type TestApp } from './support.js';

const EN = 'en_US';
const L = (en: string) => ({ zh_CN: en, zh_TW: en, en_US: en });

// a tenant-owned document with lines, declared for this test only (its tables are made below)
const lineDef = defineResource({
  code: 'test/order-line',
  screen: 'test/order',
  names: L('Order line'),
  owner: 'tenant',
  table: 'test_order_lines',
  titleField: 'code',
  fields: {
    orderId: f.ref('test/order', 'name', { label: L('Order'), search: 'eq', onDelete: 'cascade', editable: false }),
    code: f.text({ label: L('Code'), max: 16, uniqueWithin: 'orderId' }),
    qty: f.int({ label: L('Quantity'), min: 1, max: 1000 }),
  },
});
const orderDef = defineResource({
  code: 'test/order',
  names: L('Order'),
  owner: 'tenant',
  table: 'test_orders',
  titleField: 'name',
  children: [{ key: 'lines', resource: lineDef, parentField: 'orderId' }],
  fields: { name: f.text({ label: L('Order name'), max: 32 }) },
});
const orders = resourceTable(orderDef as unknown as ResourceDef);
const orderLines = resourceTable(lineDef as unknown as ResourceDef);

const session = (tenantId: number, userId: number): SessionInfo => ({
  tokenHash: '',
  tenantId,
  tenantCode: '',
  userId,
  userCode: '',
  username: '',
  userType: 1,
  loginType: 'web',
  lang: EN,
});

describe('references, lines, item lists and pickers', () => {
  let t: TestApp;
  let admin: string;
  let demo: SessionInfo;
  let acme: SessionInfo;
  let orderService: ResourceService;
  let lineService: ResourceService;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ orders, orderLines }));
    for (const s of statements) await t.ctx.db.execute(sql.raw(s));
    const tenants = (await t.ctx.db.execute(sql`select id, code from tenants where code in ('DEMO', 'ACME')`)) as unknown as {
      rows: { id: number; code: string }[];
    };
    const idOf = (code: string) => Number(tenants.rows.find((r) => r.code === code)!.id);
    demo = session(idOf('DEMO'), 1);
    acme = session(idOf('ACME'), 1);
    // loaded after the app (its modules import the service in the order the server does)
    const { ResourceService } = await import('../src/core/resource/service.js');
    orderService = new ResourceService(t.ctx, orderDef as unknown as ResourceDef, orders as never);
    lineService = new ResourceService(t.ctx, lineDef as unknown as ResourceDef, orderLines as never);
  }, 120_000);
  afterAll(() => t?.close());

  it('makes tenant keys composite: (tenant_id, order_id) → (tenant_id, id), cascading', async () => {
    const fk = (await t.ctx.db.execute(
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'test_order_lines_order_id_fk'`,
    )) as unknown as { rows: { def: string }[] };
    expect(fk.rows[0].def).toBe('FOREIGN KEY (tenant_id, order_id) REFERENCES test_orders(tenant_id, id) ON DELETE CASCADE');
  });

  it('writes a document with its lines in one transaction, naming a bad line', async () => {
    const made = await orderService.create(demo, {
      name: 'First',
      lines: [
        { code: 'A', qty: 1 },
        { code: 'B', qty: 2 },
      ],
    });
    const got = await orderService.get(demo, made.id as number);
    expect((got.lines as { code: string }[]).map((l) => l.code)).toEqual(['A', 'B']);

    // line 3 is wrong: nothing is written, and the message names the line and the field
    const bad = orderService.create(demo, { name: 'Second', lines: [{ code: 'A', qty: 1 }, { code: 'B', qty: 1 }, { qty: 5 }] });
    await expect(bad).rejects.toMatchObject({ status: 400, params: { summary: 'Line 3: Please enter code' } });
    const dup = orderService.create(demo, {
      name: 'Third',
      lines: [
        { code: 'A', qty: 1 },
        { code: 'A', qty: 1 },
      ],
    });
    await expect(dup).rejects.toMatchObject({ status: 400, params: { summary: 'Line 2: Code “A” repeats line 1' } });
    const n = (await t.ctx.db.execute(sql`select count(*)::int as n from test_orders where name in ('Second', 'Third')`)) as unknown as {
      rows: { n: number }[];
    };
    expect(n.rows[0].n).toBe(0);

    // update diffs the lines: A kept and changed, B gone, C added
    const [a] = got.lines as { id: number }[];
    await orderService.update(demo, {
      id: made.id as number,
      lines: [
        { id: a.id, code: 'A', qty: 9 },
        { code: 'C', qty: 3 },
      ],
    });
    const after = (await orderService.get(demo, made.id as number)).lines as { id: number; code: string; qty: number }[];
    expect(after.map((l) => [l.code, l.qty])).toEqual([
      ['A', 9],
      ['C', 3],
    ]);
    expect(after[0].id).toBe(a.id);
  });

  it("refuses a line of another tenant's document, and a line id of another document", async () => {
    const mine = await orderService.create(demo, { name: 'Demo order', lines: [{ code: 'X', qty: 1 }] });
    // ACME cannot reach DEMO's order: not as a parent of its own line (composite key) …
    await expect(lineService.create(acme, { orderId: mine.id, code: 'Y', qty: 1 })).rejects.toMatchObject({ cause: { code: '23503' } });
    const r = await t.ctx.db.execute(sql`select count(*)::int as n from test_order_lines where code = 'Y'`);
    expect((r as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    // … nor by editing it
    await expect(orderService.update(acme, { id: mine.id as number, lines: [] })).rejects.toMatchObject({ status: 404 });
    // a line of one document cannot be moved into another by its id
    const other = await orderService.create(demo, { name: 'Other order' });
    const line = ((await orderService.get(demo, mine.id as number)).lines as { id: number }[])[0];
    await expect(orderService.update(demo, { id: other.id as number, lines: [{ id: line.id, code: 'X', qty: 1 }] })).rejects.toMatchObject({
      status: 400,
    });
    // deleting the document takes its lines (cascade)
    await orderService.remove(demo, [mine.id as number]);
    const left = await t.ctx.db.execute(sql`select count(*)::int as n from test_order_lines where order_id = ${mine.id as number}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('answers a delete refused by a restrict key with 409 naming both, in every language', async () => {
    const group = await t.call('POST', '/api/general/tenant-group/create', { token: admin, body: { code: 'G-REF', name: 'Group ref' } });
    expect(group.body.code).toBe(200);
    const tenant = await t.call('POST', '/api/general/tenant/list', { token: admin, body: { code: 'DEMO' } });
    const demoRow = tenant.body.data.list[0];
    await t.ctx.db.execute(sql`update tenants set group_id = ${group.body.data.id} where id = ${demoRow.id}`);
    for (const [lang, msg] of [
      ['en_US', `Tenant group “Group ref” is used by tenant ${demoRow.name} (DEMO) and cannot be deleted`],
      ['zh_TW', `租戶群組「Group ref」正被租戶 ${demoRow.name} (DEMO) 使用，無法刪除`],
      ['zh_CN', `租户组“Group ref”正被租户 ${demoRow.name} (DEMO) 使用，不能删除`],
    ]) {
      const r = await t.call('POST', '/api/general/tenant-group/delete', { token: admin, lang, body: { ids: [group.body.data.id] } });
      expect([r.status, r.body.msg]).toEqual([409, msg]);
    }
    await t.ctx.db.execute(sql`update tenants set group_id = null where id = ${demoRow.id}`);
    expect((await t.call('POST', '/api/general/tenant-group/delete', { token: admin, body: { ids: [group.body.data.id] } })).status).toBe(
      200,
    );
  });

  it("cascades a product's parameters, and names a ref to a row that does not exist", async () => {
    const products = await t.call('POST', '/api/general/product/list', { token: admin, body: { page: 1, pageSize: 1 } });
    const product = products.body.data.list[0];
    const param = await t.call('POST', '/api/general/product-param/create', {
      token: admin,
      body: { product: product.id, code: 'refColor', name: 'Color' },
    });
    expect(param.body.code).toBe(200);
    expect((await t.call('POST', '/api/general/product/delete', { token: admin, body: { ids: [product.id] } })).status).toBe(200);
    const gone = await t.call('GET', `/api/general/product-param/get?id=${param.body.data.id}`, { token: admin });
    expect(gone.status).toBe(404);
    // a ref to a row that does not exist: 400 naming the field (the database's key refuses it)
    const missing = await t.call('POST', '/api/general/product-param/create', {
      token: admin,
      lang: EN,
      body: { product: product.id, code: 'orphan', name: 'Orphan' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/^Product: /);
  });

  it('checks the records of a json list with a strict schema, naming the field', async () => {
    const body = {
      module: 'M',
      code: 'REF_OPTS',
      name: 'Options',
      type: 2,
      options: [
        { name: 'One', code: 'one', default: true },
        { name: 'Two', code: 'two', default: false, colour: 'red' },
      ],
    };
    const r = await t.call('POST', '/api/general/sys-param/create', { token: admin, lang: EN, body });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('colour (row 2 of Options): is not an accepted field');
    const wrong = await t.call('POST', '/api/general/sys-param/create', {
      token: admin,
      lang: EN,
      body: { ...body, options: [{ name: 'One', code: 'o n e', default: true }] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0].field).toBe('options.0.code');
    expect(wrong.body.msg).toMatch(/^Option code \(row 1 of Options\): /);
    const ok = await t.call('POST', '/api/general/sys-param/create', {
      token: admin,
      lang: EN,
      body: { ...body, options: [body.options[0]] },
    });
    expect(ok.body.code).toBe(200);
  });

  it('serves picker options paged and searched, in the caller’s tenant, with labels of given ids', async () => {
    for (let i = 1; i <= 25; i++)
      await t.call('POST', '/api/general/tenant-group/create', { token: admin, body: { code: `OPT${i}`, name: `Option group ${i}` } });
    const page1 = await t.call('GET', '/api/general/tenant-group/options?q=option%20group', { token: admin });
    expect(page1.body.data).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(page1.body.data.list).toHaveLength(20);
    const page2 = await t.call('GET', '/api/general/tenant-group/options?q=option%20group&page=2', { token: admin });
    expect(page2.body.data.list).toHaveLength(5);
    const one = page1.body.data.list[3];
    const byId = await t.call('GET', `/api/general/tenant-group/options?ids=${one.value}`, { token: admin });
    expect(byId.body.data.list).toEqual([one]);
    const byCode = await t.call('GET', '/api/general/tenant-group/options?q=OPT7', { token: admin });
    expect(byCode.body.data.list.map((o: { label: string }) => o.label)).toEqual(['Option group 7']);

    // tenant rows: each tenant sees its own only
    const demoToken = await t.login('demo', 'demo123');
    const acmeToken = await t.login('acme', 'acme123');
    const mine = await t.call('GET', '/api/rfid/equipment/options', { token: demoToken });
    const theirs = await t.call('GET', '/api/rfid/equipment/options', { token: acmeToken });
    expect(mine.status).toBe(200);
    const ids = new Set(mine.body.data.list.map((o: { value: number }) => o.value));
    expect(theirs.body.data.list.some((o: { value: number }) => ids.has(o.value))).toBe(false);
    // a platform screen's options are refused to a tenant user
    expect((await t.call('GET', '/api/general/tenant-group/options', { token: demoToken })).status).toBe(403);
  });
});
