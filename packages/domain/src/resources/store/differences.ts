import { defineEnums, enumOption as o } from '../../enums.js';

/**
 * ERP stock and difference lists (../shared/operations.md §9 "Three numbers", "Difference list",
 * "KPIs"): what the retailer's ERP says a site holds per SKU (`erp_stocks`, Nedap's
 * `erp_stock/create`: extern_ref, time, location, lines GTIN/qty), compared SKU by SKU with the
 * site's RFID stock (its book, or an approved count) in a difference list, which is approved and
 * exported to the ERP as its adjustment (erp → rfid). Zod-free: the console imports it.
 */

/** Where an ERP stock came from. */
export const ERP_STOCK_SOURCE = { API: 1, XLSX: 2, DEMO: 3 } as const;

/**
 * Values of DifferenceListStatus (Nedap's difference lists and their `export_status`): a draft
 * (lines may be ignored), approved (the ERP is to be corrected to the RFID figure), being exported,
 * exported, or its export failed (exported again).
 */
export const DIFF_STATUS = { DRAFT: 1, APPROVED: 2, EXPORTING: 3, EXPORTED: 4, EXPORT_ERROR: 5 } as const;
export type DiffStatus = (typeof DIFF_STATUS)[keyof typeof DIFF_STATUS];

/** What a list compares the ERP stock with: the site's book (RFID stock), or an approved count. */
export const DIFF_SOURCE = { BOOK: 1, COUNT: 2 } as const;

/** The states from which a list may be exported (again). */
export const EXPORTABLE: readonly number[] = [DIFF_STATUS.APPROVED, DIFF_STATUS.EXPORT_ERROR];
/** The states whose adjustment is final (approved or later). */
export const ADJUSTMENT_STATES: readonly number[] = [
  DIFF_STATUS.APPROVED,
  DIFF_STATUS.EXPORTING,
  DIFF_STATUS.EXPORTED,
  DIFF_STATUS.EXPORT_ERROR,
];

/**
 * The list's machine, every edge in one place: a user's `approve` (a draft; its ignored lines stay
 * out of the adjustment) and `export` (approved, or its export failed: again), and the export job's
 * own ends (`exported`, `exportFailed`). The server moves a list only by these, one conditional
 * UPDATE each (…/differences/service.ts moveList).
 */
export const DIFF_TRANSITIONS = {
  approve: { from: [DIFF_STATUS.DRAFT], to: DIFF_STATUS.APPROVED },
  export: { from: [DIFF_STATUS.APPROVED, DIFF_STATUS.EXPORT_ERROR], to: DIFF_STATUS.EXPORTING },
  exported: { from: [DIFF_STATUS.EXPORTING], to: DIFF_STATUS.EXPORTED },
  exportFailed: { from: [DIFF_STATUS.EXPORTING], to: DIFF_STATUS.EXPORT_ERROR },
} as const satisfies Record<string, { from: readonly number[]; to: number }>;
export type DiffTransition = keyof typeof DIFF_TRANSITIONS;

export const differenceEnums = defineEnums({
  DifferenceListStatus: [
    o(DIFF_STATUS.DRAFT, '草稿', '草稿', 'Draft', 'default'),
    o(DIFF_STATUS.APPROVED, '已批准', '已核准', 'Approved', 'processing'),
    o(DIFF_STATUS.EXPORTING, '导出中', '匯出中', 'Exporting', 'processing'),
    o(DIFF_STATUS.EXPORTED, '已导出', '已匯出', 'Exported', 'success'),
    o(DIFF_STATUS.EXPORT_ERROR, '导出失败', '匯出失敗', 'Export failed', 'error'),
  ],
  DifferenceSource: [
    o(DIFF_SOURCE.BOOK, 'RFID 账面库存', 'RFID 帳面庫存', 'RFID book stock'),
    o(DIFF_SOURCE.COUNT, '已审核盘点', '已審核盤點', 'Approved count'),
  ],
  ErpStockSource: [
    o(ERP_STOCK_SOURCE.API, '接口', '介面', 'API'),
    o(ERP_STOCK_SOURCE.XLSX, 'Excel 导入', 'Excel 匯入', 'Excel import'),
    o(ERP_STOCK_SOURCE.DEMO, '演示数据', '示範資料', 'Demo data'),
  ],
});

/** One SKU of a list: what the ERP says, what RFID says (e = ERP, r = RFID in §9's KPIs). */
export interface QtyPair {
  erpQty: number;
  rfidQty: number;
}

/** A line's difference: rfid − erp (a plus: RFID finds more than the ERP holds). */
export const diffOf = (p: QtyPair): number => p.rfidQty - p.erpQty;

/**
 * SMAPE accuracy (§9, Nedap's name; our form): `1 − Σ|r − e| / Σ(r + e)` over the SKUs with
 * r + e > 0; 1 when every SKU agrees (or none has stock), bounded 0–1. Negative quantities (a
 * book driven below zero) count as 0.
 */
export function smapeAccuracy(pairs: readonly QtyPair[]): number {
  let diff = 0;
  let sum = 0;
  for (const p of pairs) {
    const e = Math.max(0, p.erpQty);
    const r = Math.max(0, p.rfidQty);
    if (e + r <= 0) continue;
    diff += Math.abs(r - e);
    sum += r + e;
  }
  return sum === 0 ? 1 : 1 - diff / sum;
}

/**
 * SKU accuracy (§9): the SKUs whose two figures agree / the SKUs with e + r > 0 (per SKU, so a
 * size over and another short do not cancel); 1 when no SKU has stock.
 */
export function skuAccuracy(pairs: readonly QtyPair[]): number {
  let exact = 0;
  let counted = 0;
  for (const p of pairs) {
    const e = Math.max(0, p.erpQty);
    const r = Math.max(0, p.rfidQty);
    if (e + r <= 0) continue;
    counted++;
    if (e === r) exact++;
  }
  return counted === 0 ? 1 : exact / counted;
}

/** A line of a list as its totals see it: its figures, its unit price and whether it is ignored. */
export interface DifferenceLine extends QtyPair {
  /** the SKU's tag price (0 when it has none) */
  price: number;
  ignored?: boolean;
}

/** A list's totals (§9): over the lines not ignored. */
export interface DifferenceTotals {
  /** SKUs on the list (ignored ones included) */
  skus: number;
  /** Σ max(diff, 0): pieces RFID finds beyond the ERP */
  plus: number;
  /** Σ max(−diff, 0): pieces the ERP holds that RFID does not find */
  minus: number;
  /** plus + minus */
  absolute: number;
  /** Σ diff */
  net: number;
  /** lines ignored (left out of the totals and of the adjustment) */
  ignored: number;
  /** Σ diff × price, in cents rounded (the list's currency) */
  value: number;
  /** Σ |diff| × price */
  absoluteValue: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** The totals of a list's lines (§9 "Difference list"): the ignored ones counted apart, the others summed. */
export function differenceTotals(lines: readonly DifferenceLine[]): DifferenceTotals {
  const t: DifferenceTotals = { skus: lines.length, plus: 0, minus: 0, absolute: 0, net: 0, ignored: 0, value: 0, absoluteValue: 0 };
  let value = 0;
  let absValue = 0;
  for (const l of lines) {
    if (l.ignored) {
      t.ignored++;
      continue;
    }
    const d = diffOf(l);
    if (d > 0) t.plus += d;
    else t.minus -= d;
    t.net += d;
    value += d * l.price;
    absValue += Math.abs(d) * l.price;
  }
  t.absolute = t.plus + t.minus;
  t.value = cents(value);
  t.absoluteValue = cents(absValue);
  return t;
}

/**
 * The lines of a comparison (every SKU either side holds, in SKU order): per SKU its ERP and RFID
 * figures; with `onlyDifferences` the SKUs whose figures agree are left out.
 */
export function compareStocks(
  erp: ReadonlyMap<number, number>,
  rfid: ReadonlyMap<number, number>,
  onlyDifferences = false,
): { skuId: number; erpQty: number; rfidQty: number }[] {
  const skus = [...new Set([...erp.keys(), ...rfid.keys()])].sort((a, b) => a - b);
  const out: { skuId: number; erpQty: number; rfidQty: number }[] = [];
  for (const skuId of skus) {
    const erpQty = erp.get(skuId) ?? 0;
    const rfidQty = rfid.get(skuId) ?? 0;
    if (erpQty === 0 && rfidQty === 0) continue;
    if (onlyDifferences && erpQty === rfidQty) continue;
    out.push({ skuId, erpQty, rfidQty });
  }
  return out;
}
