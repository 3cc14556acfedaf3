/**
 * Decoding of every EPC binary scheme of the GS1 EPC Tag Data Standard 1.13 (§14.5 "Decoding
 * procedure"): hex from a tag's EPC bank → scheme, pure-identity URI (§6), tag URI (§12), the GS1
 * element string and Digital Link URI where the scheme has a GS1 key (§7), and the fields. The
 * schemes TDS 2.3 added ('+', '++') are decoded by tds2.ts, looked up only after the TDS 1.13 headers.
 */
import { BitReader, nibble } from './bits.js';
import { checkDigit, isAdiChar, isCageChar, isCharset82, isCpiChar, linkEscape, uriEscape, uriEscape6 } from './chars.js';
import { EpcError } from './errors.js';
import {
  ASSET_TYPE_BITS,
  CP_BITS,
  CP_DIGITS,
  CPI96_REF_BITS,
  DEPRECATED_HEADERS,
  GIAI96_REF_BITS,
  GIAI202_REF_BITS,
  HEADERS,
  ITEM_REF_BITS,
  LOCATION_REF_BITS,
  MAX_VAR_BITS,
  SERIAL_REF_BITS,
} from './tables.js';
import { decodeTds2, tds2Def, tds2SchemeOf } from './tds2.js';
import type { DecodedEpc, EpcScheme } from './types.js';

/** The versions of the standard whose headers the codec knows (named by a refusal of an unknown header). */
export const EPC_STANDARDS = 'TDS 1.13, TDS 2.3';

/** The base of GS1 Digital Link URIs the codec writes (the GS1 resolver, TDS §7 / GS1 DL 1.2). */
export const DIGITAL_LINK_BASE = 'https://id.gs1.org';

const F = 'epc';

/** Bits past the end of an EPC (up to the last word read) must be zero. */
function checkTail(r: BitReader, end: number): void {
  if (!r.zeroFrom(end)) throw new EpcError(F, 'epc.padding', { bits: end });
}

/** Reserved bits (SSCC-96, GSRN-96, GSRNP-96: 24 bits after the reference) must be zero (TDS §14.5). */
function reserved(r: BitReader, pos: number, len: number): void {
  for (let i = pos; i < pos + len; i++) if (r.bits[i]) throw new EpcError(F, 'epc.reserved', { bits: len });
}

/** An integer component of `digits` decimal digits (zero-padded), refused when it has more. */
function digitsField(r: BitReader, pos: number, len: number, digits: number, part: string): string {
  const text = r.dec(pos, len);
  if (digits === 0) {
    if (text !== '0') throw new EpcError(F, 'epc.fieldOverflow', { part: `epc.part.${part}`, value: text, digits });
    return '';
  }
  if (text.length > digits) throw new EpcError(F, 'epc.fieldOverflow', { part: `epc.part.${part}`, value: text, digits });
  return text.padStart(digits, '0');
}

/** An integer component written without leading zeros, of at most `maxDigits` digits when given. */
function intField(r: BitReader, pos: number, len: number, part: string, maxDigits?: number): string {
  const text = r.dec(pos, len);
  if (maxDigits !== undefined && text.length > maxDigits)
    throw new EpcError(F, 'epc.fieldOverflow', { part: `epc.part.${part}`, value: text, digits: maxDigits });
  return text;
}

/**
 * A 7-bit string (TDS §14.3.4 / §14.4.4 "String"): 7-bit ASCII characters of Table A-1, ended by
 * the field's end or by zero bits that fill the rest of the field; at least one character.
 */
function string7(r: BitReader, pos: number, len: number, part: string, maxChars = Math.floor(len / 7)): string {
  let s = '';
  let i = pos;
  for (; i + 7 <= pos + len; i += 7) {
    const c = r.int(i, 7);
    if (c === 0) break;
    if (!isCharset82(c))
      throw new EpcError(F, 'epc.badChar', { part: `epc.part.${part}`, char: `0x${c.toString(16).toUpperCase().padStart(2, '0')}` });
    s += String.fromCharCode(c);
  }
  for (let j = i; j < pos + len; j++) if (r.bits[j]) throw new EpcError(F, 'epc.badString', { part: `epc.part.${part}` });
  if (s.length === 0) throw new EpcError(F, 'epc.emptyField', { part: `epc.part.${part}` });
  if (s.length > maxChars) throw new EpcError(F, 'epc.textTooLong', { part: `epc.part.${part}`, max: maxChars });
  return s;
}

/** A 6-bit character (Table G-1): the low 6 bits of an ASCII code from 0x20 to 0x5F. */
const char6 = (v: number): number => (v < 32 ? v + 64 : v);

/** A 6-bit string ended by six zero bits (CPI-var, ADI-var): the text and the position after the terminator. */
function string6(r: BitReader, pos: number, part: string, ok: (code: number, index: number) => boolean): { text: string; end: number } {
  let s = '';
  let i = pos;
  for (;;) {
    if (i + 6 > r.length) throw new EpcError(F, 'epc.truncated', { part: `epc.part.${part}` });
    const v = r.int(i, 6);
    i += 6;
    if (v === 0) return { text: s, end: i };
    const c = char6(v);
    if (!ok(c, s.length)) throw new EpcError(F, 'epc.badChar', { part: `epc.part.${part}`, char: String.fromCharCode(c) });
    s += String.fromCharCode(c);
  }
}

/** Filter (3 bits) and partition (3 bits) at bit 8, then the company prefix: the start of every partitioned scheme. */
function partitioned(r: BitReader, refBits: readonly number[]) {
  const filter = r.int(8, 3);
  const partition = r.int(11, 3);
  if (partition > 6) throw new EpcError(F, 'epc.partition', { partition });
  const cpBits = CP_BITS[partition]!;
  const cpDigits = CP_DIGITS[partition]!;
  const companyPrefix = digitsField(r, 14, cpBits, cpDigits, 'companyPrefix');
  return { filter, partition, cpDigits, companyPrefix, refPos: 14 + cpBits, refBits: refBits[partition]! };
}

type Out = Omit<DecodedEpc, 'epc' | 'bits' | 'scheme'>;

function gs1Link(...pairs: [string, string][]): string {
  return DIGITAL_LINK_BASE + pairs.map(([ai, v]) => `/${ai}/${linkEscape(v)}`).join('');
}

function sgtin(r: BitReader, bits: 96 | 198): Out {
  const p = partitioned(r, ITEM_REF_BITS);
  const itemReference = digitsField(r, p.refPos, p.refBits, 13 - p.cpDigits, 'itemReference');
  const serialPos = p.refPos + p.refBits;
  const serial = bits === 96 ? r.dec(serialPos, 38) : string7(r, serialPos, 140, 'serial', 20);
  const body = itemReference[0] + p.companyPrefix + itemReference.slice(1);
  const gtin = body + checkDigit(body);
  const s = uriEscape(serial);
  return {
    uri: `urn:epc:id:sgtin:${p.companyPrefix}.${itemReference}.${s}`,
    tagUri: `urn:epc:tag:sgtin-${bits}:${p.filter}.${p.companyPrefix}.${itemReference}.${s}`,
    elementString: `(01)${gtin}(21)${serial}`,
    digitalLink: gs1Link(['01', gtin], ['21', serial]),
    filter: p.filter,
    gtin,
    serial,
    fields: { filter: p.filter, partition: p.partition, companyPrefix: p.companyPrefix, itemReference, serial, gtin },
  };
}

function sscc(r: BitReader): Out {
  const p = partitioned(r, SERIAL_REF_BITS);
  const serialReference = digitsField(r, p.refPos, p.refBits, 17 - p.cpDigits, 'serialReference');
  reserved(r, 72, 24);
  const body = serialReference[0] + p.companyPrefix + serialReference.slice(1);
  const code = body + checkDigit(body);
  return {
    uri: `urn:epc:id:sscc:${p.companyPrefix}.${serialReference}`,
    tagUri: `urn:epc:tag:sscc-96:${p.filter}.${p.companyPrefix}.${serialReference}`,
    elementString: `(00)${code}`,
    digitalLink: gs1Link(['00', code]),
    filter: p.filter,
    fields: { filter: p.filter, partition: p.partition, companyPrefix: p.companyPrefix, serialReference, sscc: code },
  };
}

function sgln(r: BitReader, bits: 96 | 195): Out {
  const p = partitioned(r, LOCATION_REF_BITS);
  const locationReference = digitsField(r, p.refPos, p.refBits, 12 - p.cpDigits, 'locationReference');
  const extPos = p.refPos + p.refBits;
  const extension = bits === 96 ? r.dec(extPos, 41) : string7(r, extPos, 140, 'extension', 20);
  const body = p.companyPrefix + locationReference;
  const gln = body + checkDigit(body);
  const e = uriEscape(extension);
  // TDS §7.4: the extension 0 stands for "no extension": the element string is then the GLN alone
  const hasExtension = extension !== '0';
  return {
    uri: `urn:epc:id:sgln:${p.companyPrefix}.${locationReference}.${e}`,
    tagUri: `urn:epc:tag:sgln-${bits}:${p.filter}.${p.companyPrefix}.${locationReference}.${e}`,
    elementString: `(414)${gln}${hasExtension ? `(254)${extension}` : ''}`,
    digitalLink: hasExtension ? gs1Link(['414', gln], ['254', extension]) : gs1Link(['414', gln]),
    filter: p.filter,
    serial: extension,
    fields: { filter: p.filter, partition: p.partition, companyPrefix: p.companyPrefix, locationReference, extension, gln },
  };
}

function grai(r: BitReader, bits: 96 | 170): Out {
  const p = partitioned(r, ASSET_TYPE_BITS);
  const assetType = digitsField(r, p.refPos, p.refBits, 12 - p.cpDigits, 'assetType');
  const serialPos = p.refPos + p.refBits;
  const serial = bits === 96 ? r.dec(serialPos, 38) : string7(r, serialPos, 112, 'serial', 16);
  const body = `0${p.companyPrefix}${assetType}`;
  const code = body + checkDigit(body) + serial;
  const s = uriEscape(serial);
  return {
    uri: `urn:epc:id:grai:${p.companyPrefix}.${assetType}.${s}`,
    tagUri: `urn:epc:tag:grai-${bits}:${p.filter}.${p.companyPrefix}.${assetType}.${s}`,
    elementString: `(8003)${code}`,
    digitalLink: gs1Link(['8003', code]),
    filter: p.filter,
    serial,
    fields: { filter: p.filter, partition: p.partition, companyPrefix: p.companyPrefix, assetType, serial, grai: code },
  };
}

function giai(r: BitReader, bits: 96 | 202): Out {
  const p = partitioned(r, bits === 96 ? GIAI96_REF_BITS : GIAI202_REF_BITS);
  // the GIAI has at most 30 characters, company prefix included
  const ref =
    bits === 96
      ? intField(r, p.refPos, p.refBits, 'individualAssetReference', 30 - p.cpDigits)
      : string7(r, p.refPos, p.refBits, 'individualAssetReference', 30 - p.cpDigits);
  const code = p.companyPrefix + ref;
  const s = uriEscape(ref);
  return {
    uri: `urn:epc:id:giai:${p.companyPrefix}.${s}`,
    tagUri: `urn:epc:tag:giai-${bits}:${p.filter}.${p.companyPrefix}.${s}`,
    elementString: `(8004)${code}`,
    digitalLink: gs1Link(['8004', code]),
    filter: p.filter,
    serial: ref,
    fields: { filter: p.filter, partition: p.partition, companyPrefix: p.companyPrefix, individualAssetReference: ref, giai: code },
  };
}

function gsrn(r: BitReader, kind: 'gsrn' | 'gsrnp'): Out {
  const p = partitioned(r, SERIAL_REF_BITS);
  const serviceReference = digitsField(r, p.refPos, p.refBits, 17 - p.cpDigits, 'serviceReference');
  reserved(r, 72, 24);
  const body = p.companyPrefix + serviceReference;
  const code = body + checkDigit(body);
  const ai = kind === 'gsrn' ? '8018' : '8017';
  return {
    uri: `urn:epc:id:${kind}:${p.companyPrefix}.${serviceReference}`,
    tagUri: `urn:epc:tag:${kind}-96:${p.filter}.${p.companyPrefix}.${serviceReference}`,
    elementString: `(${ai})${code}`,
    digitalLink: gs1Link([ai, code]),
    filter: p.filter,
    fields: { filter: p.filter, partition: p.partition, companyPrefix: p.companyPrefix, serviceReference, [kind]: code },
  };
}

function gdti(r: BitReader, bits: 96 | 174): Out {
  const p = partitioned(r, LOCATION_REF_BITS);
  const documentType = digitsField(r, p.refPos, p.refBits, 12 - p.cpDigits, 'documentType');
  const serialPos = p.refPos + p.refBits;
  const serial = bits === 96 ? r.dec(serialPos, 41) : string7(r, serialPos, 119, 'serial', 17);
  const body = p.companyPrefix + documentType;
  const code = body + checkDigit(body) + serial;
  const s = uriEscape(serial);
  return {
    uri: `urn:epc:id:gdti:${p.companyPrefix}.${documentType}.${s}`,
    tagUri: `urn:epc:tag:gdti-${bits}:${p.filter}.${p.companyPrefix}.${documentType}.${s}`,
    elementString: `(253)${code}`,
    digitalLink: gs1Link(['253', code]),
    filter: p.filter,
    serial,
    fields: { filter: p.filter, partition: p.partition, companyPrefix: p.companyPrefix, documentType, serial, gdti: code },
  };
}

function cpi(r: BitReader, variable: boolean): Out & { end: number } {
  const p = partitioned(r, CPI96_REF_BITS);
  let ref: string;
  let serial: string;
  let end: number;
  if (!variable) {
    ref = intField(r, p.refPos, p.refBits, 'componentPartReference', 15 - p.cpDigits);
    serial = r.dec(p.refPos + p.refBits, 31);
    end = 96;
  } else {
    const cpr = string6(r, p.refPos, 'componentPartReference', isCpiChar);
    if (cpr.text.length === 0) throw new EpcError(F, 'epc.emptyField', { part: 'epc.part.componentPartReference' });
    if (cpr.text.length > 30 - p.cpDigits)
      throw new EpcError(F, 'epc.textTooLong', { part: 'epc.part.componentPartReference', max: 30 - p.cpDigits });
    ref = cpr.text;
    if (cpr.end + 40 > r.length) throw new EpcError(F, 'epc.truncated', { part: 'epc.part.serial' });
    serial = intField(r, cpr.end, 40, 'serial', 12);
    end = cpr.end + 40;
  }
  const bits = variable ? 'var' : '96';
  const e = uriEscape6(ref);
  return {
    uri: `urn:epc:id:cpi:${p.companyPrefix}.${e}.${serial}`,
    tagUri: `urn:epc:tag:cpi-${bits}:${p.filter}.${p.companyPrefix}.${e}.${serial}`,
    elementString: `(8010)${p.companyPrefix}${ref}(8011)${serial}`,
    digitalLink: gs1Link(['8010', p.companyPrefix + ref], ['8011', serial]),
    filter: p.filter,
    serial,
    fields: {
      filter: p.filter,
      partition: p.partition,
      companyPrefix: p.companyPrefix,
      componentPartReference: ref,
      serial,
      cpi: p.companyPrefix + ref,
    },
    end,
  };
}

function sgcn(r: BitReader): Out {
  const p = partitioned(r, LOCATION_REF_BITS);
  const couponReference = digitsField(r, p.refPos, p.refBits, 12 - p.cpDigits, 'couponReference');
  // TDS §14.3.9 "Numeric string": the serial's digits behind a leading 1, so leading zeros survive
  const prepended = r.dec(p.refPos + p.refBits, 41);
  if (prepended[0] !== '1' || prepended.length < 2 || prepended.length > 13)
    throw new EpcError(F, 'epc.numericString', { part: 'epc.part.serial', value: prepended });
  const serial = prepended.slice(1);
  const body = p.companyPrefix + couponReference;
  const code = body + checkDigit(body) + serial;
  return {
    uri: `urn:epc:id:sgcn:${p.companyPrefix}.${couponReference}.${serial}`,
    tagUri: `urn:epc:tag:sgcn-96:${p.filter}.${p.companyPrefix}.${couponReference}.${serial}`,
    elementString: `(255)${code}`,
    digitalLink: gs1Link(['255', code]),
    filter: p.filter,
    serial,
    fields: { filter: p.filter, partition: p.partition, companyPrefix: p.companyPrefix, couponReference, serial, sgcn: code },
  };
}

function gid(r: BitReader): Out {
  const managerNumber = r.dec(8, 28);
  const objectClass = r.dec(36, 24);
  const serial = r.dec(60, 36);
  const tail = `${managerNumber}.${objectClass}.${serial}`;
  // GID has no filter: its tag URI is the pure identity's components (TDS §12.3.1 grammar GID-96)
  return {
    uri: `urn:epc:id:gid:${tail}`,
    tagUri: `urn:epc:tag:gid-96:${tail}`,
    serial,
    fields: { managerNumber, objectClass, serial },
  };
}

function itip(r: BitReader, bits: 110 | 212): Out {
  const p = partitioned(r, ITEM_REF_BITS);
  const itemReference = digitsField(r, p.refPos, p.refBits, 13 - p.cpDigits, 'itemReference');
  let pos = p.refPos + p.refBits;
  // TDS §14.3.10 "Fixed width integer": piece and total, two digits each
  const piece = digitsField(r, pos, 7, 2, 'piece');
  const total = digitsField(r, pos + 7, 7, 2, 'total');
  pos += 14;
  const serial = bits === 110 ? r.dec(pos, 38) : string7(r, pos, 140, 'serial', 20);
  const body = itemReference[0] + p.companyPrefix + itemReference.slice(1);
  const gtin = body + checkDigit(body);
  const code = gtin + piece + total;
  const s = uriEscape(serial);
  return {
    uri: `urn:epc:id:itip:${p.companyPrefix}.${itemReference}.${piece}.${total}.${s}`,
    tagUri: `urn:epc:tag:itip-${bits}:${p.filter}.${p.companyPrefix}.${itemReference}.${piece}.${total}.${s}`,
    elementString: `(8006)${code}(21)${serial}`,
    digitalLink: gs1Link(['8006', code], ['21', serial]),
    filter: p.filter,
    gtin,
    serial,
    fields: {
      filter: p.filter,
      partition: p.partition,
      companyPrefix: p.companyPrefix,
      itemReference,
      piece,
      total,
      serial,
      gtin,
      itip: code,
    },
  };
}

function usdod(r: BitReader): Out {
  const filter = r.int(8, 4);
  // CAGE (5 characters, after a space) or DoDAAC (6), 8-bit ASCII
  let code = '';
  for (let i = 0; i < 6; i++) {
    const c = r.int(12 + i * 8, 8);
    if (i === 0 && c === 0x20) continue;
    if (!isCageChar(c))
      throw new EpcError(F, 'epc.badChar', { part: 'epc.part.cageOrDodaac', char: `0x${c.toString(16).toUpperCase().padStart(2, '0')}` });
    code += String.fromCharCode(c);
  }
  const serial = r.dec(60, 36);
  return {
    uri: `urn:epc:id:usdod:${code}.${serial}`,
    tagUri: `urn:epc:tag:usdod-96:${filter}.${code}.${serial}`,
    filter,
    serial,
    fields: { filter, cageOrDodaac: code, serial },
  };
}

function adi(r: BitReader): Out & { end: number } {
  const filter = r.int(8, 6);
  // CAGE (5 characters after a space, 6-bit 100000) or DoDAAC (6)
  let code = '';
  for (let i = 0; i < 6; i++) {
    const c = char6(r.int(14 + i * 6, 6));
    if (i === 0 && c === 0x20) continue;
    if (!isCageChar(c)) throw new EpcError(F, 'epc.badChar', { part: 'epc.part.cageOrDodaac', char: String.fromCharCode(c) });
    code += String.fromCharCode(c);
  }
  const part = string6(r, 50, 'partNumber', (c) => isAdiChar(c));
  if (part.text.length > 32) throw new EpcError(F, 'epc.textTooLong', { part: 'epc.part.partNumber', max: 32 });
  // a serial may begin with '#': unique within the CAGE only, not within the part number
  const serial = string6(r, part.end, 'serial', (c, i) => isAdiChar(c) || (c === 35 && i === 0));
  if (serial.text.length === 0) throw new EpcError(F, 'epc.emptyField', { part: 'epc.part.serial' });
  if (serial.text.length > 30) throw new EpcError(F, 'epc.textTooLong', { part: 'epc.part.serial', max: 30 });
  const tail = `${code}.${uriEscape6(part.text)}.${uriEscape6(serial.text)}`;
  return {
    uri: `urn:epc:id:adi:${tail}`,
    tagUri: `urn:epc:tag:adi-var:${filter}.${tail}`,
    filter,
    serial: serial.text,
    fields: { filter, cageOrDodaac: code, partNumber: part.text, serial: serial.text },
    end: serial.end,
  };
}

/** 10^k, for the digit checks of the fast path. */
const POW10 = Array.from({ length: 13 }, (_, k) => 10 ** k);

/**
 * SGTIN-96 without a bit array: the 24 hex digits as nibbles, the 44 bits of company prefix and
 * item reference and the 38-bit serial as two exact doubles. Same result as the general path
 * (`sgtin(r, 96)`, checked by a property test); null when the hex is not 24 valid digits.
 */
export function decodeSgtin96Fast(hex: string): DecodedEpc | null {
  if (hex.length !== 24) return null;
  const n = new Array<number>(24);
  for (let i = 0; i < 24; i++) {
    const v = nibble(hex.charCodeAt(i));
    if (v < 0) return null;
    n[i] = v;
  }
  if (n[0] !== 3 || n[1] !== 0) return null;
  const filter = n[2]! >> 1;
  const partition = ((n[2]! & 1) << 2) | (n[3]! >> 2);
  if (partition > 6) throw new EpcError(F, 'epc.partition', { partition });
  let ref = n[3]! & 3;
  for (let i = 4; i < 14; i++) ref = ref * 16 + n[i]!;
  ref = ref * 4 + (n[14]! >> 2);
  let serialNum = n[14]! & 3;
  for (let i = 15; i < 24; i++) serialNum = serialNum * 16 + n[i]!;
  const itemBits = ITEM_REF_BITS[partition]!;
  const cpDigits = CP_DIGITS[partition]!;
  const itemDigits = 13 - cpDigits;
  const scale = 2 ** itemBits;
  const cpNum = Math.floor(ref / scale);
  const itemNum = ref - cpNum * scale;
  if (cpNum >= POW10[cpDigits]!)
    throw new EpcError(F, 'epc.fieldOverflow', { part: 'epc.part.companyPrefix', value: String(cpNum), digits: cpDigits });
  if (itemNum >= POW10[itemDigits]!)
    throw new EpcError(F, 'epc.fieldOverflow', { part: 'epc.part.itemReference', value: String(itemNum), digits: itemDigits });
  const companyPrefix = String(cpNum).padStart(cpDigits, '0');
  const itemReference = String(itemNum).padStart(itemDigits, '0');
  const serial = String(serialNum);
  const body = itemReference[0] + companyPrefix + itemReference.slice(1);
  const gtin = body + checkDigit(body);
  return {
    scheme: 'sgtin-96',
    epc: hex.toUpperCase(),
    bits: 96,
    uri: `urn:epc:id:sgtin:${companyPrefix}.${itemReference}.${serial}`,
    tagUri: `urn:epc:tag:sgtin-96:${filter}.${companyPrefix}.${itemReference}.${serial}`,
    elementString: `(01)${gtin}(21)${serial}`,
    digitalLink: `${DIGITAL_LINK_BASE}/01/${gtin}/21/${serial}`,
    filter,
    gtin,
    serial,
    fields: { filter, partition, companyPrefix, itemReference, serial, gtin },
  };
}

const HEX_RE = /^[0-9A-Fa-f]*$/;

/** A scheme as the standard writes it: SGTIN-96, CPI-var. */
export const schemeName = (scheme: EpcScheme): string => scheme.toUpperCase().replace('-VAR', '-var');

/**
 * Decode an EPC from the hex of a tag's EPC bank (the EPC only: no PC word). Fixed-length schemes
 * take their bits rounded up to a hex digit or to a 16-bit word; padding bits must be zero.
 * Throws EpcError (field `epc`) for what the standard does not allow.
 */
export function decodeEpc(input: string): DecodedEpc {
  if (typeof input === 'string' && input.length === 24) {
    const d = decodeSgtin96Fast(input);
    if (d) return d;
  }
  return decodeEpcGeneral(input);
}

/** The general path alone (every scheme, no SGTIN-96 fast path; a property test checks they agree). */
export function decodeEpcGeneral(input: string): DecodedEpc {
  if (typeof input !== 'string' || input.trim() === '') throw new EpcError(F, 'epc.required');
  const hex = input.trim();
  if (!HEX_RE.test(hex)) {
    const bad = [...hex].find((c) => nibble(c.charCodeAt(0)) < 0)!;
    throw new EpcError(F, 'epc.notHex', { char: bad });
  }
  if (hex.length < 2) throw new EpcError(F, 'epc.tooShort', { length: hex.length });
  const header = nibble(hex.charCodeAt(0)) * 16 + nibble(hex.charCodeAt(1));
  const entry = HEADERS[header];
  const headerText = hex.slice(0, 2).toUpperCase();
  if (!entry) {
    const tds2 = tds2Def(header);
    if (tds2) return decodeTds2(hex, tds2);
    const withdrawn = DEPRECATED_HEADERS[header];
    if (withdrawn) throw new EpcError(F, 'epc.headerWithdrawn', { header: headerText, scheme: withdrawn });
    throw new EpcError(F, 'epc.header', { header: headerText, standards: EPC_STANDARDS });
  }
  const { scheme, bits } = entry;
  if (bits === 'var') {
    // the fewest bits of the scheme: ADI-var with an empty part number and a 1-character serial,
    // CPI-var with a 6-digit company prefix, a 1-character reference and its 40-bit serial
    const least = scheme === 'adi-var' ? 8 + 6 + 36 + 6 + 6 + 6 : 8 + 3 + 3 + 20 + 6 + 6 + 40;
    if (hex.length * 4 < least)
      throw new EpcError(F, 'epc.hexTooShort', { length: hex.length, min: Math.ceil(least / 4), scheme: schemeName(scheme) });
    if (hex.length * 4 > Math.ceil(MAX_VAR_BITS / 16) * 16)
      throw new EpcError(F, 'epc.hexLengthVar', { length: hex.length, max: Math.ceil(MAX_VAR_BITS / 16) * 4 });
  } else {
    const min = Math.ceil(bits / 4);
    const max = Math.ceil(bits / 16) * 4;
    if (hex.length < min || hex.length > max)
      throw new EpcError(F, 'epc.hexLength', {
        length: hex.length,
        expected: min === max ? String(min) : `${min}–${max}`,
        scheme: schemeName(scheme),
      });
  }
  const r = new BitReader(hex);
  let out: Out;
  let end = bits === 'var' ? 0 : bits;
  switch (scheme) {
    case 'sgtin-96':
      out = sgtin(r, 96);
      break;
    case 'sgtin-198':
      out = sgtin(r, 198);
      break;
    case 'sscc-96':
      out = sscc(r);
      break;
    case 'sgln-96':
      out = sgln(r, 96);
      break;
    case 'sgln-195':
      out = sgln(r, 195);
      break;
    case 'grai-96':
      out = grai(r, 96);
      break;
    case 'grai-170':
      out = grai(r, 170);
      break;
    case 'giai-96':
      out = giai(r, 96);
      break;
    case 'giai-202':
      out = giai(r, 202);
      break;
    case 'gsrn-96':
      out = gsrn(r, 'gsrn');
      break;
    case 'gsrnp-96':
      out = gsrn(r, 'gsrnp');
      break;
    case 'gdti-96':
      out = gdti(r, 96);
      break;
    case 'gdti-174':
      out = gdti(r, 174);
      break;
    case 'cpi-96':
      out = cpi(r, false);
      break;
    case 'cpi-var': {
      const c = cpi(r, true);
      end = c.end;
      const { end: _, ...rest } = c;
      out = rest;
      break;
    }
    case 'sgcn-96':
      out = sgcn(r);
      break;
    case 'gid-96':
      out = gid(r);
      break;
    case 'itip-110':
      out = itip(r, 110);
      break;
    case 'itip-212':
      out = itip(r, 212);
      break;
    case 'usdod-96':
      out = usdod(r);
      break;
    case 'adi-var': {
      const a = adi(r);
      end = a.end;
      const { end: _, ...rest } = a;
      out = rest;
      break;
    }
  }
  checkTail(r, end);
  const words = Math.ceil(end / 16) * 4;
  const epc = hex.toUpperCase().padEnd(words, '0').slice(0, Math.max(words, 0));
  return { scheme, epc, bits: end, ...out };
}

/** The scheme of an EPC's hex by its header (TDS 1.13 or TDS 2.3), or null when the header is not one of the standard's. */
export function epcSchemeOf(hex: string): EpcScheme | null {
  if (hex.length < 2) return null;
  const a = nibble(hex.charCodeAt(0));
  const b = nibble(hex.charCodeAt(1));
  if (a < 0 || b < 0) return null;
  return HEADERS[a * 16 + b]?.scheme ?? tds2SchemeOf(hex);
}
