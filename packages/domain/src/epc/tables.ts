/**
 * The tables of the EPC Tag Data Standard 1.13 §14: EPC headers (Table 14-1) and the partition
 * tables of the GS1 schemes (Tables 14-2 … 14-18): for partition value p (0–6), the company
 * prefix has CP_DIGITS[p] digits in CP_BITS[p] bits; the second component has the bits of the
 * scheme's row. Partition 7 is reserved: no scheme allows it.
 */
import type { Tds1Scheme } from './types.js';

export const CP_BITS = [40, 37, 34, 30, 27, 24, 20] as const;
export const CP_DIGITS = [12, 11, 10, 9, 8, 7, 6] as const;

/** SGTIN, ITIP: indicator digit + item reference, 13 − L digits. */
export const ITEM_REF_BITS = [4, 7, 10, 14, 17, 20, 24] as const;
/** SSCC, GSRN, GSRNP: extension digit + serial reference (SSCC) or service reference, 17 − L digits. */
export const SERIAL_REF_BITS = [18, 21, 24, 28, 31, 34, 38] as const;
/** SGLN location reference, GDTI document type, SGCN coupon reference: 12 − L digits. */
export const LOCATION_REF_BITS = [1, 4, 7, 11, 14, 17, 21] as const;
/** GRAI asset type: 12 − L digits. */
export const ASSET_TYPE_BITS = [4, 7, 10, 14, 17, 20, 24] as const;
/** GIAI-96 individual asset reference (an integer). */
export const GIAI96_REF_BITS = [42, 45, 48, 52, 55, 58, 62] as const;
/** GIAI-202 individual asset reference (7-bit characters). */
export const GIAI202_REF_BITS = [148, 151, 154, 158, 161, 164, 168] as const;
/** CPI-96 component/part reference (an integer of at most 15 − L digits). */
export const CPI96_REF_BITS = [11, 14, 17, 21, 24, 27, 31] as const;

/** Table 14-1: the EPC headers of TDS 1.13 and their schemes (fixed length in bits, or 'var'). */
export const HEADERS: Record<number, { scheme: Tds1Scheme; bits: number | 'var' }> = {
  44: { scheme: 'gdti-96', bits: 96 },
  45: { scheme: 'gsrn-96', bits: 96 },
  46: { scheme: 'gsrnp-96', bits: 96 },
  47: { scheme: 'usdod-96', bits: 96 },
  48: { scheme: 'sgtin-96', bits: 96 },
  49: { scheme: 'sscc-96', bits: 96 },
  50: { scheme: 'sgln-96', bits: 96 },
  51: { scheme: 'grai-96', bits: 96 },
  52: { scheme: 'giai-96', bits: 96 },
  53: { scheme: 'gid-96', bits: 96 },
  54: { scheme: 'sgtin-198', bits: 198 },
  55: { scheme: 'grai-170', bits: 170 },
  56: { scheme: 'giai-202', bits: 202 },
  57: { scheme: 'sgln-195', bits: 195 },
  59: { scheme: 'adi-var', bits: 'var' },
  60: { scheme: 'cpi-96', bits: 96 },
  61: { scheme: 'cpi-var', bits: 'var' },
  62: { scheme: 'gdti-174', bits: 174 },
  63: { scheme: 'sgcn-96', bits: 96 },
  64: { scheme: 'itip-110', bits: 110 },
  65: { scheme: 'itip-212', bits: 212 },
};

/** Headers the standard still lists but whose schemes it withdrew (GDTI-113, deprecated in TDS 1.9). */
export const DEPRECATED_HEADERS: Record<number, string> = { 58: 'GDTI-113' };

/** The header of each scheme. */
export const HEADER_OF = Object.fromEntries(Object.entries(HEADERS).map(([h, s]) => [s.scheme, Number(h)])) as Record<Tds1Scheme, number>;

/** The widest variable-length EPC read (bits): the longest ADI-var (8+6+36+32×6+6+30×6+6). */
export const MAX_VAR_BITS = 434;
