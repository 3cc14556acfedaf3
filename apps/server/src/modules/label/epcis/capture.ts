/**
 * Capture (EPCIS 2.0 REST binding, POST /capture and POST /events): a document is read when it
 * comes — GS1's JSON schema (ajv) and the domain's reading of each event (readCaptureDocument) —
 * and refused whole with a ValidationException naming the event and field when it must roll back;
 * else it is kept with its capture (epcis_captures) and stored by a job of the queue, a chunk of
 * events a transaction (the embedded database is never held for a whole document), each event with
 * its capture's id; a capture that rolls back and fails midway deletes what it wrote (the job's
 * undo). Events are kept as they came (`doc`), named by canonical pure-identity URIs (a GS1 Digital
 * Link turned into its EPC URN by the tenant's company prefix length), an eventID the repository
 * holds already is not stored twice, and an event of the partitions' past goes to the archive
 * partition; one of the future (beyond a day) is refused.
 */
import { readFileSync } from 'node:fs';
import {
  type CaptureResult,
  DAY_MS,
  digitalLinkToEpcUrn,
  EPCIS_CONTEXT,
  type EpcisProblem,
  epcisProblem,
  epcKind,
  type NormalizedEvent,
  readCaptureDocument,
} from '@tagloom/domain';
import { Ajv, type ErrorObject } from 'ajv';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { enqueue } from '../../../core/queue/enqueue.js';
import type { JobKind } from '../../../core/queue/registry.js';
import { yieldToLoop } from '../../../core/xlsx-stream.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { placeOf } from '../tags/store.js';
import { labelTagEvents } from '../tags/tables.js';
import { pokeStreams } from './subscriptions.js';
import { CAPTURE_STATUS, epcisCaptures } from './tables.js';

/** The most events one capture takes (GS1-EPCIS-Capture-Limit). */
export const CAPTURE_LIMIT = 10_000;
/** The largest capture document (GS1-EPCIS-Capture-File-Size-Limit), bytes. */
export const CAPTURE_FILE_SIZE_LIMIT = 64 * 1024 * 1024;
/** The most EPCs one captured event names (its epcList, childEPCs, input and output lists). */
export const CAPTURED_EPCS_MAX = 10_000;
/** A chunk of events written in one statement takes about this long; the next chunk's size follows. */
const CHUNK_MS = 60;
export const CAPTURE_KIND = 'epcis.capture';

export type ErrorBehaviour = 'rollback' | 'proceed';

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

const problemOf = (p: EpcisProblem) => ({
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
export function readCapture(doc: unknown, now = Date.now(), opts: { schema?: boolean } = {}): ReadCapture {
  const found = opts.schema === false || validateDocument(doc) ? [] : schemaErrors(validateDocument.errors ?? []);
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
 * Keeps a capture (its document, until its job ends) and enqueues its job: the capture's id. The
 * caller read the document first (readCapture) and refused it when it had to.
 */
export async function startCapture(
  ctx: AppContext,
  session: SessionInfo,
  text: string,
  opts: { behaviour: ErrorBehaviour; total: number; errors: CaptureError[] },
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(epcisCaptures)
      .values({
        tenantId: session.tenantId,
        status: CAPTURE_STATUS.RUNNING,
        errorBehaviour: opts.behaviour,
        eventsTotal: opts.total,
        errors: opts.errors,
        document: text,
        userId: session.userId,
        keyId: session.integrationKeyId ?? null,
      })
      .returning({ id: epcisCaptures.id });
    const job = await enqueue(
      ctx,
      {
        kind: CAPTURE_KIND,
        tenantId: session.tenantId,
        owner: session.userId,
        payload: { captureId: row.id, username: session.username },
        total: opts.total,
      },
      tx,
    );
    await tx
      .update(epcisCaptures)
      .set({ jobId: job?.id ?? null })
      .where(and(eq(epcisCaptures.tenantId, session.tenantId), eq(epcisCaptures.id, row.id)));
    return row.id;
  });
}

/** The events of a chunk whose eventIDs the tenant holds already. */
async function knownIds(tx: Tx, tenantId: number, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select distinct event_id as id from label_tag_events where tenant_id = ${tenantId} and event_id <> ''
         and event_id in (${sql.join(
           ids.map((i) => sql`${i}`),
           sql`, `,
         )})`,
  );
  return new Set(rows.map((r) => r.id));
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

/** A captured event as a row of the lifecycle (label_tag_events). */
function rowOf(
  e: NormalizedEvent,
  who: { tenantId: number; userId: number | null; username: string; captureId: number; cpl: number },
  recordTime: Date,
): typeof labelTagEvents.$inferInsert {
  const epcs = [...new Set(e.epcs.map((u) => storedEpc(u, who.cpl)))];
  const quantities = [...e.quantities, ...e.inputQuantities, ...e.outputQuantities].filter((q, i, all) => all.indexOf(q) === i);
  return {
    tenantId: who.tenantId,
    createdAt: new Date(e.eventTime),
    eventTimeZoneOffset: e.eventTimeZoneOffset,
    recordTime,
    eventType: e.eventType,
    eventId: e.eventId,
    action: e.action,
    bizStep: e.bizStep,
    disposition: e.disposition,
    readPoint: e.readPoint,
    bizLocation: e.bizLocation,
    bizTransactions: e.bizTransactions,
    parentId: e.parentId ? storedEpc(e.parentId, who.cpl) : '',
    quantities,
    sources: e.sources,
    destinations: e.destinations,
    errorDeclaration: e.errorDeclaration,
    epcs,
    epc: epcs[0] ?? '',
    epcCount: epcs.length,
    userId: who.userId,
    username: who.username,
    source: 'EPCIS capture',
    doc: {
      event: lean(e.raw, epcs),
      ...(e.context?.length ? { context: e.context } : {}),
      ...(e.eventIdGiven ? {} : { eventID: e.eventId }),
    },
    captureId: who.captureId,
  };
}

/** The capture job: the document read again, its events stored a chunk a transaction, the capture's outcome written. */
export const captureJob: JobKind = {
  kind: CAPTURE_KIND,
  maxAttempts: 1,
  limit: { perTenant: 2 },
  async run({ ctx }, job, progress) {
    const { captureId, username } = job.payload as { captureId: number; username: string };
    const tenantId = job.tenantId;
    const where = and(eq(epcisCaptures.tenantId, tenantId), eq(epcisCaptures.id, captureId));
    const [cap] = await ctx.db.select().from(epcisCaptures).where(where);
    if (!cap?.document) return { message: 'epcis.captureGone' };
    // read again as it was when it came (GS1's schema was checked then: not twice)
    const read = readCapture(JSON.parse(cap.document), cap.createdAt.getTime(), { schema: false });
    const events = read.result?.events ?? [];
    await progress.start(events.length);
    const cpl = (await placeOf(ctx.db, tenantId)).companyPrefixLength;
    const who = { tenantId, userId: cap.userId, username, captureId, cpl };
    const recordTime = new Date();
    let stored = 0;
    let known = 0;
    let size = 200;
    const seen = new Set<string>();
    for (let at = 0; at < events.length; ) {
      const chunk = events.slice(at, at + size);
      const t0 = performance.now();
      await ctx.db.transaction(async (tx) => {
        const held = await knownIds(
          tx,
          tenantId,
          chunk.map((e) => e.eventId),
        );
        const rows = chunk
          .filter((e) => {
            if (held.has(e.eventId) || seen.has(e.eventId)) {
              known++;
              return false;
            }
            seen.add(e.eventId);
            return true;
          })
          .map((e) => rowOf(e, who, recordTime));
        if (rows.length) await tx.insert(labelTagEvents).values(rows);
        stored += rows.length;
      });
      at += chunk.length;
      await progress.report(at);
      const ms = performance.now() - t0;
      size = Math.max(20, Math.min(2_000, Math.round((size * CHUNK_MS) / Math.max(1, ms))));
      await yieldToLoop();
    }
    await ctx.db
      .update(epcisCaptures)
      .set({
        status: read.errors.length ? CAPTURE_STATUS.PARTIAL : CAPTURE_STATUS.SUCCESS,
        eventsStored: stored,
        eventsKnown: known,
        finishedAt: new Date(),
        document: null,
      })
      .where(where);
    if (stored) await pokeStreams(ctx, tenantId);
    return { message: 'epcis.captured', params: { count: stored }, result: { captureId, stored, known } };
  },
  /** a failed capture: what it wrote goes (all or nothing), the capture says it failed */
  async undo({ ctx }, job) {
    const { captureId } = job.payload as { captureId: number };
    await ctx.db.execute(sql`delete from label_tag_events where tenant_id = ${job.tenantId} and capture_id = ${captureId}`);
  },
  async ended(tx, _c, job) {
    const { captureId } = job.payload as { captureId: number };
    const where = and(eq(epcisCaptures.tenantId, job.tenantId), eq(epcisCaptures.id, captureId));
    const [cap] = await tx.select({ status: epcisCaptures.status, errors: epcisCaptures.errors }).from(epcisCaptures).where(where);
    if (cap?.status !== CAPTURE_STATUS.RUNNING) return;
    // the job ended without storing its events (failed, cancelled): none of them is kept
    const errors = [
      ...((cap.errors as CaptureError[]) ?? []),
      {
        index: -1,
        ...problemOf(epcisProblem('ImplementationException', job.message ? String(job.message) : 'the capture did not finish')),
      },
    ];
    await tx
      .update(epcisCaptures)
      .set({ status: CAPTURE_STATUS.FAILED, eventsStored: 0, errors, finishedAt: new Date(), document: null })
      .where(where);
  },
};

/**
 * One event captured at once (POST /events): checked like a document's (GS1's schema, the domain's
 * reading, the repository's limits), stored with a capture of its own in one transaction. An eventID
 * the repository holds already is not stored again. Returns the event's ID.
 */
export async function storeOneEvent(ctx: AppContext, session: SessionInfo, event: NormalizedEvent): Promise<string> {
  const doc = {
    '@context': [EPCIS_CONTEXT, ...(event.context ?? [])],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: new Date().toISOString(),
    epcisBody: { eventList: [event.raw] },
  };
  const read = readCapture(doc);
  if (read.errors.length)
    throw epcisProblem('ValidationException', read.errors[0].detail.replace(/^eventList\[0\]\.?/, '') || read.errors[0].detail);
  const e = read.result!.events[0];
  const cpl = (await placeOf(ctx.db, session.tenantId)).companyPrefixLength;
  await ctx.db.transaction(async (tx) => {
    const [cap] = await tx
      .insert(epcisCaptures)
      .values({
        tenantId: session.tenantId,
        status: CAPTURE_STATUS.SUCCESS,
        errorBehaviour: 'rollback',
        eventsTotal: 1,
        userId: session.userId,
        keyId: session.integrationKeyId ?? null,
        finishedAt: new Date(),
      })
      .returning({ id: epcisCaptures.id });
    const known = (await knownIds(tx, session.tenantId, [e.eventId])).size > 0;
    if (!known)
      await tx
        .insert(labelTagEvents)
        .values(
          rowOf(e, { tenantId: session.tenantId, userId: session.userId, username: session.username, captureId: cap.id, cpl }, new Date()),
        );
    await tx
      .update(epcisCaptures)
      .set({ eventsStored: known ? 0 : 1, eventsKnown: known ? 1 : 0 })
      .where(and(eq(epcisCaptures.tenantId, session.tenantId), eq(epcisCaptures.id, cap.id)));
  });
  await pokeStreams(ctx, session.tenantId);
  return e.eventId;
}
