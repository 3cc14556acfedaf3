/**
 * The demo tenant's tags: when the label orders' demo left DEMO without tags, one confirmed RFID
 * label order (LPO202611010001, supplier LS01, factory FA01) with 24 tags of two SKUs (SGTIN-96,
 * filter 1, serials from 900,000,001 so they never meet the serials Get EPC hands out), its
 * commissioning event; then, whatever tags exist, the first eight of each of the first three orders
 * bound to TIDs as a printer sends them back (binding records, an encoding event) and one
 * exception of each kind.
 */
import { EPC_STATE, LABEL_ORDER, LABEL_ORDER_KIND, TAG_BINDING_SOURCE, TAG_EXCEPTION_KIND } from '@tagloom/domain';
import { sgtin96Hex } from '@tagloom/domain/epc/index.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { goodsSkus } from '../../tenant/goods/tables.js';
import { factories, labelSuppliers } from '../../tenant/places/tables.js';
import { labelOrders } from '../orders/tables.js';
import { bindPairs, recordException } from './service.js';
import { insertTags, recordTagEvent } from './store.js';
import { labelTags } from './tables.js';

const DEMO_ORDER = 'LPO202611010001';
const SERIAL_FROM = 900_000_001;
const PER_SKU = 12;
/** Orders whose first tags the demo binds. */
const BOUND_ORDERS = 3;

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
      } as never)
      .returning({ id: labelOrders.id })) as { id: number }[];
    const rows = skus.flatMap((s) =>
      Array.from({ length: PER_SKU }, (_, i) => ({
        epc: sgtin96Hex(s.gtin, 7, 1, SERIAL_FROM + i),
        skuId: s.id,
        gtin: `0${s.gtin}`,
        serial: String(SERIAL_FROM + i),
      })),
    );
    await insertTags(tx, tenantId, Number(order.id), rows);
    await recordTagEvent(tx, {
      tenantId,
      eventTime: new Date(Date.now() - 3 * 86_400_000),
      action: 'ADD',
      bizStep: 'commissioning',
      disposition: 'active',
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
      );
  }
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
