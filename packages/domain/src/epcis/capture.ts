/**
 * The capture side of GS1's EPCIS 2.0 REST binding: an EPCISDocument (POST /capture; an
 * EPCISQueryDocument too, as the binding asks) or one event (POST /events) read into
 * NormalizedEvents — the fields the platform stores and queries, CBV values as bare words, times in
 * UTC — each with the event as captured (`raw`: extensions, ILMD, sensor data, for serving it back
 * faithfully). The structural checks are our own (required fields of each event type, the formats
 * of times, offsets, URIs and vocabularies); GS1's JSON schema itself is the server's (ajv). A
 * refusal is an EpcisProblem ValidationException whose detail names the event and the field
 * (`eventList[3].eventTime: not a date-time`); more events than the capture limit, a
 * CaptureLimitExceededException (413).
 */
import type { EpcisAction } from '../feed/tag-events.js';
import type { EpcisErrorDeclaration } from '../resources/label/tags/epcis.js';
import { eventHash } from '../resources/label/tags/event-hash.js';
import { type CbvKind, cbvLabel, cbvValue } from './cbv.js';
import { EpcisProblem, epcisProblem } from './problem.js';
import { EPCIS_QUERY_EVENT_TYPES, type EpcisFullEventType } from './query.js';
import { isObject, isUri, utcDateTime } from './util.js';

/** A quantity element: an EPC class, and its quantity (absent: not said) and unit (UN/CEFACT code). */
export interface NormalizedQuantity {
  epcClass: string;
  quantity?: number;
  uom?: string;
}

/** One entry of a JSON-LD `@context`: a context's URL or an object of term (namespace) definitions. */
export type JsonLdContextEntry = string | Record<string, unknown>;

/** A captured event as the platform stores and queries it. */
export interface NormalizedEvent {
  eventType: EpcisFullEventType;
  /** the eventID given, else GS1's canonical event hash of the event (eventHash) */
  eventId: string;
  /** whether the event came with its eventID */
  eventIdGiven: boolean;
  /** ISO 8601 in UTC to the millisecond */
  eventTime: string;
  /** as given: +02:00 */
  eventTimeZoneOffset: string;
  /** ADD, OBSERVE, DELETE; '' for a TransformationEvent (it has none) */
  action: EpcisAction | '';
  /** a CBV business step as its bare word (shipping), another as its URI; '' none */
  bizStep: string;
  /** the same rule; '' none */
  disposition: string;
  /** the read point's id; '' none */
  readPoint: string;
  /** the business location's id; '' none */
  bizLocation: string;
  /** type: a bare CBV word (po) or a URI, '' when the event gives none */
  bizTransactions: { type: string; id: string }[];
  sources: { type: string; id: string }[];
  destinations: { type: string; id: string }[];
  /** '' none */
  parentId: string;
  /** the EPC URIs as given: epcList or childEPCs; of a TransformationEvent, its inputs then its outputs */
  epcs: string[];
  /** a TransformationEvent's inputEPCList and outputEPCList (empty for the other types) */
  inputEpcs: string[];
  outputEpcs: string[];
  /** quantityList or childQuantityList; of a TransformationEvent, its input then output quantities */
  quantities: NormalizedQuantity[];
  inputQuantities: NormalizedQuantity[];
  outputQuantities: NormalizedQuantity[];
  /** a TransformationEvent's transformationID; '' none */
  transformationId: string;
  /** declarationTime in UTC; reason a bare CBV word or a URI */
  errorDeclaration: EpcisErrorDeclaration | null;
  certificationInfo?: string[];
  /** the document's @context entries other than GS1's EPCIS context (extension namespaces): what `raw` needs to be read back */
  context?: JsonLdContextEntry[];
  /** the event object as captured, unchanged */
  raw: Record<string, unknown>;
}

export interface CaptureResult {
  events: NormalizedEvent[];
  /** the document's @context entries other than GS1's EPCIS context (as each event's `context`) */
  context: JsonLdContextEntry[];
  /** the document's epcisHeader (master data) as given, if any */
  epcisHeader?: Record<string, unknown>;
  /** with `collectErrors`: the events refused, by their index in the document (`events` holds the others) */
  refused?: { index: number; problem: EpcisProblem }[];
  /** with `collectErrors`: each event of `events`, its index in the document */
  indexes?: number[];
}

export interface CaptureOptions {
  /** the most events one capture takes (the GS1-EPCIS-Capture-Limit the server announces) */
  captureLimit?: number;
  /**
   * an event that does not read is set aside in `refused` instead of refusing the document (a
   * capture that proceeds past errors: GS1-Capture-Error-Behaviour proceed or all); the document's
   * own faults are still thrown
   */
  collectErrors?: boolean;
}

/** GS1's EPCIS 2.0 JSON-LD context URLs (the standard's, and the draft's on GitHub Pages). */
export const isEpcisContextUrl = (v: unknown): boolean =>
  typeof v === 'string' &&
  /^https?:\/\/(ref\.gs1\.org\/standards\/epcis\/(2\.0\.0\/)?|gs1\.github\.io\/EPCIS\/)epcis-context\.jsonld$/.test(v);

const COMMON = ['@context', 'type', 'eventTime', 'recordTime', 'eventTimeZoneOffset', 'eventID', 'certificationInfo', 'errorDeclaration'];
const WHAT_WHERE_WHY = [
  'bizStep',
  'disposition',
  'readPoint',
  'bizLocation',
  'bizTransactionList',
  'sourceList',
  'destinationList',
  'sensorElementList',
];
/** The fields each event type has (GS1's JSON schema, propertyNames); any other must be a URI or CURIE (an extension). */
const FIELDS: Record<EpcisFullEventType, ReadonlySet<string>> = {
  ObjectEvent: new Set([...COMMON, ...WHAT_WHERE_WHY, 'action', 'epcList', 'quantityList', 'persistentDisposition', 'ilmd']),
  AggregationEvent: new Set([...COMMON, ...WHAT_WHERE_WHY, 'action', 'parentID', 'childEPCs', 'childQuantityList']),
  TransactionEvent: new Set([...COMMON, ...WHAT_WHERE_WHY, 'action', 'parentID', 'epcList', 'quantityList']),
  TransformationEvent: new Set([
    ...COMMON,
    ...WHAT_WHERE_WHY,
    'inputEPCList',
    'inputQuantityList',
    'outputEPCList',
    'outputQuantityList',
    'transformationID',
    'persistentDisposition',
    'ilmd',
  ]),
  AssociationEvent: new Set([...COMMON, ...WHAT_WHERE_WHY, 'action', 'parentID', 'childEPCs', 'childQuantityList']),
};
const OFFSET = /^[+-]((0\d|1[0-3]):[0-5]\d|14:00)$/;

const invalid = (path: string, why: string) => epcisProblem('ValidationException', `${path}: ${why}`);
const show = (v: unknown) => {
  const s = typeof v === 'string' ? `'${v}'` : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

/** The reader of one event: each check names `path.field`. */
class EventReader {
  constructor(
    private readonly e: Record<string, unknown>,
    private readonly path: string,
  ) {}
  at = (field: string) => (this.path ? `${this.path}.${field}` : field);
  fail(field: string, why: string): never {
    throw invalid(this.at(field), why);
  }

  time(field: string, required: boolean): string {
    const v = this.e[field];
    if (v === undefined) return required ? this.fail(field, 'missing') : '';
    return utcDateTime(v) ?? this.fail(field, `${show(v)} is not a date-time with a time zone (RFC 3339)`);
  }
  uri(field: string, v: unknown = this.e[field]): string {
    if (v === undefined) return '';
    return isUri(v) ? v : this.fail(field, `${show(v)} is not a URI`);
  }
  vocabulary(kind: CbvKind, field: string, v: unknown = this.e[field]): string {
    if (v === undefined) return '';
    const n = typeof v === 'string' ? cbvValue(kind, v) : null;
    return n ?? this.fail(field, `${show(v)} is neither a CBV ${cbvLabel(kind)} nor a URI`);
  }
  array(field: string): unknown[] | undefined {
    const v = this.e[field];
    if (v === undefined) return undefined;
    return Array.isArray(v) ? v : this.fail(field, 'not an array');
  }
  uris(field: string): string[] {
    const list = this.array(field) ?? [];
    const out = list.map((v, i) => this.uri(`${field}[${i}]`, v));
    const seen = new Set<string>();
    out.forEach((v, i) => {
      if (seen.has(v)) this.fail(`${field}[${i}]`, `${show(v)} is listed twice`);
      seen.add(v);
    });
    return out;
  }
  quantities(field: string): NormalizedQuantity[] {
    return (this.array(field) ?? []).map((q, i) => {
      const at = `${field}[${i}]`;
      if (!isObject(q)) return this.fail(at, 'not an object');
      for (const k of Object.keys(q))
        if (k !== 'epcClass' && k !== 'quantity' && k !== 'uom') this.fail(`${at}.${k}`, 'not a field of a quantity element');
      if (q.epcClass === undefined) this.fail(`${at}.epcClass`, 'missing');
      const epcClass = this.uri(`${at}.epcClass`, q.epcClass);
      if (q.quantity !== undefined && (typeof q.quantity !== 'number' || !Number.isFinite(q.quantity)))
        this.fail(`${at}.quantity`, `${show(q.quantity)} is not a number`);
      if (q.uom !== undefined && (typeof q.uom !== 'string' || !/^[A-Z0-9]{2,3}$/.test(q.uom)))
        this.fail(`${at}.uom`, `${show(q.uom)} is not a UN/CEFACT unit code (2–3 capitals or digits)`);
      return {
        epcClass,
        ...(q.quantity !== undefined ? { quantity: q.quantity as number } : {}),
        ...(q.uom !== undefined ? { uom: q.uom as string } : {}),
      };
    });
  }
  place(field: string): string {
    const v = this.e[field];
    if (v === undefined) return '';
    if (!isObject(v)) return this.fail(field, 'not an object');
    if (v.id === undefined) return this.fail(`${field}.id`, 'missing');
    return this.uri(`${field}.id`, v.id);
  }
  typed(field: 'bizTransactionList' | 'sourceList' | 'destinationList'): { type: string; id: string }[] {
    const key = field === 'bizTransactionList' ? 'bizTransaction' : field === 'sourceList' ? 'source' : 'destination';
    const kind: CbvKind = field === 'bizTransactionList' ? 'bizTransactionType' : 'sourceDestType';
    return (this.array(field) ?? []).map((x, i) => {
      const at = `${field}[${i}]`;
      if (!isObject(x)) return this.fail(at, 'not an object');
      for (const k of Object.keys(x)) if (k !== 'type' && k !== key) this.fail(`${at}.${k}`, `not a field of a ${key}`);
      if (x[key] === undefined) this.fail(`${at}.${key}`, 'missing');
      if (x.type === undefined && key !== 'bizTransaction') this.fail(`${at}.type`, 'missing');
      return { type: this.vocabulary(kind, `${at}.type`, x.type), id: this.uri(`${at}.${key}`, x[key]) };
    });
  }
  errorDeclaration(): EpcisErrorDeclaration | null {
    const v = this.e.errorDeclaration;
    if (v === undefined) return null;
    if (!isObject(v)) return this.fail('errorDeclaration', 'not an object');
    for (const k of Object.keys(v))
      if (!['declarationTime', 'reason', 'correctiveEventIDs'].includes(k) && !isUri(k))
        this.fail(`errorDeclaration.${k}`, 'not a field of an error declaration');
    const inner = new EventReader(v, this.at('errorDeclaration'));
    const declarationTime = inner.time('declarationTime', true);
    const reason = inner.vocabulary('errorReason', 'reason');
    const corrective = inner.array('correctiveEventIDs');
    return {
      declarationTime,
      ...(reason ? { reason } : {}),
      ...(corrective ? { correctiveEventIDs: corrective.map((c, i) => inner.uri(`correctiveEventIDs[${i}]`, c)) } : {}),
    };
  }
  persistentDisposition(): void {
    const v = this.e.persistentDisposition;
    if (v === undefined) return;
    if (!isObject(v)) this.fail('persistentDisposition', 'not an object');
    const inner = new EventReader(v, this.at('persistentDisposition'));
    for (const k of Object.keys(v)) if (k !== 'set' && k !== 'unset') inner.fail(k, 'not a field of a persistent disposition');
    if (v.set === undefined && v.unset === undefined) this.fail('persistentDisposition', 'needs set or unset');
    for (const k of ['set', 'unset']) {
      const list = inner.array(k);
      if (list && !list.length) inner.fail(k, 'empty');
      list?.forEach((d, i) => {
        inner.vocabulary('disposition', `${k}[${i}]`, d);
      });
    }
  }
  sensorElements(): void {
    (this.array('sensorElementList') ?? []).forEach((s, i) => {
      const at = `sensorElementList[${i}]`;
      if (!isObject(s)) this.fail(at, 'not an object');
      if (!Array.isArray(s.sensorReport)) this.fail(`${at}.sensorReport`, s.sensorReport === undefined ? 'missing' : 'not an array');
      if (s.sensorMetadata !== undefined && !isObject(s.sensorMetadata)) this.fail(`${at}.sensorMetadata`, 'not an object');
      s.sensorReport.forEach((r, j) => {
        if (!isObject(r)) this.fail(`${at}.sensorReport[${j}]`, 'not an object');
      });
    });
  }
}

/** A document's @context entries other than GS1's EPCIS context. */
function extraContext(ctx: unknown, path: string): JsonLdContextEntry[] {
  const entries = Array.isArray(ctx) ? ctx : [ctx];
  return entries.filter((c, i) => {
    if (typeof c === 'string') {
      if (!isUri(c)) throw invalid(Array.isArray(ctx) ? `${path}[${i}]` : path, `${show(c)} is not a URI`);
      return !isEpcisContextUrl(c);
    }
    if (isObject(c)) return true;
    throw invalid(Array.isArray(ctx) ? `${path}[${i}]` : path, 'not a URI or an object');
  }) as JsonLdContextEntry[];
}

/** One event read and checked; `path` prefixes the field names of its refusals (eventList[3]). */
function normalize(e: unknown, path: string, context: JsonLdContextEntry[]): NormalizedEvent {
  if (!isObject(e)) throw invalid(path || 'event', 'not an object');
  const r: EventReader = new EventReader(e, path);
  const type = e.type;
  if (type === undefined) r.fail('type', 'missing');
  if (typeof type !== 'string' || !(EPCIS_QUERY_EVENT_TYPES as readonly string[]).includes(type))
    r.fail(
      'type',
      isUri(type)
        ? `${show(type)} is an extension event type, which this repository does not capture`
        : `${show(type)} is not one of ${EPCIS_QUERY_EVENT_TYPES.join(', ')}`,
    );
  const eventType = type as EpcisFullEventType;
  const fields = FIELDS[eventType];
  for (const k of Object.keys(e))
    if (!fields.has(k) && !isUri(k)) r.fail(k, `not a field of ${eventType} (an extension field is a URI or a CURIE, ex:myField)`);
  if (e['@context'] !== undefined) extraContext(e['@context'], r.at('@context'));

  const eventTime = r.time('eventTime', true);
  const offset = e.eventTimeZoneOffset;
  if (offset === undefined) r.fail('eventTimeZoneOffset', 'missing');
  if (typeof offset !== 'string' || !OFFSET.test(offset))
    r.fail('eventTimeZoneOffset', `${show(offset)} is not a time zone offset (+02:00, -05:00)`);
  r.time('recordTime', false);
  if (e.eventID !== undefined) r.uri('eventID');
  let certificationInfo: string[] | undefined;
  if (e.certificationInfo !== undefined)
    certificationInfo = Array.isArray(e.certificationInfo)
      ? e.certificationInfo.map((c, i) => r.uri(`certificationInfo[${i}]`, c))
      : [r.uri('certificationInfo')];

  let action: EpcisAction | '' = '';
  if (eventType !== 'TransformationEvent') {
    if (e.action === undefined) r.fail('action', 'missing');
    if (e.action !== 'ADD' && e.action !== 'OBSERVE' && e.action !== 'DELETE')
      r.fail('action', `${show(e.action)} is not ADD, OBSERVE or DELETE`);
    action = e.action as EpcisAction;
  }
  const nested = eventType === 'AggregationEvent' || eventType === 'AssociationEvent';
  const transform = eventType === 'TransformationEvent';
  const epcs = r.uris(nested ? 'childEPCs' : 'epcList');
  const quantities = r.quantities(nested ? 'childQuantityList' : 'quantityList');
  const inputEpcs = transform ? r.uris('inputEPCList') : [];
  const outputEpcs = transform ? r.uris('outputEPCList') : [];
  const inputQuantities = transform ? r.quantities('inputQuantityList') : [];
  const outputQuantities = transform ? r.quantities('outputQuantityList') : [];
  const parentId = r.uri('parentID');
  const transformationId = r.uri('transformationID');
  const bizTransactions = r.typed('bizTransactionList');
  const readPoint = r.place('readPoint');
  r.sensorElements();
  r.persistentDisposition();
  if (e.ilmd !== undefined && !isObject(e.ilmd)) r.fail('ilmd', 'not an object');

  // what each type must say (GS1's JSON schema)
  const deleting = action === 'DELETE';
  const sensors = Array.isArray(e.sensorElementList) && e.sensorElementList.length > 0;
  switch (eventType) {
    case 'ObjectEvent':
      if (e.epcList === undefined && !quantities.length && !(sensors && readPoint))
        r.fail('epcList', 'missing (an ObjectEvent needs an epcList, a quantityList, or a sensorElementList with a readPoint)');
      break;
    case 'TransactionEvent':
      if (!bizTransactions.length) r.fail('bizTransactionList', e.bizTransactionList === undefined ? 'missing' : 'empty');
      if (e.epcList === undefined && !quantities.length && !deleting)
        r.fail('epcList', 'missing (a TransactionEvent needs an epcList or a quantityList, unless its action is DELETE)');
      break;
    case 'AssociationEvent':
    case 'AggregationEvent':
      if (eventType === 'AssociationEvent' && !parentId) r.fail('parentID', 'missing');
      if (!epcs.length && !quantities.length && !deleting)
        r.fail('childEPCs', `missing (an ${eventType} needs childEPCs or a childQuantityList, unless its action is DELETE)`);
      break;
    case 'TransformationEvent': {
      const inputs = inputEpcs.length + inputQuantities.length > 0;
      const outputs = outputEpcs.length + outputQuantities.length > 0;
      if (!(inputs && outputs) && !(transformationId && (inputs || outputs)))
        r.fail(
          inputs ? 'outputEPCList' : 'inputEPCList',
          'missing (a TransformationEvent needs inputs and outputs, or a transformationID and inputs or outputs)',
        );
      break;
    }
  }

  const givenId = typeof e.eventID === 'string' ? e.eventID : '';
  return {
    eventType,
    eventId: givenId || eventHash(e),
    eventIdGiven: givenId !== '',
    eventTime,
    eventTimeZoneOffset: offset as string,
    action,
    bizStep: r.vocabulary('bizStep', 'bizStep'),
    disposition: r.vocabulary('disposition', 'disposition'),
    readPoint,
    bizLocation: r.place('bizLocation'),
    bizTransactions,
    sources: r.typed('sourceList'),
    destinations: r.typed('destinationList'),
    parentId,
    epcs: transform ? [...inputEpcs, ...outputEpcs] : epcs,
    inputEpcs,
    outputEpcs,
    quantities: transform ? [...inputQuantities, ...outputQuantities] : quantities,
    inputQuantities,
    outputQuantities,
    transformationId,
    errorDeclaration: r.errorDeclaration(),
    ...(certificationInfo ? { certificationInfo } : {}),
    ...(context.length ? { context } : {}),
    raw: e,
  };
}

/**
 * The events of an EPCISDocument (or an EPCISQueryDocument) to capture. Checks the document's own
 * fields (@context, type, schemaVersion, creationDate, epcisBody.eventList), counts the events
 * against `captureLimit` (CaptureLimitExceededException, 413) and reads each event (normalize).
 */
export function readCaptureDocument(json: unknown, opts: CaptureOptions = {}): CaptureResult {
  if (!isObject(json)) throw invalid('document', 'not a JSON object');
  const doc = json;
  if (doc.type !== 'EPCISDocument' && doc.type !== 'EPCISQueryDocument')
    throw invalid('type', doc.type === undefined ? 'missing' : `${show(doc.type)} is not EPCISDocument or EPCISQueryDocument`);
  if (doc['@context'] === undefined) throw invalid('@context', 'missing');
  const context = extraContext(doc['@context'], '@context');
  const isQuery = doc.type === 'EPCISQueryDocument';
  if (!isQuery || doc.schemaVersion !== undefined) {
    if (doc.schemaVersion === undefined) throw invalid('schemaVersion', 'missing');
    if (typeof doc.schemaVersion !== 'string' || !/^\d+(\.\d+)*$/.test(doc.schemaVersion))
      throw invalid('schemaVersion', `${show(doc.schemaVersion)} is not a version (2.0)`);
    if (!/^2(\.|$)/.test(doc.schemaVersion))
      throw invalid('schemaVersion', `${show(doc.schemaVersion)}: only EPCIS 2.0 documents are captured`);
  }
  if (!isQuery || doc.creationDate !== undefined) {
    if (doc.creationDate === undefined) throw invalid('creationDate', 'missing');
    if (!utcDateTime(doc.creationDate))
      throw invalid('creationDate', `${show(doc.creationDate)} is not a date-time with a time zone (RFC 3339)`);
  }
  if (doc.epcisHeader !== undefined && !isObject(doc.epcisHeader)) throw invalid('epcisHeader', 'not an object');
  if (!isObject(doc.epcisBody)) throw invalid('epcisBody', doc.epcisBody === undefined ? 'missing' : 'not an object');
  let list: unknown;
  let prefix: string;
  if (isQuery) {
    const results = doc.epcisBody.queryResults;
    if (!isObject(results)) throw invalid('epcisBody.queryResults', results === undefined ? 'missing' : 'not an object');
    if (!isObject(results.resultsBody))
      throw invalid('epcisBody.queryResults.resultsBody', results.resultsBody === undefined ? 'missing' : 'not an object');
    list = results.resultsBody.eventList;
    prefix = 'epcisBody.queryResults.resultsBody.eventList';
  } else {
    list = doc.epcisBody.eventList;
    prefix = 'eventList';
  }
  if (!Array.isArray(list)) throw invalid(isQuery ? prefix : 'epcisBody.eventList', list === undefined ? 'missing' : 'not an array');
  const limit = opts.captureLimit;
  if (limit !== undefined && list.length > limit)
    throw epcisProblem('CaptureLimitExceededException', `the document has ${list.length} events, more than the capture limit of ${limit}`);
  const header = doc.epcisHeader !== undefined ? { epcisHeader: doc.epcisHeader as Record<string, unknown> } : {};
  if (!opts.collectErrors) return { events: list.map((e, i) => normalize(e, `${prefix}[${i}]`, context)), context, ...header };
  const events: NormalizedEvent[] = [];
  const indexes: number[] = [];
  const refused: { index: number; problem: EpcisProblem }[] = [];
  list.forEach((e, i) => {
    try {
      events.push(normalize(e, `${prefix}[${i}]`, context));
      indexes.push(i);
    } catch (err) {
      if (!(err instanceof EpcisProblem)) throw err;
      refused.push({ index: i, problem: err });
    }
  });
  return { events, context, ...header, refused, indexes };
}

/** One event to capture (POST /events): the same checks, the field names unprefixed (`eventTime: …`). */
export function readEvent(json: unknown): NormalizedEvent {
  return normalize(json, '', []);
}
