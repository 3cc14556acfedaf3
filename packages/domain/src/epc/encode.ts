/**
 * Encoding (TDS §14.5 "Encoding procedure") of every EPC binary scheme
 * from a GS1 key and a company prefix length, or from the company prefix and its reference. The
 * result is the decode of the hex written, so both directions agree by construction. The schemes
 * of TDS 2.3 ('+', '++': the key whole, no partition) are written by tds2.ts.
 */
import { BitWriter } from './bits.js';
import { checkDigit, isAdiChar, isCageChar, isCharset82, isCpiChar, isDigits } from './chars.js';
import { decodeEpc } from './decode.js';
import { EpcError } from './errors.js';
import { EPC_SCHEMES } from './schemes.js';
import { checkCompanyPrefixLength, checkFilter, gtin14, SGTIN96_MAX_SERIAL, sgtin96Hex } from './sgtin96.js';
import {
  ASSET_TYPE_BITS,
  CP_BITS,
  CPI96_REF_BITS,
  GIAI96_REF_BITS,
  GIAI202_REF_BITS,
  HEADER_OF,
  ITEM_REF_BITS,
  LOCATION_REF_BITS,
  SERIAL_REF_BITS,
} from './tables.js';
import { encodeTds2 } from './tds2.js';
import { TDS2_DEFS } from './tds2-tables.js';
import type { EncodableScheme, EncodedEpc, EncodeEpcInput, Tds1Scheme, Tds2Scheme } from './types.js';

/** Every scheme of TDS 1.13 and TDS 2.3 is encodable. */
export const ENCODABLE_SCHEMES: readonly EncodableScheme[] = EPC_SCHEMES;

const text = (v: unknown): string | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : undefined;

/** A GS1 key of `length` digits with the right check digit (the last). */
function gs1Key(field: string, value: string | undefined, lengths: number[]): string {
  if (!value) throw new EpcError(field, 'epc.required');
  if (!isDigits(value) || !lengths.includes(value.length)) throw new EpcError(field, 'epc.digitsLength', { length: lengths.join('/') });
  const body = value.slice(0, -1);
  if (checkDigit(body) !== value.charCodeAt(value.length - 1) - 48)
    throw new EpcError(field, 'epc.checkDigit', { expected: checkDigit(body) });
  return value;
}

/**
 * A serial encoded as an integer (TDS §14.3.1 "Integer"): digits, no leading zero (the binary
 * cannot keep it), at most `max`.
 */
function integerSerial(field: string, value: string | undefined, max: number | bigint): number | bigint {
  if (value === undefined || value === '') throw new EpcError(field, 'epc.required');
  if (!isDigits(value)) throw new EpcError(field, 'epc.digitsOnly');
  if (value.length > 1 && value[0] === '0') throw new EpcError(field, 'epc.leadingZero');
  if (value.length > 15) {
    const big = BigInt(value);
    if (big > BigInt(max)) throw new EpcError(field, 'epc.tooLarge', { max: String(max) });
    return big;
  }
  const n = Number(value);
  if (n > max) throw new EpcError(field, 'epc.tooLarge', { max: String(max) });
  return n;
}

/** A 7-bit string component: 1..max characters of Table A-1. */
function alnum(field: string, value: string | undefined, max: number): string {
  if (value === undefined || value === '') throw new EpcError(field, 'epc.required');
  if (value.length > max) throw new EpcError(field, 'epc.textTooLongInput', { max });
  for (const c of value) if (!isCharset82(c.charCodeAt(0))) throw new EpcError(field, 'epc.charNotAllowed', { char: c });
  return value;
}

/** ITIP piece number and total count: whole numbers 0–99, written with two digits. */
function twoDigits(field: string, value: unknown): number {
  const t = text(value);
  if (t === undefined || t === '') throw new EpcError(field, 'epc.required');
  if (!isDigits(t) || t.length > 2) throw new EpcError(field, 'epc.twoDigits');
  return Number(t);
}

/** A CAGE code (5 characters) or DoDAAC (6): digits and capital letters but I and O. */
function cage(value: string | undefined): string {
  if (value === undefined || value === '') throw new EpcError('cageOrDodaac', 'epc.required');
  if ((value.length !== 5 && value.length !== 6) || ![...value].every((c) => isCageChar(c.charCodeAt(0))))
    throw new EpcError('cageOrDodaac', 'epc.cage');
  return value;
}

type KeySplit = { field: keyof EncodeEpcInput; value: (cpl: number) => { cp: string; ref: string } | undefined };

/** A GS1 key of `length` digits (check digit last) split into company prefix and reference. */
const plainKey = (input: EncodeEpcInput, field: keyof EncodeEpcInput, length: number): KeySplit => ({
  field,
  value: (cpl) => {
    const k = text(input[field]);
    if (k === undefined) return undefined;
    gs1Key(String(field), k, [length]);
    return { cp: k.slice(0, cpl), ref: k.slice(cpl, length - 1) };
  },
});

/** A GTIN split as SGTIN writes it: the indicator digit leads the item reference. */
const gtinKey = (input: EncodeEpcInput): KeySplit => ({
  field: 'gtin',
  value: (cpl) => {
    const g = text(input.gtin);
    if (g === undefined) return undefined;
    const g14 = gtin14(g);
    return { cp: g14.slice(1, 1 + cpl), ref: g14[0] + g14.slice(1 + cpl, 13) };
  },
});

/** The company prefix and its reference, from the whole key or from the two parts. */
function split(
  input: EncodeEpcInput,
  key: KeySplit,
  refField: keyof EncodeEpcInput,
  refDigits: (cpl: number) => number,
): { cp: string; ref: string; partition: number } {
  const cpGiven = text(input.companyPrefix);
  if (text(input[key.field]) === undefined && cpGiven === undefined) throw new EpcError(String(key.field), 'epc.required');
  if (text(input[key.field]) === undefined && cpGiven !== undefined) {
    if (!isDigits(cpGiven) || cpGiven.length < 6 || cpGiven.length > 12) throw new EpcError('companyPrefix', 'epc.companyPrefix');
    const cpl = input.companyPrefixLength === undefined ? cpGiven.length : checkCompanyPrefixLength(input.companyPrefixLength);
    if (cpl !== cpGiven.length) throw new EpcError('companyPrefixLength', 'epc.companyPrefixMismatch', { length: cpGiven.length });
    const ref = text(input[refField]) ?? '';
    const digits = refDigits(cpl);
    if (!(digits === 0 ? ref === '' : isDigits(ref) && ref.length === digits))
      throw new EpcError(String(refField), 'epc.referenceDigits', { digits, cpl });
    return { cp: cpGiven, ref, partition: 12 - cpl };
  }
  const cpl = checkCompanyPrefixLength(input.companyPrefixLength);
  const parts = key.value(cpl);
  if (!parts) throw new EpcError(String(key.field), 'epc.required');
  return { ...parts, partition: 12 - cpl };
}

function header(w: BitWriter, scheme: Tds1Scheme, filter: number, partition: number, cp: string): void {
  w.int(HEADER_OF[scheme], 8).int(filter, 3).int(partition, 3).int(Number(cp), CP_BITS[partition]!);
}

/** Encode an EPC; throws EpcError naming the input field for what the standard forbids. */
export function encodeEpc(input: EncodeEpcInput): EncodedEpc {
  const scheme = input?.scheme;
  if (!ENCODABLE_SCHEMES.includes(scheme)) throw new EpcError('scheme', 'epc.scheme', { schemes: ENCODABLE_SCHEMES.join(', ') });
  if (Object.hasOwn(TDS2_DEFS, scheme)) return encodeTds2(scheme as Tds2Scheme, input);
  const filter = checkFilter(input.filter, scheme === 'usdod-96' ? 15 : scheme === 'adi-var' ? 63 : 7);
  const w = new BitWriter();
  switch (scheme) {
    case 'sgtin-96':
    case 'sgtin-198': {
      const { cp, ref, partition } = split(input, gtinKey(input), 'itemReference', (cpl) => 13 - cpl);
      const serialText = text(input.serial);
      if (scheme === 'sgtin-96') {
        const serial = integerSerial('serial', serialText, SGTIN96_MAX_SERIAL) as number;
        const body = ref[0] + cp + ref.slice(1);
        return decodeEpc(sgtin96Hex(body + checkDigit(body), 12 - partition, filter, serial));
      }
      header(w, scheme, filter, partition, cp);
      w.int(Number(ref), ITEM_REF_BITS[partition]!).chars(alnum('serial', serialText, 20), 7, 140);
      break;
    }
    case 'sscc-96': {
      const { cp, ref, partition } = split(
        input,
        {
          field: 'sscc',
          value: (cpl) => {
            const s = text(input.sscc);
            if (s === undefined) return undefined;
            gs1Key('sscc', s, [18]);
            return { cp: s.slice(1, 1 + cpl), ref: s[0] + s.slice(1 + cpl, 17) };
          },
        },
        'serialReference',
        (cpl) => 17 - cpl,
      );
      header(w, scheme, filter, partition, cp);
      w.int(Number(ref), SERIAL_REF_BITS[partition]!).int(0, 24);
      break;
    }
    case 'sgln-96':
    case 'sgln-195': {
      const { cp, ref, partition } = split(input, plainKey(input, 'gln', 13), 'locationReference', (cpl) => 12 - cpl);
      // the extension 0 stands for "no extension" (TDS §7.4)
      const extText = text(input.extension) || '0';
      header(w, scheme, filter, partition, cp);
      w.int(Number(ref || '0'), LOCATION_REF_BITS[partition]!);
      if (scheme === 'sgln-96') w.int(integerSerial('extension', extText, 2 ** 41 - 1), 41);
      else w.chars(alnum('extension', extText, 20), 7, 140);
      break;
    }
    case 'grai-96':
    case 'grai-170': {
      const { cp, ref, partition } = split(
        input,
        {
          field: 'grai',
          value: (cpl) => {
            let g = text(input.grai);
            if (g === undefined) return undefined;
            // the GRAI of AI 8003 begins with a 0; the 13 digits after it end with the check digit
            if (g.length === 14 && g[0] === '0') g = g.slice(1);
            gs1Key('grai', g, [13]);
            return { cp: g.slice(0, cpl), ref: g.slice(cpl, 12) };
          },
        },
        'assetType',
        (cpl) => 12 - cpl,
      );
      header(w, scheme, filter, partition, cp);
      w.int(Number(ref || '0'), ASSET_TYPE_BITS[partition]!);
      if (scheme === 'grai-96') w.int(integerSerial('serial', text(input.serial), 2 ** 38 - 1), 38);
      else w.chars(alnum('serial', text(input.serial), 16), 7, 112);
      break;
    }
    case 'giai-96':
    case 'giai-202': {
      let cp: string;
      let ref: string | undefined;
      let partition: number;
      const whole = text(input.giai);
      if (whole !== undefined) {
        const cpl = checkCompanyPrefixLength(input.companyPrefixLength);
        const prefixOk = isDigits(whole.slice(0, cpl)) && whole.length > cpl;
        if (!prefixOk || (scheme === 'giai-96' && !isDigits(whole)))
          throw new EpcError('giai', scheme === 'giai-96' ? 'epc.giaiNumeric' : 'epc.giaiPrefix', { cpl });
        cp = whole.slice(0, cpl);
        ref = whole.slice(cpl);
        partition = 12 - cpl;
      } else {
        cp = text(input.companyPrefix) ?? '';
        if (!isDigits(cp) || cp.length < 6 || cp.length > 12) throw new EpcError('companyPrefix', 'epc.companyPrefix');
        if (input.companyPrefixLength !== undefined && checkCompanyPrefixLength(input.companyPrefixLength) !== cp.length)
          throw new EpcError('companyPrefixLength', 'epc.companyPrefixMismatch', { length: cp.length });
        ref = text(input.individualAssetReference);
        partition = 12 - cp.length;
      }
      const field = whole !== undefined ? 'giai' : 'individualAssetReference';
      if (scheme === 'giai-202') {
        // at most 30 characters in all (TDS §6.3.5), and what the partition's bits hold
        const bits = GIAI202_REF_BITS[partition]!;
        const chars = alnum(field, ref, Math.min(30 - cp.length, Math.floor(bits / 7)));
        header(w, scheme, filter, partition, cp);
        w.chars(chars, 7, bits);
        break;
      }
      const bits = GIAI96_REF_BITS[partition]!;
      const value = integerSerial(field, ref, (1n << BigInt(bits)) - 1n);
      header(w, scheme, filter, partition, cp);
      w.int(value, bits);
      break;
    }
    case 'gsrn-96':
    case 'gsrnp-96': {
      const keyField = scheme === 'gsrn-96' ? 'gsrn' : 'gsrnp';
      const { cp, ref, partition } = split(input, plainKey(input, keyField, 18), 'serviceReference', (cpl) => 17 - cpl);
      header(w, scheme, filter, partition, cp);
      w.int(Number(ref), SERIAL_REF_BITS[partition]!).int(0, 24);
      break;
    }
    case 'gdti-96':
    case 'gdti-174': {
      const { cp, ref, partition } = split(input, plainKey(input, 'gdti', 13), 'documentType', (cpl) => 12 - cpl);
      header(w, scheme, filter, partition, cp);
      w.int(Number(ref || '0'), LOCATION_REF_BITS[partition]!);
      if (scheme === 'gdti-96') w.int(integerSerial('serial', text(input.serial), 2 ** 41 - 1), 41);
      else w.chars(alnum('serial', text(input.serial), 17), 7, 119);
      break;
    }
    case 'sgcn-96': {
      const { cp, ref, partition } = split(input, plainKey(input, 'sgcn', 13), 'couponReference', (cpl) => 12 - cpl);
      // TDS §14.3.9 numeric string: 1 to 12 digits, leading zeros kept by a prepended 1
      const serial = text(input.serial);
      if (serial === undefined || serial === '') throw new EpcError('serial', 'epc.required');
      if (!isDigits(serial)) throw new EpcError('serial', 'epc.digitsOnly');
      if (serial.length > 12) throw new EpcError('serial', 'epc.textTooLongInput', { max: 12 });
      header(w, scheme, filter, partition, cp);
      w.int(Number(ref || '0'), LOCATION_REF_BITS[partition]!).int(Number(`1${serial}`), 41);
      break;
    }
    case 'cpi-96':
    case 'cpi-var': {
      let cp: string;
      let ref: string | undefined;
      const whole = text(input.cpi);
      if (whole !== undefined) {
        const cpl = checkCompanyPrefixLength(input.companyPrefixLength);
        if (!isDigits(whole.slice(0, cpl)) || whole.length <= cpl) throw new EpcError('cpi', 'epc.giaiPrefix', { cpl });
        cp = whole.slice(0, cpl);
        ref = whole.slice(cpl);
      } else {
        cp = text(input.companyPrefix) ?? '';
        if (!isDigits(cp) || cp.length < 6 || cp.length > 12) throw new EpcError('companyPrefix', 'epc.companyPrefix');
        if (input.companyPrefixLength !== undefined && checkCompanyPrefixLength(input.companyPrefixLength) !== cp.length)
          throw new EpcError('companyPrefixLength', 'epc.companyPrefixMismatch', { length: cp.length });
        ref = text(input.componentPartReference);
      }
      const field = whole !== undefined ? 'cpi' : 'componentPartReference';
      const partition = 12 - cp.length;
      header(w, scheme, filter, partition, cp);
      if (scheme === 'cpi-96') {
        const bits = CPI96_REF_BITS[partition]!;
        const max = Math.min(2 ** bits - 1, 10 ** (15 - cp.length) - 1);
        w.int(integerSerial(field, ref, max), bits).int(integerSerial('serial', text(input.serial), 2 ** 31 - 1), 31);
      } else {
        if (ref === undefined || ref === '') throw new EpcError(field, 'epc.required');
        if (ref.length > 30 - cp.length) throw new EpcError(field, 'epc.textTooLongInput', { max: 30 - cp.length });
        for (const c of ref) if (!isCpiChar(c.charCodeAt(0))) throw new EpcError(field, 'epc.charNotAllowed6', { char: c });
        w.chars(ref, 6)
          .int(0, 6)
          .int(integerSerial('serial', text(input.serial), 10 ** 12 - 1), 40);
      }
      break;
    }
    case 'itip-110':
    case 'itip-212': {
      const { cp, ref, partition } = split(input, gtinKey(input), 'itemReference', (cpl) => 13 - cpl);
      header(w, scheme, filter, partition, cp);
      w.int(Number(ref), ITEM_REF_BITS[partition]!).int(twoDigits('piece', input.piece), 7).int(twoDigits('total', input.total), 7);
      if (scheme === 'itip-110') w.int(integerSerial('serial', text(input.serial), 2 ** 38 - 1), 38);
      else w.chars(alnum('serial', text(input.serial), 20), 7, 140);
      break;
    }
    case 'gid-96': {
      w.int(HEADER_OF[scheme], 8)
        .int(integerSerial('managerNumber', text(input.managerNumber), 2 ** 28 - 1), 28)
        .int(integerSerial('objectClass', text(input.objectClass), 2 ** 24 - 1), 24)
        .int(integerSerial('serial', text(input.serial), 2 ** 36 - 1), 36);
      break;
    }
    case 'usdod-96': {
      const code = cage(text(input.cageOrDodaac));
      w.int(HEADER_OF[scheme], 8)
        .int(filter, 4)
        .chars(code.padStart(6, ' '), 8)
        .int(integerSerial('serial', text(input.serial), 2 ** 36 - 1), 36);
      break;
    }
    case 'adi-var': {
      const code = cage(text(input.cageOrDodaac));
      const part = text(input.partNumber) ?? '';
      if (part.length > 32) throw new EpcError('partNumber', 'epc.textTooLongInput', { max: 32 });
      for (const c of part) if (!isAdiChar(c.charCodeAt(0))) throw new EpcError('partNumber', 'epc.charNotAllowed6', { char: c });
      const serial = text(input.serial);
      if (serial === undefined || serial === '') throw new EpcError('serial', 'epc.required');
      if (serial.length > 30) throw new EpcError('serial', 'epc.textTooLongInput', { max: 30 });
      for (let i = 0; i < serial.length; i++) {
        const c = serial.charCodeAt(i);
        if (!isAdiChar(c) && !(c === 35 && i === 0)) throw new EpcError('serial', 'epc.charNotAllowed6', { char: serial[i]! });
      }
      w.int(HEADER_OF[scheme], 8).int(filter, 6).chars(code.padStart(6, ' '), 6).chars(part, 6).int(0, 6).chars(serial, 6).int(0, 6);
      break;
    }
  }
  return decodeEpc(w.hex());
}
