/**
 * GS1 Application Identifiers and their values in the binary of the TDS 2.x schemes (EPC Tag Data
 * Standard 2.3 §15.3): an AI's value by Table F (the EPC's own AIs and the +AIDC data after it),
 * the 8-bit data header of +AIDC data and Table K, the check digits of the GS1 keys, and the
 * element string and GS1 Digital Link of a list of AIs.
 */
import type { BitWriter } from './bits.js';
import { checkDigit, isCharset82, linkEscape } from './chars.js';
import { EpcError } from './errors.js';
import { type Cursor, fitsPart, readPart, writePart } from './tds2-methods.js';
import { AI_FORMAT, AI_KEY_LENGTH, KEY_QUALIFIERS } from './tds2-tables.js';

/** An AI and its value, as the element string holds it. */
export type AiPair = readonly [ai: string, value: string];

/** The part label of an AI's value in a refusal: the EPC's own AIs have names, the others `AI (nn)`. */
const PART_OF: Record<string, string> = {
  '00': 'epc.part.sscc',
  '01': 'epc.part.gtin',
  '21': 'epc.part.serial',
  '414': 'epc.part.gln',
  '254': 'epc.part.extension',
  '8003': 'epc.part.grai',
  '8004': 'epc.part.giai',
  '8017': 'epc.part.gsrnp',
  '8018': 'epc.part.gsrn',
  '253': 'epc.part.gdti',
  '8010': 'epc.part.cpi',
  '8011': 'epc.part.serial',
  '255': 'epc.part.sgcn',
  '8006': 'epc.part.itip',
};
export const partOf = (ai: string): string => PART_OF[ai] ?? `(${ai})`;

/** The AIs whose value begins with a GS1 key of `n` digits ending with its check digit. */
const CHECKED: Record<string, number> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '253': 13,
  '255': 13,
  '410': 13,
  '411': 13,
  '412': 13,
  '413': 13,
  '414': 13,
  '415': 13,
  '416': 13,
  '417': 13,
  '8003': 14,
  '8006': 14,
  '8017': 18,
  '8018': 18,
  '8026': 14,
};

/** The expected check digit of an AI's key when its last digit is wrong, else undefined. */
export function wrongCheckDigit(ai: string, value: string): number | undefined {
  const n = CHECKED[ai];
  if (n === undefined || value.length < n) return undefined;
  const expected = checkDigit(value.slice(0, n - 1));
  return expected === value.charCodeAt(n - 1) - 48 ? undefined : expected;
}

/** Decode the value of `ai` at the cursor (all its components). */
export function readAiValue(c: Cursor, ai: string): string {
  const parts = AI_FORMAT.get(ai)!;
  const part = partOf(ai);
  let value = '';
  for (const p of parts) value += readPart(c, p, part);
  const expected = wrongCheckDigit(ai, value);
  if (expected !== undefined) throw new EpcError('epc', 'epc.keyCheckDigit', { part, value, expected });
  return value;
}

/**
 * Split `value` into the components of `ai` (Table F), or undefined when it does not fit: a first
 * component of fixed length takes its digits (characters), the second the rest; a variable first
 * component takes all but an optional minus sign (AIs 4330–4333).
 */
function components(ai: string, value: string): string[] | undefined {
  const parts = AI_FORMAT.get(ai);
  if (!parts) return undefined;
  if (parts.length === 1) return [value];
  const first = parts[0]!;
  const n = first.m === 'N' || first.m === 'B' ? first.digits : value.length;
  return [value.slice(0, n), value.slice(n)];
}

/** Whether `value` is one `ai` can have (Table F's formats; GS1 keys with their check digit). */
export function aiValueProblem(ai: string, value: string): string | undefined {
  const parts = AI_FORMAT.get(ai);
  const comps = components(ai, value);
  if (!parts || !comps) return 'ai';
  if (comps[0] === '' && parts[0]!.m !== 'M') return 'value';
  for (let i = 0; i < parts.length; i++) if (!fitsPart(parts[i]!, comps[i]!)) return 'value';
  const x = parts[0]!;
  if (x.m === 'X' && comps[0]!.length > x.max) return 'value';
  if (wrongCheckDigit(ai, value) !== undefined) return 'check';
  return undefined;
}

/** Encode `value` of `ai` (checked by `aiValueProblem` first). */
export function writeAiValue(w: BitWriter, ai: string, value: string): void {
  const parts = AI_FORMAT.get(ai)!;
  const comps = components(ai, value)!;
  parts.forEach((p, i) => {
    writePart(w, p, comps[i]!);
  });
}

/** The 8-bit +AIDC data header of an AI and the 4 or 8 bits of its further digits (§15.3, Table K). */
export function writeAiHeader(w: BitWriter, ai: string): void {
  for (const ch of ai) w.int(ch.charCodeAt(0) - 48, 4);
}

/**
 * Decode the +AIDC data from the cursor to the end (§15.3): while 8 bits remain, an AI header and
 * its value; a header of eight zero bits is AI (00) only when the 72 bits of an SSCC follow, else
 * the end. Returns the AIs and the position after the last one.
 */
export function readAidc(c: Cursor): { ais: AiPair[]; end: number } {
  const ais: AiPair[] = [];
  let end = c.pos;
  while (c.left >= 8) {
    const first = c.r.int(c.pos, 8);
    if (first === 0 && c.left < 80) break;
    const hi = first >> 4;
    const lo = first & 15;
    if (hi > 9 || lo > 9) throw new EpcError('epc', 'epc.aidcHeader', { header: first.toString(16).toUpperCase().padStart(2, '0') });
    let ai = `${hi}${lo}`;
    const len = AI_KEY_LENGTH[ai];
    if (!len) throw new EpcError('epc', 'epc.aidcHeader', { header: ai });
    c.pos += 8;
    for (let i = 2; i < len; i++) {
      const d = c.int(4, '(AI)');
      if (d > 9) throw new EpcError('epc', 'epc.aidcHeader', { header: `${ai}${d.toString(16).toUpperCase()}` });
      ai += d;
    }
    if (!AI_FORMAT.has(ai)) throw new EpcError('epc', 'epc.aidcHeader', { header: ai });
    ais.push([ai, readAiValue(c, ai)]);
    end = c.pos;
  }
  return { ais, end };
}

/** The AIs of a GS1 element string: `(01)…(21)…`. */
export const elementString = (ais: readonly AiPair[]): string => ais.map(([ai, v]) => `(${ai})${v}`).join('');

/**
 * The GS1 Digital Link of a list of AIs, the first the primary key: the key and its key qualifiers
 * (in their order) in the path, the other AIs in the query string, on `https://{host}`.
 */
export function digitalLinkOfAis(ais: readonly AiPair[], host: string): string {
  const [key, ...rest] = ais;
  const qualifiers = KEY_QUALIFIERS[key![0]] ?? [];
  let path = `/${key![0]}/${linkEscape(key![1])}`;
  for (const q of qualifiers) {
    const found = rest.find(([ai]) => ai === q);
    if (found) path += `/${q}/${linkEscape(found[1])}`;
  }
  const query = rest.filter(([ai]) => !qualifiers.includes(ai)).map(([ai, v]) => `${ai}=${linkEscape(v)}`);
  return `https://${host}${path}${query.length ? `?${query.join('&')}` : ''}`;
}

/** Whether every character of `s` is of the GS1 AI encodable character set 82. */
export const isCharset82Text = (s: string): boolean => [...s].every((ch) => isCharset82(ch.charCodeAt(0)));
