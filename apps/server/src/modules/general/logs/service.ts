/**
 * The four logs of the General module are feeds (declared in packages/domain/src/feed/general.ts):
 * here they are bound to their tables, and the writers of the sync and device logs live.
 */
import { deviceLogFeed, loginLogFeed, operationLogFeed, syncLogFeed } from '@tagloom/domain';
import { insertBatch } from '../../../core/feed/batch.js';
import { FeedService } from '../../../core/feed/service.js';
import type { Tx } from '../../../db/client.js';
import { deviceLog, loginLog, operationLog, syncLog } from '../../../db/schema/index.js';

/** The log feeds on a database. */
export const logFeeds = (db: Tx) => [
  new FeedService(db, loginLogFeed, loginLog),
  new FeedService(db, operationLogFeed, operationLog),
  new FeedService(db, syncLogFeed, syncLog),
  new FeedService(db, deviceLogFeed, deviceLog),
];

export interface SyncLogEntry {
  tenantId: number;
  /** 1 inbound, 2 outbound */
  direction: 1 | 2;
  system: string;
  businessType?: string;
  documentNo?: string;
  /** true when the exchange succeeded */
  ok: boolean;
  message?: string;
  durationMs?: number;
  createdAt?: Date;
}

const syncRow = (e: SyncLogEntry): typeof syncLog.$inferInsert => ({
  tenantId: e.tenantId,
  direction: e.direction,
  system: e.system.slice(0, 64),
  businessType: (e.businessType ?? '').slice(0, 64),
  documentNo: (e.documentNo ?? '').slice(0, 128),
  result: e.ok ? 1 : 0,
  message: (e.message ?? '').slice(0, 2000),
  durationMs: Math.max(0, Math.round(e.durationMs ?? 0)),
  createdAt: e.createdAt ?? new Date(),
});

/** Record exchanges with outside systems (ERP, WMS, label suppliers' systems …), in one statement a batch. */
export async function writeSyncLog(db: Tx, ...entries: SyncLogEntry[]): Promise<number> {
  return insertBatch(db, syncLog, entries.map(syncRow));
}

export interface DeviceLogEntry {
  tenantId: number;
  deviceCode: string;
  /** a DeviceEventType value: online, offline, read, config, firmware, error */
  eventType: string;
  level?: 'info' | 'warn' | 'error';
  message?: string;
  createdAt?: Date;
}

const deviceRow = (e: DeviceLogEntry): typeof deviceLog.$inferInsert => ({
  tenantId: e.tenantId,
  deviceCode: e.deviceCode.slice(0, 64),
  eventType: e.eventType,
  level: e.level ?? 'info',
  message: (e.message ?? '').slice(0, 2000),
  createdAt: e.createdAt ?? new Date(),
});

/** Record events reported by (or about) devices, in one statement a batch. */
export async function writeDeviceLog(db: Tx, ...entries: DeviceLogEntry[]): Promise<number> {
  return insertBatch(db, deviceLog, entries.map(deviceRow));
}
