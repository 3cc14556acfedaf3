import { ENUMS } from './enums.js';
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

/**
 * What kind of input a field is, so a message can say "Please enter …" for a typed input and
 * "Please select …" for a select, radio, picker or reference; `enumName` names its options.
 */
export interface FieldHint {
  input: 'enter' | 'select';
  enumName?: string;
}

/**
 * The field builders record the hint of each declared label here, so every message built from a
 * declaration's labels (server envelope, imports, console forms) knows its field's input.
 */
const HINTS = new WeakMap<object, FieldHint>();
export const setFieldHint = (label: L10n, hint: FieldHint): void => void HINTS.set(label, hint);
export const fieldHintOf = (label: L10n | undefined): FieldHint | undefined => (label ? HINTS.get(label) : undefined);

/**
 * Zod does not keep the input in its issues; a value that was not given (undefined, null, '') is
 * marked with this message instead (zod's error map in schemas/common.ts), so "left empty" is told
 * from "wrong" on the server too. This module is zod-free: the console imports it anywhere.
 */
export const MISSING = 'messages.missing';

/** The label as it reads inside a sentence: English drops the capital of a word ("user type", but "MAC address"). */
export function inSentence(lang: Lang, label: string): string {
  if (lang !== 'en_US' || label.length < 2) return label;
  return /^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
}

/** "Please enter <field>" / "Please select <field>": the message of a required input left empty. */
export const requiredMessage = (lang: Lang, label: string, input: FieldHint['input'] = 'enter'): string =>
  translate(lang, input === 'select' ? 'messages.select' : 'messages.enter', { field: inSentence(lang, label) });

/** "<field>: <rule>" — any other refusal, naming the field. */
export const fieldMessage = (lang: Lang, label: string, rule: string): string =>
  translate(lang, 'validation.field', { field: label, message: rule });

/** The rule part of a wrong choice: "choose one of <labels>" (the options' labels, never raw codes). */
export const choiceRule = (lang: Lang, optionLabels: string[]): string =>
  optionLabels.length
    ? translate(lang, 'messages.choose', { options: optionLabels.join(translate(lang, 'messages.optionSeparator')) })
    : translate(lang, 'messages.chooseListed');

/** Human label of a field path: the screen's label, else the catalog's `field.<name>`, else the path. */
export function fieldLabel(lang: Lang, path: ReadonlyArray<PropertyKey>, labels?: FieldLabels): string {
  const isIndex = (p: PropertyKey) => typeof p === 'number' || (typeof p === 'string' && /^\d+$/.test(p));
  const last = [...path].reverse().find((p) => typeof p === 'string' && !isIndex(p)) as string | undefined;
  // a field of one record of a json list ('options', 2, 'code'; '2' from a request body's path): "Options, row 3, Option code"
  const row = path.findIndex(isIndex);
  const list = row > 0 ? path[row - 1] : undefined;
  if (typeof list === 'string' && last && last !== list && labels?.[list]) {
    const field = labels[`${list}.${last}`]?.[lang] ?? last;
    return translate(lang, 'refs.itemLabel', { list: labels[list][lang], row: Number(path[row]) + 1, field });
  }
  if (last && labels?.[last]) return labels[last][lang];
  if (last && hasMessage(`field.${last}`)) return translate(lang, `field.${last}`);
  return path.length ? path.map(String).join('.') : '-';
}

const typeName = (lang: Lang, t: string) => (hasMessage(`validation.types.${t}`) ? translate(lang, `validation.types.${t}`) : t);

/** Whether the issue says a value was not given. */
export function isMissing(issueIn: IssueLike): boolean {
  const issue = issueIn as IssueLike & Record<string, unknown>;
  const msg = issue.message ?? '';
  if (msg === MISSING || msg === 'validation.required') return true;
  if (issue.code === 'invalid_type' && /received (undefined|null)\b/.test(msg)) return true;
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) return true;
  if (issue.code === 'invalid_union') {
    const nested = (issue.errors as IssueLike[][] | undefined)?.flat() ?? [];
    return nested.length > 0 && nested.every((n) => n.message === MISSING);
  }
  return false;
}

/** The values of a choice among fixed values (an enum), or undefined when the issue is not one. */
function choiceValues(issue: IssueLike & Record<string, unknown>): unknown[] | undefined {
  if (issue.code === 'invalid_value' && Array.isArray(issue.values)) return issue.values;
  if (issue.code !== 'invalid_union') return undefined;
  const nested = (issue.errors as IssueLike[][] | undefined)?.flat() ?? [];
  if (!nested.length || !nested.every((n) => n.code === 'invalid_value')) return undefined;
  return nested.flatMap((n) => ((n as { values?: unknown[] }).values ?? []) as unknown[]);
}

/** The labels of the options a choice offers: the hinted enum's, else the one declared enum with exactly these values. */
function optionLabels(lang: Lang, values: unknown[], hint?: FieldHint): string[] | undefined {
  const same = (name: string) => {
    const opts = ENUMS[name];
    return opts.length === values.length && opts.every((o) => values.some((v) => String(v) === String(o.value)));
  };
  const name = hint?.enumName && ENUMS[hint.enumName] ? hint.enumName : undefined;
  // the issue's values: all the enum's, or those a field narrowed it to (a disposal: no "pending")
  if (name) return ENUMS[name].filter((o) => values.some((v) => String(v) === String(o.value))).map((o) => o.label[lang]);
  const matches = Object.keys(ENUMS).filter(same);
  if (matches.length === 1) return ENUMS[matches[0]].map((o) => o.label[lang]);
  // a declared enum we cannot tell apart (several share these values): no raw codes either
  if (matches.length > 1) return [];
  return undefined;
}

/**
 * One issue in the user's language. With the field's `label` a value left empty reads as a whole
 * sentence ("Please select user type"); otherwise the rule part ("must be at most 32 characters")
 * that `fieldMessage` prefixes with the field. Custom rules carry an i18n key as their message.
 */
export function describeIssue(lang: Lang, issueIn: IssueLike, field?: { label: string; hint?: FieldHint }): string {
  // zod's issue kinds carry different parameters (minimum, expected, values …)
  const issue = issueIn as IssueLike & Record<string, unknown>;
  const msg = issue.message ?? '';
  const values = choiceValues(issue);
  if (isMissing(issue)) {
    if (!field) return translate(lang, 'validation.required');
    const input = field.hint?.input ?? (values || issue.expected === 'date' ? 'select' : 'enter');
    return requiredMessage(lang, field.label, input);
  }
  if (msg.startsWith('validation.') && hasMessage(msg)) return translate(lang, msg, issue);
  if (values) {
    const labels = optionLabels(lang, values, field?.hint);
    return labels ? choiceRule(lang, labels) : translate(lang, 'validation.invalidValue', { values: values.join(', ') });
  }
  const isString = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_type':
      return translate(lang, 'validation.invalidType', { expected: typeName(lang, String(issue.expected ?? '')) });
    case 'too_small':
      return translate(lang, isString ? 'validation.tooShort' : 'validation.tooSmall', { min: issue.minimum });
    case 'too_big':
      return translate(lang, isString ? 'validation.tooLong' : 'validation.tooBig', { max: issue.maximum });
    case 'unrecognized_keys':
      return translate(lang, 'validation.unknownKey');
    default:
      return translate(lang, 'validation.invalidFormat');
  }
}

/** The issue as a whole sentence naming the field: "Please enter code", "Code: must be at most 32 characters". */
export function issueSentence(lang: Lang, issue: IssueLike, label: string, hint?: FieldHint): string {
  const text = describeIssue(lang, issue, { label, hint });
  return isMissing(issue) ? text : fieldMessage(lang, label, text);
}

/**
 * Every issue as {field, message} — the message is the rule part, or the whole sentence for a
 * value left empty ("Please select user type") — and `summary`, every issue as a sentence naming
 * its field, for the envelope's msg.
 */
export function describeIssues(lang: Lang, issues: IssueLike[], labels?: FieldLabels): { fields: FieldError[]; summary: string } {
  const described = issues.map((i) => {
    const extra = (i as { keys?: unknown }).keys;
    const keys = i.code === 'unrecognized_keys' && Array.isArray(extra) ? [...i.path, String(extra[0])] : i.path;
    const last = [...keys].reverse().find((p) => typeof p === 'string') as string | undefined;
    const label = fieldLabel(lang, keys, labels);
    // a field of a json list's record is hinted by its item label ('options.code')
    const plain = keys.filter((k) => typeof k === 'string' && !/^\d+$/.test(k)) as string[];
    const item = plain.length > 1 ? labels?.[`${plain[plain.length - 2]}.${plain[plain.length - 1]}`] : undefined;
    const hint = fieldHintOf(item ?? (last ? labels?.[last] : undefined));
    return {
      field: keys.map(String).join('.'),
      message: describeIssue(lang, i, { label, hint }),
      sentence: issueSentence(lang, i, label, hint),
    };
  });
  return {
    fields: described.map(({ field, message }) => ({ field, message })),
    summary: described.map((d) => d.sentence).join(translate(lang, 'messages.sentenceSeparator')),
  };
}
