// Zod-free: the console's shell (change password, forced change at sign-in) imports it anywhere.

/**
 * Password policy (system parameter PASSWORD_STRENGTH, one of its option codes). One rule for the
 * server and the console: the minimum length and the kinds of characters a new password must hold.
 */
export const PASSWORD_STRENGTH_PARAM = 'PASSWORD_STRENGTH';
export const PASSWORD_LEVELS = ['LOOSE', 'STANDARD', 'STRICT'] as const;
export type PasswordLevel = (typeof PASSWORD_LEVELS)[number];
/** the level when the parameter is missing or holds an unknown code (the seeded value) */
export const DEFAULT_PASSWORD_LEVEL: PasswordLevel = 'STANDARD';

export type CharClass = 'letter' | 'lower' | 'upper' | 'digit' | 'symbol';
const CLASS_RE: Record<CharClass, RegExp> = {
  letter: /[A-Za-z]/,
  lower: /[a-z]/,
  upper: /[A-Z]/,
  digit: /[0-9]/,
  symbol: /[^A-Za-z0-9\s\u3400-\u9fff\uf900-\ufaff]/,
};

export interface PasswordRule {
  level: PasswordLevel;
  minLength: number;
  /** every one of these kinds of characters must appear */
  classes: CharClass[];
}

export const PASSWORD_RULES: Record<PasswordLevel, PasswordRule> = {
  LOOSE: { level: 'LOOSE', minLength: 4, classes: [] },
  STANDARD: { level: 'STANDARD', minLength: 6, classes: ['letter', 'digit'] },
  STRICT: { level: 'STRICT', minLength: 10, classes: ['lower', 'upper', 'digit', 'symbol'] },
};

/** The rule of a PASSWORD_STRENGTH value (the standard one for a missing or unknown value). */
export const passwordRuleOf = (value: string | null | undefined): PasswordRule =>
  PASSWORD_RULES[
    (PASSWORD_LEVELS as readonly string[]).includes(String(value ?? '').trim())
      ? (String(value).trim() as PasswordLevel)
      : DEFAULT_PASSWORD_LEVEL
  ];

/** Why a password breaks the rule, as an i18n key with its params, or undefined when it keeps it. */
export function passwordIssue(password: string, rule: PasswordRule): { key: string; params: Record<string, unknown> } | undefined {
  if (password.length < rule.minLength) return { key: 'signin.policy.tooShort', params: { min: rule.minLength } };
  if (rule.classes.some((c) => !CLASS_RE[c].test(password))) return { key: `signin.policy.classes.${rule.level}`, params: {} };
  return undefined;
}

/** The rule in words (i18n key and params), shown beside password inputs before they are sent. */
export const passwordHint = (rule: PasswordRule) => ({ key: `signin.policy.hint.${rule.level}`, params: { min: rule.minLength } });

/**
 * The answer of a call made by a session that must change its initial password first: every call
 * but the account's own (info, password policy, change password, language, logout) is refused.
 */
export const PASSWORD_CHANGE_REQUIRED = 50016;
