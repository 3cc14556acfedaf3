/**
 * GS1's canonical EPCIS event hash (CBV 2.0 §8.9, "EPCIS Event Hash ID"): an event's pre-hash string
 * — its fields in the canonical property order, `key=value` concatenated without separators, lists
 * sorted, times in UTC to the millisecond, bare CBV values as their Web URIs, EPC URIs as canonical
 * GS1 Digital Link URIs — hashed with SHA-256 into `ni:///sha-256;<hex>?ver=CBV2.0`. Follows the
 * reference implementation (github RalphTro/epcis-event-hash-generator), whose examples the tests
 * reproduce: like it, the business transactions, sources and destinations follow the ordered fields
 * sorted by name (bizTransactionList, destinationList, sourceList), each element `type=…` then its
 * id, and the recordTime, eventID and errorDeclaration take no part (a declared error keeps the
 * event's ID). Covers the fields the platform writes (no sensor data, ILMD or user extensions).
 */
import { checkDigit } from '../../../epc/chars.js';
import { sha256Hex } from '../../../hash/sha256.js';

// biome-ignore lint/suspicious/noExplicitAny: an EPCIS event is read as JSON
type Json = Record<string, any>;

const DL = 'https://id.gs1.org';
const CBV = 'https://ref.gs1.org/cbv/';

/** GS1 Digital Link's percent-encoding of a serial (the reference's table 7-1 subset). */
const dlEscape = (s: string) => s.replace(/[!()*+,:]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const withCheck = (body: string) => body + checkDigit(body);

/**
 * The canonical GS1 Digital Link URI of an EPC (class) URI: SGTIN, SSCC, SGLN, PGLN, LGTIN and an
 * SGTIN pattern; a GS1 Digital Link URI on another domain moved to id.gs1.org, its query dropped.
 * Anything else (a raw EPC, a URN of the platform's) is kept as it is.
 */
export function canonicalDigitalLink(uri: string): string {
  let m = /^urn:epc:id:sgtin:(\d{6,12})\.(\d{1,7})\.(.{1,60})$/.exec(uri);
  if (m && m[1].length + m[2].length === 13) return `${DL}/01/${withCheck(m[2][0] + m[1] + m[2].slice(1))}/21/${dlEscape(m[3])}`;
  m = /^urn:epc:id:sscc:(\d{6,12})\.(\d{5,11})$/.exec(uri);
  if (m && m[1].length + m[2].length === 17) return `${DL}/00/${withCheck(m[2][0] + m[1] + m[2].slice(1))}`;
  m = /^urn:epc:id:sgln:(\d{6,12})\.(\d{0,6})\.(.{1,60})$/.exec(uri);
  if (m && m[1].length + m[2].length === 12) {
    const gln = withCheck(m[1] + m[2]);
    return m[3] === '0' ? `${DL}/414/${gln}` : `${DL}/414/${gln}/254/${dlEscape(m[3])}`;
  }
  m = /^urn:epc:id:pgln:(\d{6,12})\.(\d{0,6})$/.exec(uri);
  if (m && m[1].length + m[2].length === 12) return `${DL}/417/${withCheck(m[1] + m[2])}`;
  m = /^urn:epc:class:lgtin:(\d{6,12})\.(\d{1,7})\.(.{1,60})$/.exec(uri);
  if (m && m[1].length + m[2].length === 13) return `${DL}/01/${withCheck(m[2][0] + m[1] + m[2].slice(1))}/10/${dlEscape(m[3])}`;
  m = /^urn:epc:idpat:sgtin:(\d{6,12})\.(\d{1,7})\.\*$/.exec(uri);
  if (m && m[1].length + m[2].length === 13) return `${DL}/01/${withCheck(m[2][0] + m[1] + m[2].slice(1))}`;
  m = /^https?:\/\/[^/?#]+(\/(?:01|00|414|417|8003|8004|8006|8010|8017|8018|253|255|401|402)\/[^?#]*)/.exec(uri);
  if (m) return DL + m[1].replace(/\/$/, '');
  return uri;
}

/** A number without trailing zeros or a leading '+' (600.0 → 600); anything else as it is. */
function canonicalNumber(v: string): string {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v)) return v;
  const n = Number(v);
  return Number.isFinite(n) ? String(n) : v;
}

/** A value as the pre-hash string holds it: CBV URNs as Web URIs, numbers canonical, EPC URIs as Digital Link. */
function canonicalValue(v: unknown): string {
  let text = String(v).trim();
  // (an EPC, most of a large event's values, is neither a CBV URN nor a number: checked by its first characters)
  if (text.startsWith('urn:epcglobal:cbv:'))
    text = text
      .replace('urn:epcglobal:cbv:bizstep:', `${CBV}BizStep-`)
      .replace('urn:epcglobal:cbv:disp:', `${CBV}Disp-`)
      .replace('urn:epcglobal:cbv:btt:', `${CBV}BTT-`)
      .replace('urn:epcglobal:cbv:sdt:', `${CBV}SDT-`)
      .replace('urn:epcglobal:cbv:er:', `${CBV}ER-`);
  else if (/^[+\-.\d]/.test(text)) text = canonicalNumber(text);
  return canonicalDigitalLink(text);
}

/** A bare CBV value (JSON-LD's short form, e.g. `shipping`) as its Web URI; a URI is kept. */
const vocabulary = (kind: string, v: string) => (/^[a-z0-9_]+$/i.test(v) ? `${CBV}${kind}-${v}` : v);

/** A timestamp in UTC to the millisecond (rounded half up), `Z` for the zero offset. */
export function canonicalTime(t: string): string {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/i.exec(t.trim());
  if (!m) return t;
  const fraction = Number(`0.${m[2] ?? '0'}`);
  const ms = Date.parse(`${m[1]}${m[3].toUpperCase()}`) + Math.round(fraction * 1000);
  return Number.isNaN(ms) ? t : new Date(ms).toISOString();
}

const field = (key: string, v: unknown) => {
  const s = v === undefined || v === null ? '' : canonicalValue(v);
  return s ? `${key}=${s}` : '';
};
const sorted = (xs: string[]) => xs.filter(Boolean).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const list = (name: string, items: string[]) => {
  const parts = sorted(items);
  return parts.length ? name + parts.join('') : '';
};
const epcs = (name: string, v: unknown) => list(name, Array.isArray(v) ? v.map((e) => field('epc', e)) : []);
const quantities = (name: string, v: unknown) =>
  list(
    name,
    Array.isArray(v)
      ? v.map((q: Json) => {
          const inner = [field('epcClass', q.epcClass), field('quantity', q.quantity), field('uom', q.uom)].join('');
          return inner ? `quantityElement${inner}` : '';
        })
      : [],
  );
const typed = (name: string, key: string, kind: string, v: unknown) =>
  list(
    name,
    Array.isArray(v) ? v.map((x: Json) => (x.type ? field('type', vocabulary(kind, String(x.type))) : '') + field(key, x[key])) : [],
  );
const place = (name: string, v: Json | undefined) => {
  const id = v ? field('id', v.id) : '';
  return id ? name + id : '';
};

/** The canonical pre-hash string of an EPCIS 2.0 event (JSON/JSON-LD form). */
export function eventPreHash(e: Json): string {
  const ordered = [
    e.eventTime ? `eventTime=${canonicalTime(String(e.eventTime))}` : '',
    field('eventTimeZoneOffset', e.eventTimeZoneOffset),
    field('parentID', e.parentID),
    epcs('epcList', e.epcList),
    epcs('inputEPCList', e.inputEPCList),
    epcs('childEPCs', e.childEPCs),
    quantities('quantityList', e.quantityList),
    quantities('childQuantityList', e.childQuantityList),
    quantities('inputQuantityList', e.inputQuantityList),
    epcs('outputEPCList', e.outputEPCList),
    quantities('outputQuantityList', e.outputQuantityList),
    field('action', e.action),
    field('transformationID', e.transformationID),
    e.bizStep ? field('bizStep', vocabulary('BizStep', String(e.bizStep))) : '',
    e.disposition ? field('disposition', vocabulary('Disp', String(e.disposition))) : '',
    place('readPoint', e.readPoint),
    place('bizLocation', e.bizLocation),
  ];
  // the reference implementation appends the typed lists after the ordered fields, sorted by name
  const rest = sorted([
    typed('bizTransactionList', 'bizTransaction', 'BTT', e.bizTransactionList),
    typed('sourceList', 'source', 'SDT', e.sourceList),
    typed('destinationList', 'destination', 'SDT', e.destinationList),
  ]);
  return `eventType=${e.type}${ordered.join('')}${rest.join('')}`;
}

/** GS1's canonical event ID of an EPCIS 2.0 event: `ni:///sha-256;<hex>?ver=CBV2.0`. */
export const eventHash = (e: Json): string => `ni:///sha-256;${sha256Hex(eventPreHash(e))}?ver=CBV2.0`;
