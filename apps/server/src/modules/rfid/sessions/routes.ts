import { normalizeHex } from '@tagloom/domain';
import { HANDHELD_MAX_READS, READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest } from '../../../core/errors.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { readersReached } from '../ingest/routes.js';
import { handheldDocument, SESSION_FIELD_LABELS, text } from './document.js';
import { readerFolded } from './folded.js';
import { uploadHandheld } from './handheld.js';
import { startQuietSweep } from './quiet.js';
import { closeSession, getSession, listSessions, openSession, sessionEpcs } from './service.js';

/** The tunnel's screen: its users open and close sessions there; readers and their scanners call the same routes with their key. */
const SCREEN = 'warehouse/receiving-check';
const QUERY: Access = { screen: SCREEN, action: 'query', device: true };
const BUTTON: Access = { screen: SCREEN, action: 'review', device: true };

const LABELS = SESSION_FIELD_LABELS;

const session = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.number().describe('READ_SESSION_KIND: 1 carton check, 2 pack, 3 spot check, 4 count, 5 QI, 6 handheld, 7 fitting'),
  equipmentCoding: z.string(),
  locationId: z.number().nullable(),
  subjectType: z.string(),
  subjectId: z.number().nullable(),
  subjectCode: z.string(),
  deviceSessionId: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  lastReadAt: z.string().nullable(),
  epcCount: z.number(),
  readCount: z.number(),
  state: z.number().describe('READ_SESSION_STATE: 0 recorded, 1 open, 2 closed, 3 uploaded, 4 reviewed, 5 rejected'),
  offline: z.boolean(),
  uploadedAt: z.string().nullable(),
  createdAt: z.string(),
});
const sessionEpc = z.object({
  epc: z.string(),
  firstAt: z.string(),
  lastAt: z.string(),
  reads: z.number(),
  maxRssiCdbm: z.number().nullable(),
  antenna: z.number().nullable(),
});

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The sessions a request reaches: a device its tenant's, a user its place's readers' (core/party.ts). */
function reachOf(req: FastifyRequest) {
  return req.session ? readersReached(sql`s.equipment_coding`, req.session) : undefined;
}

/** The reader a request names (a device: its own code by default), refused naming the field when the caller does not reach it. */
async function readerOf(db: Tx, req: FastifyRequest, given: string | undefined): Promise<string> {
  const code = given ?? req.device?.deviceCode;
  if (!code) throw badRequest('readSession.equipmentRequired');
  const reach = req.session ? readersReached(sql`${code}::text`, req.session) : undefined;
  if (reach) {
    const [row] = await queryRows<{ ok: boolean }>(db, sql`select ${reach} as ok`);
    if (!row?.ok) throw badRequest('readSession.noReader', { equipment: code });
  }
  return code;
}

const tenantOf = (req: FastifyRequest) => req.scope.tenantId;

/**
 * Read sessions (operations.md F3, F4): open by a scan, close, look up with the EPCs, list; and the
 * handheld's upload. Called by readers and scanners with their device key, or by a console user
 * with the receiving check's buttons. Starts this process's quiet-close sweep (quiet.ts).
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  const stopSweep = startQuietSweep(app.ctx);
  app.addHook('onClose', () => stopSweep());

  app.post(
    '/rfid/sessions',
    {
      config: { access: BUTTON, fieldLabels: LABELS },
      schema: {
        tags: ['rfid/sessions'],
        summary:
          "Open a read session on a tunnel or handheld reader for a subject (a carton's barcode scan): the reader's open session closes first (its subject's check runs), and the reader's reads from now on go to the new one. Authenticated by a device key (Authorization: Bearer <deviceToken>; equipment defaults to the device's own code) or as a console user with the receiving check's review button",
        body: z.object({
          equipment: text(64).optional(),
          subjectType: text(32),
          subjectCode: text(64),
          subjectId: id.optional(),
          kind: z.number().int().min(1).max(7).optional(),
        }),
        response: { 200: envelope(z.object({ session, closed: session.nullable() })) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const equipmentCoding = await readerOf(db, req, b.equipment);
      await readerFolded(app.ctx, tenantOf(req), equipmentCoding);
      const out = await db.transaction(async (tx) =>
        openSession(tx, tenantOf(req), {
          equipmentCoding,
          subjectType: b.subjectType,
          subjectCode: b.subjectCode,
          subjectId: b.subjectId ?? null,
          kind: b.kind as Parameters<typeof openSession>[2]['kind'],
          ...(req.session ? { actor: req.session } : {}),
        }),
      );
      return reply.ok(out);
    },
  );

  app.post(
    '/rfid/sessions/:id/close',
    {
      config: { access: BUTTON, fieldLabels: LABELS },
      schema: {
        tags: ['rfid/sessions'],
        summary:
          "Close an open read session: its subject's check runs in the same transaction (a failing check leaves it open). 409 when it is not open. Device key or the receiving check's review button",
        params: z.object({ id }),
        response: { 200: envelope(z.object({ session })) },
      },
    },
    async (req, reply) => {
      const open = await getSession(db, tenantOf(req), req.params.id, reachOf(req));
      if (open.state === READ_SESSION_STATE.OPEN) await readerFolded(app.ctx, tenantOf(req), open.equipmentCoding);
      const closed = await db.transaction((tx) => closeSession(tx, tenantOf(req), { id: req.params.id }, reachOf(req), req.session));
      return reply.ok({ session: closed! });
    },
  );

  app.get(
    '/rfid/sessions/:id',
    {
      config: { access: QUERY, fieldLabels: LABELS },
      schema: {
        tags: ['rfid/sessions'],
        summary:
          "A read session and its EPCs in EPC order (limit, default 1,000, at most 10,000 a page; the next page: after = the page's last EPC)",
        params: z.object({ id }),
        querystring: z.object({ after: z.string().max(100).optional(), limit: z.coerce.number().int().min(1).max(10_000).optional() }),
        response: { 200: envelope(z.object({ session, epcs: z.array(sessionEpc), more: z.boolean() })) },
      },
    },
    async (req, reply) => {
      const tenantId = tenantOf(req);
      const found = await getSession(db, tenantId, req.params.id, reachOf(req));
      const limit = req.query.limit ?? 1000;
      const epcs = await sessionEpcs(db, tenantId, found.id, limit + 1, req.query.after ? normalizeHex(req.query.after) : '');
      return reply.ok({ session: found, epcs: epcs.slice(0, limit), more: epcs.length > limit });
    },
  );

  app.get(
    '/rfid/sessions',
    {
      config: { access: QUERY, fieldLabels: LABELS },
      schema: {
        tags: ['rfid/sessions'],
        summary: 'Read sessions, newest first (before = the previous page’s last id), by reader, state or subject',
        querystring: z.object({
          equipment: z.string().max(64).optional(),
          state: z.coerce.number().int().min(0).max(5).optional(),
          subjectType: z.string().max(32).optional(),
          subjectCode: z.string().max(64).optional(),
          before: id.optional(),
          limit: z.coerce.number().int().min(1).max(200).optional(),
        }),
        response: { 200: envelope(z.object({ list: z.array(session) })) },
      },
    },
    async (req, reply) =>
      reply.ok({ list: await listSessions(db, tenantOf(req), { ...req.query, limit: req.query.limit ?? 50 }, reachOf(req)) }),
  );

  app.post(
    '/rfid/handheld/sessions',
    {
      // 50,000 reads of about 150 characters each
      bodyLimit: 16 * 1024 * 1024,
      config: { access: 'device', fieldLabels: LABELS },
      schema: {
        tags: ['rfid/sessions'],
        summary: `Upload a handheld's session (operations.md F4), authenticated by the handheld's device key: {deviceSessionId, subject: {type, code}, startedAt, endedAt, reads: [{epc, tid, at, rssi (dBm), count}]}, at most ${HANDHELD_MAX_READS} reads. Without reads the header alone is recorded (state 0 RECORDED: reads to come); with them the session is UPLOADED (3). Idempotent by deviceSessionId: the same upload again changes nothing (duplicate: true). The reads go to the session, not to EPC state`,
        body: handheldDocument,
        response: { 200: envelope(z.object({ session, duplicate: z.boolean() })) },
      },
    },
    async (req, reply) => {
      const device = req.device!;
      const out = await db.transaction((tx) => uploadHandheld(tx, device.tenantId, device.deviceCode, req.body));
      return reply.ok(out);
    },
  );
};
