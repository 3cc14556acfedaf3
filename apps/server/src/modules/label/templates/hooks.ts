import {
  BARCODE_NAMES,
  barcodeReplaceResource,
  LABEL_ORDER,
  labelTemplateResource,
  type ResourceDef,
  reprintResource,
} from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import { fieldRefusal } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import type { Tx } from '../../../db/client.js';
import { skuFacts } from '../../tenant/goods/service.js';
import { labelOrderLines, labelOrders } from '../orders/tables.js';
import { checkBarcodesFit, tenantBarcodes } from './service.js';
import { labelBarcodeReplacements, labelReprints } from './tables.js';

type Row = Record<string, unknown>;
/** A declared field (its key and label), for a refusal naming it. */
export const fieldOf = (def: ResourceDef, key: string) => def.list.find((f) => f.key === key)!;

/** Stamps a time column of the moved row (a transition's side effect, in its transaction). */
const stamp =
  (table: typeof labelBarcodeReplacements | typeof labelReprints, column: 'submittedAt' | 'printedAt') =>
  async (tx: Tx, row: Row, { session }: { session: { tenantId?: number | null } }) => {
    await tx
      .update(table)
      .set({ [column]: new Date() })
      .where(and(eq(table.tenantId, session.tenantId!), eq(table.id, row.id as number)));
  };

/**
 * Replace barcode: the SKU named is one of the goods named (the goods is taken from the SKU when
 * left out), and the old barcode is that SKU's barcode today; submitting stamps the time.
 */
export const barcodeReplaceHooks: ResourceHooks = {
  async beforeWrite(tx, data, { session, lang = 'zh_CN' }) {
    if (!data.skuId) return;
    const sku = (await skuFacts(tx, session.tenantId!, [Number(data.skuId)])).get(Number(data.skuId));
    if (!sku) return; // the foreign key names a missing SKU
    if (data.goodsId && Number(data.goodsId) !== Number(sku.goodsId))
      throw fieldRefusal(fieldOf(barcodeReplaceResource, 'skuId'), 'labelTools.skuNotOfGoods', { sku: sku.skuBarcode }, lang);
    data.goodsId = sku.goodsId;
    if (data.oldBarcode && String(data.oldBarcode) !== sku.skuBarcode)
      throw fieldRefusal(fieldOf(barcodeReplaceResource, 'oldBarcode'), 'labelTools.oldBarcodeNotSku', { barcode: sku.skuBarcode }, lang);
  },
  transitions: { submit: stamp(labelBarcodeReplacements, 'submittedAt') },
};

/** Label orders whose labels are not printed yet, or never will be: nothing to print again. */
const NOT_PRINTED: readonly number[] = [LABEL_ORDER.DRAFT, LABEL_ORDER.PENDING_REVIEW, LABEL_ORDER.UNCONFIRMED, LABEL_ORDER.CANCELLED];

/**
 * Supplementary printing: labels are printed again only for a label order past its confirmation
 * (not a draft, one under review or unconfirmed, nor a cancelled one), and only for a SKU the order
 * buys; printing stamps the time.
 */
export const reprintHooks: ResourceHooks = {
  async beforeWrite(tx, data, { session, lang = 'zh_CN' }) {
    if (!data.orderId) return;
    const [order] = await tx
      .select({ code: labelOrders.code, status: labelOrders.status })
      .from(labelOrders)
      .where(and(eq(labelOrders.tenantId, session.tenantId!), eq(labelOrders.id, Number(data.orderId))));
    if (!order) return; // the foreign key names a missing order
    if (NOT_PRINTED.includes(Number(order.status)))
      throw fieldRefusal(fieldOf(reprintResource, 'orderId'), 'labelTools.orderNotPrinted', { code: order.code }, lang);
    if (!data.skuId) return;
    const [line] = await tx
      .select({ id: labelOrderLines.id })
      .from(labelOrderLines)
      .where(
        and(
          eq(labelOrderLines.tenantId, session.tenantId!),
          eq(labelOrderLines.orderId, Number(data.orderId)),
          eq(labelOrderLines.skuId, Number(data.skuId)),
        ),
      )
      .limit(1);
    if (!line) throw fieldRefusal(fieldOf(reprintResource, 'skuId'), 'labelTools.skuNotOnOrder', {}, lang);
  },
  transitions: { print: stamp(labelReprints, 'printedAt') },
};

/**
 * A label template (any of the five category screens): its barcode must print for every SKU of the
 * tenant, i.e. the symbol and its quiet zones fit the label's width at a readable module width;
 * checked when it is made and when its size, resolution or barcode type change (refused naming the width).
 */
export const templateHooks: ResourceHooks = {
  async beforeWrite(tx, data, { session, existing, changes, lang = 'zh_CN' }) {
    if (existing && !['widthMm', 'dpi', 'barcode'].some((k) => changes?.[k] !== undefined)) return;
    const spec = {
      widthMm: Number(data.widthMm),
      dpi: Number(data.dpi ?? 203),
      barcode: BARCODE_NAMES[Number(data.barcode ?? 1) as keyof typeof BARCODE_NAMES] ?? 'code128',
    };
    checkBarcodesFit(spec, await tenantBarcodes(tx, session.tenantId!), fieldOf(labelTemplateResource, 'widthMm'), lang);
  },
};
