import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Cron, cronMatches, INTERVAL_UNITS, intervalFire, nextCronFire, nextIntervalFire, parseCron } from './cron.js';

const utc = { utc: true };
const at = (iso: string) => new Date(iso);
const next = (expr: string, from: string) => nextCronFire(expr, at(from), utc)?.toISOString() ?? null;
const must = (expr: string): Cron => {
  const p = parseCron(expr);
  if (!p.ok) throw new Error(`${expr}: ${p.reason}`);
  return p.cron;
};

/**
 * An independent reference: walk day by day, and inside a matching day pick the first matching
 * time of day after the start. Slow but obviously right.
 */
function reference(cron: Cron, after: Date): Date | null {
  const startDay = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  for (let day = 0; day < 10 * 366; day++) {
    const d = new Date(startDay + day * 86_400_000);
    const M = d.getUTCMonth() + 1;
    const dom = cron.dayOfMonth[d.getUTCDate()];
    const dow = cron.dayOfWeek[d.getUTCDay()];
    const dayOk = cron.domAny && cron.dowAny ? true : cron.domAny ? dow : cron.dowAny ? dom : dom || dow;
    if (!cron.month[M] || !dayOk) continue;
    for (let h = 0; h < 24; h++) {
      if (!cron.hour[h]) continue;
      for (let m = 0; m < 60; m++) {
        if (!cron.minute[m]) continue;
        for (let s = 0; s < 60; s++) {
          if (!cron.second[s]) continue;
          const t = d.getTime() + (h * 3600 + m * 60 + s) * 1000;
          if (t > after.getTime()) return new Date(t);
        }
      }
    }
  }
  return null;
}

/** A random field text within the field's range: *, a value, a range, a step or a list of them. */
const fieldText = (lo: number, hi: number, allowAny = true) => {
  const v = fc.integer({ min: lo, max: hi });
  const atom = fc.oneof(
    v.map(String),
    fc.tuple(v, v).map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
    fc.tuple(v, fc.integer({ min: 1, max: Math.max(1, hi - lo) })).map(([a, s]) => `${a}/${s}`),
    fc.integer({ min: 1, max: Math.max(1, hi - lo) }).map((s) => `*/${s}`),
  );
  const list = fc.array(atom, { minLength: 1, maxLength: 3 }).map((xs) => xs.join(','));
  return allowAny ? fc.oneof({ weight: 1, arbitrary: fc.constant('*') }, { weight: 3, arbitrary: list }) : list;
};

const cronExpr = fc
  .tuple(fc.boolean(), fieldText(0, 59), fieldText(0, 59), fieldText(0, 23), fieldText(1, 31), fieldText(1, 12), fieldText(0, 7))
  .map(([six, s, m, h, dom, mon, dow]) => (six ? [s, m, h, dom, mon, dow] : [m, h, dom, mon, dow]).join(' '));

const instant = fc.date({ min: at('2000-01-01T00:00:00Z'), max: at('2090-12-31T00:00:00Z'), noInvalidDate: true });

describe('cron expressions', () => {
  it('computes the next fire of well-known expressions', () => {
    expect(next('*/5 * * * *', '2024-03-10T10:02:30Z')).toBe('2024-03-10T10:05:00.000Z');
    expect(next('0 30 3 * * ?', '2024-03-10T10:02:30Z')).toBe('2024-03-11T03:30:00.000Z');
    expect(next('0 0 12 ? * MON-FRI', '2024-03-09T00:00:00Z')).toBe('2024-03-11T12:00:00.000Z'); // Saturday → Monday
    expect(next('0 0 1 1 *', '2024-06-01T00:00:00Z')).toBe('2025-01-01T00:00:00.000Z');
    expect(next('0 0 29 2 *', '2024-03-01T00:00:00Z')).toBe('2028-02-29T00:00:00.000Z');
    expect(next('15,45 * * * * *', '2024-01-01T00:00:15Z')).toBe('2024-01-01T00:00:45.000Z');
    expect(next('0 0 * * 7', '2024-03-10T00:00:00Z')).toBe('2024-03-17T00:00:00.000Z'); // 7 is Sunday
    // both day fields restricted: either matches (the 1st or any Friday)
    expect(next('0 0 1 * FRI', '2024-03-02T00:00:00Z')).toBe('2024-03-08T00:00:00.000Z');
    expect(next('59 59 23 31 12 *', '2024-12-31T23:59:59Z')).toBe('2025-12-31T23:59:59.000Z');
  });

  it('says when an expression never fires', () => {
    expect(next('0 0 30 2 *', '2024-01-01T00:00:00Z')).toBeNull();
    expect(next('0 0 31 4,6,9,11 *', '2024-01-01T00:00:00Z')).toBeNull();
  });

  it('rejects malformed expressions, naming the field', () => {
    expect(parseCron('* * * *')).toMatchObject({ ok: false, reason: 'fieldCount' });
    expect(parseCron('* * * * * * *')).toMatchObject({ ok: false, reason: 'fieldCount' });
    expect(parseCron('60 * * * *')).toMatchObject({ ok: false, field: 'minute' });
    expect(parseCron('* 24 * * *')).toMatchObject({ ok: false, field: 'hour' });
    expect(parseCron('* * 0 * *')).toMatchObject({ ok: false, field: 'dayOfMonth' });
    expect(parseCron('* * * 13 *')).toMatchObject({ ok: false, field: 'month' });
    expect(parseCron('* * * * 8')).toMatchObject({ ok: false, field: 'dayOfWeek' });
    expect(parseCron('* * 5-1 * *')).toMatchObject({ ok: false, field: 'dayOfMonth' });
    expect(parseCron('*/0 * * * *')).toMatchObject({ ok: false, field: 'minute' });
    expect(parseCron('? * * * *')).toMatchObject({ ok: false, field: 'minute' });
    expect(parseCron('0 0 L * *')).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(parseCron('0 0 * * 5#2')).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(parseCron('1,,2 * * * *')).toMatchObject({ ok: false });
    expect(parseCron('')).toMatchObject({ ok: false, reason: 'fieldCount' });
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const p = parseCron(s);
        expect(typeof p.ok).toBe('boolean');
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom('*', '?', '/', '-', ',', '1', '7', '59', 'MON', 'JAN', 'x', ' '), { maxLength: 30 }), (xs) => {
        const p = parseCron(xs.join(''));
        if (p.ok) expect(nextCronFire(p.cron, at('2024-01-01T00:00:00Z'), utc) === null || true).toBe(true);
      }),
    );
  });

  it('fires strictly after the start, on a matching instant', () => {
    fc.assert(
      fc.property(cronExpr, instant, (expr, from) => {
        const cron = must(expr);
        const n = nextCronFire(cron, from, utc);
        if (n === null) return;
        expect(n.getTime()).toBeGreaterThan(from.getTime());
        expect(cronMatches(cron, n, utc)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same next fire as a day-by-day reference search (no matching instant is skipped)', () => {
    fc.assert(
      fc.property(cronExpr, instant, (expr, from) => {
        const cron = must(expr);
        expect(nextCronFire(cron, from, utc)?.getTime() ?? null).toBe(reference(cron, from)?.getTime() ?? null);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same next fire from any instant between the start and that fire', () => {
    fc.assert(
      fc.property(cronExpr, instant, fc.double({ min: 0, max: 1, noNaN: true }), (expr, from, frac) => {
        const cron = must(expr);
        const n = nextCronFire(cron, from, utc);
        if (!n) return;
        const mid = new Date(from.getTime() + Math.floor((n.getTime() - from.getTime() - 1) * frac));
        expect(nextCronFire(cron, mid, utc)?.getTime()).toBe(n.getTime());
      }),
      { numRuns: 200 },
    );
  });

  it('treats 5 fields as 6 with second 0', () => {
    fc.assert(
      fc.property(cronExpr, instant, (expr, from) => {
        const parts = expr.split(' ');
        if (parts.length !== 5) return;
        expect(nextCronFire(`0 ${expr}`, from, utc)?.getTime()).toBe(nextCronFire(expr, from, utc)?.getTime());
      }),
      { numRuns: 100 },
    );
  });

  it('works in local time too (fires on matching local wall-clock times)', () => {
    const n = nextCronFire('0 30 3 * * *', new Date(2024, 2, 10, 10, 0, 0))!;
    expect([n.getHours(), n.getMinutes(), n.getSeconds(), n.getDate()]).toEqual([3, 30, 0, 11]);
  });
});

describe('interval triggers', () => {
  it('steps calendar months from the start, keeping the day where the month has it', () => {
    const start = at('2024-01-31T08:00:00Z');
    expect(intervalFire(start, 1, 'month', 1, utc).toISOString()).toBe('2024-02-29T08:00:00.000Z');
    expect(intervalFire(start, 1, 'month', 2, utc).toISOString()).toBe('2024-03-31T08:00:00.000Z');
    expect(intervalFire(at('2024-02-29T00:00:00Z'), 1, 'year', 1, utc).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(nextIntervalFire(start, 10, 'minute', at('2024-01-31T08:25:00Z'), utc).toISOString()).toBe('2024-01-31T08:30:00.000Z');
    expect(nextIntervalFire(start, 2, 'week', at('2024-01-01T00:00:00Z'), utc)).toEqual(start);
  });

  it('returns the first fire after the instant, and no fire in between is skipped', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 50 }),
        fc.constantFrom(...INTERVAL_UNITS),
        fc.integer({ min: 0, max: 400 * 86_400_000 }),
        (start, every, unit, gap) => {
          const after = new Date(start.getTime() + gap);
          const n = nextIntervalFire(start, every, unit, after, utc);
          expect(n.getTime()).toBeGreaterThan(after.getTime());
          // n is one of the fires, and the one before it is not after `after`
          const approx = { second: 1e3, minute: 6e4, hour: 36e5, day: 864e5, week: 6048e5, month: 28 * 864e5, year: 365 * 864e5 }[unit];
          let k = Math.max(0, Math.floor((n.getTime() - start.getTime()) / (every * approx)) - 3);
          while (k > 0 && intervalFire(start, every, unit, k, utc).getTime() >= n.getTime()) k--;
          while (intervalFire(start, every, unit, k, utc).getTime() < n.getTime()) k++;
          expect(intervalFire(start, every, unit, k, utc).getTime()).toBe(n.getTime());
          if (k > 0) expect(intervalFire(start, every, unit, k - 1, utc).getTime()).toBeLessThanOrEqual(after.getTime());
        },
      ),
      { numRuns: 200 },
    );
  });
});
