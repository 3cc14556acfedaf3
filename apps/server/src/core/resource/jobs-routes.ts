import { translate } from '@tagloom/domain';
import { and, desc, eq, gt, gte, inArray, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobs } from '../../db/schema/index.js';
import { envelope, localizeParams } from '../envelope.js';
import { conflict, notFound } from '../errors.js';
import { FileService, sendStoredFile } from '../files.js';
import { cancelJob, jobView, queuePositions } from '../queue/queue.js';
import { FINAL_STATES, type JobRow } from '../queue/registry.js';

const jobShape = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.string(),
  /** while queued behind a limit (exports): its place in the tenant's line, 1 next */
  position: z.number().nullable(),
  done: z.number(),
  total: z.number(),
  message: z.string(),
  messageKey: z.string(),
  result: z.unknown(),
  download: z.boolean(),
  attempts: z.number(),
  cancelRequested: z.boolean(),
  final: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
});
const idParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
/** how often an event stream looks at the rows it follows */
const EVENTS_POLL_MS = 250;
/** the stream of all of a caller's jobs ends when none has run for this long, or after the second (the console opens it again) */
const ALL_EVENTS_IDLE_MS = 5_000;
const ALL_EVENTS_MAX_MS = 5 * 60_000;
/** a comment line keeps proxies from closing a quiet stream */
const HEARTBEAT_MS = 15_000;

/**
 * The caller's own jobs (imports, exports, …): state and progress, cancel, the result file, and
 * progress pushed as Server-Sent Events. A job is its starter's: another user of the tenant does
 * not see it (its result names rows and errors). The event streams poll the rows: no process keeps
 * anything another process would need.
 */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = new FileService(app.ctx);
  const view = (req: FastifyRequest, row: JobRow, position?: number) =>
    jobView(row, (key, params) => translate(req.lang, key, localizeParams(req.lang, params)), position);
  /** the rows as shown, a queued one with its place in line */
  const views = async (req: FastifyRequest, rows: JobRow[]) => {
    const at = await queuePositions(app.ctx.db, rows);
    return rows.map((r) => view(req, r, at.get(r.id)));
  };
  const mine = (req: FastifyRequest, ...more: Parameters<typeof and>) =>
    and(eq(jobs.tenantId, req.session!.tenantId), eq(jobs.createdBy, req.session!.userId), ...more);
  const one = async (req: FastifyRequest, id: string) => {
    const [row] = await app.ctx.db
      .select()
      .from(jobs)
      .where(mine(req, eq(jobs.id, id)));
    if (!row) throw notFound('resource.job');
    return row;
  };

  app.get(
    '/jobs',
    {
      config: { access: 'session' },
      schema: {
        tags: ['common'],
        summary: "The caller's latest jobs (at most 20), newest first",
        response: { 200: envelope(z.array(jobShape)) },
      },
    },
    async (req, reply) => {
      const rows = await app.ctx.db.select().from(jobs).where(mine(req)).orderBy(desc(jobs.createdAt)).limit(20);
      return reply.ok(await views(req, rows));
    },
  );

  app.get(
    '/jobs/:id',
    {
      config: { access: 'session' },
      schema: { tags: ['common'], summary: 'State and progress of a job', params: idParams, response: { 200: envelope(jobShape) } },
    },
    async (req, reply) => reply.ok((await views(req, [await one(req, req.params.id)]))[0]),
  );

  app.post(
    '/jobs/:id/cancel',
    {
      config: { access: 'session' },
      schema: {
        tags: ['common'],
        summary: 'Cancel a job: a queued one at once, a running one at its next progress report (what it wrote is undone)',
        params: idParams,
        response: { 200: envelope(jobShape) },
      },
    },
    async (req, reply) => {
      const row = await cancelJob(app.ctx.db, req.session!.tenantId, req.session!.userId, req.params.id, {
        ctx: app.ctx,
        services: app.services,
      });
      if (!row) throw notFound('resource.job');
      if (row.state !== 'cancelled' && FINAL_STATES.includes(row.state)) throw conflict('jobs.alreadyEnded');
      return reply.ok((await views(req, [row]))[0], 'jobs.cancelAsked');
    },
  );

  app.get(
    '/jobs/:id/download',
    {
      config: { access: 'session' },
      schema: { tags: ['common'], summary: "The file a finished job made (an export's .xlsx)", params: idParams },
    },
    async (req, reply) => {
      const row = await one(req, req.params.id);
      if (row.state !== 'done' || row.resultFileId === null) throw conflict('jobs.noFile');
      const { file, stream } = await files.open(req.scope, row.resultFileId);
      return sendStoredFile(reply, file, stream);
    },
  );

  /** Streams `event: job` with the row whenever it changed, until `until` says the stream is over. */
  const stream = async (
    req: FastifyRequest,
    reply: FastifyReply,
    load: (since: Date | undefined) => Promise<JobRow[]>,
    until: (rows: Map<string, JobRow>) => boolean,
  ) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    let open = true;
    req.raw.on('close', () => {
      open = false;
    });
    const seen = new Map<string, JobRow>();
    const sent = new Map<string, string>();
    let since: Date | undefined;
    let beat = Date.now();
    try {
      while (open) {
        const rows = await load(since);
        // a queued job's place in line moves while its row stays as it was: sent when the view changed
        const shown = await views(req, rows);
        for (const [i, r] of rows.entries()) {
          seen.set(r.id, r);
          if (!since || r.updatedAt > since) since = r.updatedAt;
          const data = JSON.stringify(shown[i]);
          if (sent.get(r.id) === data) continue;
          sent.set(r.id, data);
          res.write(`event: job\ndata: ${data}\n\n`);
          beat = Date.now();
        }
        if (until(seen)) break;
        if (Date.now() - beat > HEARTBEAT_MS) {
          res.write(': beat\n\n');
          beat = Date.now();
        }
        await new Promise((r) => setTimeout(r, EVENTS_POLL_MS));
      }
      if (open) res.write('event: end\ndata: {}\n\n');
    } catch (err) {
      req.log.warn({ err }, 'job event stream failed');
    } finally {
      res.end();
    }
  };

  app.get(
    '/jobs/:id/events',
    {
      config: { access: 'session' },
      schema: {
        tags: ['common'],
        summary: 'Progress of a job as Server-Sent Events (event "job" with the job, then "end" once it has ended)',
        params: idParams,
      },
    },
    async (req, reply) => {
      const first = await one(req, req.params.id);
      let initial: JobRow[] | undefined = [first];
      await stream(
        req,
        reply,
        async () => {
          if (initial) {
            const r = initial;
            initial = undefined;
            return r;
          }
          return app.ctx.db
            .select()
            .from(jobs)
            .where(mine(req, eq(jobs.id, first.id)));
        },
        (rows) => FINAL_STATES.includes(rows.get(first.id)?.state ?? 'done'),
      );
    },
  );

  app.get(
    '/jobs/events',
    {
      config: { access: 'session' },
      schema: {
        tags: ['common'],
        summary:
          "All of the caller's jobs as Server-Sent Events: the unfinished (and just ended) ones at once, then every change; ends 5 s after none is unfinished (open it again to go on following)",
      },
    },
    async (req, reply) => {
      const opened = Date.now();
      let active = opened;
      await stream(
        req,
        reply,
        (since) =>
          app.ctx.db
            .select()
            .from(jobs)
            .where(
              mine(
                req,
                since
                  ? // the queued ones each time too: their place in line moves without their row changing
                    or(gte(jobs.updatedAt, since), eq(jobs.state, 'queued'))
                  : or(inArray(jobs.state, ['queued', 'running']), gt(jobs.finishedAt, new Date(Date.now() - 60_000))),
              ),
            )
            .orderBy(jobs.updatedAt)
            .limit(100),
        (rows) => {
          const now = Date.now();
          if ([...rows.values()].some((r) => !FINAL_STATES.includes(r.state))) active = now;
          return now - active > ALL_EVENTS_IDLE_MS || now - opened > ALL_EVENTS_MAX_MS;
        },
      );
    },
  );
};
