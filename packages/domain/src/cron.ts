/**
 * Cron expressions and interval triggers for the scheduler: parsing, matching and the next fire
 * time. 5 fields (minute hour day-of-month month day-of-week) or 6 (second first). Supported per
 * field: `*`, `?` (day fields), numbers, names (JAN-DEC, SUN-SAT), ranges `a-b`, steps `* /n`,
 * `a/n`, `a-b/n`, and lists. Day-of-week 0 and 7 are Sunday. When both day fields are
 * restricted a day matches either one (Vixie cron); otherwise the restricted one decides.
 * Quartz's L, W, # and year field are not supported (rejected, never silently ignored).
 */

export type CronField = 'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek';

export interface Cron {
  source: string;
  /** allowed values per field, as boolean lookups indexed by value */
  second: boolean[];
  minute: boolean[];
  hour: boolean[];
  dayOfMonth: boolean[];
  month: boolean[];
  dayOfWeek: boolean[];
  /** the day field was `*` or `?` */
  domAny: boolean;
  dowAny: boolean;
}

export type CronError = { ok: false; field: CronField | null; reason: 'fieldCount' | 'badValue' | 'unsupported' };
export type CronParse = { ok: true; cron: Cron } | CronError;

const RANGES: Record<CronField, [number, number]> = {
  second: [0, 59],
  minute: [0, 59],
  hour: [0, 23],
  dayOfMonth: [1, 31],
  month: [1, 12],
  dayOfWeek: [0, 7],
};
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

class Bad extends Error {
  constructor(readonly reason: CronError['reason']) {
    super(reason);
  }
}

function value(field: CronField, s: string): number {
  const up = s.toUpperCase();
  if (field === 'month' && MONTHS.includes(up)) return MONTHS.indexOf(up) + 1;
  if (field === 'dayOfWeek' && DAYS.includes(up)) return DAYS.indexOf(up);
  if (!/^\d{1,2}$/.test(s)) throw new Bad(/[LW#]/i.test(s) ? 'unsupported' : 'badValue');
  const n = Number(s);
  const [lo, hi] = RANGES[field];
  if (n < lo || n > hi) throw new Bad('badValue');
  return n;
}

function parseField(field: CronField, text: string): { set: boolean[]; any: boolean } {
  const [lo, hi] = RANGES[field];
  const set = new Array<boolean>(hi + 1).fill(false);
  if (text === '?' && (field === 'dayOfMonth' || field === 'dayOfWeek')) {
    for (let v = lo; v <= hi; v++) set[v] = true;
    return { set, any: true };
  }
  let any = false;
  for (const part of text.split(',')) {
    const m = /^([^/]+)(?:\/(\d{1,2}))?$/.exec(part);
    if (!m) throw new Bad(/[LW#]/i.test(part) ? 'unsupported' : 'badValue');
    const [, range, stepText] = m;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (step < 1 || step > hi) throw new Bad('badValue');
    let from: number;
    let to: number;
    if (range === '*') {
      from = lo;
      to = field === 'dayOfWeek' ? 6 : hi;
      if (stepText === undefined) any = true;
    } else if (range.includes('-')) {
      const [a, b, ...rest] = range.split('-');
      if (rest.length) throw new Bad('badValue');
      from = value(field, a);
      to = value(field, b);
      if (from > to) throw new Bad('badValue');
    } else {
      from = value(field, range);
      // `a/n`: from a to the end of the range
      to = stepText === undefined ? from : field === 'dayOfWeek' ? 6 : hi;
    }
    for (let v = from; v <= to; v += step) set[v] = true;
  }
  if (field === 'dayOfWeek' && set[7]) {
    set[0] = true;
    set[7] = false;
  }
  return { set, any };
}

/** Parse a 5- or 6-field expression; never throws. */
export function parseCron(expr: string): CronParse {
  const parts = String(expr ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (parts.length !== 5 && parts.length !== 6) return { ok: false, field: null, reason: 'fieldCount' };
  const all = parts.length === 6 ? parts : ['0', ...parts];
  const names: CronField[] = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'];
  const out: Partial<Cron> = { source: parts.join(' ') };
  for (const [i, field] of names.entries()) {
    try {
      const { set, any } = parseField(field, all[i]);
      out[field] = set;
      if (field === 'dayOfMonth') out.domAny = any;
      if (field === 'dayOfWeek') out.dowAny = any;
    } catch (err) {
      if (err instanceof Bad) return { ok: false, field, reason: err.reason };
      throw err;
    }
  }
  return { ok: true, cron: out as Cron };
}

export const isValidCron = (expr: string) => parseCron(expr).ok;

interface Parts {
  Y: number;
  M: number; // 1-12
  D: number;
  h: number;
  m: number;
  s: number;
  dow: number;
}

/** Calendar arithmetic in UTC or in the process's local time zone. */
function clock(utc: boolean) {
  return {
    parts(t: number): Parts {
      const d = new Date(t);
      return utc
        ? {
            Y: d.getUTCFullYear(),
            M: d.getUTCMonth() + 1,
            D: d.getUTCDate(),
            h: d.getUTCHours(),
            m: d.getUTCMinutes(),
            s: d.getUTCSeconds(),
            dow: d.getUTCDay(),
          }
        : {
            Y: d.getFullYear(),
            M: d.getMonth() + 1,
            D: d.getDate(),
            h: d.getHours(),
            m: d.getMinutes(),
            s: d.getSeconds(),
            dow: d.getDay(),
          };
    },
    /** months are 1-based; overflowing values roll over as Date does */
    make(Y: number, M: number, D: number, h = 0, m = 0, s = 0, ms = 0): number {
      return utc ? Date.UTC(Y, M - 1, D, h, m, s, ms) : new Date(Y, M - 1, D, h, m, s, ms).getTime();
    },
  };
}

function dayMatches(c: Cron, p: Parts): boolean {
  const dom = c.dayOfMonth[p.D];
  const dow = c.dayOfWeek[p.dow];
  if (c.domAny && c.dowAny) return true;
  if (c.domAny) return dow;
  if (c.dowAny) return dom;
  return dom || dow;
}

/** Whether the expression fires at this instant (whole seconds). */
export function cronMatches(cron: Cron, at: Date, opts: { utc?: boolean } = {}): boolean {
  if (at.getTime() % 1000 !== 0) return false;
  const p = clock(!!opts.utc).parts(at.getTime());
  return cron.month[p.M] && dayMatches(cron, p) && cron.hour[p.h] && cron.minute[p.m] && cron.second[p.s];
}

/** How far ahead the search goes: Feb 29 alone can be 8 years away (2096 → 2104). */
const HORIZON_MS = 10 * 366 * 86_400_000;

/**
 * The first instant strictly after `after` at which the expression fires, or null when it never
 * does within ten years (e.g. `0 0 30 2 *`).
 */
export function nextCronFire(exprOrCron: string | Cron, after: Date, opts: { utc?: boolean } = {}): Date | null {
  let cron: Cron;
  if (typeof exprOrCron === 'string') {
    const parsed = parseCron(exprOrCron);
    if (!parsed.ok) return null;
    cron = parsed.cron;
  } else cron = exprOrCron;
  const { parts, make } = clock(!!opts.utc);
  const start = after.getTime();
  let t = Math.floor(start / 1000) * 1000 + 1000;
  const limit = start + HORIZON_MS;
  while (t <= limit) {
    const p = parts(t);
    let next: number;
    if (!cron.month[p.M]) next = make(p.Y, p.M + 1, 1);
    else if (!dayMatches(cron, p)) next = make(p.Y, p.M, p.D + 1);
    else if (!cron.hour[p.h]) next = make(p.Y, p.M, p.D, p.h + 1);
    else if (!cron.minute[p.m]) next = make(p.Y, p.M, p.D, p.h, p.m + 1);
    else if (!cron.second[p.s]) {
      let s = p.s + 1;
      while (s < 60 && !cron.second[s]) s++;
      next = s < 60 ? t + (s - p.s) * 1000 : make(p.Y, p.M, p.D, p.h, p.m + 1);
    } else return new Date(t);
    // a local-time jump (daylight saving) must never move us backwards
    t = next > t ? next : t + 1000;
  }
  return null;
}

export type IntervalUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
export const INTERVAL_UNITS: IntervalUnit[] = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'];
const UNIT_MS: Record<IntervalUnit, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30.436875 * 86_400_000,
  year: 365.2425 * 86_400_000,
};

const daysIn = (Y: number, M: number) => new Date(Date.UTC(Y, M, 0)).getUTCDate();

/**
 * The k-th fire of an interval trigger: start + k × every × unit. Days, weeks, months and years
 * are calendar steps (same wall-clock time; the 31st becomes the last day of shorter months),
 * always counted from the start so that no drift accumulates.
 */
export function intervalFire(start: Date, every: number, unit: IntervalUnit, k: number, opts: { utc?: boolean } = {}): Date {
  const n = k * every;
  if (unit === 'second' || unit === 'minute' || unit === 'hour') return new Date(start.getTime() + n * UNIT_MS[unit]);
  const { parts, make } = clock(!!opts.utc);
  const p = parts(start.getTime());
  const ms = start.getTime() % 1000;
  if (unit === 'day' || unit === 'week') return new Date(make(p.Y, p.M, p.D + n * (unit === 'week' ? 7 : 1), p.h, p.m, p.s, ms));
  const months = unit === 'month' ? n : n * 12;
  const Y = p.Y + Math.floor((p.M - 1 + months) / 12);
  const M = ((((p.M - 1 + months) % 12) + 12) % 12) + 1;
  return new Date(make(Y, M, Math.min(p.D, daysIn(Y, M)), p.h, p.m, p.s, ms));
}

/** The first fire of the interval trigger strictly after `after` (the start itself when later). */
export function nextIntervalFire(start: Date, every: number, unit: IntervalUnit, after: Date, opts: { utc?: boolean } = {}): Date {
  if (!(every > 0)) throw new RangeError('interval must be positive');
  if (start.getTime() > after.getTime()) return start;
  const fire = (k: number) => intervalFire(start, every, unit, k, opts).getTime();
  let k = Math.max(0, Math.floor((after.getTime() - start.getTime()) / (every * UNIT_MS[unit])));
  while (fire(k) <= after.getTime()) k++;
  while (k > 0 && fire(k - 1) > after.getTime()) k--;
  return new Date(fire(k));
}
