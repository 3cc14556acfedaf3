/** Small readers shared by the EPCIS binding's modules. */
import { canonicalTime } from '../resources/label/tags/event-hash.js';

/** A URI as EPCIS JSON takes one (a scheme, no white space): `urn:…`, `https://…`, a CURIE `ex:loc1`. */
export const isUri = (v: unknown): v is string => typeof v === 'string' && /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(v);

/**
 * An RFC 3339 date-time with a time zone (`2005-04-03T20:33:31.116-06:00`, `…Z`; any number of
 * fraction digits) in UTC to the millisecond (`2005-04-04T02:33:31.116Z`), or null when it is not one.
 */
export function utcDateTime(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(\.\d+)?([Zz]|[+-](\d\d):(\d\d))$/.exec(v);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (mo < 1 || mo > 12 || d < 1 || d > days || h > 23 || mi > 59 || s > 59) return null;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return null;
  const t = canonicalTime(v);
  return Number.isNaN(Date.parse(t)) ? null : t;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
