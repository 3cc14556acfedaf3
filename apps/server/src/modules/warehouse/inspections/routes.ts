/**
 * The QI sample's routes (warehouse/receiving-qi, sample.ts): the readers of the inspection's QI
 * area, the sample as it stands (with what an open session read so far), and the start and close
 * of its read. A reader or handheld may open the same session with its device key through
 * /api/rfid/sessions (subjectType "qi", subjectCode the inspection's code): the same refusals apply.
 */
import { L } from '@tagloom/domain';
import { READ_SESSION_KIND } from '@tagloom/domain/rfid/sessions.js';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { conflict, notFound } from '../../../core/errors.js';
import { streamTopic } from '../../../core/live-stream.js';
import type { Stream } from '../../../core/sse.js';
import type { Tx } from '../../../db/client.js';
import { closeSession, openSession, readerFolded } from '../../rfid/sessions/index.js';
import { requireWmsGrant } from '../grants/guard.js';
import { followSampleReads, QI_SAMPLE_TOPIC, type SampleLive } from './live.js';
import { actingIn, openSampleOf, QI_SUBJECT, qiReaders, SAMPLING_STATES, sampleOf } from './sample.js';
import { wmsInspections } from './tables.js';

const SCREEN = 'warehouse/receiving-qi';
const LABELS = {
  id: L('质检单', '品檢單', 'Inspection'),
  equipment: L('读写器', '讀寫器', 'Reader'),
};
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const sampleEpc = z.object({
  epc: z.string(),
  skuId: z.number().nullable(),
  sku: z.string(),
  foreign: z.boolean(),
  readAt: z.string(),
  equipment: z.string(),
  reading: z.boolean(),
});
const openSession_ = z.object({
  id: z.number(),
  code: z.string(),
  equipmentCoding: z.string(),
  startedAt: z.string(),
  epcCount: z.number(),
});
const sample = z.object({
  inspection: z.object({
    id: z.number(),
    code: z.string(),
    status: z.number(),
    sampleSize: z.number(),
    inspectedQty: z.number(),
    siteId: z.number().nullable(),
  }),
  session: openSession_.nullable(),
  counted: z.number().describe('pieces of the lot in the sample (stored and, while a session is open, read so far)'),
  foreign: z.number().describe('EPCs read that are not of the inspected bill: shown, not counted'),
  epcs: z.array(sampleEpc),
});

export const inspectionRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const db = app.ctx.db;
  const open = new Set<Stream>();
  // the samples read here: their changes published (this process's fold and closes)
  const stop = followSampleReads(app.ctx);
  app.addHook('preClose', async () => {
    for (const s of [...open]) s.close();
  });
  app.addHook('onClose', async () => stop());

  /** The inspection the user reaches (its screen's scope: a keeper its warehouse's), or 404. */
  async function reached(tx: Tx, req: FastifyRequest, inspectionId: number) {
    const s = services.modules.service(SCREEN);
    const [row] = await tx
      .select()
      .from(wmsInspections)
      .where(s.scope(req.session!, eq(wmsInspections.id, inspectionId)));
    if (!row) throw notFound(s.def.names);
    return row as Record<string, unknown>;
  }
  const slim = (s: { id: number; code: string; equipmentCoding: string; startedAt: string; epcCount: number } | null | undefined) =>
    s ? { id: s.id, code: s.code, equipmentCoding: s.equipmentCoding, startedAt: s.startedAt, epcCount: s.epcCount } : null;

  app.get(
    `/${SCREEN}/qi-readers`,
    {
      config: { access: { screen: SCREEN, action: 'query' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          "The readers that read an inspection's sample: bound to a QI-area zone of its warehouse in a tunnel or handheld scene, each with the subject it is reading for now (busyWith), if any",
        querystring: z.object({ id }),
        response: {
          200: envelope(
            z.object({
              list: z.array(
                z.object({
                  code: z.string(),
                  name: z.string(),
                  zone: z.string(),
                  busyWith: z.object({ type: z.string(), code: z.string() }).nullable(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const row = await reached(db, req, req.query.id);
      const list = row.siteId == null ? [] : await qiReaders(db, req.session!.tenantId, Number(row.siteId), req.session);
      return reply.ok({ list });
    },
  );

  app.get(
    `/${SCREEN}/sample`,
    {
      config: { access: { screen: SCREEN, action: 'query' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          "An inspection's sample: the EPCs read at its QI area with their SKU (foreign ones: not of the inspected bill, not counted), the pieces counted against the plan's sample size, and its open sample session with what it read so far (reading: true)",
        querystring: z.object({ id }),
        response: { 200: envelope(sample) },
      },
    },
    async (req, reply) => {
      const row = await reached(db, req, req.query.id);
      const out = await sampleOf(db, req.session!.tenantId, row);
      return reply.ok({ ...out, session: slim(out.session) });
    },
  );

  app.get(
    `/${SCREEN}/sample/live`,
    {
      config: { access: { screen: SCREEN, action: 'query' }, fieldLabels: LABELS, skipOperationLog: true },
      schema: {
        tags: [SCREEN],
        summary:
          "Server-Sent Events: `ready`, then `sample` ({ inspectionId, open }) each time the inspection's sample changes — its read session opened, read (at most 2 a second) or closed — to ask GET …/sample again; a comment line every 15 s",
        querystring: z.object({ id }),
      },
    },
    async (req, reply) => {
      const row = await reached(db, req, req.query.id);
      const inspectionId = Number(row.id);
      await streamTopic<SampleLive>(app.ctx, reply, open, {
        tenantId: req.session!.tenantId,
        topic: QI_SAMPLE_TOPIC,
        event: 'sample',
        ready: { inspectionId },
        shape: (msg) => (msg.data?.inspectionId === inspectionId ? { ...msg.data, at: msg.at } : undefined),
      });
    },
  );

  app.post(
    `/${SCREEN}/sample/start`,
    {
      config: { access: { screen: SCREEN, action: 'readSample' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          "Start reading an inspection's sample at a reader of a QI area of its warehouse: a read session (kind QI, subject qi) whose EPCs become the sample when it closes. Refused for a reader outside the inspection's QI areas (400), an inspection already submitted, a sample of it already being read, or a reader reading for another subject (409)",
        body: z.object({ id, equipment: z.string().trim().min(1).max(64) }),
        response: { 200: envelope(z.object({ session: openSession_ })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const out = await db.transaction(async (tx) => {
        const row = await reached(tx, req, req.body.id);
        await requireWmsGrant(tx, session, row.siteId == null ? null : Number(row.siteId), 'qi');
        actingIn(tx, session);
        return openSession(tx, session.tenantId, {
          equipmentCoding: req.body.equipment,
          subjectType: QI_SUBJECT,
          subjectCode: String(row.code),
          subjectId: Number(row.id),
          kind: READ_SESSION_KIND.QI,
          actor: session,
        });
      });
      return reply.ok({ session: slim(out.session)! }, 'qi.done.sampleStart', { equipment: out.session.equipmentCoding });
    },
  );

  app.post(
    `/${SCREEN}/sample/close`,
    {
      config: { access: { screen: SCREEN, action: 'readSample' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          "Close the inspection's open sample read: the EPCs it read join the sample (foreign ones marked), the pieces inspected = the counted sample, a pending inspection is inspecting. A sample short of the plan's size is stored all the same; the answer says how many are missing (short). 409 when no sample is being read",
        body: z.object({ id }),
        response: {
          200: envelope(
            z.object({
              read: z.number(),
              counted: z.number(),
              foreign: z.number(),
              sampleSize: z.number(),
              short: z.number(),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const tenantId = session.tenantId;
      const before = await reached(db, req, req.body.id);
      const open = await openSampleOf(db, tenantId, String(before.code));
      if (!open) throw conflict('qi.noSampleOpen', { code: String(before.code) });
      // the reader's last batches count for this sample, not for the next session
      await readerFolded(app.ctx, tenantId, open.equipmentCoding);
      const out = await db.transaction(async (tx) => {
        const row = await reached(tx, req, req.body.id);
        await requireWmsGrant(tx, session, row.siteId == null ? null : Number(row.siteId), 'qi');
        if (!SAMPLING_STATES.includes(Number(row.status))) throw conflict('qi.sampleSubmitted', { code: String(row.code) });
        actingIn(tx, session);
        const closed = await closeSession(tx, tenantId, { id: open.id }, undefined, session);
        const now = await sampleOf(tx, tenantId, { ...row, ...(await reached(tx, req, req.body.id)) });
        return { read: closed?.epcCount ?? 0, counted: now.counted, foreign: now.foreign, sampleSize: now.inspection.sampleSize };
      });
      const short = Math.max(0, out.sampleSize - out.counted);
      return reply.ok({ ...out, short }, short ? 'qi.done.sampleShort' : 'qi.done.sample', {
        counted: out.counted,
        sample: out.sampleSize,
        short,
        foreign: out.foreign,
      });
    },
  );
};
