import {
  BARCODE_NAMES,
  type BarcodeName,
  type L10n,
  type Lang,
  LINE_SOURCE,
  LINE_SOURCE_NAMES,
  type LineSourceName,
} from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import { fieldRefusal, notFound } from '../../../core/errors.js';
import type { Db, Tx } from '../../../db/client.js';
import type { SkuFacts } from '../../tenant/goods/service.js';
import { goodsSkus } from '../../tenant/goods/tables.js';
import { fitBarcode, SYMBOLOGY_NAMES } from './barcode.js';
import { labelTemplates } from './tables.js';

/** One printed text line of a template: what it shows (a SKU's value, or fixed text) and its caption. */
export interface TemplateLine {
  source: LineSourceName;
  caption: string;
}

/** What a print file needs of a label template (the label order's print task reads it). */
export interface TemplatePrintSpec {
  id: number;
  code: string;
  name: string;
  widthMm: number;
  heightMm: number;
  /** printer resolution in dots per inch (203, 300 or 600) */
  dpi: number;
  barcode: BarcodeName;
  lines: TemplateLine[];
}

/** The values of one SKU a label prints (SkuFacts, and its tag price when known). */
export type SkuPrintValues = Pick<SkuFacts, 'skuBarcode' | 'gtin' | 'colour' | 'size' | 'styleNumber' | 'goodsName'> & {
  price?: number | null;
};

/**
 * The print spec of a tenant's label template (any of the five categories): size, resolution,
 * barcode type and text lines. 404 when the tenant has no such template.
 */
export async function templatePrintSpec(db: Db | Tx, tenantId: number, templateId: number): Promise<TemplatePrintSpec> {
  const [row] = await db
    .select()
    .from(labelTemplates)
    .where(and(eq(labelTemplates.tenantId, tenantId), eq(labelTemplates.id, templateId)));
  if (!row) throw notFound('labelTemplate.what');
  const lines = (Array.isArray(row.lines) ? row.lines : []) as { source?: number; caption?: string }[];
  return {
    id: Number(row.id),
    code: String(row.code),
    name: String(row.name),
    widthMm: Number(row.widthMm),
    heightMm: Number(row.heightMm),
    dpi: Number(row.dpi),
    barcode: BARCODE_NAMES[Number(row.barcode) as keyof typeof BARCODE_NAMES] ?? 'code128',
    lines: lines.map((l) => ({
      source: LINE_SOURCE_NAMES[Number(l.source) as keyof typeof LINE_SOURCE_NAMES] ?? 'text',
      caption: String(l.caption ?? ''),
    })),
  };
}

export { mmToDots } from './barcode.js';

/**
 * The texts a template prints for one SKU, line by line: a fixed line its caption, any other line
 * its caption and the SKU's value ("款号 LM24S001"); a line whose value the SKU lacks is left out.
 */
export function templateTexts(spec: Pick<TemplatePrintSpec, 'lines'>, sku: SkuPrintValues): string[] {
  const out: string[] = [];
  for (const line of spec.lines) {
    if (line.source === LINE_SOURCE_NAMES[LINE_SOURCE.TEXT]) {
      if (line.caption) out.push(line.caption);
      continue;
    }
    const raw = line.source === 'price' ? (sku.price == null ? '' : Number(sku.price).toFixed(2)) : String(sku[line.source] ?? '');
    if (!raw) continue;
    out.push(line.caption ? `${line.caption} ${raw}` : raw);
  }
  return out;
}

/** The value a barcode of the template encodes for a SKU: its GTIN for EAN-13 (when it is one), else its SKU barcode. */
export function barcodeValue(spec: Pick<TemplatePrintSpec, 'barcode'>, sku: Pick<SkuFacts, 'skuBarcode' | 'gtin'>): string {
  if (spec.barcode === 'ean13') return /^\d{13}$/.test(sku.gtin) ? sku.gtin : sku.skuBarcode;
  return sku.skuBarcode;
}

/**
 * Refuses, naming `field`, a template whose barcode cannot be printed for one of these SKUs: the
 * symbol with its quiet zones wider than the label at the smallest readable module, or a value the
 * symbology cannot encode (the first such SKU is named, with the width it would need).
 */
export function checkBarcodesFit(
  spec: Pick<TemplatePrintSpec, 'widthMm' | 'dpi' | 'barcode'>,
  skus: Iterable<Pick<SkuFacts, 'skuBarcode' | 'gtin'>>,
  field: { key: string; label: L10n },
  lang: Lang,
): void {
  const seen = new Set<string>();
  for (const sku of skus) {
    const value = barcodeValue(spec, sku);
    if (!value || seen.has(value)) continue;
    seen.add(value);
    const fit = fitBarcode(spec, value);
    if (fit.ok) continue;
    if (fit.reason === 'chars')
      throw fieldRefusal(field, 'labelTemplate.barcodeChars', { sku: sku.skuBarcode, kind: SYMBOLOGY_NAMES[fit.symbology] }, lang);
    throw fieldRefusal(
      field,
      'labelTemplate.barcodeTooWide',
      { sku: sku.skuBarcode, kind: SYMBOLOGY_NAMES[fit.symbol.symbology], need: fit.needMm, width: spec.widthMm, dpi: spec.dpi },
      lang,
    );
  }
}

/** Every SKU barcode and GTIN of a tenant (what its templates must be able to print). */
export async function tenantBarcodes(tx: Db | Tx, tenantId: number): Promise<Pick<SkuFacts, 'skuBarcode' | 'gtin'>[]> {
  const rows = await tx
    .select({ skuBarcode: goodsSkus.skuBarcode, gtin: goodsSkus.gtin })
    .from(goodsSkus)
    .where(eq(goodsSkus.tenantId, tenantId));
  return rows.map((r) => ({ skuBarcode: String(r.skuBarcode ?? ''), gtin: String(r.gtin ?? '') }));
}
