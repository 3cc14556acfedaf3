/**
 * Server push for the console (area L): Server-Sent Events over a plain GET the console reads with
 * fetch (its session travels in the `token` header, which EventSource cannot send).
 *
 * - GET /api/rfid/live?equipmentCoding=… — the reads of the session's tenant as their batches
 *   commit (any process: core/live.ts), optionally of one reader (screen rfid/raw-data, query),
 *   each with its goods (SKU, style, colour, size: goods.ts); a user bound to a party hears the
 *   readers of its place only.
 * - GET /api/dashboard/live — the dashboard's RFID counters, pushed when reads arrive, at most
 *   once a second per tenant (screen dashboard/admin, query).
 *
 * Each stream starts with `event: ready`, sends a comment line every 15 s (heartbeat: proxies keep
 * it open, a dead client is noticed), and ends on client abort or server stop.
 */
import { Code } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { AppError } from '../../../core/errors.js';
import { LIVE_TOPICS, LiveFullError, type LiveReadsData, subscribeLive } from '../../../core/live.js';
import { streamTopic } from '../../../core/live-stream.js';
import { HEARTBEAT_MS, openStream, type Stream } from '../../../core/sse.js';
import { readersReached } from '../ingest/routes.js';
import { GoodsCache } from './goods.js';
import { liveReaders, type RfidCounters, readers, readsToday, tagsByState } from './service.js';

/** The dashboard stream pushes a tenant's counters at most this often. */
export const DASHBOARD_THROTTLE_MS = 1000;
/** Tags by state (a count over every EPC of the tenant, the costly part) are counted again at most this often. */
export const TAGS_BY_STATE_MS = 10_000;

const _full = () => new AppError(503, Code.UNAVAILABLE, 'live.tooManyStreams');

/**
 * The dashboard streams of this process, by tenant: one counter query per tenant per second at most,
 * whatever the number of open dashboards, fanned out to all of them. New reads and folded EPC states
 * (the fold runs just after the reads commit) both refresh them; tags by state are counted at most
 * every TAGS_BY_STATE_MS, and once more after the last fold so the final figure always shows.
 */
class DashboardPusher {
  private tenants = new Map<
    number,
    {
      streams: Set<Stream>;
      unsubscribes: (() => void)[];
      timer?: NodeJS.Timeout;
      /** a refresh due when the tags-by-state figure may be counted again */
      followUp?: NodeJS.Timeout;
      last: number;
      states?: { at: number; value: RfidCounters['tagsByState'] };
      /** states were folded since tags by state were counted */
      statesStale?: boolean;
    }
  >();

  constructor(private readonly ctx: AppContext) {}

  /** Reads today and readers online afresh; tags by state when older than TAGS_BY_STATE_MS. */
  private async counters(tenantId: number): Promise<RfidCounters> {
    const t = this.tenants.get(tenantId);
    const age = t?.states ? Date.now() - t.states.at : Number.POSITIVE_INFINITY;
    const fresh = age < TAGS_BY_STATE_MS ? t?.states?.value : undefined;
    if (t && !fresh) t.statesStale = false;
    const [today, r, states] = await Promise.all([
      readsToday(this.ctx.db, tenantId),
      readers(this.ctx.db, tenantId),
      fresh ?? tagsByState(this.ctx.db, tenantId),
    ]);
    if (t && !fresh) t.states = { at: Date.now(), value: states };
    if (t?.statesStale && !t.followUp) {
      // counted before the latest fold: count again when allowed
      t.followUp = setTimeout(
        () => {
          t.followUp = undefined;
          this.schedule(tenantId);
        },
        Math.max(0, TAGS_BY_STATE_MS - age),
      );
      t.followUp.unref();
    }
    return { readsToday: today, readersOnline: r.online, readersTotal: r.total, tagsByState: states };
  }

  async add(tenantId: number, stream: Stream): Promise<void> {
    let t = this.tenants.get(tenantId);
    if (!t) {
      t = { streams: new Set(), last: 0, unsubscribes: [] };
      this.tenants.set(tenantId, t);
      const entry = t;
      try {
        entry.unsubscribes.push(await subscribeLive(this.ctx, tenantId, LIVE_TOPICS.reads, () => this.schedule(tenantId)));
        entry.unsubscribes.push(
          await subscribeLive(this.ctx, tenantId, LIVE_TOPICS.states, () => {
            entry.statesStale = true;
            this.schedule(tenantId);
          }),
        );
      } catch (err) {
        for (const u of entry.unsubscribes) u();
        this.tenants.delete(tenantId);
        throw err;
      }
    }
    t.streams.add(stream);
    stream.send('counters', await this.counters(tenantId));
  }

  remove(tenantId: number, stream: Stream): void {
    const t = this.tenants.get(tenantId);
    if (!t) return;
    t.streams.delete(stream);
    if (!t.streams.size) {
      clearTimeout(t.timer);
      clearTimeout(t.followUp);
      for (const u of t.unsubscribes) u();
      this.tenants.delete(tenantId);
    }
  }

  private schedule(tenantId: number): void {
    const t = this.tenants.get(tenantId);
    if (!t || t.timer) return;
    const wait = Math.max(0, t.last + DASHBOARD_THROTTLE_MS - Date.now());
    t.timer = setTimeout(() => {
      t.last = Date.now();
      this.counters(tenantId)
        .then((c) => {
          for (const s of t.streams) s.send('counters', c);
        })
        .catch((err) => this.ctx.log.warn({ err, tenantId }, 'dashboard counters failed'))
        .finally(() => {
          t.timer = undefined;
        });
    }, wait);
    t.timer.unref();
  }
}

const liveReader = z.object({
  equipmentCoding: z.string(),
  equipmentName: z.string(),
  locationName: z.string().nullable(),
  online: z.boolean(),
});

const equipmentCoding = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9_-]*$/)
  .optional()
  .describe('one reader (equipment code); every reader of the tenant when absent');

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<Stream>();
  const dashboards = new DashboardPusher(app.ctx);
  // end the streams before the server waits for its connections to close
  app.addHook('preClose', async () => {
    for (const s of [...open]) s.close();
  });

  app.get(
    '/rfid/live',
    {
      config: {
        access: { screen: 'rfid/raw-data', action: 'query' },
        skipOperationLog: true,
        fieldLabels: { equipmentCoding: { zh_CN: '设备编码', zh_TW: '設備編碼', en_US: 'Equipment code' } },
      },
      schema: {
        tags: ['rfid'],
        summary:
          'Server-Sent Events: the reads of the session tenant as they are committed (event `reads`: LiveReadsData), of one reader when equipmentCoding is given; `ready` first, a comment line every 15 s',
        querystring: z.object({ equipmentCoding }),
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const tenantId = session.tenantId;
      const only = req.query.equipmentCoding?.toUpperCase() || undefined;
      // a user bound to a party hears its place's readers only (the one party rule, over the readers)
      const reach = readersReached(sql`e.equipment_coding`, session);
      const mine = reach
        ? new Set((await liveReaders(app.ctx.db, tenantId, reach)).map((r) => r.equipmentCoding.toUpperCase()))
        : undefined;
      const goods = new GoodsCache(app.ctx.db, tenantId);
      // each message's reads get their goods (one statement a message for the EPCs not cached)
      await streamTopic<LiveReadsData>(app.ctx, reply, open, {
        tenantId,
        topic: LIVE_TOPICS.reads,
        event: 'reads',
        ready: { equipmentCoding: only ?? null },
        async shape(msg) {
          const code = msg.data?.equipmentCoding?.toUpperCase();
          if (only && code !== only) return undefined;
          if (mine && !mine.has(code ?? '')) return undefined;
          const reads = await goods.of(msg.data?.reads ?? []).catch((err) => {
            app.ctx.log.warn({ err }, 'live reads: goods lookup failed');
            return msg.data?.reads ?? [];
          });
          return { ...msg.data, reads, at: msg.at, truncated: msg.truncated ?? false };
        },
      });
    },
  );

  app.get(
    '/rfid/live/readers',
    {
      config: { access: { screen: 'rfid/raw-data', action: 'query' }, skipOperationLog: true },
      schema: {
        tags: ['rfid'],
        summary: "The session tenant's readers to choose from in the live view (code, name, location, online)",
        response: { 200: envelope(z.array(liveReader)) },
      },
    },
    async (req, reply) =>
      reply.ok(await liveReaders(app.ctx.db, req.session!.tenantId, readersReached(sql`e.equipment_coding`, req.session!))),
  );

  app.get(
    '/dashboard/live',
    {
      config: { access: { screen: 'dashboard/admin', action: 'query' }, skipOperationLog: true },
      schema: {
        tags: ['dashboard'],
        summary:
          "Server-Sent Events: the session tenant's RFID counters (event `counters`: reads today, readers online, tags by state) at once, then when reads arrive (at most once a second)",
      },
    },
    async (req, reply) => {
      const tenantId = req.session!.tenantId;
      const stream = openStream(reply, open, () => dashboards.remove(tenantId, stream));
      stream.send('ready', { heartbeatMs: HEARTBEAT_MS });
      try {
        await dashboards.add(tenantId, stream);
      } catch (err) {
        if (err instanceof LiveFullError) stream.send('error', { key: 'live.tooManyStreams' });
        else app.ctx.log.warn({ err }, 'dashboard stream failed');
        stream.close();
      }
    },
  );
};
