/**
 * Coding-rule templates (general/template-coding-rule) beyond their columns: a sample left empty is
 * made by the rule engine (every domain's default), on create, import and update; every row carries
 * the engine's warnings (a GS1 header in a custom rule …) in the reader's language, so a save answers
 * them (`warnings: [{ key, params, message }]`, the message in the session's language, the key for
 * the console to word in its own); a rule a tenant has drawn serials from is not deleted (its serials could come again).
 */
import { codingRuleSample, ruleIssues, translate } from '@tagloom/domain';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { conflict } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { tenants } from '../../../db/schema/platform.js';
import { ruleInput } from './service.js';
import { codingSerials } from './tables.js';

export function codingRuleHooks(): ResourceHooks {
  return {
    async beforeWrite(_tx, data, { changes }) {
      if (typeof data.sample === 'string' && data.sample.trim() !== '') return;
      const sample = codingRuleSample(data.domains, data.totalLength, data.companyPrefixLength);
      if (changes) changes.sample = sample;
      else data.sample = sample;
    },
    async beforeDelete(tx, rows) {
      const ids = rows.map((r) => Number(r.id));
      // a rule a tenant points at is refused by the tenants' key, naming the tenant (core/resource/refs.ts)
      const pointed = await tx.select({ id: tenants.id }).from(tenants).where(inArray(tenants.codingRuleTemplateId, ids)).limit(1);
      if (pointed.length) return;
      const used = await tx
        .select({ ruleId: codingSerials.ruleId, tenants: sql<number>`count(*)`.mapWith(Number) })
        .from(codingSerials)
        .where(inArray(codingSerials.ruleId, ids))
        .groupBy(codingSerials.ruleId);
      const first = used[0];
      if (first) {
        const row = rows.find((r) => Number(r.id) === first.ruleId);
        throw conflict('coding.ruleHasSerials', { name: String(row?.name ?? ''), tenants: first.tenants });
      }
    },
    decorate: async (rows, { session }) =>
      rows.map((r) => ({
        ...r,
        warnings: Array.isArray(r.domains)
          ? ruleIssues(ruleInput(r)).map((w) => ({ ...w, message: translate(session.lang, w.key, w.params) }))
          : [],
      })),
    rowFields: {
      warnings: z.array(
        z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])), message: z.string() }),
      ),
    },
  };
}
