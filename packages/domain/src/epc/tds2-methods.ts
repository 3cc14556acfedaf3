/**
 * The encoding/decoding methods TDS 2.0 introduced (EPC Tag Data Standard 2.3 §14.5), used by the
 * '+' and '++' schemes and by the +AIDC data after them: Fixed-Length Numeric (4 bits a digit),
 * Fixed-Bit-Length Numeric String, Delimited/Terminated Numeric, Variable-length alphanumeric with
 * its six encodings (numeric, upper / lower hexadecimal, URI-safe base 64, 7-bit ASCII, URN Code
 * 40), Variable-length numeric string without encoding indicator, the dates, country code, single
 * bit, sequence indicator and optional minus sign.
 */
import type { BitReader, BitWriter } from './bits.js';
import { isCharset82 } from './chars.js';
import { EpcError } from './errors.js';
import type { AiPart } from './tds2-tables.js';

const F = 'epc';

/** A reading position in the bits of an EPC; running past the end is a refusal naming `part`. */
export class Cursor {
  pos: number;
  constructor(
    readonly r: BitReader,
    pos: number,
  ) {
    this.pos = pos;
  }
  get left(): number {
    return this.r.length - this.pos;
  }
  need(n: number, part: string): void {
    if (this.pos + n > this.r.length) throw new EpcError(F, 'epc.truncated', { part });
  }
  /** The next `n` (≤ 53) bits as a number. */
  int(n: number, part: string): number {
    this.need(n, part);
    const v = this.r.int(this.pos, n);
    this.pos += n;
    return v;
  }
  /** The next `n` bits as decimal text (any width). */
  dec(n: number, part: string): string {
    this.need(n, part);
    const v = this.r.dec(this.pos, n);
    this.pos += n;
    return v;
  }
}

/** Bits of an integer of `digits` decimal digits: ceil(digits × log2 10) (Table B, "Integer encoding"). */
export const numericBits = (digits: number): number => (digits === 0 ? 0 : Math.ceil((digits * Math.log(10)) / Math.log(2) - 1e-9));

const HEX_UPPER = '0123456789ABCDEF';
const HEX_LOWER = '0123456789abcdef';
/** Table 14-7: the file-safe URI-safe base 64 alphabet. */
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Table 14-8: URN Code 40, index 0 the pad character. */
const CODE40 = '\0ABCDEFGHIJKLMNOPQRSTUVWXYZ-.:0123456789';

const RE_DIGITS = /^[0-9]*$/;
const RE_UPPER_HEX = /^[0-9A-F]*$/;
const RE_LOWER_HEX = /^[0-9a-f]*$/;
const RE_BASE64 = /^[0-9A-Za-z_-]*$/;
const RE_CODE40 = /^[0-9A-Z.:-]*$/;

/** Table 14-9: the 7-bit characters: GS1 AI encodable character set 82 and the # of set 39. */
export const isAscii7 = (code: number): boolean => isCharset82(code) || code === 35;

const hex2 = (v: number) => `0x${v.toString(16).toUpperCase().padStart(2, '0')}`;

// ---------------------------------------------------------------------------------------- decoding

/** §14.5.4 Fixed-Length Numeric: `digits` digits of 4 bits each. */
export function readBcd(c: Cursor, digits: number, part: string): string {
  c.need(digits * 4, part);
  let s = '';
  for (let i = 0; i < digits; i++) {
    const v = c.int(4, part);
    if (v > 9) throw new EpcError(F, 'epc.badDigit', { part, value: v.toString(2).padStart(4, '0') });
    s += String.fromCharCode(48 + v);
  }
  return s;
}

/** §14.5.2 / §14.5.13 / §14.5.6.1: `bits` bits holding an integer written with `digits` digits. */
export function readDigits(c: Cursor, bits: number, digits: number, part: string): string {
  if (digits === 0) return '';
  const text = c.dec(bits, part);
  if (text.length > digits) throw new EpcError(F, 'epc.fieldOverflow', { part, value: text, digits });
  return text.padStart(digits, '0');
}

/** URN Code 40 groups (§14.5.6.5): `n` characters, 16 bits per 3. */
function readCode40(c: Cursor, n: number, part: string): string {
  let s = '';
  for (let g = 0; g < Math.ceil(n / 3); g++) {
    const r = c.int(16, part) - 1;
    const idx = [Math.floor(r / 1600), Math.floor(r / 40) % 40, r % 40];
    for (const i of idx) {
      if (r < 0 || i >= 40) throw new EpcError(F, 'epc.badChar', { part, char: hex2(r + 1) });
      if (i > 0) s += CODE40[i];
    }
  }
  if (s.length !== n) throw new EpcError(F, 'epc.badString', { part });
  return s;
}

/** §14.5.6 Variable-length alphanumeric: encoding indicator, `li`-bit length, the characters; at most `max`. */
export function readAlnum(c: Cursor, li: number, max: number, part: string): string {
  const ind = c.int(3, part);
  const n = c.int(li, part);
  if (n > max) throw new EpcError(F, 'epc.textTooLong', { part, max });
  switch (ind) {
    case 0:
      return readDigits(c, numericBits(n), n, part);
    case 1:
    case 2: {
      const table = ind === 1 ? HEX_UPPER : HEX_LOWER;
      let s = '';
      for (let i = 0; i < n; i++) s += table[c.int(4, part)];
      return s;
    }
    case 3: {
      let s = '';
      for (let i = 0; i < n; i++) s += BASE64[c.int(6, part)];
      return s;
    }
    case 4: {
      let s = '';
      for (let i = 0; i < n; i++) {
        const v = c.int(7, part);
        if (!isAscii7(v)) throw new EpcError(F, 'epc.badChar', { part, char: hex2(v) });
        s += String.fromCharCode(v);
      }
      return s;
    }
    case 5:
      return readCode40(c, n, part);
    default:
      throw new EpcError(F, 'epc.encodingIndicator', { part, value: ind.toString(2).padStart(3, '0') });
  }
}

/** §14.5.13: a `li`-bit length, then the digits as an integer; at most `max`. */
export function readNumericString(c: Cursor, li: number, max: number, part: string): string {
  const n = c.int(li, part);
  if (n > max) throw new EpcError(F, 'epc.textTooLong', { part, max });
  return readDigits(c, numericBits(n), n, part);
}

/** §14.5.5 Delimited/Terminated Numeric: digits of 4 bits to 1111, or to 1110 and an alphanumeric rest. */
export function readDelimited(c: Cursor, li: number, max: number, part: string): string {
  let s = '';
  for (;;) {
    const v = c.int(4, part);
    if (v === 15) break;
    if (v === 14) {
      s += readAlnum(c, li, max, part);
      break;
    }
    if (v > 9) throw new EpcError(F, 'epc.badDigit', { part, value: v.toString(2).padStart(4, '0') });
    s += String.fromCharCode(48 + v);
    if (s.length > max) throw new EpcError(F, 'epc.textTooLong', { part, max });
  }
  if (s.length > max) throw new EpcError(F, 'epc.textTooLong', { part, max });
  return s;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether YYMMDD is a date the TDS 2.x date methods allow: month 01–12, day 00 (no day) to the
 * month's last (29 February only in years YY divisible by 4).
 */
export function isYymmdd(s: string): boolean {
  if (!/^[0-9]{6}$/.test(s)) return false;
  const yy = Number(s.slice(0, 2));
  const mm = Number(s.slice(2, 4));
  const dd = Number(s.slice(4, 6));
  if (mm < 1 || mm > 12) return false;
  const last = mm === 2 && yy % 4 !== 0 ? 28 : DAYS[mm - 1]!;
  return dd <= last;
}

const two = (v: number) => String(v).padStart(2, '0');

/** §14.5.8: 16 bits, YY (7) MM (4) DD (5). */
export function readDate(c: Cursor, part: string): string {
  const yy = c.int(7, part);
  const mm = c.int(4, part);
  const dd = c.int(5, part);
  const s = two(yy) + two(mm) + two(dd);
  if (yy > 99 || !isYymmdd(s)) throw new EpcError(F, 'epc.badDate', { part, value: s });
  return s;
}

/** The hours (5 bits), minutes and seconds (6 bits each) after a date: `count` of them. */
function readTime(c: Cursor, count: number, part: string): string {
  const hh = c.int(5, part);
  const mm = count > 1 ? c.int(6, part) : 0;
  const ss = count > 2 ? c.int(6, part) : 0;
  if (hh > 24 || mm > 59 || ss > 59 || (hh === 24 && (mm > 0 || ss > 0))) {
    throw new EpcError(F, 'epc.badDate', { part, value: [hh, mm, ss].slice(0, count).map(two).join('') });
  }
  return [hh, mm, ss].slice(0, count).map(two).join('');
}

/** One component of an AI's value, by its method (Table F). */
export function readPart(c: Cursor, p: AiPart, part: string): string {
  switch (p.m) {
    case 'N':
      return readBcd(c, p.digits, part);
    case 'B':
      return readDigits(c, p.bits, p.digits, part);
    case 'A':
      return readAlnum(c, p.li, p.max, part);
    case 'V':
      return readNumericString(c, p.li, p.max, part);
    case 'X':
      return readDelimited(c, p.li, p.max, part);
    case 'D':
      return readDate(c, part);
    case 'T':
      return readDate(c, part) + readTime(c, 2, part);
    case 'R':
      return c.int(1, part) === 0 ? readDate(c, part) : readDate(c, part) + readDate(c, part);
    case 'P': {
      const f = c.int(2, part);
      const date = readDate(c, part);
      return f === 3 ? date : date + readTime(c, f + 1, part);
    }
    case 'C': {
      let s = '';
      for (let i = 0; i < 2; i++) {
        const v = c.int(6, part);
        if (v > 25) throw new EpcError(F, 'epc.badChar', { part, char: BASE64[v]! });
        s += BASE64[v];
      }
      return s;
    }
    case 'S':
      return String(c.int(1, part));
    case 'Q': {
      const n = c.int(4, part);
      const m = c.int(4, part);
      if (n < 1 || n > 9 || m < 1 || m > 9) throw new EpcError(F, 'epc.badDigit', { part, value: `${n}/${m}` });
      return `${n}/${m}`;
    }
    case 'M':
      return c.int(1, part) === 1 ? '-' : '';
  }
}

// ---------------------------------------------------------------------------------------- encoding

/** Whether `s` can be written by `readPart`'s method `p` (the value of one component). */
export function fitsPart(p: AiPart, s: string): boolean {
  switch (p.m) {
    case 'N':
    case 'B':
      return s.length === p.digits && RE_DIGITS.test(s);
    case 'A':
      return s.length <= p.max && [...s].every((ch) => isAscii7(ch.charCodeAt(0)));
    case 'V':
      return s.length <= p.max && RE_DIGITS.test(s);
    case 'X':
      return s.length <= p.max && [...s].every((ch) => isAscii7(ch.charCodeAt(0)));
    case 'D':
      return isYymmdd(s);
    case 'T':
      return s.length === 10 && isYymmdd(s.slice(0, 6)) && isTime(s.slice(6));
    case 'R':
      return (s.length === 6 || s.length === 12) && isYymmdd(s.slice(0, 6)) && (s.length === 6 || isYymmdd(s.slice(6)));
    case 'P':
      return [6, 8, 10, 12].includes(s.length) && isYymmdd(s.slice(0, 6)) && (s.length === 6 || isTime(s.slice(6)));
    case 'C':
      return /^[A-Z]{2}$/.test(s);
    case 'S':
      return s === '0' || s === '1';
    case 'Q':
      return /^[1-9]\/[1-9]$/.test(s);
    case 'M':
      return s === '' || s === '-';
  }
}

function isTime(t: string): boolean {
  if (!RE_DIGITS.test(t) || t.length % 2 !== 0 || t.length === 0) return false;
  const [hh, mm = 0, ss = 0] = (t.match(/../g) ?? []).map(Number) as [number, number?, number?];
  return hh <= 24 && mm <= 59 && ss <= 59 && !(hh === 24 && (mm > 0 || ss > 0));
}

/** §14.5.4. */
export function writeBcd(w: BitWriter, s: string): void {
  for (let i = 0; i < s.length; i++) w.int(s.charCodeAt(i) - 48, 4);
}

/** §14.5.6.1 / §14.5.13 / §14.5.2: digits as an integer of `bits` bits. */
const writeInteger = (w: BitWriter, s: string, bits: number) => {
  if (bits > 0) w.int(s.length > 15 ? BigInt(s) : Number(s), bits);
};

/** The bits of `s` in each encoding of §14.5.6 that can write it (encoding indicator → bits), the fewest first. */
function alnumChoices(s: string): [number, number][] {
  const n = s.length;
  const out: [number, number][] = [];
  if (RE_DIGITS.test(s)) out.push([0, numericBits(n)]);
  if (RE_UPPER_HEX.test(s)) out.push([1, 4 * n]);
  if (RE_LOWER_HEX.test(s)) out.push([2, 4 * n]);
  if (RE_BASE64.test(s)) out.push([3, 6 * n]);
  if (RE_CODE40.test(s)) out.push([5, 16 * Math.ceil(n / 3)]);
  out.push([4, 7 * n]);
  // the fewest bits; among equals, the order above (numeric, hexadecimal, base 64, URN Code 40, ASCII)
  return out.sort((a, b) => a[1] - b[1]);
}

function writeCode40(w: BitWriter, s: string): void {
  for (let i = 0; i < s.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [...s.slice(i, i + 3)].map((ch) => CODE40.indexOf(ch));
    w.int(1600 * a + 40 * b + c + 1, 16);
  }
}

/** §14.5.6 with the encoding of fewest bits (Figure 14-5 allows any whose indicator is right). */
export function writeAlnum(w: BitWriter, s: string, li: number): void {
  const [ind] = alnumChoices(s)[0]!;
  w.int(ind, 3).int(s.length, li);
  switch (ind) {
    case 0:
      writeInteger(w, s, numericBits(s.length));
      break;
    case 1:
    case 2:
      for (const ch of s) w.int((ind === 1 ? HEX_UPPER : HEX_LOWER).indexOf(ch), 4);
      break;
    case 3:
      for (const ch of s) w.int(BASE64.indexOf(ch), 6);
      break;
    case 5:
      writeCode40(w, s);
      break;
    default:
      for (const ch of s) w.int(ch.charCodeAt(0), 7);
  }
}

/** One component of an AI's value (checked by `fitsPart` first). */
export function writePart(w: BitWriter, p: AiPart, s: string): void {
  const date = (d: string) =>
    w
      .int(Number(d.slice(0, 2)), 7)
      .int(Number(d.slice(2, 4)), 4)
      .int(Number(d.slice(4, 6)), 5);
  const time = (t: string) => {
    const [hh, mm, ss] = (t.match(/../g) ?? []).map(Number);
    w.int(hh!, 5);
    if (mm !== undefined) w.int(mm, 6);
    if (ss !== undefined) w.int(ss, 6);
  };
  switch (p.m) {
    case 'N':
      writeBcd(w, s);
      break;
    case 'B':
      writeInteger(w, s, p.bits);
      break;
    case 'A':
      writeAlnum(w, s, p.li);
      break;
    case 'V':
      w.int(s.length, p.li);
      writeInteger(w, s, numericBits(s.length));
      break;
    case 'X': {
      const digits = /^[0-9]*/.exec(s)![0];
      writeBcd(w, digits);
      if (digits.length === s.length) w.int(15, 4);
      else {
        w.int(14, 4);
        writeAlnum(w, s.slice(digits.length), p.li);
      }
      break;
    }
    case 'D':
      date(s);
      break;
    case 'T':
      date(s);
      time(s.slice(6));
      break;
    case 'R':
      w.int(s.length === 12 ? 1 : 0, 1);
      date(s);
      if (s.length === 12) date(s.slice(6));
      break;
    case 'P':
      w.int(s.length === 6 ? 3 : (s.length - 8) / 2, 2);
      date(s);
      if (s.length > 6) time(s.slice(6));
      break;
    case 'C':
      w.int(BASE64.indexOf(s[0]!), 6).int(BASE64.indexOf(s[1]!), 6);
      break;
    case 'S':
      w.int(Number(s), 1);
      break;
    case 'Q':
      w.int(Number(s[0]), 4).int(Number(s[2]), 4);
      break;
    case 'M':
      w.int(s === '-' ? 1 : 0, 1);
      break;
  }
}
