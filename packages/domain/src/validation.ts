import { hasMessage, translate } from './i18n/index.js';
import type { L10n, Lang } from './lang.js';

/** A validation problem, as zod reports it (or fastify-type-provider-zod passes it on). */
export interface IssueLike {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  message?: string;
}

export interface FieldError {
  field: string;
  message: string;
}

/** Labels a screen gives its own fields (a resource's declaration), by field key. */
export type FieldLabels = Record<string, L10n>;

/** Human label of a field path: the screen's label, else the catalog's `field.<name>`, else the path. */
export function fieldLabel(lang: Lang, path: ReadonlyArray<PropertyKey>, labels?: FieldLabels): string {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (last && labels?.[last]) return labels[last][lang];
  if (last && hasMessage(`field.${last}`)) return translate(lang, `field.${last}`);
  return path.length ? path.map(String).join('.') : '-';
}

const typeName = (lang: Lang, t: string) => (hasMessage(`validation.types.${t}`) ? translate(lang, `validation.types.${t}`) : t);

/** One issue in the user's language. Custom rules carry an i18n key as their message. */
export function describeIssue(lang: Lang, issueIn: IssueLike): string {
  // zod's issue kinds carry different parameters (minimum, expected, values …)
  const issue = issueIn as IssueLike & Record<string, unknown>;
  const msg = issue.message ?? '';
  if (msg.startsWith('validation.') && hasMessage(msg)) return translate(lang, msg, issue);
  const isString = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_type':
      // zod does not put the input into issues; its message tells a missing value from a wrong one
      if (/received (undefined|null)\b/.test(msg)) return translate(lang, 'validation.required');
      return translate(lang, 'validation.invalidType', { expected: typeName(lang, String(issue.expected ?? '')) });
    case 'too_small':
      if (isString && Number(issue.minimum) === 1) return translate(lang, 'validation.required');
      return translate(lang, isString ? 'validation.tooShort' : 'validation.tooSmall', { min: issue.minimum });
    case 'too_big':
      return translate(lang, isString ? 'validation.tooLong' : 'validation.tooBig', { max: issue.maximum });
    case 'invalid_format':
      return translate(lang, 'validation.invalidFormat');
    case 'invalid_value':
      return translate(lang, 'validation.invalidValue', {
        values: Array.isArray(issue.values) ? issue.values.join(', ') : '',
      });
    case 'unrecognized_keys':
      return translate(lang, 'validation.unknownKey');
    case 'invalid_union': {
      // a choice among fixed values (enums): name the values
      const nested = (issue.errors as IssueLike[][] | undefined)?.flat() ?? [];
      const values = nested.flatMap((n) => ((n as { values?: unknown[] }).values ?? []) as unknown[]);
      if (values.length && nested.every((n) => n.code === 'invalid_value')) {
        return translate(lang, 'validation.invalidValue', { values: values.join(', ') });
      }
      return translate(lang, 'validation.invalidFormat');
    }
    default:
      return translate(lang, 'validation.invalidFormat');
  }
}

/** Every issue as {field, message}; `summary` joins them into the envelope's msg. */
export function describeIssues(lang: Lang, issues: IssueLike[], labels?: FieldLabels): { fields: FieldError[]; summary: string } {
  const fields = issues.map((i) => {
    const extra = (i as { keys?: unknown }).keys;
    const keys = i.code === 'unrecognized_keys' && Array.isArray(extra) ? [...i.path, String(extra[0])] : i.path;
    return { field: keys.map(String).join('.'), message: describeIssue(lang, i), label: fieldLabel(lang, keys, labels) };
  });
  const summary = fields.map((f) => translate(lang, 'validation.field', { field: f.label, message: f.message })).join('; ');
  return { fields: fields.map(({ field, message }) => ({ field, message })), summary };
}
