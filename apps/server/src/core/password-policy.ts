import {
  type L10n,
  LANGS,
  type Lang,
  PASSWORD_STRENGTH_PARAM,
  type PasswordRule,
  passwordIssue,
  passwordRuleOf,
  translate,
} from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { sysParams } from '../db/schema/index.js';
import { badRequest } from './errors.js';

/** The password rule now in force: the system parameter PASSWORD_STRENGTH (read on every use, so a change applies at once). */
export async function currentPasswordRule(db: Tx): Promise<PasswordRule> {
  const rows = (await db
    .select({ value: sql<string | null>`${sysParams}.value` })
    .from(sysParams)
    .where(sql`${sysParams}.code = ${PASSWORD_STRENGTH_PARAM}`)
    .limit(1)) as { value: string | null }[];
  return passwordRuleOf(rows[0]?.value);
}

/**
 * Refuse a password the rule does not allow: 400 naming the field ("New password: must …") in the
 * caller's language, with data.fields for the console when `lang` is known.
 */
export async function assertPasswordPolicy(db: Tx, password: string, field: { key: string; label?: L10n }, lang?: Lang): Promise<void> {
  const issue = passwordIssue(password, await currentPasswordRule(db));
  if (!issue) return;
  const rule = Object.fromEntries(LANGS.map((l) => [l, translate(l, issue.key, issue.params)])) as L10n;
  const label: L10n | { key: string } = field.label ?? { key: `field.${field.key}` };
  throw badRequest(
    'validation.field',
    { field: label, message: rule },
    lang ? { fields: [{ field: field.key, message: rule[lang] }] } : null,
  );
}
