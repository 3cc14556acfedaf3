/**
 * A count screen's own routes (store/inventory, logistics/inventory): a count's detail for its
 * drawer (lines per SKU, EPCs per zone, its handheld sessions), refresh and sync as jobs, the upload
 * of a handheld's session for the count (F4's document, attached to it: subject count), and the
 * zones of a site for the form. The list, form, moves and export are the generic routes.
 */
import { DIFF_SOURCE, COUNT_STATUS as S } from '@tagloom/domain';
import { HANDHELD_MAX_READS } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest, conflict } from '../../../core/errors.js';
import { waitForJob } from '../../../core/queue/resource-jobs.js';
import { move } from '../../../core/resource/transitions.js';
import { queryRows } from '../../../db/client.js';
import { handheldDocument, SESSION_FIELD_LABELS, uploadHandheldAs } from '../../rfid/sessions/index.js';
import { erpStockHeadById } from '../erp/service.js';
import { COUNT_SUBJECT, countOf, shownEpcs } from './engine.js';
import { enqueueRefresh, enqueueSync, REFRESH_STATES, SYNC_STATES } from './jobs.js';
import { startCount, workflowOf, workflowRecordSchema } from './workflow.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Lines a detail shows at most (the largest differences first). */
const DETAIL_LINES = 1000;
/** The states a handheld session may still be attached in. */
const UPLOAD_STATES: readonly number[] = [S.NEW, S.COUNTING, S.COUNTED];

const jobAnswer = z.object({ jobId: z.string(), state: z.string(), message: z.string().optional() });

/** The routes of one count screen. */
export const countRoutes =
  (screen: string): FastifyPluginAsyncZod<Services> =>
  async (app, services) => {
    const db = app.ctx.db;
    const service = () => services.modules.service(screen);
    const tags = [screen];

    /** A job's answer: at once, or (wait=1) when it ended. */
    const answer = async (job: Awaited<ReturnType<typeof enqueueRefresh>>, wait: boolean, req: Parameters<typeof waitForJob>[2]) => {
      if (!wait) return { jobId: job.id, state: job.state };
      const done = await waitForJob(app.ctx, job, req);
      return { jobId: done.id, state: done.state, message: done.message };
    };

    app.get(
      `/${screen}/:id/detail`,
      {
        config: { access: { screen, action: 'query' } },
        schema: {
          tags,
          summary: `A count and its figures: its lines per SKU (expected frozen at the start, moved since the snapshot, counted, over, short; the largest differences first, at most ${DETAIL_LINES}), the EPCs counted per zone, and the handheld sessions attached to it`,
          params: z.object({ id }),
          response: {
            200: envelope(
              z.object({
                count: z.record(z.string(), z.unknown()),
                lines: z.array(z.record(z.string(), z.unknown())),
                lineCount: z.number(),
                zones: z.array(z.object({ zoneId: z.number().nullable(), name: z.string(), epcs: z.number() })),
                sessions: z.array(z.record(z.string(), z.unknown())),
                erp: z.object({ id: z.number(), externRef: z.string(), stockTime: z.string() }).nullable(),
                differenceList: z.object({ id: z.number(), code: z.string(), status: z.number() }).nullable(),
                workflow: z.array(workflowRecordSchema),
              }),
            ),
          },
        },
      },
      async (req, reply) => {
        const session = req.session!;
        const count = await service().get(session, req.params.id);
        const t = session.tenantId;
        // the ERP stock it is compared with, its figure per line for a count of the whole site (the ERP holds sites, not zones)
        const erpId = count.erpStockId == null ? null : Number(count.erpStockId);
        const erp = erpId === null ? undefined : await erpStockHeadById(db, t, erpId);
        const wholeSite = !(Array.isArray(count.zoneIds) && count.zoneIds.length);
        const erpQty =
          erp && wholeSite
            ? sql`(select e.qty from erp_stock_lines e where e.tenant_id = l.tenant_id and e.erp_stock_id = ${erp.id} and e.sku_id = l.sku_id)`
            : sql`null::int`;
        const lines = await queryRows<Record<string, unknown>>(
          db,
          sql`select l.sku_id::int as "skuId", k.sku_barcode as "skuBarcode", g.goods_name as "goodsName", k.colour, k.size,
                     l.expected_qty as "expectedQty", l.moved_qty as "movedQty", l.counted_qty as "countedQty",
                     l.over_qty as "overQty", l.short_qty as "shortQty", ${erpQty} as "erpQty"
                from stock_count_lines l
                left join goods_skus k on k.tenant_id = l.tenant_id and k.id = l.sku_id
                left join goods g on g.tenant_id = k.tenant_id and g.id = k.goods_id
               where l.tenant_id = ${t} and l.count_id = ${req.params.id}
               order by l.over_qty + l.short_qty desc, k.sku_barcode
               limit ${DETAIL_LINES}`,
        );
        const [{ n }] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from stock_count_lines where tenant_id = ${t} and count_id = ${req.params.id}`,
        );
        const zones = await queryRows<{ zone_id: string | number | null; name: string | null; epcs: number }>(
          db,
          sql`select e.zone_id, min(l.name) as name, count(*)::int as epcs from stock_count_epcs e
                left join locations l on l.tenant_id = e.tenant_id and l.id = e.zone_id
               where ${shownEpcs(t, Number(req.params.id))} group by e.zone_id order by 3 desc`,
        );
        const sessions = await queryRows<Record<string, unknown>>(
          db,
          sql`select s.id::int as id, s.code, s.equipment_coding as "equipmentCoding", s.state, s.epc_count as "epcCount",
                     s.started_at as "startedAt", s.ended_at as "endedAt"
                from rfid_read_sessions s
               where s.tenant_id = ${t} and s.subject_type = ${COUNT_SUBJECT} and s.subject_code = ${String(count.code)}
               order by s.id desc limit 50`,
        );
        const [list] = await queryRows<{ id: number; code: string; status: number }>(
          db,
          sql`select id::int, code, status from stock_difference_lists
               where tenant_id = ${t} and count_id = ${req.params.id} and source = ${DIFF_SOURCE.COUNT} order by id desc limit 1`,
        );
        return reply.ok({
          count,
          lines,
          lineCount: n,
          zones: zones.map((z) => ({ zoneId: z.zone_id == null ? null : Number(z.zone_id), name: z.name ?? '', epcs: z.epcs })),
          sessions,
          erp: erp ? { id: erp.id, externRef: erp.externRef, stockTime: erp.time.toISOString() } : null,
          differenceList: list ? { id: list.id, code: list.code, status: Number(list.status) } : null,
          workflow: await workflowOf(db, t, req.params.id),
        });
      },
    );

    app.get(
      `/${screen}/:id/workflow`,
      {
        config: { access: { screen, action: 'query' } },
        schema: {
          tags,
          summary:
            "A count's workflow records in Nedap's shape, oldest first: cycle_count_started when its expected was frozen (the snapshot), cycle_count_finished when it was approved, with epc_count (the EPCs it counted) and event_ids (the EPCIS eventIDs of the lifecycle events the approval wrote; GET /api/epcis/events/{eventID}); location is the site's SGLN (or the platform's URI of its code), mode stock_taking or cycle_counting",
          params: z.object({ id }),
          response: { 200: envelope(z.object({ records: z.array(workflowRecordSchema) })) },
        },
      },
      async (req, reply) => {
        const session = req.session!;
        await service().get(session, req.params.id);
        return reply.ok({ records: await workflowOf(db, session.tenantId, req.params.id) });
      },
    );

    /** A count's job route (refresh, sync): in the states it allows, queued, answered at once or when it ended (wait=1). */
    const jobRoute = (action: 'refresh' | 'sync', summary: string, states: readonly number[], enqueue: typeof enqueueRefresh) =>
      app.post(
        `/${screen}/:id/${action}`,
        {
          config: { access: { screen, action } },
          schema: {
            tags,
            summary,
            params: z.object({ id }),
            querystring: z.object({ wait: z.enum(['0', '1']).optional() }),
            response: { 200: envelope(jobAnswer) },
          },
        },
        async (req, reply) => {
          const session = req.session!;
          const row = await service().get(session, req.params.id);
          if (!states.includes(Number(row.status))) throw conflict(`count.${action}State`, { code: String(row.code) });
          const job = await enqueue(app.ctx, session, req.params.id);
          return reply.ok(await answer(job, req.query.wait === '1', req), `count.${action}Queued`, { code: String(row.code) });
        },
      );
    jobRoute(
      'refresh',
      "Refresh a count's result (counting or counted; no state change): a job (kind store.countRefresh) gathers the EPCs of the count's handheld sessions and those the overhead readers hold present in its scope (an EPC once, in the zone of its last read), 5,000 a statement, then its lines and figures. Answers {jobId} at once, or with wait=1 when it ended",
      REFRESH_STATES,
      enqueueRefresh,
    );
    jobRoute(
      'sync',
      "Synchronize a counted count's result with what moved since its snapshot (sales, returns, receipts, shipments: the book's journal) into each line's moved pieces (expected' = expected + moved), as a job (kind store.countSync; no state change). Answers {jobId}, or with wait=1 when it ended",
      SYNC_STATES,
      enqueueSync,
    );

    app.post(
      `/${screen}/:id/handheld`,
      {
        bodyLimit: 16 * 1024 * 1024,
        config: { access: { screen, action: 'upload' }, fieldLabels: SESSION_FIELD_LABELS },
        schema: {
          tags,
          summary: `Upload a handheld's session for this count (operations.md F4's document naming its reader as equipment; its subject is the count): at most ${HANDHELD_MAX_READS} reads; without reads the header alone (RECORDED: the count's approval waits for its reads). A new count starts with it (expected frozen then); a refresh job follows. Idempotent by reader and deviceSessionId`,
          params: z.object({ id }),
          body: handheldDocument.omit({ subject: true }).extend({ equipment: z.string().trim().min(1).max(64) }),
          response: {
            200: envelope(
              z.object({ code: z.string(), state: z.number(), epcCount: z.number(), duplicate: z.boolean(), jobId: z.string().nullable() }),
            ),
          },
        },
      },
      async (req, reply) => {
        const session = req.session!;
        const row = await service().get(session, req.params.id);
        if (!UPLOAD_STATES.includes(Number(row.status))) throw conflict('count.uploadState', { code: String(row.code) });
        if ((req.body.reads?.length ?? 0) > HANDHELD_MAX_READS) throw badRequest('pad.tooManyReads', { max: HANDHELD_MAX_READS });
        const { equipment, ...doc } = req.body;
        const out = await db.transaction(async (tx) => {
          const up = await uploadHandheldAs(tx, session, equipment, { ...doc, subject: { type: COUNT_SUBJECT, code: String(row.code) } });
          const c = (await countOf(tx, session.tenantId, req.params.id, true))!;
          if (c.status === S.NEW) {
            await move(tx, screen, c.id, 'autoStart', { tenantId: session.tenantId, userId: session.userId, username: session.username });
            await startCount(tx, session.tenantId, c, new Date(), session);
          }
          const job = up.duplicate || doc.reads === undefined ? undefined : await enqueueRefresh(app.ctx, session, c.id, tx);
          return { up, job };
        });
        const s = out.up.session;
        return reply.ok(
          { code: s.code, state: s.state, epcCount: s.epcCount, duplicate: out.up.duplicate, jobId: out.job?.id ?? null },
          out.up.duplicate ? 'pad.done.duplicate' : 'count.done.upload',
          { code: s.code, epcs: s.epcCount },
        );
      },
    );

    app.get(
      `/${screen}/zones`,
      {
        config: { access: { screen, action: 'query' } },
        schema: {
          tags,
          summary: "The zones of a site (its sales floor, stock room …) a count may be limited to, by name, within the user's place",
          querystring: z.object({ siteId: id }),
          response: { 200: envelope(z.object({ list: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })) })) },
        },
      },
      async (req, reply) => {
        const session = req.session!;
        const mine = session.party && (session.party.kind === 'store' || session.party.kind === 'warehouse') ? session.party.id : undefined;
        if (mine !== undefined && mine !== req.query.siteId) return reply.ok({ list: [] });
        const rows = await queryRows<{ id: string | number; code: string; name: string }>(
          db,
          sql`select id, code, name from locations where tenant_id = ${session.tenantId} and kind = 5 and site_id = ${req.query.siteId}
               order by code limit 200`,
        );
        return reply.ok({ list: rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name })) });
      },
    );

    app.get(
      `/${screen}/scope-options`,
      {
        config: { access: { screen, action: 'query' } },
        schema: {
          tags,
          summary: "What a count's goods may be limited to: the tenant's brands and its goods' categories",
          response: {
            200: envelope(z.object({ brands: z.array(z.object({ id: z.number(), name: z.string() })), categories: z.array(z.string()) })),
          },
        },
      },
      async (req, reply) => {
        const tenantId = req.session!.tenantId;
        const [brands, categories] = [
          await queryRows<{ id: string | number; brand_name: string }>(
            db,
            sql`select id, brand_name from brands where tenant_id = ${tenantId} order by brand_code limit 500`,
          ),
          await queryRows<{ c: string }>(
            db,
            sql`select distinct big_type as c from goods where tenant_id = ${tenantId} and big_type is not null and big_type <> ''
                 order by 1 limit 500`,
          ),
        ];
        return reply.ok({ brands: brands.map((b) => ({ id: Number(b.id), name: b.brand_name })), categories: categories.map((c) => c.c) });
      },
    );
  };
