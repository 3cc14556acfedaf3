import { ENUMS, findEnum } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import { mqttHealth } from '../rfid/mqtt/index.js';
import { foldBacklog } from '../rfid/state/index.js';

/** Calls every screen relies on: health, versions, enumerations. */
export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        summary: 'Server and database state (503 while the database is unreachable)',
        response: {
          200: envelope(
            z.object({
              status: z.string(),
              database: z.object({ kind: z.string(), up: z.boolean(), latencyMs: z.number().nullable(), error: z.string().nullable() }),
              version: z.string(),
              uptimeSeconds: z.number(),
              /** the readers' MQTT path (null when MQTT_URL is not set) */
              mqtt: z
                .object({
                  connected: z.boolean(),
                  stored: z.number(),
                  refused: z.number(),
                  failed: z.number(),
                  lastError: z.string().nullable(),
                  since: z.string().nullable(),
                })
                .nullable(),
              /** reads acknowledged and not folded into EPC state yet (null while the database is unreachable) */
              rfidFold: z.object({ batches: z.number(), reads: z.number(), oldestAt: z.string().nullable(), stuck: z.number() }).nullable(),
            }),
          ),
        },
      },
    },
    async (_req, reply) => {
      let latencyMs: number | null = null;
      let error: string | null = null;
      let rfidFold: { batches: number; reads: number; oldestAt: string | null; stuck: number } | null = null;
      try {
        latencyMs = await ctx.database.ping();
        if (ctx.readiness.ready) {
          const b = await foldBacklog(ctx.db);
          rfidFold = { ...b, oldestAt: b.oldestAt?.toISOString() ?? null };
        }
        if (!ctx.readiness.ready) error = ctx.readiness.error ?? 'starting: migrating the database';
      } catch (err) {
        error = (err as Error).message || String(err);
      }
      const up = error === null;
      const body = reply.ok({
        status: up ? 'ok' : 'degraded',
        database: { kind: ctx.database.kind, up, latencyMs, error },
        version: ctx.config.version,
        uptimeSeconds: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000),
        mqtt: mqttHealth(ctx) ?? null,
        rfidFold,
      });
      if (!up) {
        return reply.status(503 as 200).send({ ...body, code: 503, msg: error ?? '' });
      }
      return body;
    },
  );

  app.get(
    '/common/getServerVersion',
    {
      config: { access: 'public' },
      schema: { tags: ['common'], summary: 'Server version for the account tooltip', response: { 200: envelope(z.string()) } },
    },
    async (_req, reply) => reply.ok(ctx.config.version),
  );

  app.get(
    '/tagManage/common/enum/queryEnum',
    {
      config: { access: 'session' },
      schema: {
        tags: ['common'],
        summary: `Options of an enumeration (${Object.keys(ENUMS).join(', ')}), labelled in the request language`,
        querystring: z.object({ targetEnum: z.string().trim().min(1).max(64) }),
        response: { 200: envelope(z.array(z.object({ value: z.union([z.number(), z.string()]), label: z.string() }))) },
      },
    },
    async (req, reply) => {
      const found = findEnum(req.query.targetEnum);
      if (!found) throw notFound('enum.unknown', { name: req.query.targetEnum });
      return reply.ok(found[1].map((o) => ({ value: o.value, label: o.label[req.lang] })));
    },
  );
};
