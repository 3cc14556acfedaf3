/**
 * The device access kind: routes declared `access: 'device'` (feed ingestion) are called by
 * readers, gates and handhelds with their key in the `x-device-key` header or as
 * `Authorization: Bearer <key>` (the device token a reader gets when it registers), never with a
 * user session. A key belongs to one device of one tenant and is stored as its SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { preparedRows, type Tx } from '../../db/client.js';
import { deviceKeys } from '../../db/schema/index.js';
import { AppError } from '../errors.js';

export interface DeviceIdentity {
  keyId: number;
  tenantId: number;
  deviceCode: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the device calling a device route (access 'device') */
    device?: DeviceIdentity;
  }
}

export const DEVICE_KEY_HEADER = 'x-device-key';
const hash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
/** 401 with the device code of the envelope (a device key is no user session). */
const refused = (key: string) => new AppError(401, 401, key);

/** A new key for a device of a tenant: returned once, stored only as its hash. */
export async function issueDeviceKey(db: Tx, tenantId: number, deviceCode: string): Promise<{ id: number; key: string }> {
  const key = `dk_${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(deviceKeys)
    .values({ tenantId, deviceCode, keyHash: hash(key) })
    .returning({ id: deviceKeys.id });
  return { id: row.id, key };
}

/** A device's keys still enabled are stopped (an unregistered or re-keyed reader); returns how many. */
export async function revokeDeviceKeysOf(db: Tx, tenantId: number, deviceCode: string, except?: number): Promise<number> {
  const rows = await db
    .update(deviceKeys)
    .set({ enabled: false })
    .where(
      and(
        eq(deviceKeys.tenantId, tenantId),
        eq(deviceKeys.deviceCode, deviceCode),
        eq(deviceKeys.enabled, true),
        except === undefined ? undefined : ne(deviceKeys.id, except),
      ),
    )
    .returning({ id: deviceKeys.id });
  return rows.length;
}

/** Stops a key (the device must be given a new one). */
export async function revokeDeviceKey(db: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(deviceKeys)
    .set({ enabled: false })
    .where(and(eq(deviceKeys.tenantId, tenantId), eq(deviceKeys.id, id)))
    .returning({ id: deviceKeys.id });
  return rows.length > 0;
}

/** The key a request carries: the `x-device-key` header, else an `Authorization: Bearer` token. */
export function deviceKeyOf(req: FastifyRequest): string | undefined {
  const header = req.headers[DEVICE_KEY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key) return key;
  const auth = req.headers.authorization;
  const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(auth ?? '');
  return bearer?.[1];
}

/**
 * Whether a request is a device's: on a device route, or on a button open to devices (`device:
 * true`) when it carries a device key and no user token. Device calls are data, not operations.
 */
export function deviceCall(req: FastifyRequest): boolean {
  const access = req.routeOptions.config?.access;
  if (access === 'device') return true;
  return typeof access === 'object' && access.device === true && !req.headers.token && deviceKeyOf(req) !== undefined;
}

/** The device of the request's key, or 401 (no key, unknown key, disabled key). */
export async function resolveDevice(db: Tx, req: FastifyRequest): Promise<DeviceIdentity> {
  const key = deviceKeyOf(req);
  if (!key) throw refused('feeds.device.noKey');
  if (key.length > 200) throw refused('feeds.device.badKey');
  // one round trip (a reader posts every second or so): the key's device, and when the key was last
  // used, written at most once a minute (a busy device does not write a row per batch)
  const [row] = await preparedRows<{ key_id: string | number; tenant_id: string | number; device_code: string; enabled: boolean }>(
    db,
    'tagloom_device_key',
    sql`with k as (select id, tenant_id, device_code, enabled from device_keys where key_hash = ${hash(key)} limit 1),
      u as (update device_keys d set last_used_at = now() from k
            where d.id = k.id and k.enabled and (d.last_used_at is null or d.last_used_at < now() - interval '1 minute'))
      select k.id as key_id, k.tenant_id, k.device_code, k.enabled from k`,
  );
  if (!row?.enabled) throw refused('feeds.device.badKey');
  return { keyId: Number(row.key_id), tenantId: Number(row.tenant_id), deviceCode: row.device_code };
}
