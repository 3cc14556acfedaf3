/**
 * Capture (EPCIS 2.0 REST binding, POST /capture and POST /events): a document is checked when it
 * comes — GS1's JSON schema and the domain's reading of each event (read.ts; a large document in a
 * worker thread, read-pool.ts) — and refused whole with a ValidationException naming the event and
 * field when it must roll back; else it is kept with its capture (epcis_captures) and stored by a job
 * of the queue: the worker reads it again into chunks of rows while the job stores the chunks before,
 * a chunk a transaction and one statement (the database reads the chunk's JSON itself), each event
 * with its capture's id; a capture that rolls back and fails midway deletes what it wrote (the job's
 * undo). Events are kept as they came (`doc`), named by canonical pure-identity URIs (a GS1 Digital
 * Link turned into its EPC URN by the tenant's company prefix length), an eventID the repository
 * holds already is not stored twice, and an event of the partitions' past goes to the archive
 * partition; one of the future (beyond a day) is refused.
 */
import { EPCIS_CONTEXT, epcisProblem, type NormalizedEvent } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { enqueue } from '../../../core/queue/enqueue.js';
import type { JobKind } from '../../../core/queue/registry.js';
import { yieldToLoop } from '../../../core/xlsx-stream.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { placeOf } from '../tags/store.js';
import { type CaptureError, type PreparedCapture, prepareDocument, problemOf } from './read.js';
import { pokeStreams } from './subscriptions.js';
import { CAPTURE_STATUS, epcisCaptureChunks, epcisCaptures } from './tables.js';

export { CAPTURE_LIMIT, CAPTURED_EPCS_MAX } from './read.js';
/** The largest capture document (GS1-EPCIS-Capture-File-Size-Limit), bytes. */
export const CAPTURE_FILE_SIZE_LIMIT = 64 * 1024 * 1024;
export const CAPTURE_KIND = 'epcis.capture';

export type ErrorBehaviour = 'rollback' | 'proceed';

/**
 * Keeps a capture — its rows a chunk of JSON each (epcis_capture_chunks), until its job stores them —
 * and enqueues its job: the capture's id. The caller read the document first (prepareCapture) and
 * refused it when it had to.
 */
export async function startCapture(
  ctx: AppContext,
  session: SessionInfo,
  prepared: PreparedCapture,
  behaviour: ErrorBehaviour,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(epcisCaptures)
      .values({
        tenantId: session.tenantId,
        status: CAPTURE_STATUS.RUNNING,
        errorBehaviour: behaviour,
        eventsTotal: prepared.total,
        errors: prepared.errors,
        userId: session.userId,
        keyId: session.integrationKeyId ?? null,
      })
      .returning({ id: epcisCaptures.id });
    // a few chunks a statement: the largest document's ~55 MB in about ten
    for (let at = 0; at < prepared.chunks.length; at += 5)
      await tx.insert(epcisCaptureChunks).values(
        prepared.chunks.slice(at, at + 5).map((c, k) => ({
          tenantId: session.tenantId,
          captureId: row.id,
          seq: at + k,
          events: c.events,
          rows: c.json,
        })),
      );
    const job = await enqueue(
      ctx,
      {
        kind: CAPTURE_KIND,
        tenantId: session.tenantId,
        owner: session.userId,
        payload: { captureId: row.id, username: session.username, duplicates: prepared.duplicates },
        total: prepared.total,
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

/** A chunk's rows as the insert reads them: the JSON given, or a kept chunk read by the database itself (never through the server). */
const rowsOf = (chunk: { json: string } | { seq: number }, who: { tenantId: number; captureId: number }) =>
  'json' in chunk
    ? sql`${chunk.json}::jsonb`
    : sql`(select c.rows::jsonb from epcis_capture_chunks c
            where c.tenant_id = ${who.tenantId} and c.capture_id = ${who.captureId} and c.seq = ${chunk.seq})`;

/**
 * Stores a chunk of rows (read.ts prepareDocument: a JSON array, given or kept in epcis_capture_chunks)
 * in one statement, the database reading the JSON itself; an event whose eventID the tenant holds
 * already is left out. Its record time is its transaction's (not the job's start): a subscription's
 * cursor, which another capture's events may move on meanwhile, does not pass a chunk committed later
 * with an earlier time. Answers the rows stored.
 */
async function storeChunk(
  tx: Tx,
  chunk: { json: string } | { seq: number },
  who: { tenantId: number; userId: number | null; username: string; captureId: number },
): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`with r as (
          select * from jsonb_to_recordset(${rowsOf(chunk, who)}) as r(
            created_at timestamptz, event_time_zone_offset text, event_type text, event_id text, action text, biz_step text,
            disposition text, read_point text, biz_location text, biz_transactions jsonb, parent_id text, quantities jsonb,
            sources jsonb, destinations jsonb, error_declaration jsonb, epcs text[], epc text, epc_count int, doc jsonb)
        ), stored as (
          insert into label_tag_events (tenant_id, created_at, event_time_zone_offset, record_time, event_type, event_id, action,
                 biz_step, disposition, read_point, biz_location, biz_transactions, parent_id, quantities, sources, destinations,
                 error_declaration, epcs, epc, epc_count, user_id, username, source, doc, capture_id)
          select ${who.tenantId}, r.created_at, r.event_time_zone_offset, now(), r.event_type,
                 r.event_id, r.action, r.biz_step, r.disposition, r.read_point, r.biz_location, r.biz_transactions, r.parent_id,
                 r.quantities, r.sources, r.destinations, nullif(r.error_declaration, 'null'::jsonb), r.epcs, r.epc, r.epc_count,
                 ${who.userId}::bigint, ${who.username}, 'EPCIS capture', r.doc, ${who.captureId}::bigint
            from r
           where not exists (select 1 from label_tag_events e
                              where e.tenant_id = ${who.tenantId} and e.event_id = r.event_id and e.event_id <> '')
          returning 1
        )
        select count(*)::int as n from stored`,
  );
  return n;
}

/** A capture's kept chunks go (its job ended, stored or not). */
const dropChunks = (db: Tx, tenantId: number, captureId: number) =>
  db.delete(epcisCaptureChunks).where(and(eq(epcisCaptureChunks.tenantId, tenantId), eq(epcisCaptureChunks.captureId, captureId)));

/** The capture job: its chunks stored a transaction each, the capture's outcome written. */
export const captureJob: JobKind = {
  kind: CAPTURE_KIND,
  maxAttempts: 1,
  limit: { perTenant: 2 },
  async run({ ctx }, job, progress) {
    const { captureId, username, duplicates = 0 } = job.payload as { captureId: number; username: string; duplicates?: number };
    const tenantId = job.tenantId;
    const where = and(eq(epcisCaptures.tenantId, tenantId), eq(epcisCaptures.id, captureId));
    const [cap] = await ctx.db
      .select({ userId: epcisCaptures.userId, errors: epcisCaptures.errors, status: epcisCaptures.status })
      .from(epcisCaptures)
      .where(where);
    if (cap?.status !== CAPTURE_STATUS.RUNNING) return { message: 'epcis.captureGone' };
    const chunks = await ctx.db
      .select({ seq: epcisCaptureChunks.seq, events: epcisCaptureChunks.events })
      .from(epcisCaptureChunks)
      .where(and(eq(epcisCaptureChunks.tenantId, tenantId), eq(epcisCaptureChunks.captureId, captureId)))
      .orderBy(epcisCaptureChunks.seq);
    await progress.start(chunks.reduce((n, c) => n + c.events, 0));
    const who = { tenantId, userId: cap.userId, username, captureId };
    let stored = 0;
    let read = 0;
    for (const chunk of chunks) {
      stored += await ctx.db.transaction((tx) => storeChunk(tx, chunk, who));
      read += chunk.events;
      await progress.report(read);
      await yieldToLoop();
    }
    const known = read - stored + duplicates;
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(epcisCaptures)
        .set({
          status: (cap.errors as CaptureError[]).length ? CAPTURE_STATUS.PARTIAL : CAPTURE_STATUS.SUCCESS,
          eventsStored: stored,
          eventsKnown: known,
          finishedAt: new Date(),
        })
        .where(where);
      await dropChunks(tx, tenantId, captureId);
    });
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
    await dropChunks(tx, job.tenantId, captureId);
    if (cap?.status !== CAPTURE_STATUS.RUNNING) return;
    // the job ended without storing its events (failed, cancelled): none of them is kept
    const errors = [
      ...((cap.errors as CaptureError[]) ?? []),
      {
        index: -1,
        ...problemOf(epcisProblem('ImplementationException', job.message ? String(job.message) : 'the capture did not finish')),
      },
    ];
    await tx.update(epcisCaptures).set({ status: CAPTURE_STATUS.FAILED, eventsStored: 0, errors, finishedAt: new Date() }).where(where);
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
  const cpl = (await placeOf(ctx.db, session.tenantId)).companyPrefixLength;
  const prepared = prepareDocument(JSON.stringify(doc), Date.now(), cpl);
  if (prepared.errors.length)
    throw epcisProblem('ValidationException', prepared.errors[0].detail.replace(/^eventList\[0\]\.?/, '') || prepared.errors[0].detail);
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
    const who = { tenantId: session.tenantId, userId: session.userId, username: session.username, captureId: cap.id };
    const stored = await storeChunk(tx, prepared.chunks[0], who);
    await tx
      .update(epcisCaptures)
      .set({ eventsStored: stored, eventsKnown: 1 - stored })
      .where(and(eq(epcisCaptures.tenantId, session.tenantId), eq(epcisCaptures.id, cap.id)));
  });
  await pokeStreams(ctx, session.tenantId);
  // the eventID stored: the one given, else the canonical hash as the document read it
  return (JSON.parse(prepared.chunks[0].json) as { event_id: string }[])[0].event_id;
}
