/**
 * One entry for an EPC written any way (EPC Tag Data Standard 2.3; GS1 Digital Link URI syntax):
 * hex of a tag's EPC bank, a pure-identity URI (urn:epc:id:…), a tag URI (urn:epc:tag:…), a raw URI
 * (urn:epc:raw:…) or a GS1 Digital Link of an EPC's key on any host. Each gives the EPC's canonical
 * pure-identity URI where it can be written (a Digital Link or a TDS 2.x binary does not hold the
 * GS1 Company Prefix length: the caller may give it), its canonical Digital Link (id.gs1.org, the
 * EPC's key only: the form EPCIS 2.0 accepts in place of the URN) and its element string; the hex
 * only when the input fixes the binary (hex, tag URI, raw URI).
 */
import { type AiPair, aiValueProblem, digitalLinkOfAis, elementString, partOf, wrongCheckDigit } from './aidc.js';
import { checkDigit, isAdiChar, isCageChar, isCharset82, isCpiChar, isDigits, uriEscape, uriEscape6 } from './chars.js';
import { decodeEpc } from './decode.js';
import { encodeEpc } from './encode.js';
import { EpcError, isEpcError } from './errors.js';
import { TDS1_SCHEMES } from './schemes.js';
import { AI_FORMAT, KEY_QUALIFIERS } from './tds2-tables.js';
import type { DecodedEpc, EncodeEpcInput, Tds1Scheme } from './types.js';

/** What the input was. */
export type EpcForm = 'hex' | 'tag-uri' | 'pure-uri' | 'digital-link' | 'raw';

/** The EPC schemes of pure-identity URIs the codec knows (TDS §6.3, those with a binary encoding). */
export type EpcKind =
  | 'sgtin'
  | 'sscc'
  | 'sgln'
  | 'grai'
  | 'giai'
  | 'gsrn'
  | 'gsrnp'
  | 'gdti'
  | 'cpi'
  | 'sgcn'
  | 'itip'
  | 'gid'
  | 'usdod'
  | 'adi';

/** The result of `parseEpc`. */
export interface ParsedEpc {
  form: EpcForm;
  /** The EPC scheme of its pure-identity URI (`sgtin`, `sscc` …), when known. */
  kind?: EpcKind;
  /**
   * The canonical pure-identity URI (urn:epc:id:…), when it can be written: always from hex of a
   * TDS 1.13 scheme, a tag URI or a pure-identity URI; from a Digital Link or a TDS 2.x scheme only
   * with the GS1 Company Prefix length (option `companyPrefixLength`).
   */
  uri?: string;
  /** The canonical GS1 Digital Link: https://id.gs1.org, the EPC's key (and its EPC qualifier) only. */
  digitalLink?: string;
  /** The GS1 element string: the EPC's AIs, then the others the input holds (a date, +AIDC data, query string AIs). */
  elementString?: string;
  /** Upper-case hex (whole 16-bit words), only when the input fixes the binary: hex, a tag URI, a raw URI. */
  hex?: string;
  /** The decode of that hex, when it is an EPC. */
  decoded?: DecodedEpc;
  /** SGTIN, ITIP: the GTIN-14. */
  gtin?: string;
  /** The serial (SGTIN, ITIP, GRAI, GDTI, SGCN, CPI serial, SGLN extension, GIAI asset reference, …). */
  serial?: string;
  /**
   * The EPC's fields (as `decodeEpc` gives them for hex; the URI's components for a URI; the key's
   * for a Digital Link), plus `hostname` of a Digital Link not on id.gs1.org and one field per
   * further AI, named `(AI)` (`(10)`, `(17)` …: a Digital Link's query string, +AIDC data).
   */
  fields: Record<string, string | number>;
}

/** How to write the URN of a GS1 key whose company prefix length the input does not hold. */
export interface ParseEpcOptions {
  /**
   * The GS1 Company Prefix length (4–12): one for all keys, or by AI and key — the AI's value as the
   * element string holds it (a GTIN-14 with its indicator digit, an SSCC with its extension digit …),
   * e.g. a lookup in GS1's GCP length table.
   */
  companyPrefixLength?: number | ((ai: string, key: string) => number | undefined);
}

const F = 'input';
const GS1_HOST = 'id.gs1.org';

// ---------------------------------------------------------------------------------------- GS1 keys

/** The URN of an EPC's AIs (its key first) with a company prefix of `cpl` digits; undefined when they do not fit. */
export function urnOfAis(ais: readonly AiPair[], cpl: number): string | undefined {
  if (!Number.isInteger(cpl) || cpl < 4 || cpl > 12) return undefined;
  const [ai, v] = ais[0]!;
  const second = ais[1]?.[1];
  switch (ai) {
    case '01':
    case '8006': {
      const tail = ai === '8006' ? `.${v.slice(14, 16)}.${v.slice(16, 18)}` : '';
      return `urn:epc:id:${ai === '01' ? 'sgtin' : 'itip'}:${v.slice(1, 1 + cpl)}.${v[0]}${v.slice(1 + cpl, 13)}${tail}.${uriEscape(second ?? '')}`;
    }
    case '00':
      return `urn:epc:id:sscc:${v.slice(1, 1 + cpl)}.${v[0]}${v.slice(1 + cpl, 17)}`;
    case '414':
      return `urn:epc:id:sgln:${v.slice(0, cpl)}.${v.slice(cpl, 12)}.${uriEscape(second ?? '0')}`;
    case '8003':
      return `urn:epc:id:grai:${v.slice(1, 1 + cpl)}.${v.slice(1 + cpl, 13)}.${uriEscape(v.slice(14))}`;
    case '8004':
      if (!isDigits(v.slice(0, cpl)) || v.length <= cpl) return undefined;
      return `urn:epc:id:giai:${v.slice(0, cpl)}.${uriEscape(v.slice(cpl))}`;
    case '8017':
    case '8018':
      return `urn:epc:id:${ai === '8018' ? 'gsrn' : 'gsrnp'}:${v.slice(0, cpl)}.${v.slice(cpl, 17)}`;
    case '253':
      return `urn:epc:id:gdti:${v.slice(0, cpl)}.${v.slice(cpl, 12)}.${uriEscape(v.slice(13))}`;
    case '255':
      return `urn:epc:id:sgcn:${v.slice(0, cpl)}.${v.slice(cpl, 12)}.${v.slice(13)}`;
    case '8010':
      if (!isDigits(v.slice(0, cpl)) || v.length <= cpl) return undefined;
      return `urn:epc:id:cpi:${v.slice(0, cpl)}.${uriEscape6(v.slice(cpl))}.${second}`;
  }
  return undefined;
}

/** The kind of EPC of a primary key AI. */
const KIND_OF_AI: Record<string, EpcKind> = {
  '01': 'sgtin',
  '8006': 'itip',
  '00': 'sscc',
  '414': 'sgln',
  '8003': 'grai',
  '8004': 'giai',
  '8018': 'gsrn',
  '8017': 'gsrnp',
  '253': 'gdti',
  '255': 'sgcn',
  '8010': 'cpi',
};

/** The GTIN and serial of an EPC's AIs, and its fields (gtin, serial, sscc, gln, extension …). */
function keyFields(ais: readonly AiPair[]): { gtin?: string; serial?: string; fields: Record<string, string> } {
  const [ai, v] = ais[0]!;
  const second = ais[1]?.[1];
  switch (ai) {
    case '01':
      return { gtin: v, serial: second, fields: { gtin: v, serial: second! } };
    case '8006':
      return {
        gtin: v.slice(0, 14),
        serial: second,
        fields: { itip: v, gtin: v.slice(0, 14), piece: v.slice(14, 16), total: v.slice(16, 18), serial: second! },
      };
    case '414':
      return { serial: second ?? '0', fields: { gln: v, extension: second ?? '0' } };
    case '8003':
      return { serial: v.slice(14), fields: { grai: v, serial: v.slice(14) } };
    case '253':
    case '255':
      return { serial: v.slice(13), fields: { [ai === '253' ? 'gdti' : 'sgcn']: v, serial: v.slice(13) } };
    case '8010':
      return { serial: second, fields: { cpi: v, serial: second! } };
    default:
      return { fields: { [KIND_OF_AI[ai]!]: v } };
  }
}

/** The AIs of a TDS 1.13 decode (the EPC's identity). */
function aisOfDecoded(d: DecodedEpc): AiPair[] | undefined {
  const f = d.fields;
  const s = String;
  switch (d.scheme.replace(/[-+].*$/, '')) {
    case 'sgtin':
    case 'dsgtin':
      return [
        ['01', s(f.gtin)],
        ['21', s(f.serial)],
      ];
    case 'itip':
      return [
        ['8006', s(f.itip)],
        ['21', s(f.serial)],
      ];
    case 'sscc':
      return [['00', s(f.sscc)]];
    case 'sgln':
      return f.extension === '0'
        ? [['414', s(f.gln)]]
        : [
            ['414', s(f.gln)],
            ['254', s(f.extension)],
          ];
    case 'grai':
      return [['8003', s(f.grai)]];
    case 'giai':
      return [['8004', s(f.giai)]];
    case 'gsrn':
      return [['8018', s(f.gsrn)]];
    case 'gsrnp':
      return [['8017', s(f.gsrnp)]];
    case 'gdti':
      return [['253', s(f.gdti)]];
    case 'sgcn':
      return [['255', s(f.sgcn)]];
    case 'cpi':
      return [
        ['8010', s(f.cpi)],
        ['8011', s(f.serial)],
      ];
  }
  return undefined;
}

function companyPrefixLength(ais: readonly AiPair[], options?: ParseEpcOptions): number | undefined {
  const o = options?.companyPrefixLength;
  const n = typeof o === 'function' ? o(ais[0]![0], ais[0]![1]) : o;
  return n === undefined || n === null ? undefined : Number(n);
}

// ---------------------------------------------------------------------------------------- URIs

/** A component of an EPC URI unescaped (Table A-1: %22 %25 %26 %2F %3C %3E %3F …); undefined when not one. */
function uriUnescape(s: string, six = false): string | undefined {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '%') {
      const h = s.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(h)) return undefined;
      out += String.fromCharCode(Number.parseInt(h, 16));
      i += 2;
    } else if ('"%&/<>?#'.includes(ch) || !isCharset82(ch.charCodeAt(0))) return undefined;
    else out += ch;
  }
  const ok = six ? (c: number) => isCpiChar(c) : (c: number) => isCharset82(c);
  return [...out].every((c) => ok(c.charCodeAt(0))) ? out : undefined;
}

/** Split a URI body into `n` components at its first n − 1 dots (the last may hold dots). */
function components(body: string, n: number): string[] | undefined {
  const parts: string[] = [];
  let rest = body;
  for (let i = 0; i < n - 1; i++) {
    const dot = rest.indexOf('.');
    if (dot < 0) return undefined;
    parts.push(rest.slice(0, dot));
    rest = rest.slice(dot + 1);
  }
  parts.push(rest);
  return parts;
}

const DIGITS_RE = /^[0-9]+$/;
const isNumericComponent = (s: string) => s === '0' || /^[1-9][0-9]*$/.test(s);

/**
 * A pure-identity URI's scheme and body → the EPC's AIs (GS1 keys) or, for GID, USDOD, ADI, the
 * canonical URI; undefined when the body breaks the scheme's grammar (TDS §6.3).
 */
function pureIdentity(kind: EpcKind, body: string): { ais?: AiPair[]; urn: string; fields: Record<string, string> } | undefined {
  const cp = (c: string) => DIGITS_RE.test(c) && c.length >= 4 && c.length <= 12;
  const withCheck = (b: string) => b + checkDigit(b);
  const key = (ais: AiPair[], c: string, fields: Record<string, string>) => {
    for (const [ai, v] of ais) if (aiValueProblem(ai, v)) return undefined;
    return { ais, urn: urnOfAis(ais, c.length)!, fields: { companyPrefix: c, ...fields } };
  };
  switch (kind) {
    case 'sgtin':
    case 'itip': {
      const p = components(body, kind === 'sgtin' ? 3 : 5);
      if (!p) return undefined;
      const [c, i] = p as [string, string];
      const serial = uriUnescape(p[p.length - 1]!);
      if (!cp(c) || !DIGITS_RE.test(i) || c.length + i.length !== 13 || !serial) return undefined;
      const gtin = withCheck(i[0] + c + i.slice(1));
      if (kind === 'sgtin')
        return key(
          [
            ['01', gtin],
            ['21', serial],
          ],
          c,
          { itemReference: i, serial },
        );
      const [, , piece, total] = p as [string, string, string, string];
      if (!/^[0-9]{2}$/.test(piece) || !/^[0-9]{2}$/.test(total)) return undefined;
      return key(
        [
          ['8006', gtin + piece + total],
          ['21', serial],
        ],
        c,
        { itemReference: i, piece, total, serial },
      );
    }
    case 'sscc':
    case 'gsrn':
    case 'gsrnp': {
      const p = components(body, 2);
      if (!p) return undefined;
      const [c, s] = p as [string, string];
      if (!cp(c) || !DIGITS_RE.test(s) || c.length + s.length !== 17) return undefined;
      if (kind === 'sscc') return key([['00', withCheck(s[0] + c + s.slice(1))]], c, { serialReference: s });
      return key([[kind === 'gsrn' ? '8018' : '8017', withCheck(c + s)]], c, { serviceReference: s });
    }
    case 'sgln':
    case 'grai':
    case 'gdti':
    case 'sgcn': {
      const p = components(body, 3);
      if (!p) return undefined;
      const [c, r, raw] = p as [string, string, string];
      const s = kind === 'sgcn' ? raw : uriUnescape(raw);
      if (!cp(c) || !(r === '' || DIGITS_RE.test(r)) || c.length + r.length !== 12 || !s) return undefined;
      const body13 = withCheck(c + r);
      const ref = { sgln: 'locationReference', grai: 'assetType', gdti: 'documentType', sgcn: 'couponReference' }[kind];
      if (kind === 'sgln')
        return key(
          s === '0'
            ? [['414', body13]]
            : [
                ['414', body13],
                ['254', s],
              ],
          c,
          { [ref]: r, extension: s },
        );
      if (kind === 'sgcn' && (!DIGITS_RE.test(s) || s.length > 12)) return undefined;
      if (kind === 'grai' && s.length > 16) return undefined;
      const ai = { grai: '8003', gdti: '253', sgcn: '255' }[kind];
      return key([[ai, (kind === 'grai' ? '0' : '') + body13 + s]], c, { [ref]: r, serial: s });
    }
    case 'giai': {
      const p = components(body, 2);
      if (!p) return undefined;
      const [c, raw] = p as [string, string];
      const a = uriUnescape(raw);
      if (!cp(c) || !a || c.length + a.length > 30) return undefined;
      return key([['8004', c + a]], c, { individualAssetReference: a });
    }
    case 'cpi': {
      const p = components(body, 3);
      if (!p) return undefined;
      const [c, raw, s] = p as [string, string, string];
      const r = uriUnescape(raw, true);
      if (!cp(c) || !r || c.length + r.length > 30 || !isNumericComponent(s) || s.length > 12) return undefined;
      return key(
        [
          ['8010', c + r],
          ['8011', s],
        ],
        c,
        { componentPartReference: r, serial: s },
      );
    }
    case 'gid': {
      const p = body.split('.');
      if (p.length !== 3 || !p.every(isNumericComponent)) return undefined;
      const [m, o, s] = p as [string, string, string];
      return { urn: `urn:epc:id:gid:${m}.${o}.${s}`, fields: { managerNumber: m, objectClass: o, serial: s } };
    }
    case 'usdod': {
      const p = body.split('.');
      if (p.length !== 2) return undefined;
      const [code, s] = p as [string, string];
      if ((code.length !== 5 && code.length !== 6) || ![...code].every((ch) => isCageChar(ch.charCodeAt(0))) || !isNumericComponent(s))
        return undefined;
      return { urn: `urn:epc:id:usdod:${code}.${s}`, fields: { cageOrDodaac: code, serial: s } };
    }
    case 'adi': {
      const p = body.split('.');
      if (p.length !== 3) return undefined;
      const [code, rawPart, rawSerial] = p as [string, string, string];
      const part = rawPart === '' ? '' : uriUnescape(rawPart, true);
      const serial = uriUnescape(rawSerial, true);
      if ((code.length !== 5 && code.length !== 6) || ![...code].every((ch) => isCageChar(ch.charCodeAt(0)))) return undefined;
      if (part === undefined || !serial || part.length > 32 || serial.length > 30) return undefined;
      if (![...part].every((ch) => isAdiChar(ch.charCodeAt(0)))) return undefined;
      if (![...serial].every((ch, i) => isAdiChar(ch.charCodeAt(0)) || (ch === '#' && i === 0))) return undefined;
      return {
        urn: `urn:epc:id:adi:${code}.${uriEscape6(part)}.${uriEscape6(serial)}`,
        fields: { cageOrDodaac: code, partNumber: part, serial },
      };
    }
  }
}

/** A tag URI's scheme and body → what `encodeEpc` takes (TDS §12.3.1); undefined when the body breaks the grammar. */
function tagInput(scheme: Tds1Scheme, body: string): EncodeEpcInput | undefined {
  const kind = scheme.replace(/-.*$/, '');
  if (kind === 'gid') {
    const p = body.split('.');
    if (p.length !== 3 || !p.every(isNumericComponent)) return undefined;
    return { scheme, managerNumber: p[0], objectClass: p[1], serial: p[2] };
  }
  const dot = body.indexOf('.');
  const filter = body.slice(0, dot);
  if (dot < 0 || !isNumericComponent(filter)) return undefined;
  const rest = body.slice(dot + 1);
  if (kind === 'usdod' || kind === 'adi') {
    const pure = pureIdentity(kind, rest);
    if (!pure) return undefined;
    return { scheme, filter, ...pure.fields };
  }
  const n = { sgtin: 3, itip: 5, sscc: 2, gsrn: 2, gsrnp: 2, sgln: 3, grai: 3, gdti: 3, sgcn: 3, giai: 2, cpi: 3 }[kind];
  const p = n === undefined ? undefined : components(rest, n);
  if (!p) return undefined;
  const [c] = p as [string];
  const six = kind === 'cpi';
  const last = kind === 'sgcn' || kind === 'cpi' ? p[p.length - 1] : uriUnescape(p[p.length - 1]!);
  if (last === undefined || !DIGITS_RE.test(c)) return undefined;
  const base = { scheme, filter, companyPrefix: c };
  switch (kind) {
    case 'sgtin':
      return { ...base, itemReference: p[1], serial: last };
    case 'itip':
      return { ...base, itemReference: p[1], piece: p[2], total: p[3], serial: last };
    case 'sscc':
      return { ...base, serialReference: last };
    case 'gsrn':
    case 'gsrnp':
      return { ...base, serviceReference: last };
    case 'sgln':
      return { ...base, locationReference: p[1], extension: last };
    case 'grai':
      return { ...base, assetType: p[1], serial: last };
    case 'gdti':
      return { ...base, documentType: p[1], serial: last };
    case 'sgcn':
      return { ...base, couponReference: p[1], serial: last };
    case 'giai':
      return { ...base, individualAssetReference: last };
    case 'cpi': {
      const r = uriUnescape(p[1]!, six);
      return r === undefined ? undefined : { ...base, componentPartReference: r, serial: last };
    }
  }
  return undefined;
}

/** The control fields of a tag or raw URI ([att=x01][umi=1]…), dropped: they are not the EPC. */
const CONTROL_RE = /^((?:\[[A-Za-z0-9-]+=[^\]]*\])*):?/;

// ---------------------------------------------------------------------------------------- Digital Link

/** A GS1 Digital Link of an EPC → its AIs (the EPC's, then the others), the host. */
function digitalLinkAis(input: string): { host: string; identity: AiPair[]; extras: AiPair[] } {
  const m = /^https?:\/\/([^/?#]+)(\/[^?#]*)?(?:\?([^#]*))?(?:#.*)?$/i.exec(input);
  if (!m) throw new EpcError(F, 'epc.digitalLink');
  const host = m[1]!.toLowerCase();
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw new EpcError(F, 'epc.digitalLink');
    }
  };
  const segs = (m[2] ?? '').split('/').filter((s) => s !== '');
  // the key is the first AI of KIND_OF_AI after which the path is AI/value pairs (a prefix path may come before)
  let start = -1;
  for (let i = 0; i < segs.length; i++) {
    if (KIND_OF_AI[segs[i]!] && (segs.length - i) % 2 === 0 && segs.slice(i).every((s, k) => k % 2 === 1 || /^[0-9]{2,4}$/.test(s))) {
      start = i;
      break;
    }
  }
  if (start < 0) throw new EpcError(F, 'epc.digitalLink');
  const path: AiPair[] = [];
  for (let i = start; i < segs.length; i += 2) path.push([segs[i]!, decode(segs[i + 1]!)]);
  const [keyAi] = path[0]!;
  const qualifiers = KEY_QUALIFIERS[keyAi] ?? [];
  let order = -1;
  for (const [ai] of path.slice(1)) {
    const at = qualifiers.indexOf(ai);
    if (at <= order) throw new EpcError(F, 'epc.digitalLink');
    order = at;
  }
  let [, key] = path[0]!;
  // a GTIN-8, -12 or -13 stands for the GTIN-14 it pads to (GS1 Digital Link URI syntax)
  if (keyAi === '01' && isDigits(key) && [8, 12, 13].includes(key.length)) key = key.padStart(14, '0');
  const value = (ai: string) => path.find(([a]) => a === ai)?.[1];
  // the EPC's AIs: an EPC is an instance (a serial), TDS §6
  const identity: AiPair[] = [[keyAi, key]];
  const second = { '01': '21', '8006': '21', '414': '254', '8010': '8011' }[keyAi];
  if (second) {
    const v = value(second);
    if (v !== undefined) identity.push([second, v]);
    else if (second !== '254') throw new EpcError(F, 'epc.digitalLinkSerial', { ai: second });
  }
  const minimum = { '8003': 15, '253': 14, '255': 14 }[keyAi];
  if (minimum !== undefined && key.length < minimum) throw new EpcError(F, 'epc.digitalLinkSerial', { ai: keyAi });
  const extras: AiPair[] = path.filter(([ai]) => ai !== keyAi && ai !== second);
  for (const pair of (m[3] ?? '').split('&')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const ai = decode(pair.slice(0, eq));
    if (!AI_FORMAT.has(ai) || identity.some(([a]) => a === ai) || extras.some(([a]) => a === ai)) continue;
    // a '+' stays a '+' (RFC 3986): AI values hold no spaces
    extras.push([ai, decode(pair.slice(eq + 1))]);
  }
  for (const [ai, v] of [...identity, ...extras]) {
    const problem = aiValueProblem(ai, v);
    if (problem === 'check') throw new EpcError(F, 'epc.keyCheckDigit', { part: partOf(ai), value: v, expected: wrongCheckDigit(ai, v)! });
    if (problem) throw new EpcError(F, 'epc.aidcValue', { ai, value: v });
  }
  if (keyAi === '8004' && (!/^[0-9]{4}./.test(key) || key.includes('#')))
    throw new EpcError(F, 'epc.keyPrefix', { part: partOf(keyAi), value: key });
  if (keyAi === '8010' && (!/^[0-9]{4}./.test(key) || !/^[0-9A-Z#/-]*$/.test(key)))
    throw new EpcError(F, 'epc.keyPrefix', { part: partOf(keyAi), value: key });
  // SGLN: the extension 0 stands for none (TDS §6.3.3)
  if (keyAi === '414' && identity[1]?.[1] === '0') identity.pop();
  return { host, identity, extras };
}

// ---------------------------------------------------------------------------------------- parseEpc

const KINDS: readonly EpcKind[] = [
  'sgtin',
  'sscc',
  'sgln',
  'grai',
  'giai',
  'gsrn',
  'gsrnp',
  'gdti',
  'cpi',
  'sgcn',
  'itip',
  'gid',
  'usdod',
  'adi',
];
/** The schemes a tag URI names (TDS 1.13's: TDS 2.x defines none). */
const TAG_SCHEMES = new Set<string>(TDS1_SCHEMES);

/** What a decode says, as `parseEpc` gives it. */
function fromDecoded(form: EpcForm, d: DecodedEpc, options?: ParseEpcOptions): ParsedEpc {
  const tds2 = d.scheme.endsWith('+');
  const ais = aisOfDecoded(d);
  const kind = (d.scheme.startsWith('dsgtin') ? 'sgtin' : d.scheme.replace(/[-+].*$/, '')) as EpcKind;
  let uri: string | undefined = d.uri;
  let digitalLink = d.digitalLink;
  if (tds2 && ais) {
    const cpl = companyPrefixLength(ais, options);
    uri = cpl === undefined ? undefined : urnOfAis(ais, cpl);
    digitalLink = digitalLinkOfAis(ais, GS1_HOST);
  }
  return {
    form,
    kind,
    ...(uri !== undefined ? { uri } : {}),
    ...(digitalLink !== undefined ? { digitalLink } : {}),
    ...(d.elementString !== undefined ? { elementString: d.elementString } : {}),
    hex: d.epc,
    decoded: d,
    ...(d.gtin !== undefined ? { gtin: d.gtin } : {}),
    ...(d.serial !== undefined ? { serial: d.serial } : {}),
    fields: { ...d.fields },
  };
}

/**
 * Read an EPC written any way: upper/lower-case hex, a pure-identity URI, a tag URI, a raw URI or a
 * GS1 Digital Link (any host; path /01/{gtin}/21/{serial}, /00/{sscc}, /414/{gln}[/254/{ext}],
 * /8003/, /8004/, /8018/, /8017/, /253/, /255/, /8010/…/8011/…, /8006/…/21/…; the query string's
 * AIs are kept in `fields`). Refusals are EpcError (field `input`, or `epc` for hex that is no EPC).
 */
export function parseEpc(input: string, options?: ParseEpcOptions): ParsedEpc {
  if (typeof input !== 'string' || input.trim() === '') throw new EpcError(F, 'epc.required');
  const s = input.trim();
  const lower = s.slice(0, 12).toLowerCase();
  if (/^[0-9A-Fa-f]+$/.test(s)) return fromDecoded('hex', decodeEpc(s), options);
  if (lower.startsWith('urn:epc:id:')) {
    const colon = s.indexOf(':', 11);
    const kind = s.slice(11, colon < 0 ? undefined : colon).toLowerCase() as EpcKind;
    if (colon < 0 || !KINDS.includes(kind)) throw new EpcError(F, 'epc.uriScheme', { scheme: s.slice(11, colon < 0 ? undefined : colon) });
    const pure = pureIdentity(kind, s.slice(colon + 1));
    if (!pure) throw new EpcError(F, 'epc.uriSyntax', { scheme: kind });
    const keyed = pure.ais ? keyFields(pure.ais) : undefined;
    const serial = keyed?.serial ?? pure.fields.serial ?? pure.fields.individualAssetReference;
    return {
      form: 'pure-uri',
      kind,
      uri: pure.urn,
      ...(pure.ais ? { digitalLink: digitalLinkOfAis(pure.ais, GS1_HOST), elementString: elementString(pure.ais) } : {}),
      ...(keyed?.gtin !== undefined ? { gtin: keyed.gtin } : {}),
      ...(serial !== undefined ? { serial } : {}),
      fields: { ...pure.fields, ...(keyed?.fields ?? {}) },
    };
  }
  if (lower.startsWith('urn:epc:tag:')) {
    const body = s.slice(12).replace(CONTROL_RE, '');
    const colon = body.indexOf(':');
    const scheme = body.slice(0, colon < 0 ? undefined : colon).toLowerCase();
    if (colon < 0 || !TAG_SCHEMES.has(scheme))
      throw new EpcError(F, 'epc.uriScheme', { scheme: body.slice(0, colon < 0 ? undefined : colon) });
    const encodeInput = tagInput(scheme as Tds1Scheme, body.slice(colon + 1));
    if (!encodeInput) throw new EpcError(F, 'epc.uriSyntax', { scheme });
    // encodeEpc refuses what the scheme cannot hold, naming the component (serial, filter …)
    return fromDecoded('tag-uri', encodeEpc(encodeInput), options);
  }
  if (lower.startsWith('urn:epc:raw:')) {
    const body = s.slice(12).replace(CONTROL_RE, '');
    const m = /^([1-9][0-9]*)\.(?:x([0-9A-Fa-f]+)|x([0-9A-Fa-f]{1,2})\.x([0-9A-Fa-f]+)|([0-9]+))$/.exec(body);
    if (!m) throw new EpcError(F, 'epc.rawUri');
    const bits = Number(m[1]);
    if (bits > 4096) throw new EpcError(F, 'epc.rawUri');
    // the payload, an N-bit unsigned integer (hex or decimal), as ⌈N/4⌉ hex digits (TDS §15.1.2)
    const payload = m[5] !== undefined ? BigInt(m[5]) : BigInt(`0x${m[2] ?? m[4]}`);
    if (payload >= 1n << BigInt(bits)) throw new EpcError(F, 'epc.rawUri');
    const hex = payload
      .toString(16)
      .toUpperCase()
      .padStart(Math.ceil(bits / 4), '0');
    // a raw URI with an AFI (toggle bit 1) holds an ISO/IEC 15961 UII, not an EPC (TDS §15.1.2)
    if (m[3] === undefined) {
      try {
        const p = fromDecoded('raw', decodeEpc(hex), options);
        return p;
      } catch (e) {
        if (!isEpcError(e)) throw e;
      }
    }
    return { form: 'raw', hex, fields: { bits, ...(m[3] !== undefined ? { afi: m[3].toUpperCase().padStart(2, '0') } : {}) } };
  }
  if (/^https?:\/\//i.test(s)) {
    const { host, identity, extras } = digitalLinkAis(s);
    const cpl = companyPrefixLength(identity, options);
    const uri = cpl === undefined ? undefined : urnOfAis(identity, cpl);
    const keyed = keyFields(identity);
    const fields: Record<string, string | number> = { ...keyed.fields };
    if (host !== GS1_HOST) fields.hostname = host;
    for (const [ai, v] of extras) fields[`(${ai})`] = v;
    return {
      form: 'digital-link',
      kind: KIND_OF_AI[identity[0]![0]]!,
      ...(uri !== undefined ? { uri } : {}),
      digitalLink: digitalLinkOfAis(identity, GS1_HOST),
      elementString: elementString([...identity, ...extras]),
      ...(keyed.gtin !== undefined ? { gtin: keyed.gtin } : {}),
      ...(keyed.serial !== undefined ? { serial: keyed.serial } : {}),
      fields,
    };
  }
  throw new EpcError(F, 'epc.parseForm');
}

/**
 * The canonical identifier of an EPC, for matching events: its pure-identity URI (urn:epc:id:…); when
 * that cannot be written (a Digital Link or a TDS 2.x binary without `companyPrefixLength`), the
 * canonical Digital Link EPCIS 2.0 accepts in its place; for a raw URI that is no EPC, the raw URI.
 */
export function epcUriOf(input: string, options?: ParseEpcOptions): string {
  const p = parseEpc(input, options);
  if (p.uri ?? p.digitalLink) return (p.uri ?? p.digitalLink)!;
  const afi = p.fields.afi === undefined ? '' : `x${p.fields.afi}.`;
  return `urn:epc:raw:${p.fields.bits ?? p.hex!.length * 4}.${afi}x${p.hex}`;
}

/** The canonical GS1 Digital Link of an EPC (https://id.gs1.org, its key only), or undefined for GID, USDOD, ADI and non-EPCs. */
export function digitalLinkOf(input: string): string | undefined {
  return parseEpc(input).digitalLink;
}
