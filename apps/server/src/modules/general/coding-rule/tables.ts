import { templateCodingRuleResource } from '@tagloom/domain';
import { bigint, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { builtTable } from '../../../db/resource-table.js';
import { tenants } from '../../../db/schema/platform.js';

/**
 * Serial counters of the coding rules: per tenant and rule, the next serial to hand out. A range is
 * reserved by one statement (serials.ts reserveSerials), so no two orders of a tenant ever get the
 * same serial, whichever process asks. A rule a tenant drew serials from cannot be deleted (hooks.ts);
 * the key cascades only so that deleting a tenant removes its counters.
 */
export const codingSerials = pgTable(
  'coding_serials',
  {
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull()
      // (looked up by code when the key is read: ../tables.ts re-exports this file)
      .references(() => builtTable(templateCodingRuleResource.code).id, { onDelete: 'cascade' }),
    /** the next serial to hand out */
    next: bigint('next', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ruleId] })],
);
