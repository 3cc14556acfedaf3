import { decodeEpc, POS_KIND, POS_SOURCE, TAG_EXCEPTION_KIND, TAG_STATUS, ZONE_TYPE } from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDeviceKey } from '../src/core/feed/device-keys.js';
import { queryRows } from '../src/db/client.js';
import { onHandOf } from '../src/modules/stock/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene, zoneOf } from './support-readers.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** The till (issue 30, ../shared/operations.md §6 E11): a POS's posts and a POS reader's sales, their effects, the feed. */
describe(`store/cashier on ${DRIVER}`, () => {
  let t: TestApp;
  let tenantId: number;
  let store: number;
  let room: number;
  let key: string;
  let tags: { epc: string; sku: number }[];
  let untaggedSku: { id: number; code: string };
  const url = '/api/store/pos/transactions';
  const post = (body: unknown, lang = 'en_US', k: string | null = key) =>
    t.call('POST', url, { body, lang, headers: k === null ? {} : { 'x-device-key': k } });
  const now = () => new Date(Date.now() - 60_000).toISOString();
  const sale = (txnNo: string, lines: Row[], more: Row = {}) => ({
    txn_no: txnNo,
    type: 'sale',
    timestamp: now(),
    biz_location: 'ST001',
    read_point: 'POS-T1',
    cashier: 'C01',
    currency: 'CNY',
    lines,
    ...more,
  });
  const tagged = (epc: string, qty = 1, price = 199) => ({ identifiers: [{ type: 'epc_hex', value: epc }], qty, unit_price: price });
  const stateOf = async (epc: string) =>
    (
      await queryRows<Row>(
        t.ctx.db,
        sql`select presence, presence_location_id::int as loc from rfid_epc_states where tenant_id = ${tenantId} and epc = ${epc}`,
      )
    )[0];
  const statusOf = async (epc: string) =>
    (await queryRows<{ status: number }>(t.ctx.db, sql`select status from label_tags where tenant_id = ${tenantId} and epc = ${epc}`))[0]
      ?.status;

  beforeAll(async () => {
    t = await startTestApp();
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    [{ id: store }] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code = 'ST001'`,
    );
    room = await zoneOf(t, tenantId, 'ST001', ZONE_TYPE.STOCK_ROOM);
    key = (await issueDeviceKey(t.ctx.db, tenantId, 'POS-T1')).key;
    // registry tags nobody sold or moved
    tags = (
      await queryRows<{ epc: string; sku: number }>(
        t.ctx.db,
        sql`select t.epc, t.sku_id::int as sku from label_tags t where t.tenant_id = ${tenantId} and t.epc <> ''
              and t.status not in (${TAG_STATUS.SOLD}, ${TAG_STATUS.WITHDRAWN}, ${TAG_STATUS.CLEARED}, ${TAG_STATUS.EXCEPTION})
              and not exists (select 1 from rfid_epc_states s where s.tenant_id = t.tenant_id and s.epc = t.epc)
            order by t.id desc limit 6`,
      )
    ).reverse();
    [untaggedSku] = await queryRows<{ id: number; code: string }>(
      t.ctx.db,
      sql`select id::int as id, sku_barcode as code from goods_skus where tenant_id = ${tenantId} and id <> ${tags[0].sku} order by id limit 1`,
    );
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('takes a POS device key only', async () => {
    expect((await post(sale('K-1', [tagged(tags[5].epc)]), 'en_US', null)).status).toBe(401);
    expect((await post(sale('K-1', [tagged(tags[5].epc)]), 'en_US', 'dk_not-a-key')).status).toBe(401);
    const token = await t.login('demo', 'demo123');
    expect((await t.call('POST', url, { token, body: sale('K-1', [tagged(tags[5].epc)]) })).status).toBe(401);
  });

  it('refuses bad input with 400 naming the field, never a 5xx', async () => {
    const cases: [Row, string][] = [
      [{ ...sale('B-1', [tagged(tags[5].epc)]), txn_no: '' }, 'Txn no.'],
      [sale('B-2', [{ ...tagged(tags[5].epc), qty: 0 }]), 'Qty'],
      [
        sale('B-3', [{ identifiers: [{ type: 'epc_uri', value: 'urn:epc:id:sgtin:nonsense' }], qty: 1, unit_price: 1 }]),
        'Identifier value',
      ],
      [sale('B-4', [tagged(tags[5].epc)], { biz_location: 'NO-SUCH-STORE' }), 'Business location'],
      [sale('B-5', [tagged(tags[5].epc, -1)]), 'Qty'],
      [sale('B-6', [{ qty: 1, unit_price: 10 }]), 'SKU barcode'],
      [sale('B-7', [{ sku: 'NO-SUCH-SKU', qty: 1, unit_price: 10 }]), 'SKU barcode'],
      [sale('B-8', [tagged(tags[5].epc)], { timestamp: '2020-01-01T00:00:00Z' }), 'Time'],
      [sale('B-9', [tagged(tags[5].epc)], { biz_location: 'WH01' }), 'Business location'],
      [sale('B-10', []), 'Lines'],
      [sale('B-11', [tagged(tags[5].epc), tagged(tags[5].epc)]), 'Identifiers'],
    ];
    for (const [body, field] of cases) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.msg, r.body.msg).toContain(field);
    }
    const zh = await post({ ...sale('B-1', [tagged(tags[5].epc)]), txn_no: '' }, 'zh_CN');
    expect(zh.body.msg).toContain('交易号');
    // nothing of them was stored
    const [{ n }] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from pos_txn_keys where tenant_id = ${tenantId} and txn_no like 'B-%'`,
    );
    expect(n).toBe(0);
  });

  it('a sale then its return: the book as it was, presence, EAS and tag status flipped and back; the same post twice changes nothing', async () => {
    const [epc] = [tags[0].epc];
    const before = await onHandOf(t.ctx.db, tenantId, store, [tags[0].sku, untaggedSku.id]);
    const body = sale('S-0001', [tagged(epc, 1, 299), { sku: untaggedSku.code, qty: 2, unit_price: 50, discount: 10 }]);
    const first = await post(body);
    expect(first.status, first.body.msg).toBe(200);
    expect(first.body.data).toMatchObject({
      duplicate: false,
      txn: { txnNo: 'S-0001', kind: POS_KIND.SALE, lineCount: 2, total: '389.00' },
    });
    const mid = await onHandOf(t.ctx.db, tenantId, store, [tags[0].sku, untaggedSku.id]);
    expect(mid.get(tags[0].sku)).toBe((before.get(tags[0].sku) ?? 0) - 1);
    expect(mid.get(untaggedSku.id)).toBe((before.get(untaggedSku.id) ?? 0) - 2);
    expect(await stateOf(epc)).toMatchObject({ presence: 'sold', loc: store });
    expect(await statusOf(epc)).toBe(TAG_STATUS.SOLD);
    // the lifecycle: retail_selling / retail_sold, invoice = the txn no.
    const events = await queryRows<Row>(
      t.ctx.db,
      sql`select biz_step, disposition, biz_transactions from label_tag_events where tenant_id = ${tenantId} and ${epc} = any(epcs)`,
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        biz_step: 'retail_selling',
        disposition: 'retail_sold',
        biz_transactions: [{ type: 'inv', id: 'S-0001' }],
      }),
    );
    // the same post again: the first result, nothing moved
    const again = await post(body);
    expect(again.body.data).toMatchObject({ duplicate: true, txn: { id: first.body.data.txn.id } });
    expect(await onHandOf(t.ctx.db, tenantId, store, [tags[0].sku, untaggedSku.id])).toEqual(mid);

    const back = await post({
      ...sale('R-0001', [
        { ...tagged(epc, -1, 299), original_txn_no: 'S-0001' },
        { sku: untaggedSku.code, qty: -2, unit_price: 50, discount: 10 },
      ]),
      type: 'return',
    });
    expect(back.status, back.body.msg).toBe(200);
    expect(back.body.data.txn).toMatchObject({ kind: POS_KIND.RETURN, total: '-389.00' });
    expect(await onHandOf(t.ctx.db, tenantId, store, [tags[0].sku, untaggedSku.id])).toEqual(
      new Map([...before.entries(), [tags[0].sku, before.get(tags[0].sku) ?? 0], [untaggedSku.id, before.get(untaggedSku.id) ?? 0]]),
    );
    expect(await stateOf(epc)).toMatchObject({ presence: 'present', loc: room });
    expect(await statusOf(epc)).toBe(TAG_STATUS.RECEIVED);
    // the sold piece was never an abnormal label
    const [{ n }] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from label_tag_exceptions where tenant_id = ${tenantId} and epc = ${epc}`,
    );
    expect(n).toBe(0);
  });

  it('a returned EPC the tenant never sold raises an abnormal label (unknown, or a tag never sold)', async () => {
    const stranger = '3034FFFFFFFFFFFF00000001';
    const r = await post({ ...sale('R-0002', [tagged(stranger, -1), tagged(tags[1].epc, -1)]), type: 'return' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const found = await queryRows<Row>(
      t.ctx.db,
      sql`select epc, kind, site_id::int as site from label_tag_exceptions where tenant_id = ${tenantId} and epc in (${stranger}, ${tags[1].epc}) order by kind`,
    );
    expect(found).toEqual([
      { epc: stranger, kind: TAG_EXCEPTION_KIND.UNKNOWN_EPC, site: store },
      { epc: tags[1].epc, kind: TAG_EXCEPTION_KIND.RETURN_UNSOLD, site: store },
    ]);
  });

  it('reads an EPC as epc_uri or gs1_elementstring', async () => {
    const d = decodeEpc(tags[2].epc);
    const uri = d.uri;
    const element = d.elementString!;
    const r = await post(sale('S-URI', [{ identifiers: [{ type: 'epc_uri', value: uri }], qty: 1, unit_price: 10 }]));
    expect(r.status, r.body.msg).toBe(200);
    expect(await statusOf(tags[2].epc)).toBe(TAG_STATUS.SOLD);
    const e = await post(sale('S-ELEM', [{ identifiers: [{ type: 'gs1_elementstring', value: element }], qty: 1, unit_price: 10 }]));
    expect(e.status, e.body.msg).toBe(200);
    // the element string named the same tag: already sold, so that sale moved nothing again
    expect(e.body.data.txn.lineCount).toBe(1);
  });

  it("a POS-scene reader's sale becomes a transaction of source READER", async () => {
    const scene = await testScene(t, tenantId, 'POS-T', 3);
    const readerKey = await testReader(t, tenantId, 'POS-READER-T', store, scene);
    await readAndFold(t, readerKey, [tags[3].epc], 'pos-reader-1');
    const [txn] = await queryRows<Row>(
      t.ctx.db,
      sql`select t.txn_no, t.source, t.kind, l.epc from pos_transactions t
            join pos_transaction_lines l on l.tenant_id = t.tenant_id and l.txn_id = t.id
           where t.tenant_id = ${tenantId} and l.epc = ${tags[3].epc}`,
    );
    expect(txn).toMatchObject({ source: POS_SOURCE.READER, kind: POS_KIND.SALE });
    expect(txn.txn_no).toMatch(/^POS-READER-T-\d{14}$/);
    expect(await statusOf(tags[3].epc)).toBe(TAG_STATUS.SOLD);
    expect(await stateOf(tags[3].epc)).toMatchObject({ presence: 'sold' });
  });

  it("an unsold tag through the store's EAS exit is an alarm line of the exit reader's log, once a passage; a sold one passes quietly", async () => {
    const exit = await zoneOf(t, tenantId, 'ST001', ZONE_TYPE.EXIT);
    const exitKey = await testReader(t, tenantId, 'EXIT-T1', exit, await testScene(t, tenantId, 'EXIT-T', SCENE_TYPE.EXIT));
    const epc = tags[4].epc;
    const alarms = async (lang = 'en_US') =>
      (
        await t.call('POST', '/api/rfid/equipment-log/list', {
          token: await t.login('demo', 'demo123'),
          lang,
          body: { equipmentCoding: 'EXIT-T1', eventType: 'easAlarm', pageSize: 20 },
        })
      ).body.data.list as Row[];
    // the passage: read three times at the exit
    await readAndFold(t, exitKey, [epc], 'eas-1', 3000, { times: 3 });
    const [alarm, ...more] = await alarms();
    expect(more).toEqual([]);
    expect(alarm).toMatchObject({ eventType: 'easAlarm', level: 'warn' });
    expect(alarm.message).toMatch(new RegExp(`^EAS alarm: EPC ${epc} left through the exit at .+ · 正门出口 unsold$`));
    expect((await alarms('zh_CN'))[0].message).toMatch(new RegExp(`^EAS 报警：EPC ${epc} 未售出，经出口 .+ · 正门出口 离开$`));
    expect(await stateOf(epc)).toMatchObject({ presence: 'departed' });
    // sold, then through the exit: no alarm
    const sold = await post(sale('S-EAS-1', [tagged(epc)]));
    expect(sold.status, sold.body.msg).toBe(200);
    await readAndFold(t, exitKey, [epc], 'eas-2', 500);
    expect(await alarms()).toHaveLength(1);
  });

  it('lists the feed with its lines; a store user sees its own store only', async () => {
    const demo = await t.login('demo', 'demo123');
    const all = await t.call('POST', '/api/store/cashier/list', { token: demo, body: { pageSize: 200 } });
    expect(all.status).toBe(200);
    const codes = new Set(all.body.data.list.map((r: Row) => r.storeCode));
    expect(codes.has('ST001')).toBe(true);
    expect(codes.size).toBeGreaterThan(1);
    const mine = await t.call('POST', '/api/store/cashier/list', { token: await t.login('store01', 'demo1234'), body: { pageSize: 200 } });
    expect(mine.status).toBe(200);
    expect(mine.body.data.list.length).toBeGreaterThan(0);
    expect(new Set(mine.body.data.list.map((r: Row) => r.storeCode))).toEqual(new Set(['ST001']));
    const store01 = await t.login('store01', 'demo1234');
    const own = all.body.data.list.find((r: Row) => r.txnNo === 'S-0001');
    const drawer = await t.call('GET', `/api/store/pos/transactions/${own.id}?at=${encodeURIComponent(own.createdAt)}`, { token: store01 });
    expect(drawer.status).toBe(200);
    expect(drawer.body.data.lines).toEqual([
      expect.objectContaining({ lineNo: 1, epc: tags[0].epc, qty: 1, unitPrice: '299.00', amount: '299.00' }),
      expect.objectContaining({ lineNo: 2, epc: null, skuCode: untaggedSku.code, qty: 2, amount: '90.00' }),
    ]);
    const other = all.body.data.list.find((r: Row) => r.storeCode !== 'ST001');
    const hidden = await t.call('GET', `/api/store/pos/transactions/${other.id}?at=${encodeURIComponent(other.createdAt)}`, {
      token: store01,
    });
    expect(hidden.status).toBe(404);
    // filters: kind and txn no.
    const returns = await t.call('POST', '/api/store/cashier/list', {
      token: demo,
      body: { pageSize: 50, kind: POS_KIND.RETURN, txnNo: 'R-' },
    });
    expect(returns.body.data.list.map((r: Row) => r.txnNo).sort()).toEqual(['R-0001', 'R-0002']);
  });
});
