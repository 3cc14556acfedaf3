import { equipmentResource } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, foreignKey, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { builtTable } from '../../../db/resource-table.js';
import { tenants } from '../../../db/schema/platform.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Registration codes issued in the console for one equipment row: stored as their SHA-256 only
 * (the dialog shows the code once), single use (`used_at`), expiring. Issuing a new code for a row
 * withdraws its unused ones.
 */
export const rfidRegistrationCodes = pgTable(
  'rfid_registration_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    equipmentId: bigint('equipment_id', { mode: 'number' }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // the equipment row of the same tenant (its key is (tenant_id, id)); its codes go with it
    foreignKey({
      name: 'rfid_registration_codes_equipment_fk',
      columns: [t.tenantId, t.equipmentId],
      // (looked up by code when the key is read: ../tables.ts re-exports this file)
      foreignColumns: [builtTable(equipmentResource.code).tenantId, builtTable(equipmentResource.code).id],
    }).onDelete('cascade'),
    uniqueIndex('rfid_registration_codes_hash_idx').on(t.codeHash),
    index('rfid_registration_codes_open_idx').on(t.tenantId, t.equipmentId).where(sql`used_at is null`),
  ],
);
