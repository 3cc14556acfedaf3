/**
 * Reading a capture document (EPCIS 2.0 REST binding): GS1's JSON schema (ajv), the domain's reading
 * of each event (readCaptureDocument), the repository's own limits — and the events as the rows they
 * are stored as, a chunk at a time, each chunk one JSON text the database reads itself
 * (jsonb_to_recordset in capture.ts): no row is built value by value on the server's event loop.
 * CPU work only, no database: a large document is read in a worker thread (read-pool.ts), a small
 * one where it comes.
 */
import { readFileSync } from 'node:fs';
import '../../../core/native-hash.js';
import {
  type CaptureResult,
  DAY_MS,
  digitalLinkToEpcUrn,
  type EpcisProblem,
  epcisProblem,
  epcKind,
  type NormalizedEvent,
  readCaptureDocument,
} from '@tagloom/domain';
import { Ajv, type ErrorObject } from 'ajv';

/** The most events one capture takes (GS1-EPCIS-Capture-Limit). */
export const CAPTURE_LIMIT = 10_000;
/** The most EPCs one captured event names (its epcList, childEPCs, input and output lists). */
export const CAPTURED_EPCS_MAX = 10_000;
/** A chunk of stored rows holds at most this many EPCs (about 60 ms of the database's work) or CHUNK_EVENTS events. */
export const CHUNK_EPCS = 20_000;
export const CHUNK_EVENTS = 1_000;

// biome-ignore lint/suspicious/noExplicitAny: GS1's schema is read as JSON
const schema: Record<string, any> = JSON.parse(readFileSync(new URL('./gs1/EPCIS-JSON-Schema.json', import.meta.url), 'utf8'));
// formats (date-time, uri) are the domain's reading's to check (readCaptureDocument), in its own words
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const validateDocument = ajv.compile(schema);

/** A problem of one event (its index in the document), or of the document (index -1). */
export interface CaptureError {
  index: number;
  type: string;
  title: string;
  status: number;
  detail: string;
}

/** ajv's findings as the binding's problems, by the event they are about (the path names it). */
function schemaErrors(errors: ErrorObject[]): CaptureError[] {
  const out = new Map<string, CaptureError>();
  for (const e of errors) {
    // an event's fault is told once, at its deepest path (oneOf/anyOf alternatives add noise above it)
    const m = /^\/epcisBody\/(?:eventList|queryResults\/resultsBody\/eventList)\/(\d+)(\/.*)?$/.exec(e.instancePath);
    const index = m ? Number(m[1]) : -1;
    const field = m ? `eventList[${index}]${(m[2] ?? '').replace(/\/(\d+)/g, '[$1]').replace(/\//g, '.')}` : e.instancePath || 'document';
    const detail = `${field}: ${e.message ?? 'invalid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`;
    const key = `${index}`;
    const was = out.get(key);
    if (!was || detail.length > was.detail.length) out.set(key, { index, ...problemOf(epcisProblem('ValidationException', detail)) });
  }
  return [...out.values()].sort((a, b) => a.index - b.index);
}

export const problemOf = (p: EpcisProblem) => ({
  type: p.problem.type,
  title: p.problem.title,
  status: p.problem.status,
  detail: p.problem.detail ?? '',
});

/** What reading a document found: its events, those refused (with why), the document's own faults. */
export interface ReadCapture {
  result: CaptureResult | null;
  errors: CaptureError[];
}

/**
 * A capture document read: GS1's schema, then the domain's reading of each event (refused events
 * set aside with their problem), then the repository's own limits (an event of the future, too
 * many EPCs). A document-level fault (not an EPCIS document, over the capture limit) is thrown.
 */
function readCapture(doc: unknown, now: number): ReadCapture {
  const found = validateDocument(doc) ? [] : schemaErrors(validateDocument.errors ?? []);
  // the document's own faults are thrown here in the domain's words (not an EPCIS document, over the limit)
  const result = readCaptureDocument(doc, { captureLimit: CAPTURE_LIMIT, collectErrors: true });
  const whole = found.find((e) => e.index < 0);
  // the schema faults the document as a whole (its if/then over event types): the events the domain
  // refuses say which and why; when it refuses none, the schema's finding is the document's fault
  if (whole && !result.refused?.length) throw epcisProblem('ValidationException', whole.detail);
  const errors = found.filter((e) => e.index >= 0);
  const bad = new Map(errors.map((e) => [e.index, e]));
  for (const r of result.refused ?? []) if (!bad.has(r.index)) bad.set(r.index, { index: r.index, ...problemOf(r.problem) });
  const events: NormalizedEvent[] = [];
  const indexes: number[] = [];
  result.events.forEach((e, k) => {
    const index = result.indexes?.[k] ?? k;
    if (bad.has(index)) return;
    const limit = ownLimits(e, index, now);
    if (limit) bad.set(index, limit);
    else {
      events.push(e);
      indexes.push(index);
    }
  });
  return { result: { ...result, events, indexes }, errors: [...bad.values()].sort((a, b) => a.index - b.index) };
}

/** The repository's own refusals of an event the schema accepts. */
function ownLimits(e: NormalizedEvent, index: number, now: number): CaptureError | null {
  if (Date.parse(e.eventTime) > now + DAY_MS)
    return {
      index,
      ...problemOf(epcisProblem('ValidationException', `eventList[${index}].eventTime: ${e.eventTime} is more than a day ahead`)),
    };
  if (e.epcs.length > CAPTURED_EPCS_MAX)
    return {
      index,
      ...problemOf(
        epcisProblem('ValidationException', `eventList[${index}]: ${e.epcs.length} EPCs, more than ${CAPTURED_EPCS_MAX} in one event`),
      ),
    };
  return null;
}

/** An EPC as a captured event is stored by: a GS1 Digital Link as its EPC URN (when it reads as one), else as given. */
export function storedEpc(uri: string, companyPrefixLength: number): string {
  if (epcKind(uri) !== 'digital-link') return uri;
  return digitalLinkToEpcUrn(uri, companyPrefixLength) ?? uri;
}

/**
 * The event as kept: its EPC list (or children) left out when the row's `epcs` hold it as it came
 * (serve.ts puts it back), the bulk of a large capture not stored twice.
 */
function lean(raw: Record<string, unknown>, epcs: readonly string[]): Record<string, unknown> {
  for (const key of ['epcList', 'childEPCs'] as const) {
    const list = raw[key];
    if (Array.isArray(list) && list.length === epcs.length && list.every((v, i) => v === epcs[i])) {
      const { [key]: _gone, ...rest } = raw;
      return { ...rest, [`${key}@`]: 'epcs' };
    }
  }
  return raw;
}

/** A stored row of a captured event, as the insert's JSON reads it (capture.ts CAPTURED_ROW). */
function preparedRow(e: NormalizedEvent, cpl: number) {
  const epcs = [...new Set(e.epcs.map((u) => storedEpc(u, cpl)))];
  const quantities = [...e.quantities, ...e.inputQuantities, ...e.outputQuantities].filter((q, i, all) => all.indexOf(q) === i);
  return {
    created_at: e.eventTime,
    event_time_zone_offset: e.eventTimeZoneOffset,
    event_type: e.eventType,
    event_id: e.eventId,
    action: e.action,
    biz_step: e.bizStep,
    disposition: e.disposition,
    read_point: e.readPoint,
    biz_location: e.bizLocation,
    biz_transactions: e.bizTransactions,
    parent_id: e.parentId ? storedEpc(e.parentId, cpl) : '',
    quantities,
    sources: e.sources,
    destinations: e.destinations,
    error_declaration: e.errorDeclaration,
    epcs,
    epc: epcs[0] ?? '',
    epc_count: epcs.length,
    doc: {
      event: lean(e.raw, epcs),
      ...(e.context?.length ? { context: e.context } : {}),
      ...(e.eventIdGiven ? {} : { eventID: e.eventId }),
    },
  };
}

/** A chunk of rows to store: their JSON (an array of preparedRow), how many events it holds. */
export interface PreparedChunk {
  json: string;
  events: number;
}

/** What reading a document found: the events it holds (refused ones included), those refused and why, its rows. */
export interface PreparedCapture {
  total: number;
  errors: CaptureError[];
  /** events whose eventID came earlier in the same document (stored once) */
  duplicates: number;
  chunks: PreparedChunk[];
}

/** A document's JSON text parsed, or refused as the binding's ValidationException. */
export function parseDocument(text: string): unknown {
  if (!text.trim()) throw epcisProblem('ValidationException', 'the body is empty');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw epcisProblem('ValidationException', `not JSON: ${(err as Error).message}`);
  }
}

/**
 * A NUL character or a lone surrogate in a row's JSON (JSON.stringify writes both as escapes, a
 * surrogate pair as itself): text PostgreSQL cannot store, in jsonb nor in text.
 */
const UNSTORABLE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/** Where in an event a NUL or a lone surrogate is (`.readPoint.id`), in a key or a value. */
function unstorableAt(v: unknown, path = ''): string | null {
  const bad = (t: string) => UNSTORABLE.test(JSON.stringify(t));
  if (typeof v === 'string') return bad(v) ? path : null;
  if (!v || typeof v !== 'object') return null;
  for (const [k, x] of Object.entries(v)) {
    const at = Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`;
    if (!Array.isArray(v) && bad(k)) return at;
    const found = unstorableAt(x, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A capture document read as it comes (POST /capture, POST /events): GS1's schema, each event's
 * reading, the repository's limits; its valid events as chunks of stored rows (an eventID seen earlier
 * in the document counted in `duplicates`, not stored twice). A fault of the whole document is thrown;
 * an event holding text the database cannot store (NUL, a lone surrogate) is refused, naming where.
 */
export function prepareDocument(text: string, now: number, cpl: number): PreparedCapture {
  const read = readCapture(parseDocument(text), now);
  const events = read.result?.events ?? [];
  const total = events.length + read.errors.length;
  const errors = [...read.errors];
  const seen = new Set<string>();
  const chunks: PreparedChunk[] = [];
  let duplicates = 0;
  let part: string[] = [];
  let epcs = 0;
  const close = () => {
    if (part.length) chunks.push({ json: `[${part.join(',')}]`, events: part.length });
    part = [];
    epcs = 0;
  };
  events.forEach((e, k) => {
    if (seen.has(e.eventId)) {
      duplicates++;
      return;
    }
    const row = JSON.stringify(preparedRow(e, cpl));
    if (UNSTORABLE.test(row)) {
      const index = read.result?.indexes?.[k] ?? k;
      const where = `eventList[${index}]${unstorableAt(e.raw) ?? ''}`;
      errors.push({
        index,
        ...problemOf(epcisProblem('ValidationException', `${where}: holds a NUL character or a lone surrogate, which cannot be stored`)),
      });
      return;
    }
    seen.add(e.eventId);
    part.push(row);
    epcs += e.epcs.length;
    if (epcs >= CHUNK_EPCS || part.length >= CHUNK_EVENTS) close();
  });
  close();
  return { total, errors: errors.sort((a, b) => a.index - b.index), duplicates, chunks };
}
