/**
 * The demo's fitting rooms (../shared/operations.md §11): five stores (ST001–ST003, ST005, ST006: those
 * with a till's history) each get a fitting area with
 * three cabins (zones, made as the archive makes them), a FITTING-scene reader in each cabin (the
 * flagship's existing FIT-ST001 moved into its cabin 1), the store's rules, and two weeks of
 * sessions — about 2.5 an hour over 10:00–22:00, one to five garments each, most of them tried —
 * until a day ago (the last day is played as the readers' reads on the first start: demo-reads.ts).
 * The garments are pieces the till sells at the store (seeded before): a garment sold within the
 * window after its session is bought, joined by the one conversion the live sessions use
 * (convertSessions), so every figure comes from the rules, none is written by hand. A PRNG seeded by
 * the tenant's code: the same picture on every start.
 */
import { FITTING_SESSION_STATUS as ST } from '@tagloom/domain';
import { DEFAULT_FITTING_RULES } from '@tagloom/domain/rfid/fitting.js';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { randomInt, seededRandom } from '@tagloom/domain/seeded-random.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.js';
import { rebindReader } from '../rfid/equipment/service.js';
import { pgNumArray, pgTextArray } from '../rfid/state/fold-data.js';
import { soldAt } from '../store/index.js';
import { skuFacts } from '../tenant/goods/service.js';
import { seedZoneReader } from '../warehouse/cartons/dock-seed.js';
import { fittingOf, keepFittingZones } from './archive.js';
import { convertSessions, type ItemWrite, writeItems } from './live.js';
import { rollupDay } from './reports/part.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** The stores with fitting rooms, and their rules where they differ from the defaults. */
const STORES: [string, Partial<{ minDwellS: number; mergeGapS: number; conversionWindowH: number }>][] = [
  ['ST001', {}],
  ['ST002', {}],
  ['ST003', { minDwellS: 60 }],
  ['ST005', { conversionWindowH: 6 }],
  ['ST006', { mergeGapS: 45 }],
];
export const FITTING_CABINS = 3;
export const DEMO_FITTING_DAYS = 14;
/** The flagship's fitting reader (seeded by the rfid module at the store): moved into its cabin 1. */
const FLAGSHIP_READER = 'FIT-ST001';

/** The demo's fitting readers: [store code, cabin no.] → reader code. */
export const fittingReaderCode = (store: string, cabin: number) =>
  store === 'ST001' && cabin === 1 ? FLAGSHIP_READER : `FIT-${store}-${cabin}`;

/** The demo's stores with fitting rooms. */
export const DEMO_FITTING_STORES = STORES.map(([code]) => code);

/** The demo's stores with fitting rooms, by code (those the tenant has). */
export const demoFittingStores = (tx: Tx, tenantId: number) => storesByCode(tx, tenantId, DEMO_FITTING_STORES);

/** The stores of these codes, by code. */
async function storesByCode(tx: Tx, tenantId: number, codes: readonly string[]) {
  const rows = await queryRows<{ id: string | number; code: string; name: string }>(
    tx,
    sql`select id, code, name from locations where tenant_id = ${tenantId} and kind = 1 and code = any(${pgTextArray(codes)}::text[])`,
  );
  return new Map(rows.map((r) => [r.code, { id: Number(r.id), name: r.name }]));
}

/** The areas, cabins, readers and rules (each store's archive), answering the cabins by store id. */
async function seedAreas(tx: Tx, tenantId: number) {
  const stores = await storesByCode(
    tx,
    tenantId,
    STORES.map(([c]) => c),
  );
  const cabinsOf = new Map<number, { id: number; code: string }[]>();
  let mac = 1;
  for (const [code, rules] of STORES) {
    const store = stores.get(code);
    if (!store) continue;
    const kept = await keepFittingZones(tx, tenantId, { storeId: store.id, name: '试衣区', cabins: FITTING_CABINS, lang: 'zh_CN' });
    await tx.execute(sql`
      insert into fr_areas (tenant_id, store_id, name, cabin_count, min_dwell_s, merge_gap_s, conversion_window_h, opens_at, closes_at, status, zone_id, remark)
      values (${tenantId}, ${store.id}, '试衣区', ${FITTING_CABINS}, ${rules.minDwellS ?? DEFAULT_FITTING_RULES.minDwellS},
              ${rules.mergeGapS ?? DEFAULT_FITTING_RULES.mergeGapS}, ${rules.conversionWindowH ?? DEFAULT_FITTING_RULES.conversionWindowH},
              '10:00', '22:00', 1, ${kept.areaId}, ${code === 'ST001' ? '旗舰店：门口 3 间，带补码呼叫按钮' : ''})
      on conflict do nothing`);
    cabinsOf.set(store.id, kept.cabins);
    for (const [i, cabin] of kept.cabins.entries()) {
      const reader = fittingReaderCode(code, i + 1);
      if (reader === FLAGSHIP_READER) await rebindReader(tx, tenantId, reader, cabin.id);
      else
        await seedZoneReader(tx, tenantId, {
          code: reader,
          name: `${store.name} ${cabin.name}读写器`,
          sn: `SN-R700-0031${String(mac).padStart(2, '0')}`,
          mac: `00:16:25:12:C1:${String(mac).padStart(2, '0')}`,
          scene: '试衣间',
          useLocation: `${store.name} ${cabin.name}`,
          zoneId: cabin.id,
          sceneDef: { code: 'FITTING', name: '试衣间', alias: '试衣间读写器', type: SCENE_TYPE.FITTING, departAfter: 30, moveHoldoff: 3 },
        });
      mac++;
    }
  }
  return { stores, cabinsOf };
}

/** Seeds the fitting rooms of the demo tenant (once: when it has no archive yet). */
export async function seedFittingDemo(tx: Tx, tenant: { id: number; code: string }, now = Date.now()): Promise<void> {
  const tenantId = tenant.id;
  const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from fr_areas where tenant_id = ${tenantId}`);
  if (n > 0) return;
  const { stores, cabinsOf } = await seedAreas(tx, tenantId);
  const rules = await fittingOf(tx, tenantId, [...cabinsOf.keys()]);
  const random = seededRandom(`${tenant.code}:fitting`);
  const end = now - DAY;
  const start = end - DEMO_FITTING_DAYS * DAY;
  for (const [code] of STORES) {
    const store = stores.get(code);
    const cabins = store && cabinsOf.get(store.id);
    if (!store || !cabins?.length) continue;
    const rule = rules.get(store.id)!;
    // the store's sold pieces (two weeks, and the day after): what its shoppers try on
    const sold = (await soldAt(tx, tenantId, store.id, start - DAY, now)).filter((s) => s.epc);
    if (!sold.length) continue;
    const facts = await skuFacts(
      tx,
      tenantId,
      sold.map((s) => s.skuId),
    );
    const used = new Set<string>();
    const busyUntil = new Map<number, number>();
    const sessions: { cabin: { id: number; code: string }; startedAt: number; endedAt: number; items: ItemWrite[] }[] = [];
    // each opening hour of each day: about 2.5 sessions (more in the evening and at weekends)
    // two weeks of days, the last day's reads played on the first start besides; the shoppers try on
    // pieces the till sells after their session (its history is what they buy, and what they leave)
    for (let day = start - (start % DAY); day < end; day += DAY)
      for (let hour = 10; hour < 22; hour++) {
        const busy = (hour >= 18 ? 1.5 : 1) * ([0, 6].includes(new Date(day).getUTCDay()) ? 1.4 : 1);
        const count = Math.round(random() * 2 * 2.5 * busy);
        for (let k = 0; k < count; k++) {
          // hours are the store's (UTC+8): 10:00 local = 02:00 UTC
          const startedAt = day + (hour - 8) * HOUR + randomInt(random, 0, 55) * MIN + randomInt(random, 0, 59) * 1000;
          if (startedAt >= end) continue;
          const length = randomInt(random, 60, 480) * 1000;
          const endedAt = startedAt + length;
          const pieces = randomInt(random, 1, 5);
          const items: ItemWrite[] = [];
          for (let p = 0; p < pieces; p++) {
            // ~30 % of the tries are sold within the hours after; the others tried and left (sold days later, or never)
            const buy = random() < 0.32;
            // a piece is bought once; one tried and left may be tried again another day
            const pool = sold.filter((s) =>
              buy
                ? s.at > endedAt + 5 * MIN && s.at < endedAt + 3 * HOUR && !used.has(s.epc!)
                : s.at > endedAt + rule.conversionWindowH * HOUR + HOUR && !items.some((i) => i.epc === s.epc),
            );
            if (!pool.length) continue;
            const piece = pool[randomInt(random, 0, pool.length - 1)];
            if (buy) used.add(piece.epc!);
            const tried = random() < 0.82;
            const firstAt = startedAt + randomInt(random, 0, 10) * 1000;
            const dwell = tried
              ? randomInt(random, rule.minDwellS, Math.max(rule.minDwellS, Math.floor(length / 1000) - 10))
              : randomInt(random, 3, rule.minDwellS - 5);
            const lastAt = Math.min(endedAt, firstAt + dwell * 1000);
            items.push({
              epc: piece.epc!,
              firstAt,
              lastAt,
              leftAt: null,
              reads: Math.max(2, Math.round(dwell / 2)),
              dwellS: Math.round((lastAt - firstAt) / 1000),
              tried: tried && lastAt - firstAt >= rule.minDwellS * 1000,
            });
          }
          if (!items.length) continue;
          const last = Math.max(...items.map((i) => i.lastAt));
          // a cabin free then (one shopper a cabin)
          const free = cabins.filter((c) => (busyUntil.get(c.id) ?? 0) < startedAt);
          if (!free.length) continue;
          const cabin = free[randomInt(random, 0, free.length - 1)];
          busyUntil.set(cabin.id, last + rule.mergeGapS * 1000);
          sessions.push({ cabin, startedAt, endedAt: last, items });
        }
      }
    if (!sessions.length) continue;
    // the sessions in one statement, their garments in another, then the till's join
    const made = await queryRows<{ id: string | number; code: string }>(
      tx,
      sql`insert into fr_sessions (tenant_id, code, store_id, cabin_id, started_at, last_at, ended_at, dwell_s, items, tried, status)
          select ${tenantId}, u.code, ${store.id}, u.cabin, u.s, u.e, u.e, u.d, u.n, u.t, ${ST.CLOSED}
            from unnest(${pgTextArray(sessions.map((s) => sessionCodeOf(s.cabin.code, s.startedAt)))}::text[],
                        ${pgNumArray(sessions.map((s) => s.cabin.id))}::bigint[],
                        ${pgTextArray(sessions.map((s) => new Date(s.startedAt).toISOString()))}::timestamptz[],
                        ${pgTextArray(sessions.map((s) => new Date(s.endedAt).toISOString()))}::timestamptz[],
                        ${pgNumArray(sessions.map((s) => Math.round((s.endedAt - s.startedAt) / 1000)))}::int[],
                        ${pgNumArray(sessions.map((s) => s.items.length))}::int[],
                        ${pgNumArray(sessions.map((s) => s.items.filter((i) => i.tried).length))}::int[])
                 as u(code, cabin, s, e, d, n, t)
          returning id, code`,
    );
    // (a cabin's sessions start seconds apart at least: its number names one)
    const idOf = new Map(made.map((r) => [r.code, Number(r.id)]));
    const ids = sessions.map((s) => idOf.get(sessionCodeOf(s.cabin.code, s.startedAt))!);
    const garments = new Map(
      sold.filter((s) => facts.has(s.skuId)).map((s) => [s.epc!, { skuId: s.skuId, styleId: facts.get(s.skuId)!.goodsId }]),
    );
    await writeItems(
      tx,
      tenantId,
      sessions.flatMap((s, i) => s.items.map((item) => ({ sessionId: ids[i], item }))),
      garments,
    );
    for (let i = 0; i < ids.length; i += 500) await convertSessions(tx, tenantId, rule, ids.slice(i, i + 500));
  }
  // the reports' daily rollups of the seeded days (the hourly job keeps today and yesterday)
  const seededStores = [...cabinsOf.keys()];
  for (let day = start - DAY; day <= now; day += DAY)
    await rollupDay(tx, tenantId, new Date(day + 8 * HOUR).toISOString().slice(0, 10), seededStores);
}

/** A seeded session's number: its cabin and start (UTC+8, the demo's clock). */
function sessionCodeOf(cabinCode: string, startedAt: number): string {
  const d = new Date(startedAt + 8 * HOUR).toISOString();
  return `${cabinCode}-${d.slice(0, 10).replaceAll('-', '')}-${d.slice(11, 19).replaceAll(':', '')}`;
}
