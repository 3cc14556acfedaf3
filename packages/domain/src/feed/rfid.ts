/**
 * The RFID ingestion feeds (tenant feeds): every tag read a reader reported (`rfid/raw-data`,
 * stored a row a batch in rfid_read_batches by day), one row per payload a reader posted
 * (`rfid/report-state`, table rfid_batches by day) and the equipment log (`rfid/equipment-log`, table rfid_equipment_events by
 * month: connects, disconnects, antenna faults, configuration changes, errors). Written by the
 * server's ingestion pipeline (apps/server/src/modules/rfid/ingest).
 */
import { defineFeed, type FeedColumn, type FeedOption } from './define.js';

/** The vendors' payload formats a reader posts. */
export const RFID_FORMATS = ['impinj', 'zebra'] as const;
export type RfidFormat = (typeof RFID_FORMATS)[number];
/** How a payload arrived. */
export const RFID_TRANSPORTS = ['http', 'mqtt'] as const;
export type RfidTransport = (typeof RFID_TRANSPORTS)[number];
/** A batch's outcome: every event stored, some events refused (the rest stored), the whole payload refused. */
export const RFID_BATCH_STATUSES = ['ok', 'partial', 'rejected'] as const;
export type RfidBatchStatus = (typeof RFID_BATCH_STATUSES)[number];

/**
 * Why an event (or a whole payload) was refused: the message key is `ingest.reason.<reason>` (with
 * the field and value), the batch's first error column shows its short name `ingest.reasonShort.<reason>`.
 */
export const RFID_INVALID_REASONS = [
  'notJson',
  'tooLarge',
  'tooManyEvents',
  'tooSlow',
  'notObject',
  'unknownType',
  'noType',
  'noEpc',
  'badEpc',
  'badTid',
  'badTime',
  'timeOutOfRange',
  'badAntenna',
  'badNumber',
  'badMemory',
  'empty',
] as const;
export type RfidInvalidReason = (typeof RFID_INVALID_REASONS)[number];

/**
 * Equipment log event types. Readers report the antenna and inventory ones; the server records
 * connects/disconnects (heartbeats, the offline sweep), registration, binding and key changes, and
 * the batches it refused (over a quota, a reused batch key).
 */
export const RFID_EQUIPMENT_EVENT_TYPES = [
  'connected',
  'disconnected',
  'registered',
  'antennaConnected',
  'antennaDisconnected',
  'antennaFault',
  'inventoryStatus',
  /** a general-purpose input changed (a tunnel's photo-eye); going high starts a tunnel's next read session */
  'gpiTransition',
  /** an EAS exit read a tag not sold: it left the store unsold (the fold writes it at the exit reader) */
  'easAlarm',
  'overflow',
  'configChanged',
  'bound',
  'unbound',
  'keyIssued',
  'keyRevoked',
  'status',
  'error',
  /** the server refused a reader's batches over its quota (or its tenant's): 429, the reader resends later */
  'rateLimited',
  /** a batch came with an Idempotency-Key the reader had used for a different batch: 409, not stored */
  'batchKeyReused',
] as const;
export type RfidEquipmentEventType = (typeof RFID_EQUIPMENT_EVENT_TYPES)[number];

const options = (values: readonly string[], prefix: string): FeedOption[] => values.map((v) => ({ value: v, label: `${prefix}.${v}` }));
const F = (key: string, kind: FeedColumn['kind'] = 'text', more: Partial<FeedColumn> = {}): FeedColumn => ({
  key,
  label: `ingest.field.${key}`,
  kind,
  ...more,
});
const LEVEL = F('level', 'enum', { enum: 'LogLevel', width: 90 });

/**
 * Raw tag reads: one row a read, listed newest batch first (created_at: when the batch was received;
 * readAt: the read's own time). Stored a row a batch (table rfid_read_batches, the view rfid_reads
 * unnests it).
 */
export const rfidRawDataFeed = defineFeed({
  code: 'rfid/raw-data',
  title: 'ingest.title.rawData',
  table: 'rfid_read_batches',
  scope: 'tenant',
  columns: [
    F('equipmentCoding', 'text', { display: 'mono', width: 150 }),
    F('epc', 'text', { display: 'mono', width: 240 }),
    F('readAt', 'time', { width: 200 }),
    F('tid', 'text', { display: 'mono', width: 200 }),
    F('antenna', 'int', { width: 80 }),
    F('rssiCdbm', 'int', { width: 150 }),
    F('frequencyKhz', 'int', { width: 140 }),
    F('readCount', 'int', { width: 90 }),
    // degrees to 0.01, Hz to 0.01 (text: not whole numbers), what tag access operations read
    F('phase', 'text', { width: 110 }),
    F('dopplerHz', 'text', { width: 120 }),
    F('memory', 'text', { display: 'mono', width: 260 }),
    F('locationName', 'text', { display: 'long', width: 140 }),
    F('batchId', 'int', { width: 100 }),
  ],
  filters: [
    // readers and EPCs are searched by their start (any case): the reader from a prefix index, the
    // EPC from the EPCs of that start in EPC state and the batches' GIN index (the server's rfid module)
    { key: 'equipmentCoding', op: 'prefix' },
    { key: 'epc', op: 'prefix' },
    { key: 'antenna', op: 'eq' },
  ],
  partition: { by: 'day', retention: { days: 30 }, ahead: 3 },
  window: { defaultDays: 1, maxDays: 31 },
});

/** One row a payload: what it held and what became of it. */
export const rfidReportStateFeed = defineFeed({
  code: 'rfid/report-state',
  title: 'ingest.title.reportState',
  table: 'rfid_batches',
  scope: 'tenant',
  columns: [
    F('equipmentCoding', 'text', { display: 'mono', width: 150 }),
    F('format', 'enum', { options: options(RFID_FORMATS, 'ingest.format'), width: 100 }),
    F('transport', 'enum', { options: options(RFID_TRANSPORTS, 'ingest.transport'), width: 90 }),
    F('status', 'enum', { options: options(RFID_BATCH_STATUSES, 'ingest.status'), width: 100 }),
    F('events', 'int', { width: 90 }),
    F('tagReads', 'int', { width: 100 }),
    F('statusEvents', 'int', { width: 100 }),
    F('invalid', 'int', { width: 90 }),
    F('firstError', 'enum', { options: options(RFID_INVALID_REASONS, 'ingest.reasonShort'), width: 170 }),
    F('batchKey', 'text', { display: 'long', width: 200 }),
    F('durationMs', 'int', { width: 110 }),
  ],
  filters: [
    { key: 'equipmentCoding', op: 'prefix' },
    { key: 'format', op: 'enum' },
    { key: 'transport', op: 'enum' },
    { key: 'status', op: 'enum' },
    { key: 'batchKey', op: 'eq' },
  ],
  detail: ['errors'],
  partition: { by: 'day', retention: { days: 30 }, ahead: 3 },
  window: { defaultDays: 1, maxDays: 31 },
});

/** The equipment log. */
export const rfidEquipmentLogFeed = defineFeed({
  code: 'rfid/equipment-log',
  title: 'ingest.title.equipmentLog',
  table: 'rfid_equipment_events',
  scope: 'tenant',
  columns: [
    F('equipmentCoding', 'text', { display: 'mono', width: 150 }),
    F('eventType', 'enum', { options: options(RFID_EQUIPMENT_EVENT_TYPES, 'ingest.eventType'), width: 150 }),
    LEVEL,
    F('antenna', 'int', { width: 80 }),
    F('message', 'text', { display: 'long', width: 320, localized: true }),
  ],
  filters: [
    { key: 'equipmentCoding', op: 'prefix' },
    { key: 'eventType', op: 'enum' },
    { key: 'level', op: 'enum' },
    { key: 'message', op: 'like' },
  ],
  partition: { by: 'month', retention: { months: 12 }, ahead: 2 },
  window: { defaultDays: 7, maxDays: 93 },
});

export const RFID_FEEDS = [rfidRawDataFeed, rfidReportStateFeed, rfidEquipmentLogFeed] as const;
