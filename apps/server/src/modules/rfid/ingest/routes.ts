import { normalizeHex, type RfidFormat, rfidEquipmentLogFeed, rfidRawDataFeed, rfidReportStateFeed, translate } from '@tagloom/domain';
import { INGEST_MAX_CHARS, INGEST_MAX_EVENTS } from '@tagloom/domain/rfid/formats.js';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { feedRoutes } from '../../../core/feed/routes.js';
import { FeedService } from '../../../core/feed/service.js';
import { prefixPattern } from '../../../core/like.js';
import { partyCondition, partyRefCondition } from '../../../core/party.js';
import type { Tx } from '../../../db/client.js';
import { declarationOf, tableOf } from '../../../db/resource-table.js';
import { pgTextArray } from '../state/fold-data.js';
import { queuedSince } from '../state/fold-queue.js';
import { epcsStartingWith } from '../state/service.js';
import { ingestPayload } from './pipeline.js';
import { type Admission, ingestQuota, QuotaError } from './quota.js';
import { rfidBatches, rfidEquipmentEvents, rfidReads } from './tables.js';

/** EPCs of one start a filter looks up in EPC state at most; a start shared by more reads the window's batches. */
const EPC_CANDIDATES = 1000;

/**
 * The raw reads' EPC filter (starts with, any case). The batches holding such an EPC are found by
 * the GIN index on their arrays, from the EPCs of that start in EPC state and the value itself (a
 * whole EPC), and besides them the batches not folded into EPC state yet (received since the
 * oldest one queued: a new EPC is in EPC state once folded). A start shared by more than
 * EPC_CANDIDATES EPCs reads the window's batches instead.
 */
async function rawEpcFilter(db: Tx, value: string, tenantId: number): Promise<SQL> {
  const prefix = normalizeHex(value);
  // EPCs are stored as upper-case hex: any other value matches none
  if (!/^[0-9A-F]+$/.test(prefix)) return sql`false`;
  const reads = sql`${rfidReads.epc} like ${prefixPattern(prefix)}`;
  const [epcs, since] = await Promise.all([epcsStartingWith(db, tenantId, prefix, EPC_CANDIDATES + 1), queuedSince(db, tenantId)]);
  if (epcs.length > EPC_CANDIDATES) return reads;
  if (!epcs.includes(prefix)) epcs.push(prefix);
  const batches = sql`${rfidReads.batchEpcs} && ${pgTextArray(epcs)}::text[]`;
  return since === null
    ? sql`${batches} and ${reads}`
    : sql`(${batches} or (${rfidReads.tenantId} = ${tenantId} and ${rfidReads.createdAt} >= ${since}::timestamptz)) and ${reads}`;
}

/** The quotas' admission of each request's batch, taken before its body is read (preParsing), for the handler. */
const admissions = new WeakMap<object, Admission>();

/**
 * The readers a session reaches (the one party rule, core/party.ts, over the readers' declaration:
 * a store's or warehouse's user its own place's readers, a user of another party kind none), as
 * "`column` names one of them"; undefined: every reader of the tenant.
 */
export function readersReached(column: SQL | SQLWrapper, session: Pick<SessionInfo, 'tenantId' | 'party'>): SQL | undefined {
  const table = tableOf('rfid/equipment')!;
  const mine = partyCondition(declarationOf('rfid/equipment')!, table, session);
  return (
    mine && sql`${column} in (select ${table.equipmentCoding} from ${table} where ${table.tenantId} = ${session.tenantId} and ${mine})`
  );
}

/**
 * The three feeds of the ingestion area on a database. A user bound to a party sees the reads made
 * at its place (the location a batch's reader was bound to when it read), and the batches and
 * equipment log of its place's readers.
 */
export const ingestFeeds = (db: Tx) => [
  new FeedService(db, rfidRawDataFeed, rfidReads, {
    filters: { epc: (v, session) => rawEpcFilter(db, v, session.tenantId) },
    scope: (session) => partyRefCondition(rfidReads.locationId, 'tenant/location', session),
  }),
  new FeedService(db, rfidReportStateFeed, rfidBatches, { scope: (session) => readersReached(rfidBatches.equipmentCoding, session) }),
  new FeedService(db, rfidEquipmentLogFeed, rfidEquipmentEvents, {
    scope: (session) => readersReached(rfidEquipmentEvents.equipmentCoding, session),
  }),
];

const answer = z.object({
  batchId: z.number(),
  duplicate: z.boolean(),
  accepted: z.number(),
  invalid: z.number(),
  errors: z.array(
    z.object({
      index: z.number(),
      reason: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      message: z.string(),
    }),
  ),
});

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const FORMATS: Record<RfidFormat, string> = {
  impinj:
    'Impinj R700 IoT device interface events ({timestamp, hostname, eventType, tagInventoryEvent: {epc (base64) and/or epcHex, tidHex, antennaPort, peakRssiCdbm, frequency, lastSeenTime, phaseAngle (kept to 0.01°), dopplerFrequency (Hz), tagAccessResponses [{identifier, response, dataHex}] (kept with the read)}}, antenna connected/disconnected, inventory status, overflow): a JSON array, one event, or NDJSON',
  zebra:
    'Zebra IoT Connector events ({timestamp, type, data: {idHex, antenna, peakRssi, reads, channel, phase}}; other types go to the equipment log): a JSON array, one object, or objects back to back',
};

/**
 * The readers' ingestion (POST /api/rfid/ingest/impinj and /zebra, device credential), and the
 * lists/exports of the raw reads, the batches and the equipment log.
 */
export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const feed of ingestFeeds(app.ctx.db)) await app.register(feedRoutes(feed));
  // what this process took and refused since its last write reaches the database before it closes
  const quota = ingestQuota(app.ctx);
  app.addHook('onClose', () => quota.close());

  // the body arrives as bytes whatever its type (readers post application/json, NDJSON, text/plain
  // or odd types) and is parsed by formats.ts, off the event loop when large: a large body's bytes
  // are moved to a parse worker as they came, never decoded on the event loop
  await app.register(async (sub) => {
    sub.removeAllContentTypeParsers();
    sub.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INGEST_MAX_CHARS }, (_req, body, done) => done(null, body));
    // a reader over its quota (or its tenant's) is refused before its body is read (quota.ts); an
    // admitted batch holds tokens for its size (Content-Length) until it is read
    sub.addHook('preParsing', async (req, reply, payload) => {
      if (!req.device) return payload;
      const a = quota.admit(req.device.tenantId, req.device.deviceCode, 'http', Number(req.headers['content-length']) || 0);
      if (a instanceof QuotaError) {
        reply.header('retry-after', String(a.retryAfter));
        throw a;
      }
      admissions.set(req, a);
      return payload;
    });

    for (const format of ['impinj', 'zebra'] as const) {
      sub.post(
        `/rfid/ingest/${format}`,
        {
          bodyLimit: INGEST_MAX_CHARS,
          config: { access: 'device' },
          schema: {
            tags: ['ingest'],
            summary: `${FORMATS[format]}; at most ${INGEST_MAX_EVENTS} events a batch (a body with more lines beginning with "{" is refused unparsed, 400). Authenticated by the device credential (Authorization: Bearer <deviceToken>, or the x-device-key header). A resend with the same Idempotency-Key (or X-Batch-Id) header — or, without one, the same body — returns the first answer with duplicate: true and stores nothing; the same key with a different body is refused with 409 naming the key (nothing stored; an equipment-log entry): send a new batch with a new key. 200 only after the batch is committed; 429 over a quota (see the description). Not a user operation: not in the operation log`,
            description:
              "Quotas, in events (reads, status events, heartbeats): one token bucket per reader and one per tenant (RFID_DEVICE_EVENTS_PER_SECOND / RFID_DEVICE_BURST, RFID_TENANT_EVENTS_PER_SECOND / RFID_TENANT_BURST). A batch over one is refused with **429 Too Many Requests** and a `Retry-After` header (seconds) before its body is read or parsed: NOTHING of it was stored. The reader must keep the batch and resend it — the same body with the same Idempotency-Key — after Retry-After; a 429 never loses reads unless the reader drops the batch. Refusals are counted in the equipment log (event type rateLimited) and on the operator's panel (batches refused today).",
            response: { 200: envelope(answer) },
          },
        },
        async (req, reply) => {
          const body = Buffer.isBuffer(req.body) ? req.body : '';
          const batchKey = header(req.headers['idempotency-key']) ?? header(req.headers['x-batch-id']);
          let r: Awaited<ReturnType<typeof ingestPayload>>;
          try {
            r = await ingestPayload(app.ctx, req.device!, format, body, { transport: 'http', batchKey, admission: admissions.get(req) });
          } catch (err) {
            if (err instanceof QuotaError) reply.header('retry-after', String(err.retryAfter));
            throw err;
          }
          return reply.ok({
            ...r,
            errors: r.errors.map((e) => ({ ...e, message: translate(req.lang, `ingest.reason.${e.reason}`, e.params ?? {}) })),
          });
        },
      );
    }
  });
};
