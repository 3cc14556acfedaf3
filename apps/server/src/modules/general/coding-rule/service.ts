/**
 * The coding rule a tenant's EPCs are made with: the coding-rule template its tenant row names
 * (tenants.coding_rule_template_id, chosen on the tenant screen), else the platform's GS1 SGTIN-96
 * rule (CR-SGTIN96). Compiled once per rule version (cached by id and update time).
 */
import { type CodingEncoder, CodingError, type CodingRuleInput, compileRule } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/errors.js';
import type { Tx } from '../../../db/client.js';
import { tenants } from '../../../db/schema/platform.js';
import { templateCodingRules } from '../tables.js';

/** The rule every tenant without a chosen coding-rule template uses. */
export const DEFAULT_CODING_RULE = 'CR-SGTIN96';

type RuleRow = typeof templateCodingRules.$inferSelect;

/** What the engine reads of a rule row. */
export const ruleInput = (row: Record<string, unknown>): CodingRuleInput => ({
  totalLength: Number(row.totalLength),
  domains: (row.domains ?? []) as CodingRuleInput['domains'],
  companyPrefixLength: (row.companyPrefixLength as number | null | undefined) ?? null,
});

/** Runs `fn`, turning the engine's refusal into a 400 with its localized reason. */
export function codingRefusal<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CodingError) throw badRequest(e.key, e.params);
    throw e;
  }
}

export interface TenantCodingRule {
  /** the rule's id (template_coding_rules.id): give it to reserveSerials */
  ruleId: number;
  code: string;
  name: string;
  rule: CodingRuleInput;
  encoder: CodingEncoder;
}

const compiled = new Map<number, { stamp: number; encoder: CodingEncoder }>();

function encoderOf(row: RuleRow): CodingEncoder {
  const stamp = new Date(row.updatedAt).getTime();
  const hit = compiled.get(row.id);
  if (hit && hit.stamp === stamp) return hit.encoder;
  const encoder = codingRefusal(() => compileRule(ruleInput(row)));
  compiled.set(row.id, { stamp, encoder });
  return encoder;
}

/**
 * The coding rule of tenant `tenantId`, compiled: `encoder.epcs({ gtin, firstSerial, count, filter?,
 * tenant? })` makes its EPCs (first serial from reserveSerials). Refused (400) when the rule cannot
 * make codes; 404 when there is no rule at all.
 */
export async function tenantCodingRule(tx: Tx, tenantId: number): Promise<TenantCodingRule> {
  const [t] = await tx.select({ ruleId: tenants.codingRuleTemplateId }).from(tenants).where(eq(tenants.id, tenantId));
  const where = t?.ruleId ? eq(templateCodingRules.id, t.ruleId) : eq(templateCodingRules.code, DEFAULT_CODING_RULE);
  const [row] = await tx.select().from(templateCodingRules).where(where);
  if (!row) throw notFound('coding.rule');
  return { ruleId: row.id, code: String(row.code), name: String(row.name), rule: ruleInput(row), encoder: encoderOf(row) };
}
