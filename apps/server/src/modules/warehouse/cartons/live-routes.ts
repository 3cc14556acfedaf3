import { READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import type { SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { notFound } from '../../../core/errors.js';
import { streamTopic } from '../../../core/live-stream.js';
import type { Stream } from '../../../core/sse.js';
import { goodsOfEpcs } from '../../label/tags/whereabouts.js';
import { readersReached } from '../../rfid/ingest/routes.js';
import { TRIGGERED_SUBJECT, tunnelDocks } from '../../rfid/sessions/index.js';
import { grantedPlaces } from '../grants/guard.js';
import { CARTON_TOPIC, type CartonLive, cartonEpcs, cartonsLive, EPC_RESULTS, followCartonReads, progressOf } from './live.js';
import { wmsCartons } from './tables.js';

const SCREEN = 'warehouse/receiving-check';
/** A carton's EPCs the drawer lists at most (a carton holds hundreds). */
const EPCS_MAX = 5000;
/** Cartons whose scope a stream remembers (then it asks again). */
const SCOPE_CACHE_MAX = 5000;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const counts = {
  expected: z.number(),
  read: z.number(),
  matched: z.number(),
  missing: z.number(),
  over: z.number(),
  foreign: z.number(),
  unknown: z.number(),
};
const cartonLive = z.object({
  kind: z.enum(['result', 'progress']),
  cartonId: z.number(),
  cartonNo: z.string(),
  billId: z.number(),
  billCode: z.string(),
  status: z.number(),
  result: z.number(),
  equipmentCoding: z.string().nullable(),
  locationId: z.number().nullable(),
  zoneName: z.string().nullable(),
  ...counts,
  checkedAt: z.string().nullable(),
  holdReason: z.string(),
  session: z.object({ id: z.number(), code: z.string(), epcCount: z.number(), readCount: z.number(), startedAt: z.string() }).optional(),
});
const dock = z.object({
  equipmentCoding: z.string(),
  equipmentName: z.string(),
  locationId: z.number().nullable(),
  locationName: z.string().nullable(),
  online: z.boolean(),
  current: cartonLive.nullable(),
  last: cartonLive.nullable(),
});
const resultName = z.enum(Object.keys(EPC_RESULTS) as [keyof typeof EPC_RESULTS, ...(keyof typeof EPC_RESULTS)[]]);

export const cartonLiveRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const db = app.ctx.db;
  const service = () => services.modules.service(SCREEN);
  /** The ids among `ids` of cartons the session's receiving check shows (its scope: tenant, screen, party). */
  const reached = async (session: SessionInfo, where: SQL) =>
    new Set((await db.select({ id: wmsCartons.id }).from(wmsCartons).where(service().scope(session, where))).map((r) => Number(r.id)));

  const open = new Set<Stream>();
  // the cartons read in a tunnel: their progress published (this process's fold and scans)
  const stop = followCartonReads(app.ctx);
  app.addHook('preClose', async () => {
    for (const s of [...open]) s.close();
  });
  app.addHook('onClose', async () => stop());

  app.get(
    `/${SCREEN}/live`,
    {
      config: { access: { screen: SCREEN, action: 'query' }, skipOperationLog: true },
      schema: {
        tags: [SCREEN],
        summary:
          'Server-Sent Events: `ready`, then `carton` (kind result: a carton checked, accepted, held, read again or put away; kind progress: a carton in a tunnel, its reads so far, at most 2 a second) — the cartons of the receiving check the user reaches; a comment line every 15 s',
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const tenantId = session.tenantId;
      // the user hears the cartons its list shows (the screen's rows, its party's): asked once a carton, then remembered
      const known = new Map<number, boolean>();
      const visible = async (cartonId: number) => {
        let ok = known.get(cartonId);
        if (ok === undefined) {
          ok = (await reached(session, eq(wmsCartons.id, cartonId))).has(cartonId);
          if (known.size >= SCOPE_CACHE_MAX) known.clear();
          known.set(cartonId, ok);
        }
        return ok;
      };
      await streamTopic<CartonLive>(app.ctx, reply, open, {
        tenantId,
        topic: CARTON_TOPIC,
        event: 'carton',
        async shape(msg) {
          const data = msg.data;
          if (!data?.cartonId || !(await visible(data.cartonId))) return undefined;
          return { ...data, at: msg.at };
        },
      });
    },
  );

  app.get(
    `/${SCREEN}/docks`,
    {
      config: { access: { screen: SCREEN, action: 'query' }, skipOperationLog: true },
      schema: {
        tags: [SCREEN],
        summary:
          "The receiving check's docks: the tunnel readers bound to a receiving-dock zone (DOCK_IN) of a warehouse that the user reaches, each with the carton in its tunnel now (its reads so far) and the last carton it checked (of the cartons the user reaches)",
        response: { 200: envelope(z.array(dock)) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const tenantId = session.tenantId;
      // a warehouse's user: the docks of the zones its receiving grant names (the guard refuses the others)
      const reach = readersReached(sql`e.equipment_coding`, session);
      const granted = grantedPlaces(session, 'receive', sql`e.location_id`);
      const docks = await tunnelDocks(db, tenantId, reach && granted ? sql`${reach} and ${granted}` : (reach ?? granted));
      if (!docks.length) return reply.ok([]);
      const codes = docks.map((d) => d.equipmentCoding);
      // the last carton each dock checked, among the user's
      const mine = await reached(
        session,
        sql`${wmsCartons.id} in (select distinct on (x.device_no) x.id from wms_cartons x
              where x.tenant_id = ${tenantId} and x.checked_at is not null and x.device_no in (${sql.join(
                codes.map((c) => sql`${c}`),
                sql`, `,
              )})
              order by x.device_no, x.checked_at desc, x.id desc)`,
      );
      const last = mine.size
        ? await cartonsLive(
            db,
            tenantId,
            sql`c.id in (${sql.join(
              [...mine].map((n) => sql`${n}`),
              sql`, `,
            )})`,
          )
        : [];
      const lastOf = new Map(last.map((c) => [c.equipmentCoding ?? '', c]));
      const out = [];
      for (const d of docks) {
        let current: CartonLive | null = null;
        if ((d.open?.subjectType === 'carton' || d.open?.subjectType === TRIGGERED_SUBJECT) && d.open.state === READ_SESSION_STATE.OPEN) {
          const p = await progressOf(db, d.open);
          if (p && (await reached(session, eq(wmsCartons.id, p.cartonId))).has(p.cartonId)) current = p;
        }
        const { open: _open, ...reader } = d;
        out.push({ ...reader, current, last: lastOf.get(d.equipmentCoding) ?? null });
      }
      return reply.ok(out);
    },
  );

  await epcsRoute(app, services, SCREEN);
};

/**
 * GET <screen>/epcs?id=&result= — a carton's EPCs with their result and SKU (the drawer of a carton
 * list: the receiving check's, packing's), the carton in that screen's scope (its rows, the user's party).
 */
async function epcsRoute(app: Parameters<FastifyPluginAsyncZod<Services>>[0], services: Services, screen: string) {
  const db = app.ctx.db;
  const service = () => services.modules.service(screen);
  const reached = async (session: SessionInfo, where: SQL) =>
    new Set((await db.select({ id: wmsCartons.id }).from(wmsCartons).where(service().scope(session, where))).map((r) => Number(r.id)));
  app.get(
    `/${screen}/epcs`,
    {
      config: {
        access: { screen, action: 'query' },
        skipOperationLog: true,
        fieldLabels: { result: { zh_CN: '核对结果', zh_TW: '核對結果', en_US: 'Result' } },
      },
      schema: {
        tags: [screen],
        summary: `A carton's EPCs (at most ${EPCS_MAX}, EPC order) with their result (pending: expected, not read yet; matched, missing, over, foreign, unknown), source and SKU, of one result when asked; the counts by result. A carton the user's list on this screen does not show: 404`,
        querystring: z.object({ id, result: resultName.optional() }),
        response: {
          200: envelope(
            z.object({
              carton: cartonLive,
              epcs: z.array(
                z.object({
                  epc: z.string(),
                  result: resultName,
                  source: z.number(),
                  skuBarcode: z.string().nullable(),
                  goodsName: z.string().nullable(),
                  colour: z.string().nullable(),
                  size: z.string().nullable(),
                }),
              ),
              counts: z.record(z.string(), z.number()),
              more: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const tenantId = session.tenantId;
      const cartonId = req.query.id;
      if (!(await reached(session, eq(wmsCartons.id, cartonId))).has(cartonId)) throw notFound(service().def.names);
      const [carton] = await cartonsLive(db, tenantId, sql`c.id = ${cartonId}`);
      const found = await cartonEpcs(db, tenantId, cartonId, req.query.result, EPCS_MAX);
      const goods = await goodsOfEpcs(
        db,
        tenantId,
        found.epcs.map((e) => e.epc),
      );
      const epcs = found.epcs.map((e) => {
        const g = goods.get(e.epc);
        return {
          ...e,
          skuBarcode: g?.skuBarcode ?? null,
          goodsName: g?.goodsName ?? null,
          colour: g?.colour ?? null,
          size: g?.size ?? null,
        };
      });
      return reply.ok({ carton, epcs, counts: found.counts, more: found.more });
    },
  );
}

/** A carton list's EPC drawer route (epcsRoute) for another module's carton screen (packing). */
export const cartonEpcsRoutes =
  (screen: string): FastifyPluginAsyncZod<Services> =>
  async (app, services) =>
    epcsRoute(app, services, screen);
