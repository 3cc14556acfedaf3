/**
 * What the store reports' routes answer (store/report-shipment, store/report-take-delivery): rows
 * aggregated from the warehouse module's bills, per period and site (operations.md §6, §9 KPI
 * "shipment reliability"). Types only: the server's zod schemas check them.
 */

/** A report's period: ISO weeks (Monday first) or calendar months. */
export type ReportPeriod = 'week' | 'month';

/** The filters of both reports: a range of days (yyyy-mm-dd, inclusive), the period, a site and a sender. */
export interface StoreReportQuery {
  from?: string;
  to?: string;
  period?: ReportPeriod;
  /** shipment: the sending site; take-delivery: the receiving store */
  siteId?: number;
  /** take-delivery: the sending site */
  senderId?: number;
}

/** A site as a report names it. */
export interface ReportSite {
  id: number;
  code: string;
  name: string;
}

/** store/report-shipment: one row per period, sending site and bill kind. */
export interface ShipmentReportRow {
  /** the period's first day (yyyy-mm-dd) */
  period: string;
  siteId: number;
  siteCode: string;
  siteName: string;
  kind: number;
  bills: number;
  cartonsShipped: number;
  cartonsReceived: number;
  cartonsDiff: number;
  piecesShipped: number;
  piecesReceived: number;
  piecesDiff: number;
  /** bills shipped and not yet received at the end of the range (or now) */
  inTransit: number;
  /** hours from shipping to the receiver's first read (received bills), else to now; null without a shipped bill */
  transitP50H: number | null;
  transitP90H: number | null;
}

/** store/report-shipment: the chart series. */
export interface ShipmentReport {
  from: string;
  to: string;
  period: ReportPeriod;
  rows: ShipmentReportRow[];
  /** shipped vs received pieces by week of shipping */
  weekly: { week: string; shipped: number; received: number }[];
  /** bills still in transit by age (hours): 0–24, 24–48, 48–72, 72–168, > 168 */
  ageing: { bucket: string; bills: number }[];
  /** the sites a filter may pick (those of the party's bills) */
  sites: ReportSite[];
}

/** store/report-take-delivery: one row per period, sender and receiving store. */
export interface TakeDeliveryReportRow {
  period: string;
  senderId: number;
  senderCode: string;
  senderName: string;
  storeId: number;
  storeCode: string;
  storeName: string;
  bills: number;
  piecesShould: number;
  piecesReal: number;
  piecesDiff: number;
  /** 100 · Σ|diff| / Σ should, 2 decimals */
  diffRatio: number;
  cartonsChecked: number;
  cartonsMatched: number;
  /** 100 · matched / checked cartons, null when none was checked */
  matchedPct: number | null;
  /** hours from the first read to the receipt's finish, average over finished receipts */
  receivingH: number | null;
}

/** store/report-take-delivery: rows and the reliability chart. */
export interface TakeDeliveryReport {
  from: string;
  to: string;
  period: ReportPeriod;
  rows: TakeDeliveryReportRow[];
  /** shipment reliability per sender and week: % of checked cartons MATCHED, and pieces received / sent */
  reliability: { senderId: number; senderName: string; week: string; matchedPct: number | null; piecesPct: number | null }[];
  senders: ReportSite[];
  stores: ReportSite[];
}
