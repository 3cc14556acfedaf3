/**
 * The demo tenant's tags: when the label orders' demo left DEMO without tags, one confirmed RFID
 * label order (LPO202611010001, supplier LS01, factory FA01) with 24 tags of two SKUs (SGTIN-96,
 * filter 1, serials from 900,000,001 so they never meet the serials Get EPC hands out), its
 * encoding event (Get EPC); then, whatever tags exist, the first eight of each of the first three
 * orders bound to TIDs as a printer sends them back (binding records, a commissioning event two
 * and a half days ago), the first four of the first order on a journey (seedJourney: warehouse,
 * store, a sale and a return) and one exception of each kind.
 */
import { EPC_STATE, LABEL_ORDER, LABEL_ORDER_KIND, TAG_BINDING_SOURCE, TAG_EXCEPTION_KIND, TAG_STATUS } from '@tagloom/domain';
import { sgtin96Hex } from '@tagloom/domain/epc/index.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { goodsSkus } from '../../tenant/goods/tables.js';
import { factories, labelSuppliers, locations } from '../../tenant/places/tables.js';
import { labelOrders } from '../orders/tables.js';
import { bindPairs, recordException } from './service.js';
import { insertTags, recordTagEvent, type TagEventInput } from './store.js';
import { labelTags } from './tables.js';

const DEMO_ORDER = 'LPO202611010001';
const SERIAL_FROM = 900_000_001;
const PER_SKU = 12;
/** Orders whose first tags the demo binds. */
const BOUND_ORDERS = 3;
const HOUR_MS = 3_600_000;
/** A past event's record time: captured a few seconds after it happened. */
const recorded = (at: Date) => new Date(at.getTime() + 3000);

/** A demo TID (Impinj-like: E280 1160 …), n from 1. */
export const demoTid = (n: number) => `E2801160200070${String(n).padStart(10, '0')}`;

export async function seedTagsDemo(tx: Tx, tenant: { id: number; code: string }): Promise<void> {
  const tenantId = tenant.id;
  const [{ n }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from label_tags where tenant_id = ${tenantId}`);
  if (Number(n) === 0) {
    const skus = (
      await tx
        .select({ id: goodsSkus.id, gtin: goodsSkus.gtin })
        .from(goodsSkus)
        .where(and(eq(goodsSkus.tenantId, tenantId), sql`char_length(${goodsSkus.gtin}) = 13`))
        .orderBy(asc(goodsSkus.id))
        .limit(2)
    ).map((s) => ({ id: Number(s.id), gtin: String(s.gtin) }));
    if (!skus.length) return;
    const [supplier] = await tx
      .select({ id: labelSuppliers.id })
      .from(labelSuppliers)
      .where(eq(labelSuppliers.tenantId, tenantId))
      .orderBy(asc(labelSuppliers.code))
      .limit(1);
    const [factory] = await tx
      .select({ id: factories.id })
      .from(factories)
      .where(eq(factories.tenantId, tenantId))
      .orderBy(asc(factories.code))
      .limit(1);
    const count = skus.length * PER_SKU;
    const [order] = (await tx
      .insert(labelOrders)
      .values({
        tenantId,
        code: DEMO_ORDER,
        kind: LABEL_ORDER_KIND.RFID,
        status: LABEL_ORDER.EPC_GENERATED,
        supplierId: supplier?.id ?? null,
        factoryId: factory?.id ?? null,
        skuCount: skus.length,
        totalQuantity: count,
        labelQuantity: count,
        lossRatio: 0,
        epcState: EPC_STATE.GENERATED,
        epcCount: count,
        sketchConfirmed: 1,
        remark: '',
      })
      .returning({ id: labelOrders.id })) as { id: number }[];
    const rows = skus.flatMap((s) =>
      Array.from({ length: PER_SKU }, (_, i) => ({
        epc: sgtin96Hex(s.gtin, 7, 1, SERIAL_FROM + i),
        skuId: s.id,
        gtin: `0${s.gtin}`,
        serial: String(SERIAL_FROM + i),
      })),
    );
    // generated three days ago, and encoded (Get EPC) then
    const made = new Date(Date.now() - 72 * HOUR_MS);
    await insertTags(tx, tenantId, Number(order.id), rows, made);
    await recordTagEvent(tx, {
      tenantId,
      eventTime: made,
      recordTime: recorded(made),
      action: 'ADD',
      bizStep: 'encoding',
      disposition: 'encoded',
      orderId: Number(order.id),
      orderCode: DEMO_ORDER,
      epcCount: count,
      username: 'demo',
      source: 'label.generateEpc',
    });
  }
  // the first eight tags of each of the first orders bound as their printer sent them back (the
  // first order's by its supplier's user, the others' by the brand from imported printer results)
  const orders = await queryRows<{ order_id: number }>(
    tx,
    sql`select distinct order_id from label_tags where tenant_id = ${tenantId} order by order_id limit ${BOUND_ORDERS}`,
  );
  let first: { epc: string; orderId: number }[] = [];
  // bound (commissioned) two and a half days ago: after every demo order's Get EPC, before the journey
  const boundAt = new Date(Date.now() - 60 * HOUR_MS);
  for (const [i, o] of orders.entries()) {
    const some = await tx
      .select({ epc: labelTags.epc, orderId: labelTags.orderId })
      .from(labelTags)
      .where(and(eq(labelTags.tenantId, tenantId), eq(labelTags.orderId, Number(o.order_id)), eq(labelTags.tid, '')))
      .orderBy(asc(labelTags.id))
      .limit(8);
    if (i === 0) first = some.map((t) => ({ epc: String(t.epc), orderId: Number(t.orderId) }));
    if (some.length)
      await bindPairs(
        tx,
        { tenantId, userId: null, username: i === 0 ? 'supplier01' : 'demo' },
        some.map((t, k) => ({ epc: String(t.epc), tid: demoTid(i * 8 + k + 1) })),
        i === 0 ? TAG_BINDING_SOURCE.PRINTER : TAG_BINDING_SOURCE.IMPORT,
        { at: boundAt },
      );
  }
  await seedJourney(tx, tenantId, first.slice(0, 4));
  // one exception of each kind, as binding finds them
  const some = first[1]?.epc ?? '3034257BF7194E4000001A86';
  const orderId = first[1]?.orderId ?? null;
  const unknown = '3034257BF7194E4000001A85';
  const foreign = 'E2003412AB1200000000A1B2';
  const exceptions = [
    { epc: unknown, tid: demoTid(91), kind: TAG_EXCEPTION_KIND.UNKNOWN_EPC, reason: { key: 'tags.unknownEpc', params: { epc: unknown } } },
    {
      epc: some,
      tid: demoTid(92),
      kind: TAG_EXCEPTION_KIND.DUPLICATE_EPC,
      reason: { key: 'tags.duplicateEpc', params: { epc: some } },
      orderId,
    },
    {
      epc: foreign,
      tid: demoTid(93),
      kind: TAG_EXCEPTION_KIND.NON_GS1_HEADER,
      reason: { key: 'tags.nonGs1Header', params: { epc: foreign, header: 'E2' } },
    },
    {
      epc: some,
      tid: demoTid(94),
      kind: TAG_EXCEPTION_KIND.TID_MISMATCH,
      reason: { key: 'tags.tidMismatch', params: { epc: some, bound: demoTid(2), tid: demoTid(94) } },
      orderId,
    },
  ] as const;
  for (const e of exceptions) await recordException(tx, tenantId, e);
}

/**
 * The first bound tags' journey, as the readers at the demo's places would record it (EPCIS
 * ObjectEvents with CBV steps at WH01 and ST001, named by their GLNs, in their time zone): all four
 * received and put away at the warehouse WH01 two days ago; three shipped to the store ST001,
 * received and put on the floor; two sold; the first returned (receiving, disposition returned)
 * and back on the floor. Their statuses follow (received, sold).
 */
async function seedJourney(tx: Tx, tenantId: number, tags: { epc: string; orderId: number }[]): Promise<void> {
  if (tags.length < 4) return;
  const places = await tx
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), sql`${locations.code} in ('WH01', 'ST001')`));
  const wh = places.find((p) => p.code === 'WH01')?.id;
  const st = places.find((p) => p.code === 'ST001')?.id;
  if (!wh || !st) return;
  const epcs = tags.map((t) => t.epc);
  const orderId = tags[0].orderId;
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR_MS);
  const steps: [number, Pick<TagEventInput, 'bizStep' | 'disposition' | 'locationId' | 'reader'>, string[]][] = [
    [48, { bizStep: 'receiving', disposition: 'in_progress', locationId: wh }, epcs],
    [47, { bizStep: 'storing', disposition: 'available', locationId: wh }, epcs],
    [30, { bizStep: 'shipping', disposition: 'in_transit', locationId: wh }, epcs.slice(0, 3)],
    [26, { bizStep: 'receiving', disposition: 'in_progress', locationId: st, reader: 'HH-ST001' }, epcs.slice(0, 3)],
    [25, { bizStep: 'storing', disposition: 'available', locationId: st, reader: 'HH-ST001' }, epcs.slice(0, 3)],
    [6, { bizStep: 'retail_selling', disposition: 'retail_sold', locationId: st, reader: 'POS-ST001' }, epcs.slice(0, 2)],
    [3, { bizStep: 'receiving', disposition: 'returned', locationId: st, reader: 'POS-ST001' }, epcs.slice(0, 1)],
    [2, { bizStep: 'storing', disposition: 'available', locationId: st, reader: 'HH-ST001' }, epcs.slice(0, 1)],
  ];
  for (const [hours, step, which] of steps) {
    const at = ago(hours);
    await recordTagEvent(tx, {
      tenantId,
      eventTime: at,
      recordTime: recorded(at),
      action: 'OBSERVE',
      ...step,
      epcs: which,
      orderId,
      epcCount: which.length,
      username: 'demo',
      source: 'rfid',
    });
  }
  const status = (s: number, which: string[]) =>
    tx
      .update(labelTags)
      .set({ status: s, updatedAt: new Date() })
      .where(
        and(
          eq(labelTags.tenantId, tenantId),
          sql`${labelTags.epc} in (${sql.join(
            which.map((e) => sql`${e}`),
            sql`, `,
          )})`,
        ),
      );
  await status(TAG_STATUS.RECEIVED, [epcs[0], epcs[2], epcs[3]]);
  await status(TAG_STATUS.SOLD, [epcs[1]]);
}
