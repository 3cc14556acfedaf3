import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { goods, goodsSkus } from './tables.js';

/** What other modules read of a SKU: its codes and its goods (the goods module's service; no other module reads its tables). */
export interface SkuFacts {
  id: number;
  skuBarcode: string;
  gtin: string;
  colour: string;
  size: string;
  goodsId: number;
  styleNumber: string;
  goodsName: string;
}

/** The tenant's SKUs of these ids, by id (ids of another tenant or of no SKU are left out). */
export async function skuFacts(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Map<number, SkuFacts>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      id: goodsSkus.id,
      skuBarcode: goodsSkus.skuBarcode,
      gtin: goodsSkus.gtin,
      colour: goodsSkus.colour,
      size: goodsSkus.size,
      goodsId: goodsSkus.goodsId,
      styleNumber: goods.styleNumber,
      goodsName: goods.goodsName,
    })
    .from(goodsSkus)
    .innerJoin(goods, and(eq(goods.tenantId, goodsSkus.tenantId), eq(goods.id, goodsSkus.goodsId)))
    .where(and(eq(goodsSkus.tenantId, tenantId), inArray(goodsSkus.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [Number(r.id), r as SkuFacts]));
}
