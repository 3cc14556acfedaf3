/**
 * The equipment log (feed rfid/equipment-log): connects, disconnects, antenna faults, inventory
 * states, configuration changes, errors of the tenant's readers. Written by the ingestion pipeline
 * (the readers' status events) and by the other areas (registration, binding, the offline sweep).
 */
import type { RfidEquipmentEventType } from '@tagloom/domain';
import { type SQL, sql } from 'drizzle-orm';
import { insertBatch } from '../../../core/feed/batch.js';
import { storableText, truncateText } from '../../../core/text-guard.js';
import type { Tx } from '../../../db/client.js';
import { rfidEquipmentEvents } from './tables.js';

export interface EquipmentEvent {
  tenantId: number;
  equipmentCoding: string;
  /** RFID_EQUIPMENT_EVENT_TYPES */
  eventType: RfidEquipmentEventType;
  /** default: warn for disconnects, faults and overflows, error for errors, else info */
  level?: 'info' | 'warn' | 'error';
  antenna?: number | null;
  message?: string;
  /** when it happened (default: now) */
  at?: Date;
}

const WARN: ReadonlySet<string> = new Set([
  'disconnected',
  'antennaDisconnected',
  'antennaFault',
  'overflow',
  'rateLimited',
  'batchKeyReused',
  'easAlarm',
]);
export const defaultLevel = (t: string): 'info' | 'warn' | 'error' => (t === 'error' ? 'error' : WARN.has(t) ? 'warn' : 'info');

const row = (e: EquipmentEvent): typeof rfidEquipmentEvents.$inferInsert => ({
  tenantId: e.tenantId,
  equipmentCoding: e.equipmentCoding.slice(0, 64),
  eventType: e.eventType,
  level: e.level ?? defaultLevel(e.eventType),
  antenna: e.antenna ?? null,
  // a reader's words may hold what PostgreSQL cannot store (NUL, half a surrogate pair): shown as U+FFFD,
  // never a refusal of the batch that carries them
  message: storableText(truncateText(e.message ?? '', 2000)),
  createdAt: e.at ?? new Date(),
});

/** Records one event of a reader in the equipment log (pass a transaction to make it part of one). */
export async function recordEquipmentEvent(db: Tx, event: EquipmentEvent): Promise<void> {
  await db.insert(rfidEquipmentEvents).values(row(event));
}

/** Records several events in one statement a batch; returns the count. */
export async function recordEquipmentEvents(db: Tx, events: EquipmentEvent[]): Promise<number> {
  return insertBatch(db, rfidEquipmentEvents, events.map(row));
}

/**
 * The equipment log's INSERT of the events a query gives (columns created_at, equipment_coding,
 * event_type, level, antenna, message; and tenant_id when `tenantId` is null), as SQL: a part of
 * the ingestion's one statement.
 */
export function insertEquipmentEventsFrom(tenantId: number | null, select: SQL): SQL {
  return sql`insert into rfid_equipment_events (tenant_id, created_at, equipment_coding, event_type, level, antenna, message)
    select ${tenantId === null ? sql`x.tenant_id` : sql`${tenantId}::bigint`}, x.created_at, x.equipment_coding, x.event_type, x.level, x.antenna, x.message
    from (${select}) x`;
}

/** Events as a query for insertEquipmentEventsFrom (one JSON parameter). */
export function equipmentEventsValues(events: EquipmentEvent[]): SQL {
  const rows = events.map(row).map((r) => ({
    tenant_id: r.tenantId,
    created_at: (r.createdAt as Date).toISOString(),
    equipment_coding: r.equipmentCoding,
    event_type: r.eventType,
    level: r.level,
    antenna: r.antenna,
    message: r.message,
  }));
  return sql`select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as x(tenant_id bigint, created_at timestamptz, equipment_coding text, event_type text, level text, antenna smallint, message text)`;
}
