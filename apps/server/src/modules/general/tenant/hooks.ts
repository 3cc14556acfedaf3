import { codingRuleSample, RESOURCES } from '@tagloom/domain';
import { inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../core/context.js';
import { conflict } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { RESOURCE_TABLES } from '../../../db/schema/index.js';
import { TEMPLATE_SCREENS, type TenantRefKind, TenantService } from './service.js';

// biome-ignore lint/suspicious/noExplicitAny: resource tables are built from declarations
type AnyTable = PgTable & Record<string, any>;

/** The screen whose rows a tenant points at, by kind. */
const REF_SCREENS: Record<TenantRefKind, string> = { ...TEMPLATE_SCREENS, group: 'general/tenant-group' };
const NAMED_TENANTS = 3;

/**
 * Templates and tenant groups a tenant still uses cannot be deleted (409 naming the row and the
 * tenants). The rows are locked for update first, so a tenant being created or edited with one of
 * them (which share-locks it) either finishes before the check sees it, or waits and then finds it gone.
 */
export function tenantRefHooks(ctx: AppContext, kind: TenantRefKind): ResourceHooks {
  const tenants = new TenantService(ctx);
  const code = REF_SCREENS[kind];
  const def = RESOURCES.find((r) => r.code === code);
  const table = (RESOURCE_TABLES as Record<string, AnyTable>)[code];
  if (!def || !table) throw new Error(`${code} is not a declared resource with a table`);
  return {
    async beforeDelete(tx, rows) {
      const ids = rows.map((r) => r.id as number);
      await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids)).for('update');
      const using = await tenants.tenantsUsing(kind, ids, tx);
      if (!using.length) return;
      const row = rows.find((r) => r.id === using[0].refId) ?? rows[0];
      const names = using.filter((u) => u.refId === row.id).map((u) => `${u.name} (${u.code})`);
      const more = names.length > NAMED_TENANTS ? ` … (+${names.length - NAMED_TENANTS})` : '';
      throw conflict('tenant.inUseByTenant', {
        what: def.names,
        name: String(row[def.titleField] ?? row.id),
        tenant: names.slice(0, NAMED_TENANTS).join(', ') + more,
      });
    },
  };
}

/**
 * Coding-rule templates: refused deletes while a tenant uses them, and a sample left empty is
 * built from the domains' default values (codingRuleSample), on create, import and update.
 */
export function codingRuleHooks(ctx: AppContext): ResourceHooks {
  return {
    ...tenantRefHooks(ctx, 'codingRule'),
    async beforeWrite(_tx, data, { changes }) {
      if (typeof data.sample === 'string' && data.sample.trim() !== '') return;
      const sample = codingRuleSample(data.domains, data.totalLength);
      if (changes) changes.sample = sample;
      else data.sample = sample;
    },
  };
}
