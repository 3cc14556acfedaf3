/**
 * The MQTT subscriber wired to the server: device keys (core/feed/device-keys.ts), the tenants,
 * the ingestion pipeline (../ingest/pipeline.ts) and the equipment log. main.ts starts it after the
 * database is migrated and stops it (gracefully) before the database closes.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { DEVICE_KEY_HEADER, type DeviceIdentity, resolveDevice } from '../../../core/feed/device-keys.js';
import { tenants } from '../../../db/schema/index.js';
import { ingestPayload } from '../ingest/pipeline.js';
import { QuotaError } from '../ingest/quota.js';
import { rfidBatches } from '../ingest/tables.js';
import { MqttIngest, type MqttIngestDeps, type MqttStatus } from './subscriber.js';

export { MqttIngest, type MqttStatus } from './subscriber.js';

/** The device of a key, the way the HTTP device routes resolve it (same hash lookup, same last-used mark). */
async function deviceOfToken(ctx: AppContext, token: string): Promise<DeviceIdentity | undefined> {
  const req = { headers: { [DEVICE_KEY_HEADER]: token, authorization: `Bearer ${token}` } } as unknown as FastifyRequest;
  try {
    return await resolveDevice(ctx.db, req);
  } catch (err) {
    if (err instanceof AppError && err.status === 401) return undefined;
    throw err;
  }
}

export function mqttDeps(ctx: AppContext): MqttIngestDeps {
  return {
    deviceOfToken: (token) => deviceOfToken(ctx, token),
    tenantCodeOf: async (tenantId) => {
      const [row] = await ctx.db.select({ code: tenants.code }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return row?.code;
    },
    ingest: (device, format, body, meta) => ingestPayload(ctx, device, format, body, meta),
    // the key's own device shows, in its report state, a payload published on another device's
    // topic (the pipeline itself records the payloads it refuses)
    recordRefused: async (device, msg, reason) => {
      if (reason !== 'rfid.mqtt.refused.otherDevice') return;
      const key = 'wrongDevice';
      await ctx.db.insert(rfidBatches).values({
        tenantId: device.tenantId,
        equipmentCoding: device.deviceCode,
        format: msg.format,
        transport: 'mqtt',
        batchKey: (msg.batchKey ?? `sha256:${createHash('sha256').update(msg.body).digest('hex')}`).slice(0, 200),
        status: 'rejected',
        firstError: key,
        errors: [{ index: 0, reason: { key: `ingest.reason.${key}` } }],
      });
    },
    // the payload's own fault (the pipeline refuses it with a 4xx): resending it would not help
    isPermanent: (err) => err instanceof AppError && err.status >= 400 && err.status < 500,
    isRateLimited: (err) => err instanceof QuotaError,
  };
}

const running = new WeakMap<AppContext, MqttIngest>();

/** Starts the subscriber when MQTT_URL is set; returns it (undefined when MQTT is off). */
export function startMqttIngest(ctx: AppContext): MqttIngest | undefined {
  if (!ctx.config.mqtt) return undefined;
  const sub = new MqttIngest(ctx.config.mqtt, mqttDeps(ctx), ctx.log.child({ area: 'mqtt' }));
  running.set(ctx, sub);
  sub.start();
  ctx.log.info({ url: redact(ctx.config.mqtt.url), subscription: sub.subscription }, 'mqtt: subscribing');
  return sub;
}

/** The subscriber's state for /api/health: undefined when MQTT is off. */
export function mqttHealth(ctx: AppContext): MqttStatus | undefined {
  return running.get(ctx)?.status();
}

/** A broker URL without its password, for the logs. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
