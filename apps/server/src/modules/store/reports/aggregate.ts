/**
 * The store reports' arithmetic, pure (operations.md §6 store/report-shipment and
 * store/report-take-delivery, §9 KPI "shipment reliability"), over the warehouse module's bill facts:
 *
 * - periods are the tenant's local ISO weeks (Monday first) or months, named by their first day;
 * - shipment, per period of shipping, sending site and bill kind: bills; cartons and pieces shipped
 *   (what the bills should hold), received (what their receipts counted), and the difference
 *   received − shipped over the bills whose receipt is finished (received, reviewed or zero-cleared:
 *   a bill on its way differs by nothing yet); bills still in transit; in-transit age in hours —
 *   shipped to received, or to the report's end for a bill not received — as p50 and p90 (linear
 *   between ranks, as PostgreSQL's percentile_cont);
 * - take-delivery, per period of receipt, sender and receiving store, over bills whose receiving
 *   began: pieces should / real / diff, diff ratio = 100 · Σ |diff of a bill| / Σ should, the share of
 *   checked cartons MATCHED, receiving time = the average hours from receipt to review (or
 *   zero-clearance) of the finished ones; shipment reliability per sender and week.
 */
import { BILL_STATUS, type ReportPeriod, type ShipmentReport, type TakeDeliveryReport } from '@tagloom/domain';
import type { BillFact } from '../../warehouse/index.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Receipts done counting: their difference is the receipt's. */
const FINISHED: readonly number[] = [BILL_STATUS.RECEIVED, BILL_STATUS.REVIEWED, BILL_STATUS.CLOSED];
/** Bills on their way (the receiver has not read them yet). */
const ON_THE_WAY: readonly number[] = [BILL_STATUS.IN_TRANSIT, BILL_STATUS.SHIP_REVIEWED];

const parts = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = parts.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    parts.set(tz, f);
  }
  return f;
}

/** The wall-clock time of `t` in `tz`, as if it were UTC (ms). */
function wallClock(t: number, tz: string): number {
  const p = Object.fromEntries(
    formatter(tz)
      .formatToParts(new Date(t))
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** The local day of `t` in `tz` (yyyy-mm-dd). */
export const localDay = (t: Date | number, tz: string): string => new Date(wallClock(Number(t), tz)).toISOString().slice(0, 10);

/** The instant a local day (yyyy-mm-dd) begins in `tz`. */
export function dayStart(day: string, tz: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let t = wall - (wallClock(wall, tz) - wall);
  // across an offset change the first guess is an hour off
  t -= wallClock(t, tz) - wall;
  return new Date(t);
}

/** Adds days to a yyyy-mm-dd. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The first day of the period (ISO week from Monday, or month) holding a local day. */
export function periodOf(day: string, period: ReportPeriod): string {
  if (period === 'month') return `${day.slice(0, 8)}01`;
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/** The p-th percentile (0–1) of values, linear between closest ranks (percentile_cont); null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const at = (s.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
}

const round1 = (n: number | null) => (n == null ? null : Math.round(n * 10) / 10);
const round2 = (n: number) => Math.round(n * 100) / 100;
const pct = (part: number, whole: number) => (whole > 0 ? round2((100 * part) / whole) : null);

export interface ReportRange {
  /** first and last local day, inclusive */
  from: string;
  to: string;
  period: ReportPeriod;
  tz: string;
  /** the time a bill not received is aged to (the range's end, or now when earlier) */
  asOf: Date;
}

/** The ageing buckets of bills in transit, in hours: [from, to). */
export const AGE_BUCKETS: readonly { bucket: string; min: number; max: number }[] = [
  { bucket: '0-24', min: 0, max: 24 },
  { bucket: '24-48', min: 24, max: 48 },
  { bucket: '48-72', min: 48, max: 72 },
  { bucket: '72-168', min: 72, max: 168 },
  { bucket: '168+', min: 168, max: Number.POSITIVE_INFINITY },
];

/** The weeks (their Mondays) a range covers, oldest first. */
export function weeksOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let w = periodOf(from, 'week'); w <= to; w = addDays(w, 7)) out.push(w);
  return out;
}

/** store/report-shipment over the bills shipped in the range (sites and filters are the caller's). */
export function shipmentReport(facts: readonly BillFact[], r: ReportRange): Omit<ShipmentReport, 'sites'> {
  type Acc = ShipmentReport['rows'][number] & { ages: number[] };
  const groups = new Map<string, Acc>();
  const weekly = new Map(weeksOf(r.from, r.to).map((w) => [w, { week: w, shipped: 0, received: 0 }]));
  const ageing = AGE_BUCKETS.map((b) => ({ bucket: b.bucket, bills: 0 }));
  const asOf = r.asOf.getTime();
  for (const b of facts) {
    const day = localDay(b.shippedAt, r.tz);
    const period = periodOf(day, r.period);
    const key = `${period}|${b.sourceId}|${b.kind}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        period,
        siteId: b.sourceId,
        siteCode: b.sourceCode,
        siteName: b.sourceName,
        kind: b.kind,
        bills: 0,
        cartonsShipped: 0,
        cartonsReceived: 0,
        cartonsDiff: 0,
        piecesShipped: 0,
        piecesReceived: 0,
        piecesDiff: 0,
        inTransit: 0,
        transitP50H: null,
        transitP90H: null,
        ages: [],
      };
      groups.set(key, g);
    }
    g.bills++;
    g.cartonsShipped += b.cartonsExpected;
    g.cartonsReceived += b.cartonsReceived;
    g.piecesShipped += b.piecesExpected;
    g.piecesReceived += b.piecesReceived;
    if (FINISHED.includes(b.status)) {
      g.cartonsDiff += b.cartonsReceived - b.cartonsExpected;
      g.piecesDiff += b.piecesReceived - b.piecesExpected;
    }
    const travelling = ON_THE_WAY.includes(b.status) || !b.receivedAt;
    const end = travelling ? asOf : b.receivedAt!.getTime();
    const hours = Math.max(0, end - b.shippedAt.getTime()) / HOUR;
    g.ages.push(hours);
    if (travelling) {
      g.inTransit++;
      const bucket = AGE_BUCKETS.findIndex((x) => hours >= x.min && hours < x.max);
      ageing[Math.max(bucket, 0)].bills++;
    }
    const week = weekly.get(periodOf(day, 'week'));
    if (week) {
      week.shipped += b.piecesExpected;
      week.received += b.piecesReceived;
    }
  }
  const rows = [...groups.values()]
    .map(({ ages, ...g }) => ({ ...g, transitP50H: round1(percentile(ages, 0.5)), transitP90H: round1(percentile(ages, 0.9)) }))
    .sort((a, b) => a.period.localeCompare(b.period) || a.siteCode.localeCompare(b.siteCode) || a.kind - b.kind);
  return { from: r.from, to: r.to, period: r.period, rows, weekly: [...weekly.values()], ageing };
}

/** Bills whose receiving began: what take-delivery counts. */
const RECEIPTS: readonly number[] = [BILL_STATUS.RECEIVING, ...FINISHED];

/** store/report-take-delivery over the bills received in the range (to stores; the caller's filters). */
export function takeDeliveryReport(facts: readonly BillFact[], r: ReportRange): Omit<TakeDeliveryReport, 'senders' | 'stores'> {
  type Acc = TakeDeliveryReport['rows'][number] & { absDiff: number; hours: number[] };
  const groups = new Map<string, Acc>();
  const weeks = new Map<
    string,
    { senderId: number; senderName: string; week: string; checked: number; matched: number; should: number; real: number }
  >();
  for (const b of facts) {
    if (!RECEIPTS.includes(b.status) || !b.receivedAt || b.destId == null) continue;
    const day = localDay(b.receivedAt, r.tz);
    const period = periodOf(day, r.period);
    const key = `${period}|${b.sourceId}|${b.destId}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        period,
        senderId: b.sourceId,
        senderCode: b.sourceCode,
        senderName: b.sourceName,
        storeId: b.destId,
        storeCode: b.destCode,
        storeName: b.destName,
        bills: 0,
        piecesShould: 0,
        piecesReal: 0,
        piecesDiff: 0,
        diffRatio: 0,
        cartonsChecked: 0,
        cartonsMatched: 0,
        matchedPct: null,
        receivingH: null,
        absDiff: 0,
        hours: [],
      };
      groups.set(key, g);
    }
    g.bills++;
    g.piecesShould += b.piecesExpected;
    g.piecesReal += b.piecesReceived;
    g.piecesDiff += b.piecesReceived - b.piecesExpected;
    g.absDiff += Math.abs(b.piecesReceived - b.piecesExpected);
    g.cartonsChecked += b.cartonsChecked;
    g.cartonsMatched += b.cartonsMatched;
    if (b.doneAt) g.hours.push(Math.max(0, b.doneAt.getTime() - b.receivedAt.getTime()) / HOUR);
    const week = periodOf(day, 'week');
    const wk = `${b.sourceId}|${week}`;
    const w = weeks.get(wk) ?? { senderId: b.sourceId, senderName: b.sourceName, week, checked: 0, matched: 0, should: 0, real: 0 };
    w.checked += b.cartonsChecked;
    w.matched += b.cartonsMatched;
    w.should += b.piecesExpected;
    w.real += b.piecesReceived;
    weeks.set(wk, w);
  }
  const rows = [...groups.values()]
    .map(({ absDiff, hours, ...g }) => ({
      ...g,
      diffRatio: g.piecesShould > 0 ? round2((100 * absDiff) / g.piecesShould) : 0,
      matchedPct: pct(g.cartonsMatched, g.cartonsChecked),
      receivingH: hours.length ? round1(hours.reduce((s, h) => s + h, 0) / hours.length) : null,
    }))
    .sort((a, b) => a.period.localeCompare(b.period) || a.senderCode.localeCompare(b.senderCode) || a.storeCode.localeCompare(b.storeCode));
  const reliability = [...weeks.values()]
    .map((w) => ({
      senderId: w.senderId,
      senderName: w.senderName,
      week: w.week,
      matchedPct: pct(w.matched, w.checked),
      piecesPct: pct(w.real, w.should),
    }))
    .sort((a, b) => a.week.localeCompare(b.week) || a.senderName.localeCompare(b.senderName));
  return { from: r.from, to: r.to, period: r.period, rows, reliability };
}
