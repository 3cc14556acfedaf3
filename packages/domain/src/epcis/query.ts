/**
 * The query of GS1's EPCIS 2.0 REST binding: the SimpleEventQuery parameters of `GET /events` (and
 * of the other event resources, and the `query` object of a named query, POST /queries), read into
 * an EpcisQuery the server turns into its own filters; and the opaque page tokens of its pagination
 * (`perPage`, `nextPageToken`). Pure: no I/O. Anything the binding or the standard does not accept
 * is an EpcisProblem QueryParameterException naming the parameter; so is a standard parameter this
 * repository does not support (EPCIS_QUERY_PARAMETERS_REFUSED): never ignored.
 *
 * Lists: a list parameter's values are ORed. The binding writes them pipe-delimited
 * (openapi.yaml `style: pipeDelimited`: `EQ_bizStep=shipping|receiving`); comma-separated values
 * (`EQ_bizStep=shipping,receiving`) and a repeated parameter are read the same way. One occurrence is
 * split on `|` when it holds one, else on `,` (so a value with a comma, an EPC serial may have one,
 * goes pipe-delimited). A JSON query body's arrays are taken element by element, unsplit.
 */
import { EPCIS_ACTIONS, type EpcisAction } from '../feed/tag-events.js';
import { sha256Hex } from '../hash/sha256.js';
import { type CbvKind, cbvLabel, cbvValue } from './cbv.js';
import { type EpcKind, epcKind } from './epc-format.js';
import { epcisProblem } from './problem.js';
import { isUri, utcDateTime } from './util.js';

/** The EPCIS 2.0 event types (the binding's `eventType` values). */
export const EPCIS_QUERY_EVENT_TYPES = [
  'ObjectEvent',
  'AggregationEvent',
  'TransactionEvent',
  'TransformationEvent',
  'AssociationEvent',
] as const;
export type EpcisFullEventType = (typeof EPCIS_QUERY_EVENT_TYPES)[number];

/** An EPC (class) value of a MATCH_ parameter: as given, and what it is; the server turns it into its own form. */
export interface EpcValue {
  raw: string;
  kind: EpcKind;
}
/** A time window: `ge` (GE_…, inclusive) and `lt` (LT_…, exclusive), ISO 8601 in UTC to the millisecond. */
export interface TimeRange {
  ge?: string;
  lt?: string;
}
/** The values of a typed parameter: EQ_bizTransaction_po → { type: 'po', values }. */
export interface TypedValues {
  /** the type: a bare CBV word (po, owning_party) or, for a user vocabulary, a URI */
  type: string;
  values: string[];
}

/**
 * A SimpleEventQuery. Every field absent is no constraint; each list is an OR of its values, the
 * fields an AND. CBV values are bare words (`shipping`), other vocabulary values URIs as given.
 */
export interface EpcisQuery {
  /** eventType */
  eventTypes?: EpcisFullEventType[];
  /** GE_eventTime, LT_eventTime */
  eventTime?: TimeRange;
  /** GE_recordTime, LT_recordTime */
  recordTime?: TimeRange;
  /** EQ_action */
  actions?: EpcisAction[];
  /** EQ_bizStep */
  bizSteps?: string[];
  /** EQ_disposition */
  dispositions?: string[];
  /** EQ_readPoint */
  readPoints?: string[];
  /** WD_readPoint: the read point or one of its descendants (master data) */
  readPointsWithDescendants?: string[];
  /** EQ_bizLocation */
  bizLocations?: string[];
  /** WD_bizLocation */
  bizLocationsWithDescendants?: string[];
  /** EQ_transformationID */
  transformationIds?: string[];
  /** MATCH_epc: epcList or childEPCs */
  epcs?: EpcValue[];
  /** MATCH_parentID */
  parentIds?: EpcValue[];
  /** MATCH_inputEPC */
  inputEpcs?: EpcValue[];
  /** MATCH_outputEPC */
  outputEpcs?: EpcValue[];
  /** MATCH_anyEPC: epcList, childEPCs, parentID, inputEPCList or outputEPCList */
  anyEpcs?: EpcValue[];
  /** MATCH_epcClass: quantityList or childQuantityList */
  epcClasses?: EpcValue[];
  /** MATCH_inputEPCClass */
  inputEpcClasses?: EpcValue[];
  /** MATCH_outputEPCClass */
  outputEpcClasses?: EpcValue[];
  /** MATCH_anyEPCClass */
  anyEpcClasses?: EpcValue[];
  /** EQ_quantity (one of), GT_, GE_, LT_, LE_quantity: a quantity element's quantity */
  quantity?: { eq?: number[]; gt?: number; ge?: number; lt?: number; le?: number };
  /** EQ_bizTransaction_<type> */
  bizTransactions?: TypedValues[];
  /** EQ_source_<type> */
  sources?: TypedValues[];
  /** EQ_destination_<type> */
  destinations?: TypedValues[];
  /** EQ_eventID */
  eventIds?: string[];
  /** EXISTS_errorDeclaration (true; false or absent: no constraint) */
  errorDeclarationExists?: boolean;
  /** GE_errorDeclarationTime, LT_errorDeclarationTime */
  errorDeclarationTime?: TimeRange;
  /** EQ_errorReason */
  errorReasons?: string[];
  /** EQ_correctiveEventID */
  correctiveEventIds?: string[];
  /** orderBy */
  orderBy?: 'eventTime' | 'recordTime';
  /** orderDirection (DESC unless given) */
  orderDirection: 'ASC' | 'DESC';
  /** eventCountLimit: the first N events (needs orderBy) */
  eventCountLimit?: number;
  /** maxEventCount: more events than this is a QueryTooLargeException */
  maxEventCount?: number;
  /** perPage: the page size (the binding's default 30; at most `maxPerPage`) */
  perPage: number;
  /** nextPageToken, as given: decodePageToken reads it */
  nextPageToken?: string;
}

/** A parameter's value: a URL query's string(s), or a JSON query body's value. */
export type EpcisQueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

export interface ParseEpcisQueryOptions {
  /** 'url' (default): strings are pipe- or comma-delimited lists; 'json': a query body, whose arrays are the lists */
  source?: 'url' | 'json';
  /** the page size when perPage is not given (30, the binding's default) */
  defaultPerPage?: number;
  /** the largest page (a larger perPage is cut to it; 1000 unless given) */
  maxPerPage?: number;
  /** parameter names the server handles itself and the parser passes over */
  ignore?: readonly string[];
}

/** The SimpleEventQuery parameters parseEpcisQuery reads (with the patterns EQ_bizTransaction_*, EQ_source_*, EQ_destination_*). */
export const EPCIS_QUERY_PARAMETERS_SUPPORTED = [
  'eventType',
  'GE_eventTime',
  'LT_eventTime',
  'GE_recordTime',
  'LT_recordTime',
  'EQ_action',
  'EQ_bizStep',
  'EQ_disposition',
  'EQ_readPoint',
  'WD_readPoint',
  'EQ_bizLocation',
  'WD_bizLocation',
  'EQ_transformationID',
  'MATCH_epc',
  'MATCH_parentID',
  'MATCH_inputEPC',
  'MATCH_outputEPC',
  'MATCH_anyEPC',
  'MATCH_epcClass',
  'MATCH_inputEPCClass',
  'MATCH_outputEPCClass',
  'MATCH_anyEPCClass',
  'EQ_quantity',
  'GT_quantity',
  'GE_quantity',
  'LT_quantity',
  'LE_quantity',
  'EQ_bizTransaction_<type>',
  'EQ_source_<type>',
  'EQ_destination_<type>',
  'EQ_eventID',
  'EXISTS_errorDeclaration',
  'GE_errorDeclarationTime',
  'LT_errorDeclarationTime',
  'EQ_errorReason',
  'EQ_correctiveEventID',
  'orderBy',
  'orderDirection',
  'eventCountLimit',
  'maxEventCount',
  'perPage',
  'nextPageToken',
] as const;

/**
 * The standard's parameters this repository refuses (a QueryParameterException naming them): the
 * persistent disposition, sensor data, ILMD, user extension fields and master data attributes, which
 * the platform does not index. Patterns: `<ns>:<field>` is a user extension field name (a CURIE).
 */
export const EPCIS_QUERY_PARAMETERS_REFUSED = [
  'EQ_persistentDisposition_set',
  'EQ_persistentDisposition_unset',
  'GE_startTime',
  'LT_startTime',
  'GE_endTime',
  'LT_endTime',
  'GE_time',
  'LT_time',
  'EXISTS_sensorElementList',
  'EQ_type',
  'EQ_deviceID',
  'EQ_dataProcessingMethod',
  'EQ_microorganism',
  'EQ_chemicalSubstance',
  'EQ_bizRules',
  'EQ_stringValue',
  'EQ_hexBinaryValue',
  'EQ_uriValue',
  'EQ_booleanValue',
  'GT_percRank',
  'GE_percRank',
  'LT_percRank',
  'LE_percRank',
  'EQ|GT|GE|LT|LE_(value|minValue|maxValue|meanValue|sDev|percValue|quantity)_<uom>',
  'EQ|GT|GE|LT|LE|EXISTS_[INNER_][ILMD_|ERROR_DECLARATION_|SENSORELEMENT_|SENSORMETADATA_|SENSORREPORT_]<ns>:<field>',
  'EQ_[INNER_]readPoint_<ns>:<field>',
  'EQ_[INNER_]bizLocation_<ns>:<field>',
  'HASATTR_<ns>:<field>',
  'EQ_ATTR_<field>_<attr>',
] as const;

const REFUSED_EXACT = new Set<string>(EPCIS_QUERY_PARAMETERS_REFUSED.filter((p) => !/[<|[]/.test(p)));
const REFUSED_PATTERNS = [
  /^(EQ|GT|GE|LT|LE)_(value|minValue|maxValue|meanValue|sDev|percValue|quantity)_[A-Z0-9]{2,4}$/,
  /^(EQ|GT|GE|LT|LE|EXISTS)_(INNER_)?(ILMD_|ERROR_DECLARATION_|SENSORELEMENT_|SENSORMETADATA_|SENSORREPORT_)?[^_:]+:.+$/,
  /^EQ_(INNER_)?(readPoint|bizLocation)_.+:.+$/,
  /^HASATTR_.+$/,
  /^EQATTR_.+$/,
  /^EQ_ATTR_.+$/,
];

const bad = (name: string, why: string) => epcisProblem('QueryParameterException', `${name}: ${why}`);
const quote = (v: string) => `'${v.length > 80 ? `${v.slice(0, 80)}…` : v}'`;

/** A date-time with an offset (RFC 3339), in UTC to the millisecond; a '+' a URL decoded to a space is read back. */
function parseTime(name: string, v: string): string {
  return utcDateTime(v.trim().replace(/ (\d\d:\d\d)$/, '+$1')) ?? badTime(name, v);
}
const badTime = (name: string, v: string): never => {
  throw bad(name, `${quote(v)} is not a date-time with a time zone offset (e.g. 2022-06-30T00:15:47.000-05:00)`);
};

/** A parameter's raw values, each a string, lists split. */
function values(name: string, v: EpcisQueryValue, source: 'url' | 'json', list: boolean): string[] {
  if (v === null) return [];
  const items = Array.isArray(v) ? (v as ReadonlyArray<string | number | boolean>) : [v as string | number | boolean];
  const out: string[] = [];
  for (const item of items) {
    const s = String(item);
    if (list && (source === 'url' || !Array.isArray(v))) {
      const parts = s.split(s.includes('|') ? '|' : ',');
      for (const p of parts) {
        if (p.trim() === '') throw bad(name, 'an empty value in the list');
        out.push(p.trim());
      }
    } else out.push(s);
  }
  return out;
}

function single(name: string, v: EpcisQueryValue): string {
  if (Array.isArray(v)) {
    if (v.length !== 1) throw bad(name, 'takes one value, given several');
    return String(v[0]);
  }
  return String(v);
}

function integer(name: string, v: EpcisQueryValue, min: number): number {
  const s = single(name, v).trim();
  if (!/^\d+$/.test(s) || Number(s) < min || !Number.isSafeInteger(Number(s)))
    throw bad(name, `${quote(s)} is not an integer of at least ${min}`);
  return Number(s);
}

function decimal(name: string, s: string): number {
  const n = Number(s.trim());
  if (s.trim() === '' || !Number.isFinite(n)) throw bad(name, `${quote(s)} is not a number`);
  return n;
}

function uris(name: string, list: string[]): string[] {
  for (const v of list) if (!isUri(v)) throw bad(name, `${quote(v)} is not a URI`);
  return [...new Set(list)];
}

function vocabulary(kind: CbvKind, name: string, list: string[]): string[] {
  return [
    ...new Set(
      list.map((v) => {
        const n = cbvValue(kind, v);
        if (n === null) throw bad(name, `${quote(v)} is neither a CBV ${cbvLabel(kind)} nor a URI`);
        return n;
      }),
    ),
  ];
}

/** An EPC pattern's fields: once one is `*`, the ones after it are too (TDS §8, pattern URI). */
function epcValues(name: string, list: string[]): EpcValue[] {
  return uris(name, list).map((raw) => {
    const kind = epcKind(raw);
    if (kind === 'pattern') {
      const m = /^urn:epc:idpat:[a-z0-9-]+:(.+)$/i.exec(raw);
      const fields = m ? m[1].split('.') : [];
      const star = fields.indexOf('*');
      if (!m || fields.some((f) => f === '') || (star >= 0 && fields.slice(star).some((f) => f !== '*')))
        throw bad(
          name,
          `${quote(raw)} is not an EPC pattern (urn:epc:idpat:<scheme>:<fields>, '*' for all of a field and the ones after it)`,
        );
    }
    return { raw, kind };
  });
}

function range(q: EpcisQuery, key: 'eventTime' | 'recordTime' | 'errorDeclarationTime', bound: 'ge' | 'lt', value: string) {
  q[key] = { ...q[key], [bound]: value };
}

const MATCH: Record<
  string,
  'epcs' | 'parentIds' | 'inputEpcs' | 'outputEpcs' | 'anyEpcs' | 'epcClasses' | 'inputEpcClasses' | 'outputEpcClasses' | 'anyEpcClasses'
> = {
  MATCH_epc: 'epcs',
  MATCH_parentID: 'parentIds',
  MATCH_inputEPC: 'inputEpcs',
  MATCH_outputEPC: 'outputEpcs',
  MATCH_anyEPC: 'anyEpcs',
  MATCH_epcClass: 'epcClasses',
  MATCH_inputEPCClass: 'inputEpcClasses',
  MATCH_outputEPCClass: 'outputEpcClasses',
  MATCH_anyEPCClass: 'anyEpcClasses',
};
const URI_LISTS: Record<
  string,
  | 'readPoints'
  | 'readPointsWithDescendants'
  | 'bizLocations'
  | 'bizLocationsWithDescendants'
  | 'transformationIds'
  | 'eventIds'
  | 'correctiveEventIds'
> = {
  EQ_readPoint: 'readPoints',
  WD_readPoint: 'readPointsWithDescendants',
  EQ_bizLocation: 'bizLocations',
  WD_bizLocation: 'bizLocationsWithDescendants',
  EQ_transformationID: 'transformationIds',
  EQ_eventID: 'eventIds',
  EQ_correctiveEventID: 'correctiveEventIds',
};
const TIMES: Record<string, ['eventTime' | 'recordTime' | 'errorDeclarationTime', 'ge' | 'lt']> = {
  GE_eventTime: ['eventTime', 'ge'],
  LT_eventTime: ['eventTime', 'lt'],
  GE_recordTime: ['recordTime', 'ge'],
  LT_recordTime: ['recordTime', 'lt'],
  GE_errorDeclarationTime: ['errorDeclarationTime', 'ge'],
  LT_errorDeclarationTime: ['errorDeclarationTime', 'lt'],
  // the query schema's spelling (query-schema.json)
  GE_errorDeclaration_Time: ['errorDeclarationTime', 'ge'],
  LT_errorDeclaration_Time: ['errorDeclarationTime', 'lt'],
};
const TYPED: Record<string, ['bizTransactions' | 'sources' | 'destinations', CbvKind]> = {
  EQ_bizTransaction_: ['bizTransactions', 'bizTransactionType'],
  EQ_source_: ['sources', 'sourceDestType'],
  EQ_destination_: ['destinations', 'sourceDestType'],
};

/**
 * The EpcisQuery of a request's query parameters (or, `source: 'json'`, of a named query's `query`
 * object). Throws an EpcisProblem QueryParameterException (400) whose detail names the parameter:
 * an unknown or refused parameter, a value of the wrong form, a single-valued parameter given twice,
 * eventCountLimit without orderBy or with maxEventCount.
 */
export function parseEpcisQuery(params: Readonly<Record<string, EpcisQueryValue>>, opts: ParseEpcisQueryOptions = {}): EpcisQuery {
  const source = opts.source ?? 'url';
  const maxPerPage = opts.maxPerPage ?? 1000;
  const q: EpcisQuery = { orderDirection: 'DESC', perPage: Math.min(opts.defaultPerPage ?? 30, maxPerPage) };
  const ignore = new Set(opts.ignore ?? []);
  const seen = new Set<string>();
  for (const [name, v] of Object.entries(params)) {
    if (v === undefined || ignore.has(name) || name === '@context') continue;
    if (seen.has(name)) throw bad(name, 'given twice');
    seen.add(name);
    const list = () => {
      const out = values(name, v, source, true);
      if (!out.length) throw bad(name, 'no value');
      return out;
    };
    const one = () => {
      const s = single(name, v).trim();
      if (s === '') throw bad(name, 'no value');
      return s;
    };
    if (name === 'eventType') {
      q.eventTypes = [
        ...new Set(
          list().map((t) => {
            if (!(EPCIS_QUERY_EVENT_TYPES as readonly string[]).includes(t))
              throw bad(name, `${quote(t)} is not one of ${EPCIS_QUERY_EVENT_TYPES.join(', ')}`);
            return t as EpcisFullEventType;
          }),
        ),
      ];
    } else if (name in TIMES) {
      const [key, bound] = TIMES[name];
      range(q, key, bound, parseTime(name, one()));
    } else if (name === 'EQ_action') {
      q.actions = [
        ...new Set(
          list().map((a) => {
            if (!(EPCIS_ACTIONS as readonly string[]).includes(a)) throw bad(name, `${quote(a)} is not one of ADD, OBSERVE, DELETE`);
            return a as EpcisAction;
          }),
        ),
      ];
    } else if (name === 'EQ_bizStep') q.bizSteps = vocabulary('bizStep', name, list());
    else if (name === 'EQ_disposition') q.dispositions = vocabulary('disposition', name, list());
    else if (name === 'EQ_errorReason') q.errorReasons = vocabulary('errorReason', name, list());
    else if (name in URI_LISTS) q[URI_LISTS[name]] = uris(name, list());
    else if (name in MATCH) q[MATCH[name]] = epcValues(name, list());
    else if (name === 'EQ_quantity') q.quantity = { ...q.quantity, eq: [...new Set(list().map((s) => decimal(name, s)))] };
    else if (/^(GT|GE|LT|LE)_quantity$/.test(name)) q.quantity = { ...q.quantity, [name.slice(0, 2).toLowerCase()]: decimal(name, one()) };
    else if (name === 'EXISTS_errorDeclaration') {
      const s = v === null ? '' : single(name, v).trim().toLowerCase();
      if (s === '' || s === 'true' || s === '1') q.errorDeclarationExists = true;
      else if (s !== 'false' && s !== '0') throw bad(name, `${quote(s)} is not true or false`);
    } else if (name === 'orderBy') {
      const s = one();
      if (s !== 'eventTime' && s !== 'recordTime')
        throw bad(
          name,
          s.includes(':') ? `ordering by the extension field ${quote(s)} is not supported` : `${quote(s)} is not eventTime or recordTime`,
        );
      q.orderBy = s;
    } else if (name === 'orderDirection') {
      const s = one();
      if (s !== 'ASC' && s !== 'DESC') throw bad(name, `${quote(s)} is not ASC or DESC`);
      q.orderDirection = s;
    } else if (name === 'eventCountLimit') q.eventCountLimit = integer(name, v, 0);
    else if (name === 'maxEventCount') q.maxEventCount = integer(name, v, 0);
    else if (name === 'perPage') q.perPage = Math.min(integer(name, v, 1), maxPerPage);
    else if (name === 'nextPageToken') q.nextPageToken = one();
    else {
      const typed = Object.keys(TYPED).find((p) => name.startsWith(p));
      if (typed && name.length > typed.length) {
        const [key, kind] = TYPED[typed];
        const suffix = name.slice(typed.length);
        const type = cbvValue(kind, suffix);
        if (type === null) throw bad(name, `${quote(suffix)} is neither a CBV ${cbvLabel(kind)} nor a URI`);
        const list2 = q[key] ?? [];
        const at = list2.find((t) => t.type === type);
        const vals = uris(name, list());
        if (at) at.values = [...new Set([...at.values, ...vals])];
        else list2.push({ type, values: vals });
        q[key] = list2;
      } else if (REFUSED_EXACT.has(name) || REFUSED_PATTERNS.some((p) => p.test(name)))
        throw bad(name, 'this query parameter is not supported by this repository');
      else throw bad(name, 'not a query parameter of the EPCIS 2.0 SimpleEventQuery');
    }
  }
  if (q.eventCountLimit !== undefined && q.maxEventCount !== undefined)
    throw bad('eventCountLimit', 'eventCountLimit and maxEventCount may not both be given');
  if (q.eventCountLimit !== undefined && !q.orderBy) throw bad('eventCountLimit', 'needs orderBy');
  return q;
}

// --- page tokens --------------------------------------------------------------------------------

/** Where a page ends: the last event's value of the order (its eventTime, recordTime, …) and its id. */
export interface PageCursor {
  value: string | number | null;
  id: string | number;
  /** when the token stops being valid (ISO 8601), if it does */
  expires?: string;
  /** how many events the query may still answer (what eventCountLimit leaves after the pages before) */
  left?: number;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = [B64[(n >> 18) & 63], B64[(n >> 12) & 63], B64[(n >> 6) & 63], B64[n & 63]];
    out += chars.slice(0, Math.min(4, bytes.length - i + 1)).join('');
  }
  return out;
}

function unbase64url(s: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) return null;
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i += 4) {
    const chunk = s.slice(i, i + 4);
    const n = [...chunk].reduce((acc, c, k) => acc | (B64.indexOf(c) << (18 - 6 * k)), 0);
    bytes.push((n >> 16) & 255);
    if (chunk.length > 2) bytes.push((n >> 8) & 255);
    if (chunk.length > 3) bytes.push(n & 255);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/** The tag of a token's payload: SHA-256 of the payload between the secret (an envelope MAC), 128 bits. */
const tag = (payload: string, secret: string) => sha256Hex(`${secret}\u0000${payload}\u0000${secret}`).slice(0, 32);

/**
 * An opaque `nextPageToken` of a cursor: base64url of the cursor, a dot, and a tag of it keyed by
 * `secret` (give the server's own secret so a client cannot forge a cursor; without one the tag
 * only tells a damaged or edited token).
 */
export function encodePageToken(cursor: PageCursor, opts: { secret?: string } = {}): string {
  const payload = base64url(
    JSON.stringify({
      v: cursor.value,
      i: cursor.id,
      ...(cursor.expires !== undefined ? { e: cursor.expires } : {}),
      ...(cursor.left !== undefined ? { l: cursor.left } : {}),
    }),
  );
  return `${payload}.${tag(payload, opts.secret ?? '')}`;
}

/**
 * The cursor of a `nextPageToken`; an EpcisProblem QueryParameterException when the token is not one
 * of encodePageToken's with the same secret (edited, cut, forged) or, `now` given, has expired.
 */
export function decodePageToken(token: string, opts: { secret?: string; now?: Date } = {}): PageCursor {
  const invalid = () => bad('nextPageToken', 'not a valid page token');
  const [payload, mac, ...more] = token.split('.');
  if (more.length || !payload || !mac || mac !== tag(payload, opts.secret ?? '')) throw invalid();
  const text = unbase64url(payload);
  let o: unknown;
  try {
    o = text === null ? null : JSON.parse(text);
  } catch {
    throw invalid();
  }
  if (!o || typeof o !== 'object') throw invalid();
  const { v, i, e, l } = o as Record<string, unknown>;
  const scalar = (x: unknown) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));
  if (!(v === null || scalar(v)) || !scalar(i) || (e !== undefined && typeof e !== 'string')) throw invalid();
  if (l !== undefined && !(typeof l === 'number' && Number.isSafeInteger(l) && l >= 0)) throw invalid();
  if (e !== undefined && opts.now && Date.parse(e as string) <= opts.now.getTime())
    throw bad('nextPageToken', 'the page token has expired');
  return {
    value: v as PageCursor['value'],
    id: i as PageCursor['id'],
    ...(e !== undefined ? { expires: e as string } : {}),
    ...(l !== undefined ? { left: l as number } : {}),
  };
}
