/**
 * A place's time zone (an IANA name such as Asia/Shanghai) and the UTC offset it has at an instant,
 * as EPCIS writes an event's eventTimeZoneOffset ('+08:00'): the offset of the zone where the event
 * happened, at the event's instant (a zone with daylight saving time changes it over the year).
 * Zod-free and Intl-only: the console and the server check a zone with the same function.
 */

/** The zone of a location that names none, of a tenant that names none (the demo's, mainland China's). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** An IANA zone name's shape: Area/Location words (UTC alone too); Intl decides whether it exists. */
const ZONE_SHAPE = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(zone: string): Intl.DateTimeFormat | null {
  let f = formats.get(zone);
  if (f) return f;
  try {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  } catch {
    return null;
  }
  if (formats.size > 1000) formats.clear();
  formats.set(zone, f);
  return f;
}

/** Whether `zone` is an IANA time zone name the runtime knows (Asia/Shanghai, Europe/Paris, UTC). */
export const isTimeZone = (zone: string): boolean => ZONE_SHAPE.test(zone) && formatOf(zone) !== null;

/**
 * The UTC offset of `zone` at `instant`, as EPCIS writes it ('+08:00', '-04:00', '+00:00').
 * Throws on a zone that is not one (check with isTimeZone first).
 */
export function zoneOffsetAt(zone: string, instant: Date): string {
  const f = isTimeZone(zone) ? formatOf(zone) : null;
  if (!f) throw new RangeError(`not a time zone: ${zone}`);
  const name = f.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  // 'GMT+08:00', 'GMT-04:00', or 'GMT' for a zero offset
  const m = /^GMT([+-])(\d{2}):(\d{2})(?::\d{2})?$/.exec(name);
  return m ? `${m[1]}${m[2]}:${m[3]}` : '+00:00';
}
