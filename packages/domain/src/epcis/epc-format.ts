/**
 * EPCs as EPCIS 2.0 writes them: EPC pure-identity URNs (`urn:epc:id:sgtin:0614141.107346.2017`),
 * EPC patterns (`urn:epc:idpat:sgtin:0614141.107346.*`), EPC class URNs (`urn:epc:class:lgtin:…`) and
 * GS1 Digital Link URIs (`https://id.gs1.org/01/10614141073467/21/2017`), and the translation between
 * the two forms that the binding's `GS1-EPC-Format` header asks for (TDS 2.0 §7 and §6: the GS1
 * element strings of each scheme). A Digital Link does not say where its GS1 Company Prefix ends:
 * turning one into a URN needs that length (a number, or a look-up of the key), else it cannot be done.
 */
import { checkDigit } from '../epc/chars.js';
import { epcisProblem } from './problem.js';

/** The base of the Digital Link URIs written here (the GS1 resolver, canonical form). */
export const GS1_DIGITAL_LINK_BASE = 'https://id.gs1.org';

/** What an EPC value of a query or an event is. */
export type EpcKind = 'urn' | 'pattern' | 'digital-link' | 'other';

/** A GS1 Digital Link URI: an http(s) URI whose path holds a GS1 primary key (01, 00, 414, …) and its value. */
const DL_RE = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?(?:\?[^#\s]*)?(?:#\S*)?$/i;
const PRIMARY_AIS = new Set(['01', '00', '414', '417', '8003', '8004', '8006', '8010', '8017', '8018', '253', '255', '401', '402']);

/** The kind of an EPC value: `urn` (urn:epc:id / class / raw), `pattern` (urn:epc:idpat), `digital-link`, `other`. */
export function epcKind(value: string): EpcKind {
  if (/^urn:epc:idpat:/i.test(value)) return 'pattern';
  if (/^urn:epc:(id|class|raw):/i.test(value)) return 'urn';
  if (digitalLinkPairs(value)) return 'digital-link';
  return 'other';
}

/** The `GS1-EPC-Format` values (openapi.yaml components/schemas/GS1-EPC-Format). */
export const EPC_FORMATS = ['No_Preference', 'Always_GS1_Digital_Link', 'Always_EPC_URN', 'Never_Translates'] as const;
export type EpcFormat = (typeof EPC_FORMATS)[number];

/**
 * The `GS1-EPC-Format` request header: absent is `Always_GS1_Digital_Link` (the binding's default);
 * a value the binding does not define is a NotAcceptableException (406).
 */
export function parseEpcFormat(header: string | null | undefined): EpcFormat {
  if (header === undefined || header === null || header.trim() === '') return 'Always_GS1_Digital_Link';
  const v = header.trim();
  if ((EPC_FORMATS as readonly string[]).includes(v)) return v as EpcFormat;
  throw epcisProblem('NotAcceptableException', `GS1-EPC-Format: '${v}' is not one of ${EPC_FORMATS.join(', ')}`);
}

/** Where a GS1 Company Prefix ends: its length, or a look-up of it by the AI and the key's digits. */
export type CompanyPrefixLength = number | ((ai: string, key: string) => number | undefined);

// --- characters ---------------------------------------------------------------------------------

const CSET82 = new Set('!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz');
const isCset82 = (s: string, max: number) => s.length >= 1 && s.length <= max && [...s].every((c) => CSET82.has(c));
const CPI_CHARS = /^[A-Z0-9/#-]+$/;
const digits = (s: string, n?: number) => (n === undefined ? /^\d+$/.test(s) : s.length === n && /^\d+$/.test(s));

/** An EPC URI component without its escapes (TDS Table A-1 `%22 %25 %26 %2F %3C %3E %3F`, and any other %XX). */
function urnUnescape(s: string): string | null {
  if (/%(?![0-9A-Fa-f]{2})/.test(s)) return null;
  return s.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}
/** A component as an EPC URI writes it (TDS Table A-1). */
const urnEscape = (s: string) => s.replace(/["%&/<>?]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
/** A Digital Link path segment: RFC 3986 percent-encoding of all but the unreserved characters. */
const dlEscape = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const withCheck = (body: string) => body + checkDigit(body);
const link = (...pairs: [string, string][]) => GS1_DIGITAL_LINK_BASE + pairs.map(([ai, v]) => `/${ai}/${dlEscape(v)}`).join('');

/** The GTIN-14 of a company prefix and an item reference (indicator digit first). */
const gtinOf = (cp: string, ir: string) => withCheck(ir[0] + cp + ir.slice(1));

// --- URN → Digital Link -------------------------------------------------------------------------

/**
 * The GS1 Digital Link URI (https://id.gs1.org/…) of an EPC URN: the pure identities SGTIN, SSCC,
 * SGLN, GRAI, GIAI, GSRN, GSRNP, GDTI, SGCN, CPI, PGLN, ITIP, GINC, GSIN, UPUI, the class LGTIN and
 * the SGTIN pattern of a whole class (`urn:epc:idpat:sgtin:CP.IR.*` → /01/{gtin}). Null for anything
 * else (a raw or GID EPC, another pattern, a malformed URN, a Digital Link already).
 */
export function epcToDigitalLink(urn: string): string | null {
  const m = /^urn:epc:(id|class|idpat):([a-z]+):(.+)$/i.exec(urn);
  if (!m) return null;
  const kind = m[1].toLowerCase();
  const scheme = m[2].toLowerCase();
  const parts = m[3].split('.');
  const p = (i: number) => parts[i] ?? '';
  const cpValid = (cp: string) => digits(cp) && cp.length >= 6 && cp.length <= 12;
  const cpOk = (cp: string, ref: string, total: number) => cpValid(cp) && /^\d*$/.test(ref) && cp.length + ref.length === total;
  const text = (i: number, max: number) => {
    const v = urnUnescape(parts.slice(i).join('.'));
    return v !== null && isCset82(v, max) ? v : null;
  };
  if (kind === 'idpat') {
    if (scheme === 'sgtin' && parts.length === 3 && p(2) === '*' && cpOk(p(0), p(1), 13)) return link(['01', gtinOf(p(0), p(1))]);
    return null;
  }
  if (kind === 'class') {
    if (scheme !== 'lgtin' || parts.length < 3 || !cpOk(p(0), p(1), 13)) return null;
    const lot = text(2, 20);
    return lot === null ? null : link(['01', gtinOf(p(0), p(1))], ['10', lot]);
  }
  switch (scheme) {
    case 'sgtin': {
      if (parts.length < 3 || !cpOk(p(0), p(1), 13)) return null;
      const serial = text(2, 20);
      return serial === null ? null : link(['01', gtinOf(p(0), p(1))], ['21', serial]);
    }
    case 'sscc':
      return parts.length === 2 && cpOk(p(0), p(1), 17) ? link(['00', withCheck(p(1)[0] + p(0) + p(1).slice(1))]) : null;
    case 'sgln': {
      if (parts.length < 3 || !cpOk(p(0), p(1), 12)) return null;
      const ext = text(2, 20);
      if (ext === null) return null;
      const gln = withCheck(p(0) + p(1));
      return ext === '0' ? link(['414', gln]) : link(['414', gln], ['254', ext]);
    }
    case 'pgln':
      return parts.length === 2 && cpOk(p(0), p(1), 12) ? link(['417', withCheck(p(0) + p(1))]) : null;
    case 'grai': {
      if (parts.length < 3 || !cpOk(p(0), p(1), 12)) return null;
      const serial = text(2, 16);
      return serial === null ? null : link(['8003', withCheck(`0${p(0)}${p(1)}`) + serial]);
    }
    case 'giai': {
      if (parts.length < 2 || !cpValid(p(0))) return null;
      const ref = text(1, 30 - p(0).length);
      return ref === null ? null : link(['8004', p(0) + ref]);
    }
    case 'gsrn':
    case 'gsrnp':
      return parts.length === 2 && cpOk(p(0), p(1), 17) ? link([scheme === 'gsrn' ? '8018' : '8017', withCheck(p(0) + p(1))]) : null;
    case 'gdti': {
      if (parts.length < 3 || !cpOk(p(0), p(1), 12)) return null;
      const serial = text(2, 17);
      return serial === null ? null : link(['253', withCheck(p(0) + p(1)) + serial]);
    }
    case 'sgcn':
      return parts.length === 3 && cpOk(p(0), p(1), 12) && digits(p(2)) && p(2).length <= 12
        ? link(['255', withCheck(p(0) + p(1)) + p(2)])
        : null;
    case 'cpi': {
      if (parts.length !== 3 || !cpValid(p(0))) return null;
      const ref = urnUnescape(p(1));
      if (ref === null || !CPI_CHARS.test(ref) || p(0).length + ref.length > 30 || !digits(p(2)) || p(2).length > 12) return null;
      return link(['8010', p(0) + ref], ['8011', p(2)]);
    }
    case 'itip': {
      if (parts.length < 5 || !cpOk(p(0), p(1), 13) || !digits(p(2), 2) || !digits(p(3), 2)) return null;
      const serial = text(4, 20);
      return serial === null ? null : link(['8006', gtinOf(p(0), p(1)) + p(2) + p(3)], ['21', serial]);
    }
    case 'upui': {
      if (parts.length < 3 || !cpOk(p(0), p(1), 13)) return null;
      const tpx = text(2, 28);
      return tpx === null ? null : link(['01', gtinOf(p(0), p(1))], ['235', tpx]);
    }
    case 'ginc': {
      if (parts.length < 2 || !cpValid(p(0))) return null;
      const ref = text(1, 30 - p(0).length);
      return ref === null ? null : link(['401', p(0) + ref]);
    }
    case 'gsin':
      return parts.length === 2 && cpOk(p(0), p(1), 16) ? link(['402', withCheck(p(0) + p(1))]) : null;
    default:
      return null;
  }
}

// --- Digital Link → URN -------------------------------------------------------------------------

/** The AI/value pairs of a Digital Link's path from its primary key on (values decoded), or null. */
function digitalLinkPairs(uri: string): [string, string][] | null {
  const m = DL_RE.exec(uri);
  if (!m?.[1]) return null;
  const segments = m[1].split('/').slice(1);
  if (segments.at(-1) === '') segments.pop();
  for (let i = 0; i < segments.length; i++) {
    if (!PRIMARY_AIS.has(segments[i]) || (segments.length - i) % 2 !== 0) continue;
    const pairs: [string, string][] = [];
    for (let j = i; j < segments.length; j += 2) {
      let value: string;
      try {
        value = decodeURIComponent(segments[j + 1]);
      } catch {
        return null;
      }
      if (!/^\d{2,4}$/.test(segments[j]) || value === '') return null;
      pairs.push([segments[j], value]);
    }
    return pairs;
  }
  return null;
}

const validCheck = (code: string) => digits(code) && checkDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;

/**
 * The EPC URN of a GS1 Digital Link URI (any host; its query string ignored): /01 with /21 (a lot
 * /10 beside it dropped) an SGTIN, /01 with /10 an LGTIN class, /01 alone the SGTIN pattern of the
 * class, /01 with /235 a UPUI, /00 SSCC, /414 (/254) SGLN, /417 PGLN, /8003 GRAI (with a serial),
 * /8004 GIAI, /8018 GSRN, /8017 GSRNP, /253 GDTI and /255 SGCN (with a serial), /8010 with /8011 CPI,
 * /8006 with /21 ITIP, /401 GINC, /402 GSIN. `companyPrefixLength` says where the company prefix
 * ends (6–12 digits); null when it is not given, does not fit, a check digit is wrong, or the URI is
 * of no such key.
 */
export function digitalLinkToEpcUrn(dl: string, companyPrefixLength?: CompanyPrefixLength): string | null {
  const pairs = digitalLinkPairs(dl);
  if (!pairs || companyPrefixLength === undefined) return null;
  const [[ai, key], ...rest] = pairs;
  const q = new Map(rest);
  if (q.size !== rest.length) return null;
  const only = (...allowed: string[]) => rest.every(([a]) => allowed.includes(a));
  const cplOf = (k: string): number | null => {
    const n = typeof companyPrefixLength === 'number' ? companyPrefixLength : companyPrefixLength(ai, k);
    return n !== undefined && Number.isInteger(n) && n >= 6 && n <= 12 ? n : null;
  };
  const text = (v: string | undefined, max: number) => (v !== undefined && isCset82(v, max) ? urnEscape(v) : null);
  /** A key whose company prefix starts at `from` and whose reference runs to `end` (a check digit after it). */
  const split = (k: string, from: number, end: number) => {
    const n = cplOf(k);
    if (n === null || from + n > end) return null;
    return { cp: k.slice(from, from + n), ref: k.slice(from + n, end) };
  };
  switch (ai) {
    case '01': {
      if (!digits(key, 14) || !validCheck(key)) return null;
      const s = split(key, 1, 13);
      if (!s) return null;
      const ir = key[0] + s.ref;
      if (q.has('21') && only('21', '10')) {
        const serial = text(q.get('21'), 20);
        return serial === null ? null : `urn:epc:id:sgtin:${s.cp}.${ir}.${serial}`;
      }
      if (q.has('10') && only('10')) {
        const lot = text(q.get('10'), 20);
        return lot === null ? null : `urn:epc:class:lgtin:${s.cp}.${ir}.${lot}`;
      }
      if (q.has('235') && only('235')) {
        const tpx = text(q.get('235'), 28);
        return tpx === null ? null : `urn:epc:id:upui:${s.cp}.${ir}.${tpx}`;
      }
      return rest.length === 0 ? `urn:epc:idpat:sgtin:${s.cp}.${ir}.*` : null;
    }
    case '00': {
      if (rest.length || !digits(key, 18) || !validCheck(key)) return null;
      const s = split(key, 1, 17);
      return s ? `urn:epc:id:sscc:${s.cp}.${key[0]}${s.ref}` : null;
    }
    case '414':
    case '417': {
      if (!digits(key, 13) || !validCheck(key)) return null;
      const s = split(key, 0, 12);
      if (!s) return null;
      if (ai === '417') return rest.length ? null : `urn:epc:id:pgln:${s.cp}.${s.ref}`;
      if (!only('254')) return null;
      const ext = q.has('254') ? text(q.get('254'), 20) : '0';
      return ext === null ? null : `urn:epc:id:sgln:${s.cp}.${s.ref}.${ext}`;
    }
    case '8003': {
      const code = key.slice(0, 14);
      if (rest.length || key[0] !== '0' || !digits(code, 14) || !validCheck(code)) return null;
      const s = split(code, 1, 13);
      const serial = text(key.slice(14), 16);
      return s && serial !== null ? `urn:epc:id:grai:${s.cp}.${s.ref}.${serial}` : null;
    }
    case '8004':
    case '401': {
      if (rest.length || !isCset82(key, 30)) return null;
      const n = cplOf(key);
      if (n === null || !digits(key.slice(0, n), n) || key.length <= n) return null;
      return `urn:epc:id:${ai === '8004' ? 'giai' : 'ginc'}:${key.slice(0, n)}.${urnEscape(key.slice(n))}`;
    }
    case '8018':
    case '8017': {
      if (rest.length || !digits(key, 18) || !validCheck(key)) return null;
      const s = split(key, 0, 17);
      return s ? `urn:epc:id:${ai === '8018' ? 'gsrn' : 'gsrnp'}:${s.cp}.${s.ref}` : null;
    }
    case '402': {
      if (rest.length || !digits(key, 17) || !validCheck(key)) return null;
      const s = split(key, 0, 16);
      return s ? `urn:epc:id:gsin:${s.cp}.${s.ref}` : null;
    }
    case '253':
    case '255': {
      const code = key.slice(0, 13);
      if (rest.length || !digits(code, 13) || !validCheck(code) || key.length === 13) return null;
      const s = split(code, 0, 12);
      if (!s) return null;
      const serial = key.slice(13);
      if (ai === '255') return digits(serial) && serial.length <= 12 ? `urn:epc:id:sgcn:${s.cp}.${s.ref}.${serial}` : null;
      const t = text(serial, 17);
      return t === null ? null : `urn:epc:id:gdti:${s.cp}.${s.ref}.${t}`;
    }
    case '8010': {
      const serial = q.get('8011');
      if (serial === undefined || !only('8011') || !digits(serial) || serial.length > 12 || key.length > 30) return null;
      const n = cplOf(key);
      if (n === null || !digits(key.slice(0, n), n) || key.length <= n || !CPI_CHARS.test(key.slice(n))) return null;
      return `urn:epc:id:cpi:${key.slice(0, n)}.${key.slice(n).replace(/[/#]/g, (c) => (c === '/' ? '%2F' : '%23'))}.${serial}`;
    }
    case '8006': {
      if (!digits(key, 18) || !validCheck(key.slice(0, 14)) || !only('21')) return null;
      const s = split(key, 1, 13);
      const serial = text(q.get('21'), 20);
      return s && serial !== null ? `urn:epc:id:itip:${s.cp}.${key[0]}${s.ref}.${key.slice(14, 16)}.${key.slice(16, 18)}.${serial}` : null;
    }
    default:
      return null;
  }
}

/**
 * An EPC value in the form `format` asks for: `Always_GS1_Digital_Link` turns a URN it can into a
 * Digital Link, `Always_EPC_URN` a Digital Link into a URN (when `companyPrefixLength` tells where
 * the prefix ends), `No_Preference` and `Never_Translates` keep the value as it is; a value that
 * cannot be translated is kept.
 */
export function translateEpc(value: string, format: EpcFormat, companyPrefixLength?: CompanyPrefixLength): string {
  if (format === 'Always_GS1_Digital_Link') return epcToDigitalLink(value) ?? value;
  if (format === 'Always_EPC_URN') return digitalLinkToEpcUrn(value, companyPrefixLength) ?? value;
  return value;
}
