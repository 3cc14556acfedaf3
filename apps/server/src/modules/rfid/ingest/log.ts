/**
 * The equipment log (feed rfid/equipment-log): connects, disconnects, antenna faults, inventory
 * states, configuration changes, errors of the tenant's readers. Written by the ingestion pipeline
 * (the readers' status events) and by the other areas (registration, binding, the offline sweep).
 */
import type { RfidEquipmentEventType } from '@tagloom/domain';
import { insertBatch } from '../../../core/feed/batch.js';
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

const WARN: ReadonlySet<string> = new Set(['disconnected', 'antennaDisconnected', 'antennaFault', 'overflow']);
const defaultLevel = (t: string): 'info' | 'warn' | 'error' => (t === 'error' ? 'error' : WARN.has(t) ? 'warn' : 'info');

const row = (e: EquipmentEvent): typeof rfidEquipmentEvents.$inferInsert => ({
  tenantId: e.tenantId,
  equipmentCoding: e.equipmentCoding.slice(0, 64),
  eventType: e.eventType,
  level: e.level ?? defaultLevel(e.eventType),
  antenna: e.antenna ?? null,
  message: (e.message ?? '').slice(0, 2000),
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
