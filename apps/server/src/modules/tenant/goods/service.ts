import { and, eq, inArray, or, sql } from 'drizzle-orm';
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

/** What other modules read of a style (a goods row): its number, name and category. */
export interface StyleFacts {
  id: number;
  styleNumber: string;
  goodsName: string;
  /** the big type (category), '' for none */
  bigType: string;
  middleType: string;
}

/** The tenant's styles (goods) of these ids, by id (ids of another tenant or of no goods are left out). */
export async function styleFacts(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Map<number, StyleFacts>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      id: goods.id,
      styleNumber: goods.styleNumber,
      goodsName: goods.goodsName,
      bigType: goods.bigType,
      middleType: goods.middleType,
    })
    .from(goods)
    .where(and(eq(goods.tenantId, tenantId), inArray(goods.id, [...new Set(ids)])));
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        styleNumber: String(r.styleNumber ?? ''),
        goodsName: String(r.goodsName ?? ''),
        bigType: String(r.bigType ?? ''),
        middleType: String(r.middleType ?? ''),
      },
    ]),
  );
}

/** A SKU as a code names it. */
export interface SkuByCode {
  id: number;
  skuBarcode: string;
  /** its GTIN as stored ('' when it has none) */
  gtin: string;
}

/** A GTIN as GTIN-14 (its leading zeros added), or undefined for what is no GTIN's shape. */
const gtin14 = (v: string): string | undefined => (/^(\d{8}|\d{12,14})$/.test(v) ? v.padStart(14, '0') : undefined);

/**
 * The tenant's SKUs named by these codes, by code: a code is a SKU barcode, else a GTIN (GTIN-8,
 * -12, -13 or -14, compared as GTIN-14: leading zeros do not matter). Codes naming no SKU are left
 * out. For a long list, call it a slice at a time (it asks the database once).
 */
export async function skusByCode(tx: Tx, tenantId: number, codes: readonly string[]): Promise<Map<string, SkuByCode>> {
  const wanted = [...new Set(codes.filter(Boolean))];
  if (!wanted.length) return new Map();
  const gtins = [...new Set(wanted.map(gtin14).filter((g): g is string => !!g))];
  const rows = await tx
    .select({ id: goodsSkus.id, skuBarcode: goodsSkus.skuBarcode, gtin: goodsSkus.gtin })
    .from(goodsSkus)
    .where(
      and(
        eq(goodsSkus.tenantId, tenantId),
        gtins.length
          ? or(inArray(goodsSkus.skuBarcode, wanted), inArray(sql`lpad(${goodsSkus.gtin}, 14, '0')`, gtins))
          : inArray(goodsSkus.skuBarcode, wanted),
      ),
    );
  const byBarcode = new Map(rows.map((r) => [String(r.skuBarcode), r]));
  const byGtin = new Map(rows.filter((r) => r.gtin).map((r) => [String(r.gtin).padStart(14, '0'), r]));
  const out = new Map<string, SkuByCode>();
  for (const code of wanted) {
    const r = byBarcode.get(code) ?? byGtin.get(gtin14(code) ?? '');
    if (r) out.set(code, { id: Number(r.id), skuBarcode: String(r.skuBarcode), gtin: String(r.gtin ?? '') });
  }
  return out;
}
