/**
 * Character handling of the EPC Tag Data Standard 1.13: GS1 check digits, the characters of the
 * alphanumeric EPC components (GS1 AI encodable character set 82, TDS Table A-1), their escaping in
 * EPC URIs (TDS §5, Table A-1: `"` `%` `&` `/` `<` `>` `?` are written %22 %25 %26 %2F %3C %3E %3F),
 * the 6-bit subset of CPI and ADI (TDS Table G-1: `/` and `#` are written %2F and %23), and the
 * percent-encoding of a GS1 Digital Link path segment.
 */

/** The GS1 check digit of `body` (digits): from the right, weights 3, 1, 3, 1 … */
export function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Table A-1: the 82 characters a GS1 alphanumeric component may hold (and so the 7-bit schemes). */
const CHARSET_82 = new Uint8Array(128);
for (const c of '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz') CHARSET_82[c.charCodeAt(0)] = 1;
export const isCharset82 = (code: number): boolean => code < 128 && CHARSET_82[code] === 1;

/** The characters an EPC URI writes escaped (Table A-1). */
const URI_ESCAPE: Record<string, string> = { '"': '%22', '%': '%25', '&': '%26', '/': '%2F', '<': '%3C', '>': '%3E', '?': '%3F' };
const URI_ESCAPE_RE = /["%&/<>?]/g;

/** A component as the EPC URI writes it. */
export const uriEscape = (s: string): string => s.replace(URI_ESCAPE_RE, (c) => URI_ESCAPE[c]!);

/** The 6-bit components' escaping (CPI component/part reference, ADI part number and serial). */
const URI6_ESCAPE: Record<string, string> = { '/': '%2F', '#': '%23' };
export const uriEscape6 = (s: string): string => s.replace(/[/#]/g, (c) => URI6_ESCAPE[c]!);

/** A GS1 Digital Link path segment: RFC 3986 percent-encoding of everything but unreserved characters. */
export const linkEscape = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Table G-1: the 6-bit characters of CPI component/part references: A–Z, 0–9, `-`, `/`, `#`. */
export const isCpiChar = (code: number): boolean =>
  (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 47 || code === 35;

/** The ADI characters: A–Z, 0–9, `-`, `/` (and `#` only as the first character of a serial). */
export const isAdiChar = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 47;

/** The CAGE / DoDAAC characters: digits and capital letters except I and O. */
export const isCageChar = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90 && code !== 73 && code !== 79);

export const isDigits = (s: string): boolean => /^[0-9]+$/.test(s);
