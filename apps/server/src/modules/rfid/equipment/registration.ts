/**
 * Reader registration (spec §3 Equipment, issue 13): the console issues a single-use, expiring
 * registration code for one equipment row (shown once, stored as its SHA-256); the reader posts it
 * with its serial number and MAC to POST /api/rfid/equipment/register and gets its device token
 * (a device key, core/feed/device-keys.ts, deviceCode = the equipment code). The console rotates the
 * token (a new one shown once, the old ones stopped) or revokes the registration. Every step writes
 * an equipment-log event in the same transaction as the change.
 */
import { createHash, randomInt } from 'node:crypto';
import { BIND_STATUS, Code, type L10n, LANGS, type Lang, REGISTRATION_STATUS, storedMessage, translate } from '@tagloom/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError, badRequest, conflict, notFound } from '../../../core/errors.js';
import { issueDeviceKey, revokeDeviceKeysOf } from '../../../core/feed/device-keys.js';
import type { Tx } from '../../../db/client.js';
import { equipment, locations, rfidScenes } from '../../../db/schema/index.js';
import { recordEquipmentEvent } from '../ingest/log.js';
import { rfidRegistrationCodes } from './tables.js';

/** How long an issued code stays valid unless asked otherwise (hours). */
export const CODE_TTL_HOURS = 24;
/** The longest validity the console may ask for (hours): a year, as the demo reader's code. */
export const CODE_TTL_MAX_HOURS = 24 * 366;
/** Letters and digits a person reads and types without confusing them (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Codes compare trimmed and case-blind ('demo-reader-1' is DEMO-READER-1). */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
export const codeHash = (code: string) => createHash('sha256').update(normalizeCode(code), 'utf8').digest('hex');

/** A new code: three groups of four (about 59 bits), e.g. K7QX-2MWD-9HRT. */
export function newRegistrationCode(): string {
  const groups = [0, 1, 2].map(() => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  return groups.join('-');
}

/** A refusal naming one field of the request (status 400 or 401), in every language. */
export function fieldError(status: 400 | 401, field: { key: string; label: L10n }, key: string, lang: Lang, params = {}): AppError {
  const message = Object.fromEntries(LANGS.map((l) => [l, translate(l, key, params)])) as L10n;
  return new AppError(
    status,
    status === 401 ? 401 : Code.BAD_REQUEST,
    'validation.field',
    { field: field.label, message },
    { fields: [{ field: field.key, message: message[lang] }] },
  );
}

const label = (key: string): L10n => Object.fromEntries(LANGS.map((l) => [l, translate(l, key)])) as L10n;
export const REGISTER_LABELS = {
  registrationCode: label('readers.field.registrationCode'),
  snNumber: label('readers.field.snNumber'),
  macAddress: label('readers.field.macAddress'),
};
const field = (key: keyof typeof REGISTER_LABELS) => ({ key, label: REGISTER_LABELS[key] });

interface EquipmentRow {
  id: number;
  equipmentCoding: string;
  snNumber: string;
  registrationStatus: number;
}

async function rowOf(tx: Tx, tenantId: number, id: number, lock = true): Promise<EquipmentRow> {
  const q = tx
    .select({
      id: equipment.id,
      equipmentCoding: equipment.equipmentCoding,
      snNumber: equipment.snNumber,
      registrationStatus: equipment.registrationStatus,
    })
    .from(equipment)
    .where(and(eq(equipment.tenantId, tenantId), eq(equipment.id, id)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound('readers.equipment');
  return row as EquipmentRow;
}

/**
 * Issues a registration code for equipment `id` valid `hours` (its unused codes are withdrawn);
 * an unregistered or revoked row shows "code issued". Returns the code, once.
 */
export async function issueRegistrationCode(
  tx: Tx,
  tenantId: number,
  id: number,
  opts: { hours?: number; code?: string; now?: Date } = {},
): Promise<{ equipmentCoding: string; code: string; expiresAt: Date }> {
  const row = await rowOf(tx, tenantId, id);
  const now = opts.now ?? new Date();
  const hours = Math.min(Math.max(opts.hours ?? CODE_TTL_HOURS, 1), CODE_TTL_MAX_HOURS);
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  const code = opts.code ?? newRegistrationCode();
  await tx
    .delete(rfidRegistrationCodes)
    .where(
      and(eq(rfidRegistrationCodes.tenantId, tenantId), eq(rfidRegistrationCodes.equipmentId, id), isNull(rfidRegistrationCodes.usedAt)),
    );
  await tx.insert(rfidRegistrationCodes).values({ tenantId, equipmentId: id, codeHash: codeHash(code), expiresAt, createdAt: now });
  if (row.registrationStatus !== REGISTRATION_STATUS.REGISTERED) {
    await tx
      .update(equipment)
      .set({ registrationStatus: REGISTRATION_STATUS.CODE_ISSUED, updatedAt: now })
      .where(and(eq(equipment.tenantId, tenantId), eq(equipment.id, id)));
  }
  await recordEquipmentEvent(tx, {
    tenantId,
    equipmentCoding: row.equipmentCoding,
    eventType: 'configChanged',
    message: storedMessage('readers.log.codeIssued', { expiresAt: expiresAt.toISOString() }),
    at: now,
  });
  return { equipmentCoding: row.equipmentCoding, code, expiresAt };
}

export interface RegisterInput {
  registrationCode: string;
  snNumber: string;
  macAddress: string;
}

/**
 * A reader registers: the code must be known, unused and unexpired (401 naming registrationCode),
 * the serial number must be the row's when the row has one (400 naming snNumber); the row takes the
 * MAC (and the serial number when it had none), is registered now, the code is spent, the device's
 * earlier keys stop and a new one is issued (returned once).
 */
export async function registerReader(
  tx: Tx,
  input: RegisterInput,
  lang: Lang,
  now = new Date(),
): Promise<{ tenantId: number; equipmentCoding: string; deviceToken: string }> {
  const [code] = await tx
    .select()
    .from(rfidRegistrationCodes)
    .where(eq(rfidRegistrationCodes.codeHash, codeHash(input.registrationCode)))
    .for('update')
    .limit(1);
  if (!code) throw fieldError(401, field('registrationCode'), 'readers.register.unknownCode', lang);
  if (code.usedAt) throw fieldError(401, field('registrationCode'), 'readers.register.spentCode', lang);
  if (code.expiresAt.getTime() <= now.getTime()) throw fieldError(401, field('registrationCode'), 'readers.register.expiredCode', lang);
  const row = await rowOf(tx, code.tenantId, code.equipmentId);
  const sn = input.snNumber.trim();
  if (row.snNumber && row.snNumber !== sn) throw fieldError(400, field('snNumber'), 'readers.register.snMismatch', lang);
  if (!row.snNumber && sn) {
    const [clash] = await tx
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.tenantId, code.tenantId), eq(equipment.snNumber, sn)))
      .limit(1);
    if (clash) throw fieldError(400, field('snNumber'), 'readers.register.snTaken', lang);
  }
  await tx.update(rfidRegistrationCodes).set({ usedAt: now }).where(eq(rfidRegistrationCodes.id, code.id));
  const revoked = await revokeDeviceKeysOf(tx, code.tenantId, row.equipmentCoding);
  const key = await issueDeviceKey(tx, code.tenantId, row.equipmentCoding);
  await tx
    .update(equipment)
    .set({
      macAddress: input.macAddress.toUpperCase().replaceAll('-', ':'),
      ...(row.snNumber ? {} : { snNumber: sn }),
      registrationStatus: REGISTRATION_STATUS.REGISTERED,
      registrationTime: now,
      updatedAt: now,
    })
    .where(and(eq(equipment.tenantId, code.tenantId), eq(equipment.id, row.id)));
  await recordEquipmentEvent(tx, {
    tenantId: code.tenantId,
    equipmentCoding: row.equipmentCoding,
    eventType: 'registered',
    message: storedMessage('readers.log.registered', { sn: sn || row.snNumber, mac: input.macAddress, revoked }),
    at: now,
  });
  return { tenantId: code.tenantId, equipmentCoding: row.equipmentCoding, deviceToken: key.key };
}

/** A new device token for a registered reader (shown once); its earlier tokens stop. */
export async function rotateDeviceToken(tx: Tx, tenantId: number, id: number): Promise<{ equipmentCoding: string; deviceToken: string }> {
  const row = await rowOf(tx, tenantId, id);
  if (row.registrationStatus !== REGISTRATION_STATUS.REGISTERED) throw conflict('readers.notRegistered', { code: row.equipmentCoding });
  const key = await issueDeviceKey(tx, tenantId, row.equipmentCoding);
  const revoked = await revokeDeviceKeysOf(tx, tenantId, row.equipmentCoding, key.id);
  await recordEquipmentEvent(tx, {
    tenantId,
    equipmentCoding: row.equipmentCoding,
    eventType: 'keyIssued',
    message: storedMessage('readers.log.rotated', { revoked }),
  });
  return { equipmentCoding: row.equipmentCoding, deviceToken: key.key };
}

/** Revokes a reader's registration: its tokens stop, its unused codes go; it must register again. */
export async function revokeRegistration(tx: Tx, tenantId: number, id: number): Promise<{ equipmentCoding: string; revoked: number }> {
  const row = await rowOf(tx, tenantId, id);
  if (row.registrationStatus === REGISTRATION_STATUS.UNREGISTERED || row.registrationStatus === REGISTRATION_STATUS.REVOKED) {
    throw conflict('readers.notRegistered', { code: row.equipmentCoding });
  }
  const revoked = await revokeDeviceKeysOf(tx, tenantId, row.equipmentCoding);
  await tx
    .delete(rfidRegistrationCodes)
    .where(
      and(eq(rfidRegistrationCodes.tenantId, tenantId), eq(rfidRegistrationCodes.equipmentId, id), isNull(rfidRegistrationCodes.usedAt)),
    );
  await tx
    .update(equipment)
    .set({ registrationStatus: REGISTRATION_STATUS.REVOKED, updatedAt: new Date() })
    .where(and(eq(equipment.tenantId, tenantId), eq(equipment.id, id)));
  await recordEquipmentEvent(tx, {
    tenantId,
    equipmentCoding: row.equipmentCoding,
    eventType: 'keyRevoked',
    message: storedMessage('readers.log.revoked', { revoked }),
  });
  return { equipmentCoding: row.equipmentCoding, revoked };
}

/** Binds a reader to a location and a scene of its tenant (400 naming the field when one is not the tenant's). */
export async function bindReader(
  tx: Tx,
  tenantId: number,
  id: number,
  to: { locationId: number; sceneId: number; productId?: number | null },
): Promise<{ equipmentCoding: string }> {
  const row = await rowOf(tx, tenantId, id);
  const [loc] = await tx
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), eq(locations.id, to.locationId)));
  if (!loc) throw badRequest('readers.bind.noLocation');
  const [scene] = await tx
    .select({ id: rfidScenes.id, name: rfidScenes.sceneName })
    .from(rfidScenes)
    .where(and(eq(rfidScenes.tenantId, tenantId), eq(rfidScenes.id, to.sceneId)));
  if (!scene) throw badRequest('readers.bind.noScene');
  await tx
    .update(equipment)
    .set({
      locationId: to.locationId,
      sceneId: to.sceneId,
      ...(to.productId !== undefined ? { productId: to.productId } : {}),
      bindStatus: BIND_STATUS.BOUND,
      updatedAt: new Date(),
    })
    .where(and(eq(equipment.tenantId, tenantId), eq(equipment.id, id)));
  await recordEquipmentEvent(tx, {
    tenantId,
    equipmentCoding: row.equipmentCoding,
    eventType: 'bound',
    message: storedMessage('readers.log.bound', { location: String(loc.name), scene: String(scene.name) }),
  });
  return { equipmentCoding: row.equipmentCoding };
}

/**
 * Unbinds a reader: its location and scene are cleared (the next reads carry neither), and the
 * presence it holds at that location is closed by `closePresence` (the state area's service),
 * in the same transaction. Returns how many EPCs were closed.
 */
export async function unbindReader(
  tx: Tx,
  tenantId: number,
  id: number,
  closePresence?: (tx: Tx, tenantId: number, equipmentCoding: string) => Promise<number>,
): Promise<{ equipmentCoding: string; closed: number }> {
  const row = await rowOf(tx, tenantId, id);
  const closed = closePresence ? await closePresence(tx, tenantId, row.equipmentCoding) : 0;
  await tx
    .update(equipment)
    .set({ locationId: null, sceneId: null, bindStatus: BIND_STATUS.UNBOUND, updatedAt: new Date() })
    .where(and(eq(equipment.tenantId, tenantId), eq(equipment.id, id)));
  await recordEquipmentEvent(tx, {
    tenantId,
    equipmentCoding: row.equipmentCoding,
    eventType: 'unbound',
    message: storedMessage('readers.log.unbound', { closed }),
  });
  return { equipmentCoding: row.equipmentCoding, closed };
}
