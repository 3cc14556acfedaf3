/**
 * The EPC binary schemes of EPC Tag Data Standard 2.3 that TDS 1.13 did not have (§14.6, Table
 * 14-1): SGTIN+, DSGTIN+, SSCC+, SGLN+, GRAI+, GIAI+, GSRN+, GSRNP+, GDTI+, CPI+, SGCN+, ITIP+ of
 * TDS 2.0 and their '++' forms of TDS 2.3. Each is its 8-bit header, the +AIDC data toggle bit,
 * the 3-bit filter, (DSGTIN: the prioritised date), the values of its AIs by Table F, ('++': the
 * hostname), then — toggle set — +AIDC data (§15.3).
 */

import {
  type AiPair,
  aiValueProblem,
  digitalLinkOfAis,
  elementString,
  readAidc,
  readAiValue,
  writeAiHeader,
  writeAiValue,
} from './aidc.js';
import { BitReader, BitWriter, nibble } from './bits.js';
import { checkDigit, isCharset82, isDigits } from './chars.js';
import { EpcError } from './errors.js';
import { isHostname, readHostname, writeHostname } from './hostname.js';
import { checkFilter, gtin14 } from './sgtin96.js';
import { Cursor, isYymmdd, readDate } from './tds2-methods.js';
import { AI_FORMAT, DATE_TYPES, TDS2_DEFS, TDS2_HEADERS, type Tds2Def } from './tds2-tables.js';
import type { DecodedEpc, EncodeEpcInput, Tds2Scheme } from './types.js';

/** The canonical host of GS1 Digital Link URIs. */
const GS1_HOST = 'id.gs1.org';
/** The most bits of an EPC with its +AIDC data: 31 words (the PC word's length field, TDS §9.3). */
export const TDS2_MAX_BITS = 496;
const F = 'epc';

/** What the EPC itself holds, before +AIDC data: its AIs, the DSGTIN date, the hostname. */
interface Body {
  ais: AiPair[];
  date?: { ai: string; value: string };
  hostname?: string;
}

/** Where the serial begins in the AIs whose value holds key and serial (GRAI, GDTI, SGCN). */
const SERIAL_FROM: Record<string, number> = { '8003': 14, '253': 13, '255': 13 };

/** The refusals of a value the EPC itself cannot hold (an empty serial, a GIAI without its prefix digits …). */
function checkBody(ais: readonly AiPair[], field: (ai: string) => string, decoding: boolean): void {
  for (const [ai, value] of ais) {
    const f = field(ai);
    const part = `epc.part.${f}`;
    // the EPC's serial components are not optional (TDS §6: an EPC is an instance)
    const serialFrom = SERIAL_FROM[ai];
    if (serialFrom !== undefined && value.length <= serialFrom)
      throw decoding ? new EpcError(F, 'epc.emptyField', { part: 'epc.part.serial' }) : new EpcError('serial', 'epc.required');
    if ((ai === '21' || ai === '254' || ai === '8011') && value === '')
      throw decoding ? new EpcError(F, 'epc.emptyField', { part }) : new EpcError(f, 'epc.required');
    if ((ai === '8004' || ai === '8010') && !/^[0-9]{4}./.test(value))
      throw decoding ? new EpcError(F, 'epc.keyPrefix', { part, value }) : new EpcError(f, 'epc.keyPrefixDigits', { value });
    if (ai === '8004' && ![...value].every((ch) => isCharset82(ch.charCodeAt(0))))
      throw decoding ? new EpcError(F, 'epc.badString', { part }) : new EpcError(f, 'epc.charNotAllowed', { char: value });
    if (ai === '8010' && !/^[0-9A-Z#/-]*$/.test(value))
      throw decoding ? new EpcError(F, 'epc.badString', { part }) : new EpcError(f, 'epc.charNotAllowed39');
  }
}

/** The name of the field of each AI of an EPC, by scheme key. */
function fieldOf(def: Tds2Def): (ai: string) => string {
  return (ai) => (ai === def.ais[0] ? def.keyField : ai === '254' ? 'extension' : 'serial');
}

/** The decode of a TDS 2.x EPC (the header is one of TDS2_HEADERS; `hex` is hex of ≥ 2 digits). */
export function decodeTds2(hex: string, def: Tds2Def): DecodedEpc {
  if (hex.length * 4 > TDS2_MAX_BITS) throw new EpcError(F, 'epc.hexLengthVar', { length: hex.length, max: TDS2_MAX_BITS / 4 });
  const r = new BitReader(hex);
  const c = new Cursor(r, 8);
  const toggle = c.int(1, 'epc.part.filter');
  const filter = c.int(3, 'epc.part.filter');
  const body: Body = { ais: [] };
  if (def.date) {
    const type = c.int(4, 'epc.part.date');
    const ai = DATE_TYPES[type];
    if (!ai) throw new EpcError(F, 'epc.dateType', { value: type.toString(2).padStart(4, '0') });
    body.date = { ai, value: readDate(c, 'epc.part.date') };
  }
  for (const ai of def.ais) body.ais.push([ai, readAiValue(c, ai)]);
  checkBody(body.ais, fieldOf(def), true);
  if (def.hostname) body.hostname = readHostname(c);
  let end = c.pos;
  let aidc: AiPair[] = [];
  if (toggle === 1) {
    const read = readAidc(c);
    aidc = read.ais;
    end = read.end;
  }
  if (!r.zeroFrom(end)) throw new EpcError(F, 'epc.padding', { bits: end });
  const words = Math.ceil(end / 16) * 4;
  const epc = hex.toUpperCase().padEnd(words, '0').slice(0, words);
  return present(def, epc, end, toggle, filter, body, aidc);
}

/** Scheme, URIs, element string, Digital Link and fields of a decoded TDS 2.x EPC. */
function present(def: Tds2Def, epc: string, bits: number, toggle: number, filter: number, body: Body, aidc: AiPair[]): DecodedEpc {
  const host = body.hostname ?? GS1_HOST;
  const all: AiPair[] = [...body.ais, ...(body.date ? [[body.date.ai, body.date.value] as AiPair] : []), ...aidc];
  const fields: Record<string, string | number> = { filter, dataToggle: toggle };
  if (body.date) {
    fields.dateType = body.date.ai;
    fields.date = body.date.value;
  }
  const value = (ai: string) => body.ais.find(([a]) => a === ai)?.[1];
  const key = body.ais[0]![1];
  let gtin: string | undefined;
  let serial: string | undefined;
  switch (def.ais[0]) {
    case '01':
      gtin = key;
      serial = value('21');
      Object.assign(fields, { gtin, serial });
      break;
    case '8006':
      gtin = key.slice(0, 14);
      serial = value('21');
      Object.assign(fields, { itip: key, gtin, piece: key.slice(14, 16), total: key.slice(16, 18), serial });
      break;
    case '414': {
      serial = value('254')!;
      Object.assign(fields, { gln: key, extension: serial });
      break;
    }
    case '8003':
      serial = key.slice(14);
      Object.assign(fields, { grai: key, serial });
      break;
    case '253':
    case '255':
      serial = key.slice(13);
      Object.assign(fields, { [def.keyField]: key, serial });
      break;
    case '8010':
      serial = value('8011');
      Object.assign(fields, { cpi: key, serial });
      break;
    default:
      fields[def.keyField] = key;
  }
  if (body.hostname !== undefined) fields.hostname = body.hostname;
  for (const [ai, v] of aidc) fields[`(${ai})`] = v;
  // SGLN: the extension 0 stands for "no extension" (TDS §6.3.3), as in SGLN-96 and SGLN-195
  const noExtension = def.ais[0] === '414' && serial === '0';
  const shown = noExtension ? all.filter(([ai]) => ai !== '254') : all;
  const identity = noExtension ? body.ais.slice(0, 1) : body.ais;
  const digitalLink = digitalLinkOfAis(shown, host);
  return {
    scheme: def.scheme,
    epc,
    bits,
    uri: shown.length === identity.length ? digitalLink : digitalLinkOfAis(identity, host),
    tagUri: `urn:epc:raw:${epc.length * 4}.x${epc}`,
    elementString: elementString(shown),
    digitalLink,
    filter,
    ...(gtin !== undefined ? { gtin } : {}),
    ...(serial !== undefined ? { serial } : {}),
    fields,
  };
}

// ---------------------------------------------------------------------------------------- encoding

const text = (v: unknown): string | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : undefined;

/** A GS1 key given whole: `lengths` digits, check digit last; refused under `field`. */
function key(field: string, value: string | undefined, lengths: number[], pad = 0): string {
  if (value === undefined || value === '') throw new EpcError(field, 'epc.required');
  if (!isDigits(value) || !lengths.includes(value.length)) throw new EpcError(field, 'epc.digitsLength', { length: lengths.join('/') });
  const expected = checkDigit(value.slice(0, -1));
  if (expected !== value.charCodeAt(value.length - 1) - 48) throw new EpcError(field, 'epc.checkDigit', { expected });
  return value.padStart(pad, '0');
}

/** A text component: 1..max characters the AI's format allows. */
function component(field: string, ai: string, value: string | undefined, max: number): string {
  if (value === undefined || value === '') throw new EpcError(field, 'epc.required');
  if (value.length > max) throw new EpcError(field, 'epc.textTooLongInput', { max });
  const problem = aiValueProblem(ai, value);
  if (problem) {
    const bad = [...value].find((ch) => aiValueProblem(ai, ch) !== undefined);
    if (AI_FORMAT.get(ai)?.[0]?.m === 'V' || ai === '8011') throw new EpcError(field, 'epc.digitsOnly');
    throw new EpcError(field, 'epc.charNotAllowed', { char: bad ?? value });
  }
  return value;
}

/** The AIs of the EPC from the input of `encodeEpc`. */
function inputAis(def: Tds2Def, input: EncodeEpcInput): AiPair[] {
  switch (def.ais[0]) {
    case '01':
      return [
        ['01', gtin14(text(input.gtin) as string)],
        ['21', component('serial', '21', text(input.serial), 20)],
      ];
    case '8006': {
      let itip = text(input.itip);
      if (itip !== undefined) {
        if (!isDigits(itip) || itip.length !== 18) throw new EpcError('itip', 'epc.digitsLength', { length: 18 });
        key('itip', itip.slice(0, 14), [14]);
      } else {
        const piece = text(input.piece);
        const total = text(input.total);
        const two = (f: string, v: string | undefined) => {
          if (v === undefined || v === '') throw new EpcError(f, 'epc.required');
          if (!isDigits(v) || v.length > 2) throw new EpcError(f, 'epc.twoDigits');
          return v.padStart(2, '0');
        };
        itip = gtin14(text(input.gtin) as string) + two('piece', piece) + two('total', total);
      }
      return [
        ['8006', itip],
        ['21', component('serial', '21', text(input.serial), 20)],
      ];
    }
    case '00':
      return [['00', key('sscc', text(input.sscc), [18])]];
    case '8018':
      return [['8018', key('gsrn', text(input.gsrn), [18])]];
    case '8017':
      return [['8017', key('gsrnp', text(input.gsrnp), [18])]];
    case '414':
      return [
        ['414', key('gln', text(input.gln), [13])],
        ['254', component('extension', '254', text(input.extension) || '0', 20)],
      ];
    case '8003': {
      let g = text(input.grai);
      if (g !== undefined && g.length === 14 && g[0] === '0') g = g.slice(1);
      return [['8003', `0${key('grai', g, [13])}${component('serial', '21', text(input.serial), 16)}`]];
    }
    case '8004': {
      const g = text(input.giai);
      if (g === undefined || g === '') throw new EpcError('giai', 'epc.required');
      if (g.length > 30) throw new EpcError('giai', 'epc.textTooLongInput', { max: 30 });
      return [['8004', component('giai', '8004', g, 30)]];
    }
    case '253':
      return [['253', key('gdti', text(input.gdti), [13]) + component('serial', '21', text(input.serial), 17)]];
    case '255':
      return [['255', key('sgcn', text(input.sgcn), [13]) + component('serial', '8011', text(input.serial), 12)]];
    case '8010': {
      const cpi = text(input.cpi);
      if (cpi === undefined || cpi === '') throw new EpcError('cpi', 'epc.required');
      if (cpi.length > 30) throw new EpcError('cpi', 'epc.textTooLongInput', { max: 30 });
      return [
        ['8010', component('cpi', '8010', cpi, 30)],
        ['8011', component('serial', '8011', text(input.serial), 12)],
      ];
    }
  }
  throw new Error(`no AIs for ${def.scheme}`);
}

/** The +AIDC data of the input, checked: AIs of Table F, values of their format, none twice. */
function inputAidc(def: Tds2Def, input: EncodeEpcInput, dateAi: string | undefined): AiPair[] {
  const list = input.aidc;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new EpcError('aidc', 'epc.aidcInput');
  const seen = new Set<string>([...def.ais, ...(dateAi ? [dateAi] : [])]);
  const out: AiPair[] = [];
  for (const pair of list) {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') throw new EpcError('aidc', 'epc.aidcInput');
    const [ai, value] = [pair[0].trim(), pair[1]];
    if (!AI_FORMAT.has(ai)) throw new EpcError('aidc', 'epc.aidcAi', { ai });
    if (seen.has(ai)) throw new EpcError('aidc', 'epc.aidcDuplicate', { ai });
    seen.add(ai);
    const problem = aiValueProblem(ai, value);
    if (problem === 'check') throw new EpcError('aidc', 'epc.aidcCheckDigit', { ai, value });
    if (problem) throw new EpcError('aidc', 'epc.aidcValue', { ai, value });
    out.push([ai, value]);
  }
  return out;
}

/** Encode a TDS 2.x EPC; the result is the decode of the hex written. */
export function encodeTds2(scheme: Tds2Scheme, input: EncodeEpcInput): DecodedEpc {
  const def = TDS2_DEFS[scheme];
  const filter = checkFilter(input.filter);
  const ais = inputAis(def, input);
  checkBody(ais, fieldOf(def), false);
  let date: { ai: string; type: number; value: string } | undefined;
  if (def.date) {
    const ai = text(input.dateType);
    if (ai === undefined || ai === '') throw new EpcError('dateType', 'epc.required');
    const type = (DATE_TYPES as readonly string[]).indexOf(ai);
    if (type < 0) throw new EpcError('dateType', 'epc.dateTypeInput');
    const value = text(input.date);
    if (value === undefined || value === '') throw new EpcError('date', 'epc.required');
    if (!isYymmdd(value)) throw new EpcError('date', 'epc.dateInput');
    date = { ai, type, value };
  }
  let hostname: string | undefined;
  if (def.hostname) {
    hostname = text(input.hostname);
    if (hostname === undefined || hostname === '') throw new EpcError('hostname', 'epc.required');
    if (!isHostname(hostname)) throw new EpcError('hostname', 'epc.hostnameInput');
  }
  const aidc = inputAidc(def, input, date?.ai);
  const w = new BitWriter()
    .int(def.header, 8)
    .int(aidc.length > 0 ? 1 : 0, 1)
    .int(filter, 3);
  if (date) {
    w.int(date.type, 4)
      .int(Number(date.value.slice(0, 2)), 7)
      .int(Number(date.value.slice(2, 4)), 4)
      .int(Number(date.value.slice(4, 6)), 5);
  }
  for (const [ai, value] of ais) writeAiValue(w, ai, value);
  if (hostname !== undefined) writeHostname(w, hostname);
  for (const [ai, value] of aidc) {
    writeAiHeader(w, ai);
    writeAiValue(w, ai, value);
  }
  if (w.length > TDS2_MAX_BITS) throw new EpcError('aidc', 'epc.tooManyBits', { bits: w.length, max: TDS2_MAX_BITS });
  return decodeTds2(w.hex(), def);
}

/** The TDS 2.x scheme of a header, if any. */
export const tds2Def = (header: number): Tds2Def | undefined => TDS2_HEADERS[header];

/** The TDS 2.x scheme of the first two hex digits, if any. */
export function tds2SchemeOf(hex: string): Tds2Scheme | null {
  const a = nibble(hex.charCodeAt(0));
  const b = nibble(hex.charCodeAt(1));
  if (a < 0 || b < 0) return null;
  return TDS2_HEADERS[a * 16 + b]?.scheme ?? null;
}
