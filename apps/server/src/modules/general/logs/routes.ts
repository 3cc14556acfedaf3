import { DAY_MS, deviceLogFeed, ENUMS, retentionDays } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { AppError, badRequest } from '../../../core/errors.js';
import { DEVICE_KEY_HEADER } from '../../../core/feed/device-keys.js';
import { feedRoutes } from '../../../core/feed/routes.js';
import { labelsOf } from '../../../core/feed/service.js';
import { logFeeds, writeDeviceLog } from './service.js';

/** Most events a device sends in one batch. */
export const INGEST_MAX_EVENTS = 1000;
/** A device's clock may run this far ahead. */
const CLOCK_SKEW_MS = 5 * 60_000;
const values = (name: string) => ENUMS[name].map((o) => String(o.value)) as [string, ...string[]];

const ingestBody = z.object({
  events: z
    .array(
      z.object({
        /** when the event happened (ISO time); default: when received */
        at: z.string().max(40).optional(),
        /** the device the event is about; default (and only allowed value): the key's device */
        deviceCode: z.string().max(64).optional(),
        eventType: z.enum(values('DeviceEventType')),
        level: z.enum(values('LogLevel')).optional(),
        message: z.string().max(2000).optional(),
      }),
    )
    .min(1)
    .max(INGEST_MAX_EVENTS),
});

/** The login, operation, sync and device logs (platform feeds, every tenant), and the devices' ingestion of the device log. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const feed of logFeeds(app.ctx.db)) await app.register(feedRoutes(feed));

  app.post(
    '/ingest/device-log',
    {
      config: {
        access: 'device',
        fieldLabels: {
          deviceCode: labelsOf('feeds.field.deviceCode'),
          eventType: labelsOf('feeds.field.eventType'),
          level: labelsOf('feeds.field.level'),
          message: labelsOf('feeds.field.message'),
        },
      },
      schema: {
        tags: ['ingest'],
        summary: `A device's events (at most ${INGEST_MAX_EVENTS} a batch), authenticated by its key in the ${DEVICE_KEY_HEADER} header; not in the operation log`,
        body: ingestBody,
        response: { 200: envelope(z.object({ accepted: z.number() })) },
      },
    },
    async (req, reply) => {
      const device = req.device!;
      const now = Date.now();
      const oldest = now - retentionDays(deviceLogFeed.partition.retention) * DAY_MS + DAY_MS;
      const rows = req.body.events.map((e, i) => {
        if (e.deviceCode !== undefined && e.deviceCode !== device.deviceCode)
          throw new AppError(403, 403, 'feeds.device.otherDevice', { index: i + 1, device: e.deviceCode, own: device.deviceCode });
        const at = e.at === undefined ? new Date(now) : new Date(e.at);
        if (Number.isNaN(at.getTime()) || at.getTime() < oldest || at.getTime() > now + CLOCK_SKEW_MS)
          throw badRequest('feeds.device.tooOld', { index: i + 1, at: e.at });
        return {
          tenantId: device.tenantId,
          deviceCode: device.deviceCode,
          eventType: e.eventType,
          level: (e.level ?? 'info') as 'info' | 'warn' | 'error',
          message: e.message ?? '',
          createdAt: at,
        };
      });
      return reply.ok({ accepted: await writeDeviceLog(req.scope.db, ...rows) });
    },
  );
};
