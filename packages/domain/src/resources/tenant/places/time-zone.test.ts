import { describe, expect, it } from 'vitest';
import { locationResource } from './location.js';
import { DEFAULT_TIME_ZONE, isTimeZone, zoneOffsetAt } from './time-zone.js';

describe('a place’s time zone', () => {
  it('knows IANA zone names and nothing else', () => {
    for (const z of ['Asia/Shanghai', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'UTC', DEFAULT_TIME_ZONE])
      expect(isTimeZone(z), z).toBe(true);
    for (const z of ['', 'Mars/Olympus_Mons', '+08:00', 'GMT+8', 'Asia/Shanghai; drop', 'shanghai']) expect(isTimeZone(z), z).toBe(false);
  });

  it('gives the offset the zone has at the instant, daylight saving time included, as EPCIS writes it', () => {
    expect(zoneOffsetAt('Asia/Shanghai', new Date('2026-07-01T00:00:00Z'))).toBe('+08:00');
    expect(zoneOffsetAt('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('-05:00');
    expect(zoneOffsetAt('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('-04:00');
    // the instant, not the day: New York leaves daylight saving time at 06:00 UTC on 1 November 2026
    expect(zoneOffsetAt('America/New_York', new Date('2026-11-01T05:59:59Z'))).toBe('-04:00');
    expect(zoneOffsetAt('America/New_York', new Date('2026-11-01T06:00:00Z'))).toBe('-05:00');
    expect(zoneOffsetAt('Asia/Kolkata', new Date())).toBe('+05:30');
    expect(zoneOffsetAt('UTC', new Date())).toBe('+00:00');
    expect(() => zoneOffsetAt('Mars/Olympus_Mons', new Date())).toThrow(RangeError);
  });

  it('is a location field whose rule refuses a name that is none, and a GLN whose check digit is wrong', () => {
    const issues = (d: Record<string, unknown>) => (locationResource.rules ?? []).flatMap((r) => r(d));
    expect(issues({ timeZone: 'Europe/Paris', gln: '6901234100013' })).toEqual([]);
    expect(issues({ timeZone: '', gln: '' })).toEqual([]);
    expect(issues({ timeZone: 'Nowhere/Land' })).toEqual([{ path: ['timeZone'], message: 'validation.timeZone' }]);
    expect(issues({ gln: '6901234100014' })).toEqual([{ path: ['gln'], message: 'validation.glnCheck' }]);
  });
});
