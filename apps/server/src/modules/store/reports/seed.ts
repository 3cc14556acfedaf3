/**
 * The demo's weeks of transfers for the store reports (operations.md §11 "transfers DC → stores"):
 * nine weeks back from this one, WH01 ships each week to ST001–ST006 and WH02 to ST007–ST010, with
 * a few store returns to WH01 and store-to-store transfers; cartons of 20–40 pieces of one SKU. Past
 * weeks' bills are reviewed (one a fortnight zero-cleared), this week's still in transit or being
 * received. WH02 packs worse than WH01 (more short and mis-packed cartons), so shipment reliability
 * differs by sender. A PRNG seeded by the tenant's code: every start shows the same picture.
 * Written through the warehouse module's history of bills (no tag events).
 */
import { BILL_KIND, BILL_STATUS, LOCATION_KIND } from '@tagloom/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { goodsSkus } from '../../tenant/goods/tables.js';
import { locations } from '../../tenant/places/tables.js';
import { type HistoricBill, type HistoricCarton, historicBillsDemo } from '../../warehouse/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Weeks of history before this one. */
export const HISTORY_WEEKS = 9;

/** A small seeded PRNG (mulberry32). */
export function prng(seed: string): () => number {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedStoreReportsDemo(tx: Tx, tenant: { id: number; code: string }): Promise<void> {
  const tenantId = tenant.id;
  const places = await tx
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), inArray(locations.kind, [LOCATION_KIND.STORE, LOCATION_KIND.WAREHOUSE])));
  const site = new Map(places.map((p) => [p.code, Number(p.id)]));
  const wh1 = site.get('WH01');
  const wh2 = site.get('WH02') ?? wh1;
  const stores = Array.from({ length: 10 }, (_, i) => site.get(`ST${String(i + 1).padStart(3, '0')}`)).filter((s): s is number => !!s);
  if (!wh1 || !wh2 || stores.length < 4) return;
  const skus = (
    await tx.select({ id: goodsSkus.id }).from(goodsSkus).where(eq(goodsSkus.tenantId, tenantId)).orderBy(asc(goodsSkus.id)).limit(60)
  ).map((s) => Number(s.id));
  if (skus.length < 10) return;

  const rand = prng(`${tenant.code}:store-reports`);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const now = Date.now();
  // Monday 10:00 of this week (server time), then back week by week
  const monday = new Date(now);
  monday.setUTCHours(2, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  let carton = 0;
  const cartons = (n: number, shortRate: number, overRate: number, finished: boolean): HistoricCarton[] =>
    Array.from({ length: n }, () => {
      const qty = 20 + Math.floor(rand() * 5) * 5;
      const r = rand();
      const short = finished && r < shortRate ? 1 + Math.floor(rand() * 3) : 0;
      const over = finished && r >= shortRate && r < shortRate + overRate ? 1 + Math.floor(rand() * 2) : 0;
      carton++;
      return { cartonNo: `CT${String(carton).padStart(6, '0')}`, skuId: pick(skus), qty, read: qty - short, over };
    });

  const bills: HistoricBill[] = [];
  for (let w = HISTORY_WEEKS; w >= 0; w--) {
    const week = monday.getTime() - w * 7 * DAY;
    const senders: [number, number[], number, number][] = [
      [wh1, stores.slice(0, 6), 0.04, 0.02],
      [wh2, stores.slice(6), 0.14, 0.06],
    ];
    for (const [from, to, shortRate, overRate] of senders)
      for (const dest of to) {
        const shippedAt = new Date(week + Math.floor(rand() * 3) * DAY + Math.floor(rand() * 8) * HOUR);
        if (shippedAt.getTime() > now - 2 * HOUR) continue;
        const transitH = (from === wh1 ? 14 : 26) + rand() * (from === wh1 ? 20 : 46);
        const arrived = shippedAt.getTime() + transitH * HOUR;
        const receivingH = 0.5 + rand() * 3;
        const done = arrived + receivingH * HOUR;
        // this week's: on the way, or being received; earlier ones reviewed, one a fortnight zero-cleared
        const status =
          arrived > now
            ? BILL_STATUS.IN_TRANSIT
            : done > now - 6 * HOUR
              ? BILL_STATUS.RECEIVING
              : w % 2 === 0 && dest === to[to.length - 1]
                ? BILL_STATUS.CLOSED
                : BILL_STATUS.REVIEWED;
        const finished = status !== BILL_STATUS.IN_TRANSIT;
        bills.push({
          kind: BILL_KIND.TRANSFER,
          status,
          sourceLocationId: from,
          destLocationId: dest,
          shippedAt,
          receivedAt: finished ? new Date(arrived) : null,
          reviewedAt: status === BILL_STATUS.REVIEWED ? new Date(done) : null,
          closedAt: status === BILL_STATUS.CLOSED ? new Date(done) : null,
          remark: status === BILL_STATUS.CLOSED ? '门店确认短少，差异已清零' : '',
          cartons: cartons(2 + Math.floor(rand() * 3), shortRate, overRate, finished),
        });
      }
    // every other week a store returns goods to WH01 and two stores swap stock
    if (w % 2 === 1) {
      const at = new Date(week + 2 * DAY + 5 * HOUR);
      const back = at.getTime() + 30 * HOUR;
      bills.push({
        kind: BILL_KIND.STORE_RETURN,
        status: BILL_STATUS.REVIEWED,
        sourceLocationId: pick(stores),
        destLocationId: wh1,
        shippedAt: at,
        receivedAt: new Date(back),
        reviewedAt: new Date(back + 2 * HOUR),
        cartons: cartons(1, 0.1, 0, true),
      });
      const [a, b] = [stores[w % stores.length], stores[(w + 3) % stores.length]];
      bills.push({
        kind: BILL_KIND.STORE_TRANSFER,
        status: BILL_STATUS.REVIEWED,
        sourceLocationId: a,
        destLocationId: b,
        shippedAt: new Date(at.getTime() + DAY),
        receivedAt: new Date(back + DAY - 8 * HOUR),
        reviewedAt: new Date(back + DAY - 7 * HOUR),
        cartons: cartons(1, 0.2, 0, true),
      });
    }
  }
  // the flagship store's receipts show a difference too: a carton two short three weeks ago, one a piece over the week after
  const flagship = bills.filter((b) => b.destLocationId === stores[0] && b.status === BILL_STATUS.REVIEWED);
  for (const [i, b] of [flagship.at(-4), flagship.at(-3)].entries())
    if (b) b.cartons = b.cartons.map((c, j) => (j === 0 ? (i === 0 ? { ...c, read: c.qty - 2 } : { ...c, read: c.qty, over: 1 }) : c));
  await historicBillsDemo(tx, tenantId, bills);
}
