/**
 * What the fitting-room reports' routes answer (smart-store/top, trend, turnover, statistics):
 * figures summed from the daily rollups (fr_sku_daily, fr_store_hourly) over a range of the
 * tenant's local days, their measures by fittingMeasures (../../rfid/fitting.ts). Types only: the
 * server's zod schemas check them. Every answer carries the rules of the stores it shows.
 */

/** The filters every fitting-room report takes: a range of local days (yyyy-mm-dd, inclusive) and a store. */
export interface FittingReportQuery {
  from?: string;
  to?: string;
  storeId?: number;
}

/** smart-store/top: what is ranked, at which level, how many, and the tries a row needs to be ranked by conversion. */
export type FittingTopBy = 'tries' | 'triedNotBought' | 'conversion';
export type FittingTopLevel = 'style' | 'sku';
export interface FittingTopQuery extends FittingReportQuery {
  by?: FittingTopBy;
  level?: FittingTopLevel;
  n?: number;
  minTries?: number;
}

/** smart-store/trend: a point a day or a week (ISO week, named by its Monday). */
export type FittingTrendPeriod = 'day' | 'week';
export interface FittingTrendQuery extends FittingReportQuery {
  period?: FittingTrendPeriod;
}

/** A store a report may show (its picker's options). */
export interface FittingStore {
  id: number;
  code: string;
  name: string;
}

/** A store's fitting rules (smart-store/archive), shown beside its figures. */
export interface FittingStoreRules {
  storeId: number;
  storeCode: string;
  storeName: string;
  cabins: number;
  minDwellS: number;
  mergeGapS: number;
  conversionWindowH: number;
  /** "HH:mm" */
  opensAt: string;
  closesAt: string;
}

/** What every answer carries: its range, the stores of the picker, the rules of the stores shown. */
export interface FittingReportBase {
  from: string;
  to: string;
  stores: FittingStore[];
  rules: FittingStoreRules[];
}

/** smart-store/top: one ranked style (or SKU). `sessions`: the sessions that had it (a style's: summed over its SKUs). */
export interface FittingTopRow {
  rank: number;
  styleId: number;
  styleNumber: string;
  goodsName: string;
  /** level sku only */
  skuId: number | null;
  skuBarcode: string;
  colour: string;
  size: string;
  sessions: number;
  tries: number;
  bought: number;
  triedNotBought: number;
  /** bought / tried, 0–1 (4 decimals); null without a try */
  conversion: number | null;
}
export interface FittingTopReport extends FittingReportBase {
  by: FittingTopBy;
  level: FittingTopLevel;
  n: number;
  minTries: number;
  rows: FittingTopRow[];
}

/** smart-store/trend: one day or week. */
export interface FittingTrendRow {
  period: string;
  sessions: number;
  items: number;
  tries: number;
  bought: number;
  sessionsBought: number;
  itemConversion: number | null;
  sessionConversion: number | null;
  avgDwellS: number | null;
}
/** smart-store/trend: sessions of a weekday (1 Monday … 7 Sunday) and local hour (0–23), over the range. */
export interface FittingHeatCell {
  weekday: number;
  hour: number;
  sessions: number;
}
export interface FittingTrendReport extends FittingReportBase {
  period: FittingTrendPeriod;
  rows: FittingTrendRow[];
  heat: FittingHeatCell[];
}

/** The figures of a funnel or a group of turnover: garments brought in, tried, bought, swapped for another size. */
export interface FittingFunnel {
  items: number;
  tries: number;
  bought: number;
  swapped: number;
  triedNotBought: number;
  itemConversion: number | null;
  sizeSwapRate: number | null;
}
/** smart-store/turnover: a store's. */
export interface FittingTurnoverStoreRow extends FittingFunnel {
  storeId: number;
  storeCode: string;
  storeName: string;
  sessions: number;
  sessionsBought: number;
  sessionConversion: number | null;
}
/** smart-store/turnover: a category's (the goods' big type; '' none). */
export interface FittingTurnoverCategoryRow extends FittingFunnel {
  category: string;
}
export interface FittingTurnoverReport extends FittingReportBase {
  funnel: FittingFunnel & { sessions: number; sessionsBought: number; sessionConversion: number | null };
  rows: FittingTurnoverStoreRow[];
  categories: FittingTurnoverCategoryRow[];
}

/** smart-store/statistics: a store's load and conversion over the range. */
export interface FittingStatisticsRow {
  storeId: number;
  storeCode: string;
  storeName: string;
  /** days of the range up to today */
  days: number;
  sessions: number;
  sessionsPerDay: number | null;
  avgDwellS: number | null;
  itemsPerSession: number | null;
  /** Σ session dwell / (cabins × open seconds × days), 0–1; null when the store keeps no archive */
  occupancy: number | null;
  itemConversion: number | null;
  sessionConversion: number | null;
}
export interface FittingStatisticsReport extends FittingReportBase {
  rows: FittingStatisticsRow[];
}
