import {
  BARCODE_REPLACE_STATUS,
  BARCODE_TYPE,
  LABEL_ORDER,
  REPRINT_STATUS,
  LINE_SOURCE as S,
  SAMPLE_CARD_STATUS,
  TEMPLATE_CATEGORY,
} from '@tagloom/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { goods, goodsSkus } from '../../tenant/goods/tables.js';
import { labelOrderLines, labelOrders } from '../orders/tables.js';
import { labelBarcodeReplacements, labelReprints, labelSampleCards, labelTemplates } from './tables.js';

const line = (source: number, caption = '') => ({ source, caption });

/** Templates beyond the declarations' one per category: a QR hang tag, a care label, a shoe tongue tag. */
const TEMPLATES = [
  {
    code: 'TPL-CL-5080',
    name: '服装二维码吊牌 50×80',
    category: TEMPLATE_CATEGORY.CLOTHING,
    widthMm: 50,
    heightMm: 80,
    barcode: BARCODE_TYPE.QR,
    dpi: 300,
    lines: [
      line(S.TEXT, 'LUMIÈRE'),
      line(S.GOODS_NAME),
      line(S.STYLE, '款号'),
      line(S.COLOUR, '颜色'),
      line(S.SIZE, '尺码'),
      line(S.PRICE, '¥'),
    ],
    remark: '扫码查看商品详情',
  },
  {
    code: 'TPL-CL-3025',
    name: '服装洗水唛 30×25',
    category: TEMPLATE_CATEGORY.CLOTHING,
    widthMm: 30,
    heightMm: 25,
    barcode: BARCODE_TYPE.CODE128,
    dpi: 600,
    lines: [line(S.SKU), line(S.SIZE)],
  },
  {
    code: 'TPL-SH-4030',
    name: '鞋舌 RFID 标签 40×30',
    category: TEMPLATE_CATEGORY.SHOES,
    widthMm: 40,
    heightMm: 30,
    barcode: BARCODE_TYPE.CODE128,
    dpi: 300,
    lines: [line(S.STYLE), line(S.SIZE, '码')],
  },
];

/** The demo goods that get a certificate sample card: [style number, card name, standard, safety, ingredients]. */
const CARDS: [string, string, string, number, string][] = [
  ['LM24S101', '真丝衬衫合格证', 'GB/T 18132-2016', 2, '面料：100% 桑蚕丝'],
  ['LM24S103', '羊绒针织衫合格证', 'FZ/T 73009-2021', 2, '面料：90% 山羊绒 10% 锦纶'],
  ['QY24S101', '纯棉T恤合格证', 'FZ/T 73043-2012', 2, '面料：100% 棉'],
  ['QY24A102', 'POLO衫合格证', 'GB/T 22849-2014', 2, '面料：95% 棉 5% 氨纶'],
];

/**
 * The demo tenant's label templates, certificate sample cards (for four demo styles, their 69 code
 * the first SKU's GTIN-13; two confirmed), barcode replacements and reprint requests.
 */
export async function seedTemplatesDemo(tx: Tx, tenant: { id: number }): Promise<void> {
  const tenantId = tenant.id;
  await tx.insert(labelTemplates).values(TEMPLATES.map((t) => ({ ...t, tenantId })));
  const [clothing] = await tx
    .select({ id: labelTemplates.id })
    .from(labelTemplates)
    .where(and(eq(labelTemplates.tenantId, tenantId), eq(labelTemplates.code, 'TPL-CL-4060')));
  const styles = await tx
    .select({ id: goods.id, styleNumber: goods.styleNumber, bigType: goods.bigType, middleType: goods.middleType })
    .from(goods)
    .where(
      and(
        eq(goods.tenantId, tenantId),
        inArray(
          goods.styleNumber,
          CARDS.map((c) => c[0]),
        ),
      ),
    );
  const skus = await tx
    .select({
      id: goodsSkus.id,
      goodsId: goodsSkus.goodsId,
      skuBarcode: goodsSkus.skuBarcode,
      gtin: goodsSkus.gtin,
      price: goodsSkus.price,
    })
    .from(goodsSkus)
    .where(
      and(
        eq(goodsSkus.tenantId, tenantId),
        inArray(
          goodsSkus.goodsId,
          styles.map((s) => s.id),
        ),
      ),
    )
    .orderBy(asc(goodsSkus.id));
  const firstSku = new Map<number, (typeof skus)[number]>();
  for (const s of skus) if (!firstSku.has(Number(s.goodsId))) firstSku.set(Number(s.goodsId), s);
  const cards = CARDS.flatMap(([style, name, standard, safetyLevel, ingredients], i) => {
    const g = styles.find((s) => s.styleNumber === style);
    const sku = g && firstSku.get(Number(g.id));
    if (!g || !sku) return [];
    return [
      {
        tenantId,
        name,
        code: `SC-${style}`,
        templateId: clothing?.id ?? null,
        goodsType: `${g.bigType} / ${g.middleType}`,
        goodsId: g.id,
        gbCode: sku.gtin,
        code69: sku.gtin,
        series: '2026 秋冬',
        trademark: style.startsWith('LM') ? 'LUMIÈRE' : '青屿',
        standard,
        itemNo: style,
        grade: '合格品',
        safetyLevel,
        unitPrice: sku.price ?? null,
        ingredients,
        status: i < 2 ? SAMPLE_CARD_STATUS.CONFIRMED : SAMPLE_CARD_STATUS.DRAFT,
      },
    ];
  });
  if (cards.length) await tx.insert(labelSampleCards).values(cards);
  const [a, b] = skus;
  if (a && b)
    await tx.insert(labelBarcodeReplacements).values([
      {
        tenantId,
        code: 'RB202611180001',
        goodsId: a.goodsId,
        skuId: a.id,
        oldBarcode: a.skuBarcode,
        newBarcode: `${a.skuBarcode}N`,
        reason: '条码与外箱唛头不一致',
        status: BARCODE_REPLACE_STATUS.SUBMITTED,
        submittedAt: new Date('2026-11-18T02:30:00Z'),
      },
      {
        tenantId,
        code: 'RB202611200001',
        goodsId: b.goodsId,
        skuId: b.id,
        oldBarcode: b.skuBarcode,
        newBarcode: `${b.skuBarcode}N`,
        reason: '尺码段调整',
      },
    ]);
  // a reprint for a line of a demo label order in production, when the orders area seeded one
  const [orderLine] = await tx
    .select({ orderId: labelOrderLines.orderId, skuId: labelOrderLines.skuId })
    .from(labelOrderLines)
    .innerJoin(labelOrders, and(eq(labelOrders.tenantId, labelOrderLines.tenantId), eq(labelOrders.id, labelOrderLines.orderId)))
    .where(and(eq(labelOrderLines.tenantId, tenantId), eq(labelOrders.status, LABEL_ORDER.PRODUCING)))
    .orderBy(asc(labelOrderLines.id))
    .limit(1);
  await tx.insert(labelReprints).values([
    {
      tenantId,
      code: 'BD202611190001',
      orderId: orderLine?.orderId ?? null,
      skuId: orderLine?.skuId ?? a?.id ?? null,
      quantity: 30,
      reason: '打印头故障，吊牌印刷模糊',
      status: REPRINT_STATUS.PRINTED,
      printedAt: new Date('2026-11-19T06:10:00Z'),
    },
    { tenantId, code: 'BD202611210001', skuId: b?.id ?? null, quantity: 12, reason: '车缝时吊牌遗失' },
  ]);
}
