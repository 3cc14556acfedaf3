import { inspectionLineResource, receivingQiResource } from '@tagloom/domain';
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { resourceTable } from '../../../db/resource-table.js';
import '../bills/tables.js';

/** Quality inspections of the DC's receipts and returns (../shared/operations.md E5) and their defects. */
export const wmsInspections = resourceTable(receivingQiResource);
export const wmsInspectionLines = resourceTable(inspectionLineResource);

/**
 * An inspection's sample read at a QI area (sample.ts, migration 0056): a row an EPC read, its SKU,
 * whether it is foreign (not of the inspected bill: shown, not counted) and the read session that
 * read it first. Cleared by the QI reset with the defects.
 */
export const wmsInspectionSamples = pgTable(
  'wms_inspection_samples',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    inspectionId: bigint('inspection_id', { mode: 'number' }).notNull(),
    /** upper-case hex */
    epc: text('epc').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }),
    foreign: boolean('foreign').notNull().default(false),
    sessionId: bigint('session_id', { mode: 'number' }),
    sessionCode: text('session_code').notNull().default(''),
    equipmentCoding: text('equipment_coding').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'wms_inspection_samples_pk', columns: [t.tenantId, t.inspectionId, t.epc] }),
    index('wms_inspection_samples_sku_idx').on(t.tenantId, t.skuId),
  ],
);
