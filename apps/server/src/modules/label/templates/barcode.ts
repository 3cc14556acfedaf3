/**
 * Barcode geometry for a label's print file: how many modules a SKU's symbol takes (Code 128 in
 * the fewest symbols, switching to subset C for runs of digits; EAN-13; QR), and the module width
 * in printer dots that makes the symbol and its quiet zones fit the label's width (^PW). A symbol
 * that fits at no scannable module width is refused where the template is saved or printed.
 */
import type { BarcodeName } from '@tagloom/domain';

/** Millimetres in printer dots at the template's resolution (ZPL positions and sizes are in dots). */
export const mmToDots = (mm: number, dpi: number): number => Math.round((mm * dpi) / 25.4);

/** Quiet zone of Code 128 on each side, in modules (ISO/IEC 15417 asks at least 10). */
export const CODE128_QUIET = 10;
/** EAN-13's quiet zones (GS1: 11 modules left, 7 right). */
const EAN13_QUIET: [number, number] = [11, 7];
/** QR's quiet zone on each side, in modules. */
const QR_QUIET = 4;
/** Bytes a QR symbol holds at error correction level Q (the print file's "QA,"), versions 1–10, in byte mode. */
const QR_BYTES_Q = [11, 20, 32, 46, 60, 74, 86, 108, 130, 151];

/**
 * Module widths per symbology: the one a label is printed with when there is room, the smallest
 * scanners still read (5 mil for bars, 0.25 mm for QR cells), and the largest ZPL takes.
 */
const MODULE_MM = {
  code128: { prefer: 0.25, min: 0.125 },
  ean13: { prefer: 0.33, min: 0.125 },
  qr: { prefer: 0.5, min: 0.25 },
} as const;
const MAX_MODULE_DOTS = 10;

export type Symbology = keyof typeof MODULE_MM;

/** A symbol's size in modules: its own width, and the quiet zones it needs left and right. */
export interface SymbolSize {
  symbology: Symbology;
  modules: number;
  quiet: [number, number];
  /** QR: the symbol's height in modules (it is square) */
  rows?: number;
  /** the field data for ^FD (before ^FH escaping): Code 128 with its invocation codes, EAN-13's 12 digits */
  data: string;
}

type Subset = 'B' | 'C';
const digitPair = (s: string, i: number) => i + 1 < s.length && /^\d\d$/.test(s.slice(i, i + 2));

/**
 * Code 128 of `value` in the fewest symbols (subset B for printable ASCII, C for pairs of digits),
 * written as ZPL ^BC data in mode N with its start and code-change invocations (>: start B, >;
 * start C, >5 to C, >6 to B; a ">" is "><"). Undefined when a character is outside printable ASCII.
 */
export function code128(value: string): { data: string; symbols: number } | undefined {
  if (!value || ![...value].every((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) <= 126)) return undefined;
  const n = value.length;
  // cost[i][s]: the fewest data symbols for value[i..] when subset s is current at i
  const cost: Record<Subset, number[]> = { B: Array(n + 1).fill(0), C: Array(n + 1).fill(0) };
  for (let i = n - 1; i >= 0; i--) {
    const pair = digitPair(value, i);
    cost.B[i] = Math.min(1 + cost.B[i + 1], pair ? 2 + cost.C[i + 2] : Number.POSITIVE_INFINITY);
    cost.C[i] = pair ? 1 + cost.C[i + 2] : 2 + cost.B[i + 1];
  }
  let s: Subset = digitPair(value, 0) && cost.C[0] < cost.B[0] ? 'C' : 'B';
  let data = s === 'C' ? '>;' : '>:';
  let i = 0;
  while (i < n) {
    const pair = digitPair(value, i);
    if (s === 'B' && pair && 2 + cost.C[i + 2] < 1 + cost.B[i + 1]) {
      data += '>5';
      s = 'C';
    } else if (s === 'C' && !pair) {
      data += '>6';
      s = 'B';
    }
    if (s === 'C') {
      data += value.slice(i, i + 2);
      i += 2;
    } else {
      data += value[i] === '>' ? '><' : value[i];
      i += 1;
    }
  }
  return { data, symbols: Math.min(cost.B[0], digitPair(value, 0) ? cost.C[0] : Number.POSITIVE_INFINITY) };
}

/** The QR version (1–10) holding `value` at level Q in byte mode (the most any input mode needs), or undefined past 10. */
export function qrVersion(value: string): number | undefined {
  const bytes = Buffer.byteLength(value, 'utf8');
  const v = QR_BYTES_Q.findIndex((max) => bytes <= max);
  return v < 0 ? undefined : v + 1;
}

/**
 * The symbol a template prints for `value`: EAN-13 for a 13-digit value of an EAN-13 template (a
 * value that is none falls back to Code 128), QR, else Code 128. Undefined when it cannot encode it.
 */
export function symbolOf(barcode: BarcodeName, value: string): SymbolSize | undefined {
  if (barcode === 'ean13' && /^\d{13}$/.test(value))
    return { symbology: 'ean13', modules: 95, quiet: EAN13_QUIET, data: value.slice(0, 12) };
  if (barcode === 'qr') {
    const v = qrVersion(value);
    if (!v || !value) return undefined;
    return { symbology: 'qr', modules: 17 + 4 * v, rows: 17 + 4 * v, quiet: [QR_QUIET, QR_QUIET], data: value };
  }
  const c = code128(value);
  if (!c) return undefined;
  // start, data, check digit: 11 modules each; the stop pattern 13
  return { symbology: 'code128', modules: 11 * (c.symbols + 2) + 13, quiet: [CODE128_QUIET, CODE128_QUIET], data: c.data };
}

const dotsOf = (mm: number, dpi: number) => (mm * dpi) / 25.4;
/** The module widths (dots) worth trying for a symbology at `dpi`, widest first: the preferred one down to the smallest readable. */
function moduleChoices(symbology: Symbology, dpi: number): number[] {
  const { prefer, min } = MODULE_MM[symbology];
  const hi = Math.min(MAX_MODULE_DOTS, Math.max(1, Math.round(dotsOf(prefer, dpi))));
  const lo = Math.min(hi, Math.max(1, Math.ceil(dotsOf(min, dpi) - 0.05)));
  return Array.from({ length: hi - lo + 1 }, (_, k) => hi - k);
}

export type BarcodeFit =
  | { ok: true; symbol: SymbolSize; module: number; x: number }
  | { ok: false; reason: 'chars'; symbology: Symbology }
  | { ok: false; reason: 'width'; symbol: SymbolSize; needMm: number };

/**
 * Where the barcode of `value` goes on a label of the template: the widest module (up to the
 * preferred one) whose symbol and quiet zones fit the label's width, at `margin` dots from the left
 * edge when there is room (else moved left, never into its quiet zone). Refused when even the
 * smallest readable module does not fit, with the width it would need.
 */
export function fitBarcode(
  spec: { widthMm: number; dpi: number; barcode: BarcodeName },
  value: string,
  margin = mmToDots(3, spec.dpi),
): BarcodeFit {
  const symbol = symbolOf(spec.barcode, value);
  if (!symbol) return { ok: false, reason: 'chars', symbology: spec.barcode === 'qr' ? 'qr' : 'code128' };
  const pw = mmToDots(spec.widthMm, spec.dpi);
  const total = symbol.modules + symbol.quiet[0] + symbol.quiet[1];
  const choices = moduleChoices(symbol.symbology, spec.dpi);
  const module = choices.find((m) => total * m <= pw);
  if (module === undefined) {
    const smallest = choices[choices.length - 1];
    return { ok: false, reason: 'width', symbol, needMm: Math.ceil(((total * smallest * 25.4) / spec.dpi) * 10) / 10 };
  }
  const x = Math.min(Math.max(margin, symbol.quiet[0] * module), pw - symbol.quiet[1] * module - symbol.modules * module);
  return { ok: true, symbol, module, x };
}

/** Names of the symbologies in refusals (the same in every language). */
export const SYMBOLOGY_NAMES: Record<Symbology, string> = { code128: 'Code 128', ean13: 'EAN-13', qr: 'QR' };
