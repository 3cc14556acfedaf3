import {
  BILL_STATUS,
  CARTON_DIRECTION,
  CARTON_STATUS,
  RECEIPT_STATUS,
  SPOT,
  SPOT_RULE,
  SPOT_STATE,
  spotDraw,
  spotRuleOf,
} from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { markForSpotCheck } from '../src/modules/logistics/spot/check.js';
import { stopParsePool } from '../src/modules/rfid/ingest/parse-pool.js';
import { checkCarton } from '../src/modules/warehouse/cartons/check.js';
import { problems as epcisProblems } from './epcis-validate.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { readAndFold, testReader, testScene, zoneOf } from './support-readers.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/**
 * The spot check (../shared/operations.md §7, logistics/spot-check): a rule picks a carton as it is
 * received, a handheld's SPOT_CHECK session re-reads it (CHECKED with its counts, an inspecting
 * event), the review passes a matched re-read and fails any other (the bill abnormal, the sender at
 * 10 % for 30 days); reviewing a carton not re-read is refused; a warehouse's user sees its own.
 */
describe(`spot check on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;
  let tenantId: number;
  let wh01Id: number;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    [{ id: wh01Id }] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code = 'WH01'`,
    );
    // a handheld at WH01's storage, and a dock tunnel (no handheld)
    keys['HH-SPOT-TEST'] = await testReader(
      t,
      tenantId,
      'HH-SPOT-TEST',
      await zoneOf(t, tenantId, 'WH01', 7),
      await testScene(t, tenantId, 'S-HH-SPOT', 6),
    );
    keys['TUN-SPOT-TEST'] = await testReader(
      t,
      tenantId,
      'TUN-SPOT-TEST',
      await zoneOf(t, tenantId, 'WH01', 5),
      await testScene(t, tenantId, 'S-TUN-SPOT', 5, 1),
    );
  }, 240_000);
  afterAll(async () => {
    await stopParsePool();
    await t?.close();
  });

  async function list(body: Row = {}, token = demo) {
    const r = await t.call('POST', '/api/logistics/spot-check/list', { token, body: { page: 1, pageSize: 500, ...body } });
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as { list: Row[]; total: number };
  }
  const cartonOf = async (id: number) => (await list()).list.find((c) => c.id === id)!;
  const review = (id: number, token = wh01) => t.call('POST', '/api/logistics/spot-check/review', { token, body: { id }, lang: 'en_US' });
  const dev = (code: string, url: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${keys[code]}`,
        'x-device-key': keys[code],
        'content-type': 'application/json',
        langeType: 'en_US',
      },
      payload: JSON.stringify(body),
    });
  let batches = 0;
  /** The carton re-read at the handheld: its scan, these reads, the session closed. Answers the scan's answer. */
  async function reread(code: string, cartonNo: string, epcs: string[]) {
    const opened = await dev(code, '/api/rfid/sessions', { subjectType: 'spot', subjectCode: cartonNo });
    if (opened.statusCode !== 200) return opened;
    await readAndFold(t, keys[code], epcs, `spot-${++batches}`, 0);
    const session = JSON.parse(opened.body).data.session;
    expect(session.kind).toBe(3);
    const closed = await dev(code, `/api/rfid/sessions/${session.id}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    return opened;
  }
  /** The EPCs a carton should hold (its factory's pack reads, its ASN's). */
  const expectedOf = async (cartonId: number) =>
    (
      await queryRows<{ epc: string }>(
        t.ctx.db,
        sql`select epc from wms_carton_epcs where tenant_id = ${tenantId} and carton_id = ${cartonId} and unbound_at is null
              and source in (1, 2) order by epc`,
      )
    ).map((r) => r.epc);

  it('picks by rule: a sender under 98 %, a weight 3 % off, else a reproducible draw at 2 % (10 % raised)', () => {
    const none = { reliability: 99.5, weightKg: null, expectedWeightKg: null, draw: 9000, ratePct: SPOT.randomRate };
    expect(spotRuleOf(none)).toBe(SPOT_RULE.NONE);
    expect(spotRuleOf({ ...none, reliability: 97.9 })).toBe(SPOT_RULE.SENDER_RELIABILITY);
    // too few cartons to judge the sender: no reliability rule
    expect(spotRuleOf({ ...none, reliability: null })).toBe(SPOT_RULE.NONE);
    expect(spotRuleOf({ ...none, weightKg: 10.4, expectedWeightKg: 10 })).toBe(SPOT_RULE.WEIGHT_DEVIATION);
    expect(spotRuleOf({ ...none, weightKg: 10.3, expectedWeightKg: 10 })).toBe(SPOT_RULE.NONE);
    expect(spotRuleOf({ ...none, draw: 199 })).toBe(SPOT_RULE.RANDOM);
    expect(spotRuleOf({ ...none, draw: 200 })).toBe(SPOT_RULE.NONE);
    expect(spotRuleOf({ ...none, draw: 999, ratePct: SPOT.raisedRate })).toBe(SPOT_RULE.RANDOM);
    expect(spotDraw('7:1234')).toBe(spotDraw('7:1234'));
    // about 2 % of cartons drawn
    const drawn = Array.from({ length: 10_000 }, (_, i) => spotDraw(`1:${i}`)).filter((d) => d < 200).length;
    expect(drawn).toBeGreaterThan(150);
    expect(drawn).toBeLessThan(250);
  });

  it('seeds WH01 ten spot-checked cartons in every state (two failed, their bills abnormal) and WH02 one; wh01 sees its own', async () => {
    const all = (await list()).list;
    const at01 = all.filter((c) => c.siteId === wh01Id);
    expect(at01).toHaveLength(10);
    const n = (s: number) => at01.filter((c) => c.spotState === s).length;
    expect([n(SPOT_STATE.TO_CHECK), n(SPOT_STATE.CHECKED), n(SPOT_STATE.PASSED), n(SPOT_STATE.FAILED)]).toEqual([3, 2, 3, 2]);
    for (const c of at01) {
      expect(c.spotCheck).toBe(1);
      expect(c.direction).toBe(CARTON_DIRECTION.IN);
      expect([SPOT_RULE.SENDER_RELIABILITY, SPOT_RULE.WEIGHT_DEVIATION, SPOT_RULE.RANDOM]).toContain(c.spotRule);
    }
    for (const c of at01.filter((x) => x.spotState === SPOT_STATE.PASSED)) expect(c.spotResult).toBe(CARTON_RESULT.MATCHED);
    const failed = at01.filter((c) => c.spotState === SPOT_STATE.FAILED);
    for (const c of failed) {
      expect(c.spotResult).not.toBe(CARTON_RESULT.MATCHED);
      expect(c.spotShort + c.spotOver).toBeGreaterThan(0);
      const [bill] = await queryRows<{ receipt_status: number }>(
        t.ctx.db,
        sql`select receipt_status from wms_bills where tenant_id = ${tenantId} and id = ${c.billId}`,
      );
      expect(bill.receipt_status).toBe(RECEIPT_STATUS.ABNORMAL);
    }
    const others = all.filter((c) => c.siteId !== wh01Id);
    expect(others.length).toBeGreaterThanOrEqual(1);
    // wh01: WH01's only; WH02's carton is not reached (its review: not found)
    const mine = (await list({}, wh01)).list;
    expect(mine.map((c) => c.id).sort()).toEqual(at01.map((c) => c.id).sort());
    const theirs = others.find((c) => c.spotState === SPOT_STATE.CHECKED)!;
    expect((await review(theirs.id)).status).toBe(404);
    // the re-reads were recorded: inspecting, CBV completeness_verified (passed) or non_conformant (failed)
    const events = await queryRows<{ disposition: string }>(
      t.ctx.db,
      sql`select distinct disposition from label_tag_events where tenant_id = ${tenantId} and source = 'logistics/spot-check' and biz_step = 'inspecting'`,
    );
    expect(events.map((e) => e.disposition).sort()).toEqual(['completeness_verified', 'non_conformant']);
  });

  it('a carton checked as it is received is picked by a rule (its sender at 100 %): TO_CHECK, logged', async () => {
    const [carton] = await queryRows<{ id: number; bill_id: number; factory_id: number | null; source_location_id: number | null }>(
      t.ctx.db,
      sql`select c.id::int, c.bill_id::int, b.factory_id::int, b.source_location_id::int from wms_cartons c
            join wms_bills b on b.tenant_id = c.tenant_id and b.id = c.bill_id
           where c.tenant_id = ${tenantId} and c.site_id = ${wh01Id} and c.direction = ${CARTON_DIRECTION.IN}
             and c.status = ${CARTON_STATUS.EXPECTED} and c.spot_state = 0 and b.status in (${BILL_STATUS.IN_TRANSIT}, ${BILL_STATUS.RECEIVING})
             and exists (select 1 from wms_carton_epcs e where e.tenant_id = c.tenant_id and e.carton_id = c.id and e.source in (1, 2))
           order by c.id limit 1`,
    );
    expect(carton).toBeTruthy();
    const sender = carton.factory_id ? { kind: 1, id: carton.factory_id } : { kind: 2, id: carton.source_location_id };
    await t.ctx.db.execute(sql`insert into wms_spot_rates (tenant_id, sender_kind, sender_id, rate_pct, until)
      values (${tenantId}, ${sender.kind}, ${sender.id}, 100, now() + interval '1 hour')
      on conflict (tenant_id, sender_kind, sender_id) do update set rate_pct = 100, until = now() + interval '1 hour'`);
    const epcs = await expectedOf(carton.id);
    await t.ctx.db.transaction((tx) =>
      checkCarton(tx, tenantId, carton.id, { tenantId, userId: null, username: 'TUN-TEST' }, undefined, epcs),
    );
    const [after] = await queryRows<{ spot_check: number; spot_state: number; spot_rule: number; status: number }>(
      t.ctx.db,
      sql`select spot_check, spot_state, spot_rule, status from wms_cartons where tenant_id = ${tenantId} and id = ${carton.id}`,
    );
    expect(after).toMatchObject({ spot_check: 1, spot_state: SPOT_STATE.TO_CHECK, status: CARTON_STATUS.ACCEPTED });
    expect([SPOT_RULE.SENDER_RELIABILITY, SPOT_RULE.RANDOM]).toContain(after.spot_rule);
    const log = await queryRows<{ action: string; to_state: number }>(
      t.ctx.db,
      sql`select action, to_state from wms_log where tenant_id = ${tenantId} and doc_type = 'logistics/spot-check' and doc_id = ${carton.id}`,
    );
    expect(log).toEqual([{ action: 'mark', to_state: SPOT_STATE.TO_CHECK }]);
    // marked once: offered to the rules again (its sender back to the usual rate), it keeps its pick
    await t.ctx.db.execute(
      sql`delete from wms_spot_rates where tenant_id = ${tenantId} and sender_kind = ${sender.kind} and sender_id = ${sender.id}`,
    );
    const again = await t.ctx.db.transaction((tx) =>
      markForSpotCheck(tx, tenantId, carton.id, { tenantId, userId: null, username: 'TUN-TEST' }),
    );
    expect(again).toBe(SPOT_RULE.NONE);
    expect((await list({}, wh01)).list.find((c) => c.id === carton.id)).toMatchObject({
      spotState: SPOT_STATE.TO_CHECK,
      spotRule: after.spot_rule,
    });
  });

  it('a handheld re-read closes CHECKED with its counts; review passes a matched one and fails a short one (bill abnormal, sender at 10 %)', async () => {
    const toCheck = (await list({}, wh01)).list.filter((c) => c.spotState === SPOT_STATE.TO_CHECK).sort((a, b) => a.id - b.id);
    expect(toCheck.length).toBeGreaterThanOrEqual(2);
    const [good, bad] = toCheck;
    // a carton not re-read is not reviewed
    const early = await review(good.id);
    expect(early.status).toBe(409);
    expect(early.body.msg).toContain('To check');
    // a tunnel is no handheld; a carton no rule picked is no spot scan
    const tunnel = await dev('TUN-SPOT-TEST', '/api/rfid/sessions', { subjectType: 'spot', subjectCode: good.cartonNo });
    expect(tunnel.statusCode).toBe(400);
    expect(JSON.parse(tunnel.body).msg).toContain('TUN-SPOT-TEST');
    const stray = await dev('HH-SPOT-TEST', '/api/rfid/sessions', { subjectType: 'spot', subjectCode: 'NO-SUCH-BOX' });
    expect(stray.statusCode).toBe(400);
    expect(JSON.parse(stray.body).msg).toContain('NO-SUCH-BOX');

    const goodEpcs = await expectedOf(good.id);
    expect((await reread('HH-SPOT-TEST', good.cartonNo, goodEpcs)).statusCode).toBe(200);
    expect(await cartonOf(good.id)).toMatchObject({
      spotState: SPOT_STATE.CHECKED,
      spotExpected: goodEpcs.length,
      spotRead: goodEpcs.length,
      spotShort: 0,
      spotOver: 0,
      spotResult: CARTON_RESULT.MATCHED,
      spotCheckedBy: 'HH-SPOT-TEST',
    });
    const badEpcs = await expectedOf(bad.id);
    expect((await reread('HH-SPOT-TEST', bad.cartonNo, badEpcs.slice(2))).statusCode).toBe(200);
    expect(await cartonOf(bad.id)).toMatchObject({
      spotState: SPOT_STATE.CHECKED,
      spotExpected: badEpcs.length,
      spotRead: badEpcs.length - 2,
      spotShort: 2,
      spotOver: 0,
      spotResult: CARTON_RESULT.SHORT,
    });
    const events = await queryRows<{ disposition: string; n: number }>(
      t.ctx.db,
      sql`select disposition, count(*)::int as n from label_tag_events where tenant_id = ${tenantId} and source = 'logistics/spot-check'
            and biz_step = 'inspecting' and action = 'OBSERVE' and ${goodEpcs[0]} = any(epcs) group by disposition`,
    );
    expect(events).toEqual([{ disposition: 'completeness_verified', n: 1 }]);
    // the pieces' EPCIS documents, with the re-read's inspections (verified; the short one's non-conformant), valid against GS1's schema
    for (const [epc, disposition] of [
      [goodEpcs[0], 'completeness_verified'],
      [badEpcs[2], 'non_conformant'],
    ]) {
      const doc = (await t.call('GET', `/api/label/lifecycle/epcis?epc=${epc}`, { token: demo })).body as Row;
      expect(epcisProblems(doc)).toEqual([]);
      const inspections = (doc.epcisBody.eventList as Row[]).filter((e) => e.bizStep === 'inspecting').map((e) => e.disposition);
      expect(inspections).toContain(disposition);
    }

    const passed = await review(good.id);
    expect(passed.status, passed.body.msg).toBe(200);
    expect(passed.body.data.spotState).toBe(SPOT_STATE.PASSED);
    const failed = await review(bad.id);
    expect(failed.status, failed.body.msg).toBe(200);
    expect(failed.body.data.spotState).toBe(SPOT_STATE.FAILED);
    const [bill] = await queryRows<{ receipt_status: number; kind: number; factory_id: number | null; source_location_id: number | null }>(
      t.ctx.db,
      sql`select receipt_status, kind, factory_id::int, source_location_id::int from wms_bills where tenant_id = ${tenantId} and id = ${bad.billId}`,
    );
    expect(bill.receipt_status).toBe(RECEIPT_STATUS.ABNORMAL);
    const sender = bill.factory_id ? { kind: 1, id: bill.factory_id } : { kind: 2, id: bill.source_location_id };
    const [rate] = await queryRows<{ rate_pct: number; days: number }>(
      t.ctx.db,
      sql`select rate_pct, round(extract(epoch from until - now()) / 86400)::int as days from wms_spot_rates
           where tenant_id = ${tenantId} and sender_kind = ${sender.kind} and sender_id = ${sender.id}`,
    );
    expect(rate).toEqual({ rate_pct: SPOT.raisedRate, days: SPOT.raisedDays });
    // reviewed: neither reviewed nor re-read again
    expect((await review(bad.id)).status).toBe(409);
    const again = await dev('HH-SPOT-TEST', '/api/rfid/sessions', { subjectType: 'spot', subjectCode: good.cartonNo });
    expect(again.statusCode).toBe(409);
    // the warehouse log: the re-read, the review (and the failure's settling move)
    const log = await queryRows<{ action: string; to_state: number }>(
      t.ctx.db,
      sql`select action, to_state from wms_log where tenant_id = ${tenantId} and doc_type = 'logistics/spot-check' and doc_id = ${bad.id}
           order by created_at, id`,
    );
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['spotRead', 'fail', 'review']));
    expect(log.at(-1)).toEqual({ action: 'review', to_state: SPOT_STATE.FAILED });
  });
});
