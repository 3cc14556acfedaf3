import { TAG_EXCEPTION_KIND, TAG_EXCEPTION_STATE, TAG_STATUS } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { recordException } from '../src/modules/label/tags/index.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene, zoneOf } from './support-readers.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** Abnormal labels of the warehouses (issue 29, ../shared/operations.md E7): found by the check and the fold. */
describe(`abnormal labels on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let tenantId: number;

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  const list = async (code: string, body: Row = {}, token = demo) => {
    const r = await t.call('POST', `/api/${code}/list`, { token, body: { page: 1, pageSize: 100, ...body }, lang: 'en_US' });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  };
  const siteId = async (code: string) =>
    (
      await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from locations where tenant_id = ${tenantId} and code = ${code}`)
    )[0].id;

  it('lists the exceptions the receiving check found at a warehouse, with the carton, bill and zone, worded in the reader’s language', async () => {
    const rows = (await list('warehouse/abnormal-label')).list;
    const wh01Id = await siteId('WH01');
    const wh02Id = await siteId('WH02');
    // only warehouse sites, every row placed
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const r of rows) expect([wh01Id, wh02Id]).toContain(r.siteId);
    const kinds = rows.map((r) => r.kind);
    expect(kinds.filter((k) => k === TAG_EXCEPTION_KIND.UNKNOWN_EPC).length).toBeGreaterThanOrEqual(3);
    expect(kinds.filter((k) => k === TAG_EXCEPTION_KIND.FOREIGN_EPC).length).toBeGreaterThanOrEqual(3);
    expect(kinds).toContain(TAG_EXCEPTION_KIND.PLACE_CONFLICT);
    expect(new Set(rows.map((r) => r.state))).toEqual(
      new Set([TAG_EXCEPTION_STATE.PENDING, TAG_EXCEPTION_STATE.HANDLED, TAG_EXCEPTION_STATE.CLEARED]),
    );
    // the held carton of ASN-FA01-0002: a foreign EPC (it travels on ASN-FA01-0003's bill) and an unknown one
    const [bill] = (await list('warehouse/bill', { reservationNo: 'ASN-FA01-0002' })).list;
    const [other] = (await list('warehouse/bill', { reservationNo: 'ASN-FA01-0003' })).list;
    const held = rows.filter((r) => r.billCode === bill.code && r.cartonNo);
    expect(held.map((r) => r.kind).sort()).toEqual([TAG_EXCEPTION_KIND.UNKNOWN_EPC, TAG_EXCEPTION_KIND.FOREIGN_EPC].sort());
    const foreign = held.find((r) => r.kind === TAG_EXCEPTION_KIND.FOREIGN_EPC)!;
    expect(foreign.cartonNo).toMatch(/\S/);
    expect(foreign.siteId).toBe(wh01Id);
    // (worded in the session's language, the demo user's Chinese; the console words `reason` in its own)
    expect(foreign.detail).toBe(`EPC ${foreign.epc} 在 ${bill.code} 的箱 ${foreign.cartonNo} 中读到，但它属于 ${other.code}`);
    expect(foreign.reason).toMatchObject({ key: 'tags.foreignInCarton' });
    // its QI sample read at the QI area: another bill's piece in it, found there (no carton)
    const sampled = rows.filter((r) => r.billCode === bill.code && !r.cartonNo);
    expect(sampled).toHaveLength(1);
    expect(sampled[0]).toMatchObject({ kind: TAG_EXCEPTION_KIND.FOREIGN_EPC, siteId: wh01Id, reason: { key: 'tags.foreignInSample' } });
    // the all-sites view shows the same rows
    const all = (await list('label/exception', { epc: foreign.epc })).list;
    expect(all.map((r) => r.id)).toContain(foreign.id);
  });

  it('keeps a warehouse user to its warehouse and handles, clears and refuses as the label exceptions do', async () => {
    const mine = (await list('warehouse/abnormal-label', {}, wh01)).list;
    const wh01Id = await siteId('WH01');
    expect(mine.length).toBeGreaterThan(0);
    for (const r of mine) expect(r.siteId).toBe(wh01Id);
    const theirs = (await list('warehouse/abnormal-label')).list.find(
      (r) => r.siteId !== wh01Id && r.state === TAG_EXCEPTION_STATE.PENDING,
    )!;
    // another warehouse's row: not found for wh01, on the list and on the buttons
    expect((await t.call('GET', `/api/warehouse/abnormal-label/get?id=${theirs.id}`, { token: wh01 })).status).toBe(404);
    const refused = await t.call('POST', '/api/warehouse/abnormal-label/handle', { token: wh01, body: { ids: [theirs.id], note: 'x' } });
    expect(refused.status).toBe(404);
    const pending = mine.find((r) => r.state === TAG_EXCEPTION_STATE.PENDING)!;
    const noNote = await t.call('POST', '/api/warehouse/abnormal-label/handle', {
      token: wh01,
      body: { ids: [pending.id] },
      lang: 'en_US',
    });
    expect(noNote.status).toBe(400);
    expect(noNote.body.msg).toMatch(/handling note/i);
    const ok = await t.call('POST', '/api/warehouse/abnormal-label/handle', {
      token: wh01,
      body: { ids: [pending.id], note: 'Re-tagged' },
    });
    expect(ok.status, ok.body.msg).toBe(200);
    const got = (await t.call('GET', `/api/warehouse/abnormal-label/get?id=${pending.id}`, { token: wh01 })).body.data;
    expect(got).toMatchObject({ state: TAG_EXCEPTION_STATE.HANDLED, note: 'Re-tagged', handledBy: 'wh01' });
    expect(
      (await t.call('POST', '/api/warehouse/abnormal-label/handle', { token: wh01, body: { ids: [pending.id], note: 'again' } })).status,
    ).toBe(409);
    expect((await t.call('POST', '/api/warehouse/abnormal-label/clear', { token: wh01, body: { ids: [pending.id] } })).status).toBe(200);
    // both moves are rows of the warehouse log at WH01, by wh01, the note in the handling's detail
    const logged = await queryRows<Row>(
      t.ctx.db,
      sql`select action, username, site_id::int as site_id, from_state, to_state, detail from wms_log
        where tenant_id = ${tenantId} and doc_type = 'warehouse/abnormal-label' and doc_id = ${pending.id} order by id`,
    );
    expect(logged).toEqual([
      {
        action: 'handle',
        username: 'wh01',
        site_id: wh01Id,
        from_state: TAG_EXCEPTION_STATE.PENDING,
        to_state: TAG_EXCEPTION_STATE.HANDLED,
        detail: { note: 'Re-tagged' },
      },
      {
        action: 'clear',
        username: 'wh01',
        site_id: wh01Id,
        from_state: TAG_EXCEPTION_STATE.HANDLED,
        to_state: TAG_EXCEPTION_STATE.CLEARED,
        detail: null,
      },
    ]);
    // a refused move logs nothing
    expect(
      await queryRows(
        t.ctx.db,
        sql`select 1 from wms_log where tenant_id = ${tenantId} and doc_type = 'warehouse/abnormal-label' and doc_id = ${theirs.id}`,
      ),
    ).toEqual([]);
    // the screen's rows only: a store's exception (none here) or a registry one (no site) is not reached
    const registry = (await list('label/exception', { kind: TAG_EXCEPTION_KIND.DUPLICATE_EPC })).list[0];
    expect((await t.call('POST', '/api/warehouse/abnormal-label/clear', { token: demo, body: { ids: [registry.id] } })).status).toBe(404);
  });

  it('makes a good label found where it should not be abnormal (tag status Exception) until its last exception is cleared', async () => {
    const statusOf = async (epc: string) =>
      (await queryRows<{ status: number }>(t.ctx.db, sql`select status from label_tags where tenant_id = ${tenantId} and epc = ${epc}`))[0]
        ?.status;
    // a foreign EPC of the demo: a good tag of another bill, still pending
    const foreign = (await list('label/exception', { kind: TAG_EXCEPTION_KIND.FOREIGN_EPC, state: TAG_EXCEPTION_STATE.PENDING })).list.find(
      (r) => r.tagStatus,
    )!;
    expect(foreign, 'a pending foreign EPC with its tag status kept').toBeTruthy();
    expect(foreign.tagStatus).not.toBe(TAG_STATUS.EXCEPTION);
    expect(await statusOf(foreign.epc)).toBe(TAG_STATUS.EXCEPTION);
    // a document no longer moves it
    const holding = (await list('label/exception', { epc: foreign.epc })).list.filter(
      (r) =>
        [TAG_EXCEPTION_KIND.FOREIGN_EPC, TAG_EXCEPTION_KIND.PLACE_CONFLICT].includes(r.kind) &&
        [TAG_EXCEPTION_STATE.PENDING, TAG_EXCEPTION_STATE.HANDLED].includes(r.state),
    );
    // the same EPC found again at another place of the fold's: one more holding exception, the status kept by the first
    await t.ctx.db.transaction((tx) =>
      recordException(tx, tenantId, { epc: foreign.epc, kind: TAG_EXCEPTION_KIND.PLACE_CONFLICT, reason: { key: 'tags.placeConflict' } }),
    );
    const [again] = (
      await list('label/exception', { epc: foreign.epc, kind: TAG_EXCEPTION_KIND.PLACE_CONFLICT, state: TAG_EXCEPTION_STATE.PENDING })
    ).list;
    expect(again.tagStatus ?? null).toBeNull();
    holding.push(again);
    // clearing all but the last keeps it abnormal; the last gives back the status it had
    for (const [i, r] of holding.entries()) {
      const cleared = await t.call('POST', '/api/label/exception/clear', { token: demo, body: { ids: [r.id] } });
      expect(cleared.status, cleared.body.msg).toBe(200);
      expect(await statusOf(foreign.epc)).toBe(i < holding.length - 1 ? TAG_STATUS.EXCEPTION : foreign.tagStatus);
    }
    // an unknown EPC (no tag of the tenant) holds nothing
    const unknown = (await list('label/exception', { kind: TAG_EXCEPTION_KIND.UNKNOWN_EPC })).list[0];
    expect(unknown.tagStatus ?? null).toBeNull();
  });

  it('finds an EPC present at two sites at once in the fold: a place conflict at the second site', async () => {
    const zone = (site: string, type: number) => zoneOf(t, tenantId, site, type);
    const scene = await testScene(t, tenantId, 'S-GEN-CONFLICT', 1);
    const store = await testReader(t, tenantId, 'GEN-ST001-CONFLICT', await zone('ST001', 1), scene);
    const storage = await testReader(t, tenantId, 'GEN-WH01-CONFLICT', await zone('WH01', 9), scene);
    const [{ epc }] = await queryRows<{ epc: string }>(
      t.ctx.db,
      sql`select epc from label_tags where tenant_id = ${tenantId} and epc <> '' order by id desc limit 1`,
    );
    const send = (key: string, ago: number, batchKey: string) => readAndFold(t, key, [epc], batchKey, ago);
    await send(store, 120_000, 'conflict-1');
    await send(storage, 60_000, 'conflict-2');
    await send(storage, 30_000, 'conflict-3');
    const rows = (await list('warehouse/abnormal-label', { epc, kind: TAG_EXCEPTION_KIND.PLACE_CONFLICT })).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ siteId: await siteId('WH01'), zoneId: await zone('WH01', 9), state: TAG_EXCEPTION_STATE.PENDING });
    expect(rows[0].reason).toMatchObject({ key: 'tags.placeConflict' });
  });
});
