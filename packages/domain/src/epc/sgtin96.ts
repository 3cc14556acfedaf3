/**
 * The hot path: SGTIN-96 hex for a GTIN and serials, with no BigInt and no bit arrays. The first
 * 58 bits (header 0x30, filter, partition, company prefix, item reference) are fixed per GTIN and
 * computed once; the 38-bit serial is split in a 14-bit high part and a 24-bit low part, written
 * through a table of the 4096 three-digit hex strings.
 */
import { checkDigit, isDigits } from './chars.js';
import { EpcError } from './errors.js';
import { ITEM_REF_BITS } from './tables.js';

export const SGTIN96_MAX_SERIAL = 2 ** 38 - 1;

const HEX = '0123456789ABCDEF';
/** Every 12-bit value as three hex digits. */
const HEX3: string[] = Array.from({ length: 4096 }, (_, v) => HEX[v >> 8]! + HEX[(v >> 4) & 15]! + HEX[v & 15]!);

/** A GTIN (8, 12, 13 or 14 digits, right check digit) as 14 digits; refused with field `gtin`. */
export function gtin14(gtin: string): string {
  if (typeof gtin !== 'string' || gtin === '') throw new EpcError('gtin', 'epc.required');
  if (!isDigits(gtin) || ![8, 12, 13, 14].includes(gtin.length)) throw new EpcError('gtin', 'epc.gtinShape');
  if (checkDigit(gtin.slice(0, -1)) !== gtin.charCodeAt(gtin.length - 1) - 48)
    throw new EpcError('gtin', 'epc.gtinCheck', { expected: checkDigit(gtin.slice(0, -1)) });
  return gtin.padStart(14, '0');
}

export function checkFilter(filter: unknown, max = 7): number {
  if (filter === undefined || filter === null || filter === '') return 0;
  const f = typeof filter === 'string' && /^[0-9]+$/.test(filter) ? Number(filter) : filter;
  if (typeof f !== 'number' || !Number.isInteger(f) || f < 0 || f > max) throw new EpcError('filter', 'epc.filter', { max });
  return f;
}

export function checkCompanyPrefixLength(cpl: unknown): number {
  if (cpl === undefined || cpl === null || cpl === '') throw new EpcError('companyPrefixLength', 'epc.required');
  const n = typeof cpl === 'string' && /^[0-9]+$/.test(cpl) ? Number(cpl) : cpl;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 6 || n > 12)
    throw new EpcError('companyPrefixLength', 'epc.companyPrefixLength');
  return n;
}

/** The first 14 hex digits and the 2 fixed bits of the 15th of the SGTIN-96s of one GTIN. */
function sgtin96Prefix(gtin: string, cpl: number, filter: number): { head: string; low2: number } {
  const g = gtin14(gtin);
  const p = 12 - cpl;
  const cp = Number(g.slice(1, 1 + cpl));
  const item = Number(g[0] + g.slice(1 + cpl, 13));
  const itemBits = ITEM_REF_BITS[p]!;
  // the 44 bits of company prefix and item reference, as a number (exact: < 2^53)
  const ref = cp * 2 ** itemBits + item;
  // bits 0..57: header (8) filter (3) partition (3) ref (44); as 56 bits of hex + 2 bits
  const top14 = (0x30 << 6) | (filter << 3) | p; // 14 bits
  const refHigh = Math.floor(ref / 2 ** 22); // 22 bits
  const refLow = ref % 2 ** 22; // 22 bits
  // 14 + 22 = 36 bits = 9 hex digits; the low 22 = 5 hex digits + 2 bits
  const a = top14 * 2 ** 22 + refHigh; // 36 bits
  const head =
    HEX3[Math.floor(a / 2 ** 24)]! +
    HEX3[Math.floor(a / 2 ** 12) % 4096]! +
    HEX3[a % 4096]! +
    HEX3[refLow >>> 10]! +
    HEX[(refLow >>> 6) & 15]! +
    HEX[(refLow >>> 2) & 15]!;
  return { head, low2: refLow % 4 };
}

function checkSerial96(serial: number): void {
  if (!Number.isInteger(serial) || serial < 0 || serial > SGTIN96_MAX_SERIAL)
    throw new EpcError('serial', 'epc.tooLarge', { max: SGTIN96_MAX_SERIAL });
}

/** The SGTIN-96 hex of one serial, given a GTIN's prefix. */
function withSerial(head: string, low2: number, serial: number): string {
  const high = Math.floor(serial / 16777216); // 14 bits
  const low = serial - high * 16777216; // 24 bits
  return head + HEX[(low2 << 2) | (high >>> 12)]! + HEX3[high & 4095]! + HEX3[low >>> 12]! + HEX3[low & 4095]!;
}

/**
 * The SGTIN-96 hex (upper-case, 24 digits) of `count` consecutive serials from `firstSerial`, for
 * one GTIN: the Get EPC job's generator. Refuses a GTIN with a wrong check digit, a company prefix
 * length not 6–12, a filter not 0–7, or serials past 2^38 − 1.
 */
export function sgtin96Batch(gtin: string, companyPrefixLength: number, filter: number, firstSerial: number, count: number): string[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`sgtin96Batch: count ${count} is not a whole number ≥ 0`);
  const f = checkFilter(filter);
  const cpl = checkCompanyPrefixLength(companyPrefixLength);
  checkSerial96(firstSerial);
  if (count > 0) checkSerial96(firstSerial + count - 1);
  const { head, low2 } = sgtin96Prefix(gtin, cpl, f);
  const out = new Array<string>(count);
  for (let i = 0; i < count; i++) out[i] = withSerial(head, low2, firstSerial + i);
  return out;
}

let lastKey = '';
let lastPrefix = { head: '', low2: 0 };

/** The SGTIN-96 hex of one GTIN and serial (a number ≤ 2^38 − 1); the GTIN's prefix is cached. */
export function sgtin96Hex(gtin: string, companyPrefixLength: number, filter: number, serial: number): string {
  const key = `${gtin}|${companyPrefixLength}|${filter}`;
  if (key !== lastKey) {
    lastPrefix = sgtin96Prefix(gtin, checkCompanyPrefixLength(companyPrefixLength), checkFilter(filter));
    lastKey = key;
  }
  checkSerial96(serial);
  return withSerial(lastPrefix.head, lastPrefix.low2, serial);
}
