import { type CodingDomain, CODING_VALUE_TYPE as V } from '@tagloom/domain';
import { decodeEpc, encodeEpc } from '@tagloom/domain/epc/index.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/errors.js';
import { templateCodingRules, tenants } from '../src/db/schema/index.js';
import { reserveSerials } from '../src/modules/general/coding-rule/serials.js';
import { tenantCodingRule } from '../src/modules/general/coding-rule/service.js';
import { codingSerials } from '../src/modules/general/coding-rule/tables.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const EN = 'en_US';
const BASE = '/api/general/template-coding-rule';

/** Domains laid out one after another from bit 0: [name, length, valueType, base?, default?, start?]. */
function layout(...rows: [string, number, number, number?, string?, string?][]): CodingDomain[] {
  let at = 0;
  return rows.map(([name, length, valueType, base = 10, defaultValue = '', startValue = '']) => {
    const d = { name, length, startIndex: at, endIndex: at + length - 1, valueType, base, defaultValue, startValue, padding: 1 };
    at += length;
    return d;
  });
}

describe(`coding rules: the tenant's rule, serial reservations, warnings, on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let demoId: number;
  let acmeId: number;
  let seq = 0;
  const code = () => `CRT-${Date.now().toString(36).slice(-4)}${++seq}`.toUpperCase();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    [{ id: demoId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
    [{ id: acmeId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'ACME'));
  });
  afterAll(() => t?.close());

  const create = async (body: Record<string, unknown>, lang = EN) => t.call('POST', `${BASE}/create`, { token: admin, lang, body });

  it('gives a tenant without a chosen template the GS1 SGTIN-96 rule, whose EPCs decode to the SKU’s GTIN', async () => {
    const rule = await tenantCodingRule(t.ctx.db, demoId);
    expect(rule.code).toBe('CR-SGTIN96');
    const epcs = rule.encoder.epcs({ gtin: '6901234000016', firstSerial: 41, count: 3 });
    expect(epcs[0]).toBe(encodeEpc({ scheme: 'sgtin-96', gtin: '6901234000016', companyPrefixLength: 7, filter: 1, serial: 41 }).epc);
    expect(epcs.map((e) => decodeEpc(e).uri)).toEqual([41, 42, 43].map((s) => `urn:epc:id:sgtin:6901234.000001.${s}`));
  });

  it('hands out serials never twice, however many reservations run at once, a counter per tenant', async () => {
    const { ruleId } = await tenantCodingRule(t.ctx.db, acmeId);
    // DEMO may have drawn serials already (its demo orders): its counter is its own
    const demoFirst = await t.ctx.db.transaction((tx) => reserveSerials(tx, demoId, ruleId, 5));
    const acmeFirst = await t.ctx.db.transaction((tx) => reserveSerials(tx, acmeId, ruleId, 1));
    const sizes = Array.from({ length: 12 }, (_, i) => 1 + ((i * 7919) % 50_000));
    const firsts = await Promise.all(sizes.map((n) => t.ctx.db.transaction((tx) => reserveSerials(tx, acmeId, ruleId, n))));
    const ranges = firsts.map((f, i) => [f, f + BigInt(sizes[i]) - 1n] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    // contiguous from where the tenant was, no overlap, no gap
    expect(ranges[0][0]).toBe(acmeFirst + 1n);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i][0]).toBe(ranges[i - 1][1] + 1n);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(ranges.at(-1)![1]).toBe(acmeFirst + BigInt(total));
    // the next order of the tenant goes on from there; another tenant has its own counter
    expect(await t.ctx.db.transaction((tx) => reserveSerials(tx, acmeId, ruleId, 5))).toBe(acmeFirst + BigInt(total) + 1n);
    expect(await t.ctx.db.transaction((tx) => reserveSerials(tx, demoId, ruleId, 5))).toBe(demoFirst + 5n);
  });

  it('refuses a range past the serial domain and rolls the counter back with the order’s transaction', async () => {
    const made = await create({
      code: code(),
      name: 'Tiny serial',
      totalLength: 64,
      domains: layout(['h', 8, V.fixed, 16, 'E7'], ['g', 44, V.goods], ['s', 12, V.serial, 10, '', '4000']),
    });
    expect(made.body.code).toBe(200);
    const ruleId = made.body.data.id as number;
    expect(await t.ctx.db.transaction((tx) => reserveSerials(tx, demoId, ruleId, 90))).toBe(4000n);
    // 4090 … 4099 would pass 4095 (12 bits)
    const err = await t.ctx.db.transaction((tx) => reserveSerials(tx, demoId, ruleId, 10)).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    const [row] = await t.ctx.db
      .select()
      .from(codingSerials)
      .where(and(eq(codingSerials.tenantId, demoId), eq(codingSerials.ruleId, ruleId)));
    expect(row.next).toBe(4090n);
    expect(await t.ctx.db.transaction((tx) => reserveSerials(tx, demoId, ruleId, 6))).toBe(4090n);
    // a rule a tenant drew serials from is not deleted: its serials could come again
    const del = await t.call('POST', `${BASE}/delete`, { token: admin, lang: EN, body: { ids: [ruleId] } });
    expect(del.status).toBe(409);
    expect(del.body.msg).toBe('the coding rule “Tiny serial” has made codes for 1 tenant(s); deleting it could repeat their serials');
  });

  it('uses the template the tenant row names', async () => {
    const [tenant96] = await t.ctx.db.select().from(templateCodingRules).where(eq(templateCodingRules.code, 'CR-TENANT96'));
    await t.ctx.db.update(tenants).set({ codingRuleTemplateId: tenant96.id }).where(eq(tenants.id, acmeId));
    try {
      const rule = await tenantCodingRule(t.ctx.db, acmeId);
      expect(rule.code).toBe('CR-TENANT96');
      const [epc] = rule.encoder.epcs({ gtin: '6901234000016', tenant: acmeId, firstSerial: 9, count: 1 });
      expect(epc.slice(0, 2)).toBe('E2');
      expect(Number.parseInt(epc.slice(2, 5), 16)).toBe(acmeId);
    } finally {
      await t.ctx.db.update(tenants).set({ codingRuleTemplateId: null }).where(eq(tenants.id, acmeId));
    }
  });

  it('makes the sample of a GS1 rule with the engine, and refuses GS1 domains without the company-prefix length', async () => {
    const domains = layout(
      ['header', 8, V.fixed, 16, '30'],
      ['filter', 3, V.filter, 10, '3'],
      ['partition', 3, V.partition],
      ['item', 44, V.gs1Item, 10, '80614141123458'],
      ['serial', 38, V.serial, 10, '6789'],
    );
    const made = await create({ code: code(), name: 'SGTIN by hand', totalLength: 96, companyPrefixLength: 7, domains });
    expect(made.body.code).toBe(200);
    expect(made.body.data.sample).toBe('3074257BF7194E4000001A85');
    expect(made.body.data.warnings).toEqual([]);
    const bad = await create({ code: code(), name: 'No prefix length', totalLength: 96, domains });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual([
      {
        field: 'companyPrefixLength',
        message: 'domain “partition” takes its value from the GS1 company prefix: give the company prefix digits (6 to 12)',
      },
    ]);
  });

  it('saves a custom rule whose header is a GS1 header, with a warning in the reader’s language', async () => {
    const domains = layout(['h', 8, V.fixed, 16, '31'], ['g', 44, V.goods], ['s', 44, V.serial, 10, '', '1']);
    const made = await create({ code: code(), name: 'Looks like SSCC', totalLength: 96, domains });
    expect(made.body.code).toBe(200);
    // the key for the console, the message in the session's language (admin's: Simplified Chinese)
    expect(made.body.data.warnings).toEqual([
      {
        key: 'coding.warn.gs1Header',
        params: { header: '31', scheme: 'SSCC-96' },
        message: '头部 31 是 GS1 的 SSCC-96 头部：读写器会把这些标签当作 SSCC-96 编码',
      },
    ]);
    const listed = await t.call('POST', `${BASE}/list`, { token: admin, body: { code: made.body.data.code } });
    expect(listed.body.data.list[0].warnings.map((w: { key: string }) => w.key)).toEqual(['coding.warn.gs1Header']);
  });
});
