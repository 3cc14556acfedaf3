/**
 * The demo tenant's label orders: one in each stage a user meets (draft, pending review,
 * unconfirmed with its sketch waiting, confirmed, EPCs generated with a print task ready,
 * producing, shipped, signed, cancelled; a half-finished and a finished purchase), from suppliers
 * LS01/LS02 and factories FA01–FA03, with goods lines of the demo SKUs (69 codes). The orders with
 * EPCs have them made as Get EPC makes them: the tenant's coding rule, reserved serials, one
 * commissioning event per order.
 */
import { EPC_STATE, LABEL_ORDER_KIND, PRINT_TASK, LABEL_ORDER as S, SKETCH } from '@tagloom/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import { storeSeedFile } from '../../../core/files.js';
import { sanitizeSvg } from '../../../core/thumbs/svg.js';
import type { Tx } from '../../../db/client.js';
import { reserveSerials } from '../../general/coding-rule/serials.js';
import { tenantCodingRule } from '../../general/coding-rule/service.js';
import { goodsSkus } from '../../tenant/goods/tables.js';
import { factories, labelSuppliers } from '../../tenant/places/tables.js';
import { insertTags, recordTagEvent } from '../tags/store.js';
import { refreshTotals } from './hooks.js';
import { labelOrderLines, labelOrders, labelPrintTasks, labelSketches } from './tables.js';

interface DemoOrder {
  status: number;
  kind?: number;
  supplier: string;
  factory: string;
  /** days before today it was made */
  age: number;
  lines: number;
  quantity: number;
  sketch?: 'waiting' | 'confirmed';
  express?: [string, string];
  remark: string;
}

const ORDERS: DemoOrder[] = [
  { status: S.DRAFT, supplier: 'LS01', factory: 'FA01', age: 0, lines: 3, quantity: 300, remark: '秋冬新品吊牌，待补充样卡' },
  { status: S.DRAFT, supplier: 'LS02', factory: 'FA02', age: 1, lines: 2, quantity: 120, remark: '补单' },
  { status: S.PENDING_REVIEW, supplier: 'LS01', factory: 'FA01', age: 2, lines: 4, quantity: 500, remark: '春季主推款' },
  { status: S.UNCONFIRMED, supplier: 'LS01', factory: 'FA02', age: 3, lines: 3, quantity: 240, sketch: 'waiting', remark: '设计稿待确认' },
  { status: S.CONFIRMED, supplier: 'LS01', factory: 'FA03', age: 5, lines: 2, quantity: 150, sketch: 'confirmed', remark: '待生成 EPC' },
  {
    status: S.EPC_GENERATED,
    supplier: 'LS01',
    factory: 'FA01',
    age: 7,
    lines: 3,
    quantity: 60,
    sketch: 'confirmed',
    remark: '已生成 EPC，待打印',
  },
  { status: S.PRODUCING, supplier: 'LS02', factory: 'FA02', age: 10, lines: 2, quantity: 40, sketch: 'confirmed', remark: '生产中' },
  {
    status: S.SHIPPED,
    supplier: 'LS01',
    factory: 'FA03',
    age: 14,
    lines: 2,
    quantity: 30,
    sketch: 'confirmed',
    express: ['顺丰速运', 'SF1408826519374'],
    remark: '已发货，待签收',
  },
  {
    status: S.SIGNED,
    supplier: 'LS02',
    factory: 'FA01',
    age: 21,
    lines: 2,
    quantity: 20,
    sketch: 'confirmed',
    express: ['中通快递', 'ZT7730012458866'],
    remark: '已签收',
  },
  { status: S.CANCELLED, supplier: 'LS02', factory: 'FA03', age: 25, lines: 1, quantity: 80, remark: '款式取消，订单作废' },
  {
    status: S.PURCHASING,
    kind: LABEL_ORDER_KIND.HALF_FINISHED,
    supplier: 'LS02',
    factory: 'FA02',
    age: 4,
    lines: 2,
    quantity: 2000,
    remark: '半成品织唛',
  },
  {
    status: S.DRAFT,
    kind: LABEL_ORDER_KIND.FINISHED,
    supplier: 'LS01',
    factory: 'FA01',
    age: 1,
    lines: 2,
    quantity: 1500,
    remark: '成品洗水唛',
  },
];

/** States an order has its EPCs in. */
const WITH_EPC = new Set<number>([S.EPC_GENERATED, S.PRODUCING, S.SHIPPED, S.SIGNED]);
const CONFIRMED_ON = new Set<number>([S.CONFIRMED, ...WITH_EPC, S.PURCHASING]);

const sketchSvg = (code: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 40 60"><rect width="40" height="60" rx="2" fill="#fdfdfb" stroke="#1f1f1f" stroke-width="0.4"/><circle cx="20" cy="5" r="1.6" fill="none" stroke="#1f1f1f" stroke-width="0.4"/><text x="20" y="16" font-size="4" text-anchor="middle" font-family="sans-serif" fill="#1f1f1f">LUMEN</text><rect x="5" y="36" width="30" height="10" fill="none" stroke="#8c8c8c" stroke-width="0.3"/><text x="20" y="42" font-size="2.2" text-anchor="middle" font-family="monospace" fill="#595959">RFID</text><text x="20" y="55" font-size="2" text-anchor="middle" font-family="monospace" fill="#595959">${code}</text></svg>`;

const ymd = (d: Date) => d.toISOString().slice(0, 10);

export async function seedOrdersDemo(tx: Tx, tenant: { id: number; code: string }, config: Config): Promise<void> {
  const tenantId = tenant.id;
  const ids = async (table: typeof labelSuppliers | typeof factories) =>
    new Map(
      (await tx.select({ id: table.id, code: table.code }).from(table).where(eq(table.tenantId, tenantId))).map((r) => [
        String(r.code),
        Number(r.id),
      ]),
    );
  const suppliers = await ids(labelSuppliers);
  const factoryIds = await ids(factories);
  const skus = await tx
    .select({ id: goodsSkus.id, gtin: goodsSkus.gtin })
    .from(goodsSkus)
    .where(and(eq(goodsSkus.tenantId, tenantId), sql`${goodsSkus.gtin} like '69%'`))
    .orderBy(asc(goodsSkus.id))
    .limit(200);
  if (!skus.length || !suppliers.size) return;
  const rule = await tenantCodingRule(tx, tenantId);
  const now = Date.now();
  let sku = 0;
  for (const [i, o] of ORDERS.entries()) {
    const made = new Date(now - o.age * 86_400_000);
    const day = ymd(made).replaceAll('-', '');
    const code = `LPO${day}${String(900 + i).padStart(4, '0')}`;
    const [order] = await tx
      .insert(labelOrders)
      .values({
        tenantId,
        code,
        kind: o.kind ?? LABEL_ORDER_KIND.RFID,
        status: o.status,
        supplierId: suppliers.get(o.supplier) ?? null,
        factoryId: factoryIds.get(o.factory) ?? null,
        contractCode: `HT${day}${String(i + 1).padStart(3, '0')}`,
        lossRatio: '3',
        deliveryDate: new Date(made.getTime() + 20 * 86_400_000),
        consignee: '王建华',
        contactPhone: '13761208845',
        address: '浙江省宁波市北仑区大港工业城甬江路 18 号 宁波甬华针织制衣有限公司 收发室',
        sketchConfirmed: o.sketch === 'confirmed' ? 1 : 0,
        sampleCardConfirmed: CONFIRMED_ON.has(o.status) ? 1 : 0,
        expressCompany: o.express?.[0] ?? '',
        expressNo: o.express?.[1] ?? '',
        remark: o.remark,
        createdAt: made,
        updatedAt: made,
      })
      .returning();
    const orderId = Number(order.id);
    const lines = Array.from({ length: o.lines }, (_, j) => skus[(sku + j) % skus.length]);
    sku += o.lines;
    await tx.insert(labelOrderLines).values(
      lines.map((s, j) => ({
        tenantId,
        orderId,
        skuId: Number(s.id),
        contractCode: `HT${day}${String(i + 1).padStart(3, '0')}-${j + 1}`,
        quantity: Math.round(o.quantity / o.lines),
      })),
    );
    await refreshTotals(tx, tenantId, orderId);
    if (o.sketch) {
      const bytes = sanitizeSvg(Buffer.from(sketchSvg(code)));
      const file = await storeSeedFile(tx, tenantId, config.dataDir, {
        scope: 'label/sketch',
        name: `${code}-hang-tag.svg`,
        kind: 'svg',
        mime: 'image/svg+xml',
        bytes,
      });
      await tx.insert(labelSketches).values({
        tenantId,
        orderId,
        name: `${code} 吊牌设计稿`,
        version: 'V1',
        file,
        supplierId: suppliers.get(o.supplier) ?? null,
        status: o.sketch === 'confirmed' ? SKETCH.CONFIRMED : SKETCH.TO_CONFIRM,
      });
    }
    if (!WITH_EPC.has(o.status)) continue;
    // its EPCs, as Get EPC makes them
    const [{ labels }] = await tx
      .select({ labels: sql<number>`coalesce(sum(${labelOrderLines.labelQuantity}), 0)::int` })
      .from(labelOrderLines)
      .where(and(eq(labelOrderLines.tenantId, tenantId), eq(labelOrderLines.orderId, orderId)));
    let serial = Number(await reserveSerials(tx, tenantId, rule.ruleId, Number(labels)));
    const lineRows = await tx
      .select({ skuId: labelOrderLines.skuId, labels: labelOrderLines.labelQuantity })
      .from(labelOrderLines)
      .where(and(eq(labelOrderLines.tenantId, tenantId), eq(labelOrderLines.orderId, orderId)));
    for (const l of lineRows) {
      const s = lines.find((x) => Number(x.id) === Number(l.skuId))!;
      const epcs = rule.encoder.epcs({ gtin: String(s.gtin), firstSerial: serial, count: Number(l.labels) });
      await insertTags(
        tx,
        tenantId,
        orderId,
        epcs.map((epc, k) => ({ epc, skuId: Number(s.id), gtin: String(s.gtin), serial: String(serial + k) })),
        // generated by its Get EPC, an hour after the order was made
        new Date(made.getTime() + 3_600_000),
      );
      serial += epcs.length;
    }
    await tx
      .update(labelOrders)
      .set({ epcState: EPC_STATE.GENERATED, epcCount: Number(labels) })
      .where(and(eq(labelOrders.tenantId, tenantId), eq(labelOrders.id, orderId)));
    await recordTagEvent(tx, {
      tenantId,
      eventTime: new Date(made.getTime() + 3_600_000),
      // recorded as it happened (a past event is never recorded before it happened)
      recordTime: new Date(made.getTime() + 3_603_000),
      action: 'ADD',
      // CBV: the EPCs are encoded (the print file's), commissioned when a printer binds each to its chip
      bizStep: 'encoding',
      disposition: 'encoded',
      orderId,
      orderCode: code,
      epcCount: Number(labels),
      bizTransactions: [{ type: 'po', id: code }],
      username: 'demo',
      source: 'label.generateEpc',
    });
    if (o.status === S.EPC_GENERATED)
      await tx.insert(labelPrintTasks).values({
        tenantId,
        code: `PT${day}0901`,
        orderId,
        supplierId: suppliers.get(o.supplier) ?? null,
        labelCount: Number(labels),
        status: PRINT_TASK.READY,
      });
  }
}
