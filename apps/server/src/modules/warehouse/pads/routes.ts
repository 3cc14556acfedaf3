/**
 * Pad review's own routes (warehouse/pad-review): the upload of a handheld's session document as a
 * file, for a device that cannot post it (operations.md F4), and a session's EPCs for the screen's
 * drawer. The list, export, review and reject are the generic routes of its declaration.
 */
import { HANDHELD_MAX_READS } from '@tagloom/domain/rfid/sessions.js';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest, notFound, validationError } from '../../../core/errors.js';
import { handheldDocument, SESSION_FIELD_LABELS, sessionEpcs, uploadHandheldAs } from '../../rfid/sessions/index.js';
import { padSessions } from './tables.js';

const SCREEN = 'warehouse/pad-review';
/** 50,000 reads of about 150 characters each, with room for the header and spacing */
const FILE_MAX_BYTES = 16 * 1024 * 1024;

/** The document a file holds: F4's, naming its reader as `equipment` (or `device`). */
const fileDocument = handheldDocument.extend({
  equipment: z.string().trim().min(1).max(64),
});
const LABELS = { ...SESSION_FIELD_LABELS, device: SESSION_FIELD_LABELS.equipment };

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const padRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const db = app.ctx.db;
  const service = () => services.modules.service(SCREEN);

  app.post(
    `/${SCREEN}/upload`,
    {
      config: { access: { screen: SCREEN, action: 'upload' } },
      schema: {
        tags: [SCREEN],
        summary: `Upload a handheld's session document as a file (multipart field "file", JSON, at most ${FILE_MAX_BYTES / 1024 / 1024} MB): {deviceSessionId, equipment (or device): the reader's code, subject: {type, code}, startedAt, endedAt, reads: [{epc, tid, at, rssi (dBm), count}]}, at most ${HANDHELD_MAX_READS} reads — the document a handheld posts to /api/rfid/handheld/sessions, stored the same way (without reads: the header alone, RECORDED; with them: UPLOADED). Idempotent by the reader and deviceSessionId (duplicate: true, nothing changed). Refused (400 naming the field) for a file that is not JSON, a field out of its rules, too many reads, or a reader the tenant (or the user's place) does not have`,
        response: {
          200: envelope(z.object({ id: z.number(), code: z.string(), state: z.number(), epcCount: z.number(), duplicate: z.boolean() })),
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('pad.noFile');
      let text: string | undefined;
      try {
        for await (const part of req.files({ limits: { files: 2, fileSize: FILE_MAX_BYTES } })) {
          if (text !== undefined) throw badRequest('pad.noFile');
          text = (await part.toBuffer()).toString('utf8');
        }
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        throw badRequest('resource.importFileTooLarge', { max: FILE_MAX_BYTES / 1024 / 1024 });
      }
      if (text === undefined) throw badRequest('pad.noFile');
      let doc: unknown;
      try {
        doc = JSON.parse(text.replace(/^\uFEFF/, ''));
      } catch (err) {
        throw badRequest('pad.badJson', { detail: (err as Error).message.slice(0, 120) });
      }
      if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw badRequest('pad.notObject');
      const given = doc as Record<string, unknown>;
      // a device's own name for its code
      if (given.equipment === undefined && given.device !== undefined) given.equipment = given.device;
      else if (given.device !== undefined && given.device !== given.equipment) throw badRequest('pad.deviceMismatch');
      delete given.device;
      if (Array.isArray(given.reads) && given.reads.length > HANDHELD_MAX_READS)
        throw badRequest('pad.tooManyReads', { max: HANDHELD_MAX_READS, count: given.reads.length });
      const parsed = fileDocument.safeParse(given);
      if (!parsed.success) throw validationError(req.lang, parsed.error.issues, LABELS);
      const { equipment, ...upload } = parsed.data;
      const { session, duplicate } = await db.transaction((tx) => uploadHandheldAs(tx, req.session!, equipment, upload));
      const out = { id: session.id, code: session.code, state: session.state, epcCount: session.epcCount, duplicate };
      return reply.ok(out, duplicate ? 'pad.done.duplicate' : 'pad.done.upload', { code: session.code, epcs: session.epcCount });
    },
  );

  app.get(
    `/${SCREEN}/epcs`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary:
          "A pad session's EPCs in EPC order (limit, default 500, at most 5,000 a page; the next page: after = the page's last EPC), for a session the user reaches",
        querystring: z.object({
          id,
          after: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(5000).optional(),
        }),
        response: {
          200: envelope(
            z.object({
              epcs: z.array(
                z.object({
                  epc: z.string(),
                  firstAt: z.string(),
                  lastAt: z.string(),
                  reads: z.number(),
                  maxRssiCdbm: z.number().nullable(),
                  antenna: z.number().nullable(),
                }),
              ),
              more: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const s = service();
      const [row] = await db
        .select({ id: padSessions.id })
        .from(padSessions)
        .where(s.scope(req.session!, eq(padSessions.id, req.query.id)));
      if (!row) throw notFound(s.def.names);
      const limit = req.query.limit ?? 500;
      const epcs = await sessionEpcs(db, req.session!.tenantId, req.query.id, limit + 1, (req.query.after ?? '').toUpperCase());
      return reply.ok({ epcs: epcs.slice(0, limit), more: epcs.length > limit });
    },
  );
};
