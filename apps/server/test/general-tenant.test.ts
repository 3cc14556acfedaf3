import * as XLSX from '@e965/xlsx';
import { type CodingDomain, codingRuleSample, templateCodingRuleResource } from '@tagloom/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, templateCodingRules, templateGoodsAttrs, templateLocationAttrs, tenantGroups, tenants } from '../src/db/schema/index.js';
import { TenantService } from '../src/modules/general/tenant/service.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const EN = 'en_US';
const TW = 'zh_TW';

/** Domains laid out one after another from bit 0: [name, length, base, default]. */
function layout(...rows: [string, number, number?, string?][]): CodingDomain[] {
  let at = 0;
  return rows.map(([name, length, base = 10, defaultValue = '']) => {
    const d = { name, length, startIndex: at, endIndex: at + length - 1, valueType: 1, base, defaultValue, padding: 1 };
    at += length;
    return d;
  });
}

/** SGTIN-96 of the GS1 tag data standard's example: urn:epc:id:sgtin:0614141.812345.6789, filter 3. */
const SGTIN_EXAMPLE = layout(
  ['header', 8, 16, '30'],
  ['filter', 3, 10, '3'],
  ['partition', 3, 10, '5'],
  ['gtin', 44, 10, '643974325561'],
  ['serial', 38, 10, '6789'],
);

describe(`tenant screen, coding-rule templates and what tenants use, on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  let demo: string;
  let screenMenu: number;
  let goodsTpl: number;
  let locationTpl: number;
  let codingTpl: number;

  const tenantBody = (over: Record<string, unknown> = {}) => ({
    code: 'ZT0',
    name: 'Zeta Tenant',
    adminUsername: 'zt0_admin',
    password: 'zeta1234',
    confirmPassword: 'zeta1234',
    goodsAttrTemplateId: goodsTpl,
    locationAttrTemplateId: locationTpl,
    codingRuleTemplateId: codingTpl,
    menus: [{ menuId: screenMenu, actions: ['query'] }],
    ...over,
  });
  const createTenant = async (over: Record<string, unknown>) => {
    const r = await t.call('POST', '/api/general/tenant/create', { token: admin, lang: EN, body: tenantBody(over) });
    expect(r.body.msg).toBe('Saved');
    return r.body.data as { id: number; code: string; name: string };
  };
  const list = async (body: Record<string, unknown>, token = admin) =>
    t.call('POST', '/api/general/tenant/list', { token, lang: EN, body: { page: 1, pageSize: 50, ...body } });
  const codes = async (body: Record<string, unknown>) => {
    const r = await list(body);
    expect(r.status).toBe(200);
    return (r.body.data.list as { code: string }[]).map((x) => x.code);
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    auditor = await t.login('auditor', 'auditor123');
    demo = await t.login('demo', 'demo123');
    [{ id: screenMenu }] = await t.ctx.db.select({ id: menus.id }).from(menus).where(eq(menus.code, 'label/purchase-order'));
    [{ id: goodsTpl }] = await t.ctx.db.select({ id: templateGoodsAttrs.id }).from(templateGoodsAttrs).limit(1);
    [{ id: locationTpl }] = await t.ctx.db.select({ id: templateLocationAttrs.id }).from(templateLocationAttrs).limit(1);
    [{ id: codingTpl }] = await t.ctx.db
      .select({ id: templateCodingRules.id })
      .from(templateCodingRules)
      .where(eq(templateCodingRules.code, 'CR-SGTIN96'));
  });
  afterAll(() => t?.close());

  describe('coding-rule templates', () => {
    const base = '/api/general/template-coding-rule';
    const rule = (over: Record<string, unknown> = {}) => ({
      code: 'CR-T1',
      name: 'Test rule',
      totalLength: 96,
      domains: SGTIN_EXAMPLE,
      ...over,
    });

    it('seeds SGTIN-96 and a tenant custom rule whose domains tile 96 bits, with their samples', async () => {
      const r = await t.call('POST', `${base}/list`, { token: admin, body: { page: 1, pageSize: 50 } });
      const rows = r.body.data.list as { code: string; totalLength: number; domains: CodingDomain[]; sample: string }[];
      expect(rows.map((x) => x.code)).toEqual(expect.arrayContaining(['CR-SGTIN96', 'CR-TENANT96']));
      for (const row of rows) {
        expect(row.totalLength).toBe(96);
        expect(row.domains.reduce((n, d) => n + d.length, 0)).toBe(96);
        expect(row.sample).toMatch(/^[0-9A-F]{24}$/);
      }
      const sgtin = rows.find((x) => x.code === 'CR-SGTIN96')!;
      expect(sgtin.domains.map((d) => [d.name, d.length])).toEqual([
        ['header', 8],
        ['filter', 3],
        ['partition', 3],
        ['companyItem', 44],
        ['serial', 38],
      ]);
    });

    it('refuses domains whose lengths do not add up to the total, naming the field, in each language', async () => {
      const short = layout(['header', 8, 16, '30'], ['serial', 82]);
      const en = await t.call('POST', `${base}/create`, { token: admin, lang: EN, body: rule({ domains: short }) });
      expect(en.status).toBe(400);
      expect(en.body.msg).toBe("Domains: the domains' lengths add up to 90 bits, but the total length is 96 bits");
      expect(en.body.data.fields).toEqual([
        { field: 'domains', message: "the domains' lengths add up to 90 bits, but the total length is 96 bits" },
      ]);
      const tw = await t.call('POST', `${base}/create`, { token: admin, lang: TW, body: rule({ domains: short }) });
      expect(tw.body.msg).toBe('編碼域：各編碼域長度總和為 90 位元，與總長度 96 位元不符');
      const cn = await t.call('POST', `${base}/create`, { token: admin, lang: 'zh_CN', body: rule({ domains: short }) });
      expect(cn.body.msg).toContain('编码域');
      expect(cn.body.msg).toContain('90');
      expect((await t.ctx.db.select().from(templateCodingRules).where(eq(templateCodingRules.code, 'CR-T1'))).length).toBe(0);
    });

    it('refuses overlapping, gapped or mis-spanned domains and values that do not fit', async () => {
      const cases: [CodingDomain[], string][] = [
        [
          [
            { ...SGTIN_EXAMPLE[0] },
            { ...SGTIN_EXAMPLE[1], startIndex: 7, endIndex: 9 },
            ...SGTIN_EXAMPLE.slice(2).map((d) => ({ ...d, startIndex: d.startIndex - 1, endIndex: d.endIndex - 1 })),
            { name: 'pad', length: 1, startIndex: 95, endIndex: 95, valueType: 1, base: 2, padding: 1 },
          ],
          'domain 2 (filter) starts at bit 7 and overlaps the domain before it; it should start at bit 8',
        ],
        [
          [
            { ...SGTIN_EXAMPLE[0] },
            ...SGTIN_EXAMPLE.slice(1).map((d) => ({ ...d, startIndex: d.startIndex + 1, endIndex: d.endIndex + 1 })),
          ],
          'bits 8 to 8 before domain 2 (filter) belong to no domain',
        ],
        [
          SGTIN_EXAMPLE.map((d, i) => (i === 1 ? { ...d, endIndex: d.endIndex + 1 } : d)),
          'domain 2 (filter) runs from bit 8 to bit 11, which is 4 bits, not its length of 3 bits',
        ],
        [
          SGTIN_EXAMPLE.map((d, i) => (i === 1 ? { ...d, defaultValue: '9' } : d)),
          'the default value “9” of domain 2 (filter) does not fit in 3 bits',
        ],
        [
          SGTIN_EXAMPLE.map((d, i) => (i === 0 ? { ...d, defaultValue: 'XZ' } : d)),
          'the default value “XZ” of domain 1 (header) is not a base-16 number',
        ],
        [SGTIN_EXAMPLE.map((d, i) => (i === 4 ? { ...d, name: 'Header' } : d)), 'the domain name “Header” is used twice in this rule'],
      ];
      for (const [domains, message] of cases) {
        const r = await t.call('POST', `${base}/create`, { token: admin, lang: EN, body: rule({ domains }) });
        expect(r.status, message).toBe(400);
        expect(r.body.msg).toContain(`Domains: ${message}`);
      }
      // a malformed domain: its own fields are named, by row (the declaration's item fields)
      const malformed = [{ name: 'x', length: 0 } as unknown as CodingDomain];
      const bad = await t.call('POST', `${base}/create`, { token: admin, lang: EN, body: rule({ domains: malformed }) });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toContain('Length (bits) (row 1 of Domains): must be at least 1');
      const sample = await t.call('POST', `${base}/create`, { token: admin, lang: EN, body: rule({ sample: 'ABC' }) });
      expect(sample.body.msg).toBe('Sample: must be 24 hexadecimal digits (a 96-bit code)');
    });

    it('builds the sample from the default values when it is left empty, on create and update', async () => {
      expect(codingRuleSample(SGTIN_EXAMPLE, 96)).toBe('3074257BF7194E4000001A85');
      const made = await t.call('POST', `${base}/create`, { token: admin, lang: EN, body: rule({ code: 'CR-GS1' }) });
      expect(made.body.code).toBe(200);
      expect(made.body.data.sample).toBe('3074257BF7194E4000001A85');
      const domains = SGTIN_EXAMPLE.map((d, i) => (i === 4 ? { ...d, defaultValue: '1' } : d));
      const upd = await t.call('POST', `${base}/update`, { token: admin, body: { id: made.body.data.id, domains, sample: '' } });
      expect(upd.body.data.sample).toBe('3074257BF7194E4000000001');
      // a sample given by hand is kept
      const kept = await t.call('POST', `${base}/update`, {
        token: admin,
        body: { id: made.body.data.id, sample: 'e2000000000000000000abcd' },
      });
      expect(kept.body.data.sample).toBe('e2000000000000000000abcd');
      await t.call('POST', `${base}/delete`, { token: admin, body: { ids: [made.body.data.id] } });
    });

    it('declares domains as a list edited in rows, exported to Excel as JSON', () => {
      const domains = templateCodingRuleResource.list.find((f) => f.key === 'domains')!;
      expect(Object.keys(domains.items ?? {})).toEqual([
        'name',
        'alias',
        'length',
        'startIndex',
        'endIndex',
        'valueType',
        'base',
        'defaultValue',
        'startValue',
        'padding',
      ]);
      expect(domains.exported).toBe(true);
    });
  });

  describe('tenant templates', () => {
    it('refuses a coding-rule template or a group that does not exist, writing nothing', async () => {
      const r = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ code: 'GHOSTCR', codingRuleTemplateId: 999999 }),
      });
      expect([r.status, r.body.msg]).toEqual([400, 'The chosen Coding rule template does not exist']);
      const tw = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: TW,
        body: tenantBody({ code: 'GHOSTCR', codingRuleTemplateId: 999999 }),
      });
      expect(tw.body.msg).toBe('所選編碼規則範本不存在');
      const g = await t.call('POST', '/api/general/tenant/create', {
        token: admin,
        lang: EN,
        body: tenantBody({ code: 'GHOSTCR', groupId: 999999 }),
      });
      expect([g.status, g.body.msg]).toEqual([400, 'The chosen Tenant group does not exist']);
      expect(await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'GHOSTCR'))).toEqual([]);
      // on edit too
      const made = await createTenant({ code: 'ZTEDIT', name: 'Edit me', adminUsername: 'ztedit_admin' });
      const upd = await t.call('POST', '/api/general/tenant/update', {
        token: admin,
        lang: EN,
        body: { id: made.id, codingRuleTemplateId: 999999 },
      });
      expect([upd.status, upd.body.msg]).toEqual([400, 'The chosen Coding rule template does not exist']);
      const [row] = await t.ctx.db.select().from(tenants).where(eq(tenants.id, made.id));
      expect(row.codingRuleTemplateId).toBe(codingTpl);
      await t.call('POST', '/api/general/tenant/delete', { token: admin, body: { ids: [made.id] } });
    });
  });

  describe('tenant list: sort and created-at range', () => {
    beforeAll(async () => {
      // codes in the reverse order of the names; created on three known days
      const made = [
        await createTenant({ code: 'ZT1', name: 'Gamma Shoes', adminUsername: 'zt1_admin' }),
        await createTenant({ code: 'ZT2', name: 'Beta Denim', adminUsername: 'zt2_admin' }),
        await createTenant({ code: 'ZT3', name: 'Alpha Knit', adminUsername: 'zt3_admin' }),
      ];
      const days = ['2025-01-10T08:00:00Z', '2025-03-10T08:00:00Z', '2025-06-10T08:00:00Z'];
      for (const [i, m] of made.entries())
        await t.ctx.db
          .update(tenants)
          .set({ createdAt: new Date(days[i]) })
          .where(eq(tenants.id, m.id));
    });

    it('sorts by code, name and created time, both ways', async () => {
      expect(await codes({ code: 'ZT', sortField: 'code', sortOrder: 'asc' })).toEqual(['ZT1', 'ZT2', 'ZT3']);
      expect(await codes({ code: 'ZT', sortField: 'code', sortOrder: 'desc' })).toEqual(['ZT3', 'ZT2', 'ZT1']);
      expect(await codes({ code: 'ZT', sortField: 'name', sortOrder: 'asc' })).toEqual(['ZT3', 'ZT2', 'ZT1']);
      expect(await codes({ code: 'ZT', sortField: 'name', sortOrder: 'desc' })).toEqual(['ZT1', 'ZT2', 'ZT3']);
      expect(await codes({ code: 'ZT', sortField: 'createdAt', sortOrder: 'desc' })).toEqual(['ZT3', 'ZT2', 'ZT1']);
      expect(await codes({ code: 'ZT', sortField: 'createdAt' })).toEqual(['ZT1', 'ZT2', 'ZT3']);
      // the default order is by code
      expect(await codes({ code: 'ZT' })).toEqual(['ZT1', 'ZT2', 'ZT3']);
    });

    it('accepts only the declared sort fields and orders (never raw SQL)', async () => {
      for (const body of [
        { sortField: 'adminUsername' },
        { sortField: 'code; drop table tenants' },
        { sortField: 'code', sortOrder: 'asc nulls first' },
        { sortField: 'password' },
      ]) {
        const r = await list(body);
        expect(r.status, JSON.stringify(body)).toBe(400);
      }
      expect((await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'ZT1'))).length).toBe(1);
    });

    it('filters by the created-at range, either end open', async () => {
      expect(await codes({ code: 'ZT', createdAt: ['2025-02-01T00:00:00.000Z', '2025-12-31T23:59:59.999Z'] })).toEqual(['ZT2', 'ZT3']);
      expect(await codes({ code: 'ZT', createdAt: [null, '2025-03-10T23:59:59.999Z'] })).toEqual(['ZT1', 'ZT2']);
      expect(await codes({ code: 'ZT', createdAt: ['2025-06-01', null] })).toEqual(['ZT3']);
      expect(await codes({ code: 'ZT', createdAt: ['2024-01-01', '2024-12-31'] })).toEqual([]);
      expect((await list({ code: 'ZT', createdAt: [null, null] })).body.data.total).toBe(3);
      const bad = await list({ createdAt: ['not a date', null] });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('Created: must be a valid date');
    });

    it('exports as a job too: the module-built tenant service is found by the job, its file downloads', async () => {
      const started = await t.call('POST', '/api/general/tenant/export?job=1', { token: admin, lang: EN, body: { code: 'ZT' } });
      expect(started.status).toBe(200);
      const jobId = started.body.data.jobId as string;
      await expect
        .poll(async () => (await t.call('GET', `/api/jobs/${jobId}`, { token: admin })).body.data.state, { timeout: 30_000 })
        .toBe('done');
      const file = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/download`, headers: { token: admin } });
      expect(file.statusCode).toBe(200);
      const book = XLSX.read(file.rawPayload, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
      expect(rows[0]).toContain('Tenant code');
      expect(rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(['ZT2', 'ZT3']));
    });

    it('exports the filtered, sorted rows as .xlsx without passwords, with the export button only', async () => {
      const filter = { code: 'ZT', createdAt: ['2025-02-01', null], sortField: 'name', sortOrder: 'asc' };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/general/tenant/export',
        headers: { token: admin, langeType: EN },
        payload: filter,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="Tenant-\d{14}\.xlsx"/);
      const book = XLSX.read(res.rawPayload, { type: 'buffer' });
      expect(book.SheetNames[0]).toBe('Tenant');
      const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Tenant, { header: 1, defval: '' });
      const [header, ...rows] = sheet;
      expect(header).toEqual(['Tenant code', 'Tenant name', 'Tenant group', 'Status', 'Admin login name', 'Remark', 'Created']);
      const listed = (await list(filter)).body.data.list as Record<string, unknown>[];
      expect(rows.map((r) => r[0])).toEqual(['ZT3', 'ZT2']);
      expect(rows).toEqual(
        listed.map((x) => [
          x.code,
          x.name,
          x.groupName,
          x.status === 1 ? 'Enabled' : 'Disabled',
          x.adminUsername,
          x.remark,
          new Date(String(x.createdAt)).toISOString().replace('T', ' ').slice(0, 19),
        ]),
      );
      expect(JSON.stringify(sheet)).not.toContain('zeta1234');
      // all tenants when unfiltered; zh_TW labels
      const all = await t.app.inject({
        method: 'POST',
        url: '/api/general/tenant/export',
        headers: { token: admin, langeType: TW },
        payload: {},
      });
      const allBook = XLSX.read(all.rawPayload, { type: 'buffer' });
      const allRows = XLSX.utils.sheet_to_json<unknown[]>(allBook.Sheets[allBook.SheetNames[0]], { header: 1 });
      expect(allRows[0]).toContain('租戶編號');
      expect(allRows.length - 1).toBe((await list({})).body.data.total);
      // the auditor holds query and export; a tenant user holds no platform screen
      const aud = await t.app.inject({ method: 'POST', url: '/api/general/tenant/export', headers: { token: auditor }, payload: {} });
      expect(aud.statusCode).toBe(200);
      const denied = await t.app.inject({ method: 'POST', url: '/api/general/tenant/export', headers: { token: demo }, payload: {} });
      expect(denied.statusCode).toBe(403);
    });
  });

  describe('deleting what a tenant uses', () => {
    it('refuses to delete a template or group a tenant uses (409 naming the tenant) and deletes nothing', async () => {
      const made = (code: string, body: Record<string, unknown>) =>
        t.call('POST', `/api/general/${code}/create`, { token: admin, body }).then((r) => {
          expect(r.body.code).toBe(200);
          return r.body.data.id as number;
        });
      const attrs = [{ code: 'styleNumber', name: '款号', type: 1, required: true }];
      const goods = await made('template-goods-attr', { code: 'GA-INUSE', name: 'Goods in use', category: 1, basicAttrs: attrs });
      const location = await made('template-location-attr', { code: 'LA-INUSE', name: 'Location in use', category: 1, basicAttrs: attrs });
      const coding = await made('template-coding-rule', {
        code: 'CR-INUSE',
        name: 'Coding in use',
        totalLength: 96,
        domains: SGTIN_EXAMPLE,
      });
      const group = await made('tenant-group', { code: 'G-INUSE', name: 'Group in use' });
      const spare = await made('template-coding-rule', { code: 'CR-SPARE', name: 'Spare rule', totalLength: 96, domains: SGTIN_EXAMPLE });
      const user = await createTenant({
        code: 'INUSE',
        name: 'Inuse Apparel',
        adminUsername: 'inuse_admin',
        groupId: group,
        goodsAttrTemplateId: goods,
        locationAttrTemplateId: location,
        codingRuleTemplateId: coding,
      });

      const cases: [string, number, string, string][] = [
        ['template-goods-attr', goods, 'Goods attribute template “Goods in use”', '商品屬性範本「Goods in use」'],
        ['template-location-attr', location, 'Location attribute template “Location in use”', '位置屬性範本「Location in use」'],
        ['template-coding-rule', coding, 'Coding rule template “Coding in use”', '編碼規則範本「Coding in use」'],
        ['tenant-group', group, 'Tenant group “Group in use”', '租戶群組「Group in use」'],
      ];
      for (const [code, id, en, tw] of cases) {
        const r = await t.call('POST', `/api/general/${code}/delete`, { token: admin, lang: EN, body: { ids: [id] } });
        expect(r.status, code).toBe(409);
        expect(r.body.msg).toBe(`${en} is used by tenant Inuse Apparel (INUSE) and cannot be deleted`);
        const r2 = await t.call('POST', `/api/general/${code}/delete`, { token: admin, lang: TW, body: { ids: [id] } });
        expect(r2.body.msg).toBe(`${tw}正被租戶 Inuse Apparel (INUSE) 使用，無法刪除`);
        expect((await t.call('GET', `/api/general/${code}/get?id=${id}`, { token: admin })).status).toBe(200);
      }
      // with an unused row in the same call: all or nothing
      const both = await t.call('POST', '/api/general/template-coding-rule/delete', {
        token: admin,
        lang: EN,
        body: { ids: [spare, coding] },
      });
      expect(both.status).toBe(409);
      expect(
        await t.ctx.db
          .select()
          .from(templateCodingRules)
          .where(inArray(templateCodingRules.id, [spare, coding])),
      ).toHaveLength(2);

      // the tenant moves to another coding rule: the old one may go; once the tenant is gone, the rest too
      const moved = await t.call('POST', '/api/general/tenant/update', {
        token: admin,
        body: { id: user.id, codingRuleTemplateId: spare },
      });
      expect(moved.body.code).toBe(200);
      expect((await t.call('POST', '/api/general/template-coding-rule/delete', { token: admin, body: { ids: [coding] } })).status).toBe(
        200,
      );
      expect((await t.call('POST', '/api/general/tenant/delete', { token: admin, body: { ids: [user.id] } })).status).toBe(200);
      for (const [code, id] of [...cases.filter(([c]) => c !== 'template-coding-rule'), ['template-coding-rule', spare] as const]) {
        const r = await t.call('POST', `/api/general/${code}/delete`, { token: admin, body: { ids: [id] } });
        expect(r.status, code).toBe(200);
      }
      expect(await t.ctx.db.select().from(tenantGroups).where(eq(tenantGroups.id, group))).toEqual([]);
    });

    it('tells which tenants use the rows (the service other modules ask)', async () => {
      const [demoRow] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'DEMO'));
      await t.ctx.db.update(tenants).set({ codingRuleTemplateId: codingTpl }).where(eq(tenants.id, demoRow.id));
      const using = await new TenantService(t.ctx).tenantsUsing('codingRule', [codingTpl, 999999]);
      expect(using.map((u) => [u.code, u.refId])).toContainEqual(['DEMO', codingTpl]);
      expect(await new TenantService(t.ctx).tenantsUsing('group', [])).toEqual([]);
      const r = await t.call('POST', '/api/general/template-coding-rule/delete', { token: admin, lang: EN, body: { ids: [codingTpl] } });
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain('演示租户 (DEMO)');
      await t.ctx.db.update(tenants).set({ codingRuleTemplateId: null }).where(eq(tenants.id, demoRow.id));
    });
  });
});
