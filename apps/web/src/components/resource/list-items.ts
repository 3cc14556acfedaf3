/** Rows of a json field declared with `items`: blank rows, switches, per-cell checks, a short summary. */
import type { Lang } from '@tagloom/domain/lang.ts';
import { fieldSchema } from '@tagloom/domain/resource/schemas.ts';
import { fieldHintOf, issueSentence } from '@tagloom/domain/validation.ts';
import { enumOptionsOf } from './model';
import type { Field } from './types';

export type Item = Record<string, unknown>;

/** The item fields of a list field, with their keys. */
export const itemFields = (f: Field): Field[] => Object.entries(f.items ?? {}).map(([key, def]) => ({ ...def, key }));

/** A YesNo enum item is a switch holding true/false (the rules accept booleans and 0/1). */
export const isSwitch = (item: Field) => item.kind === 'enum' && item.enumName === 'YesNo';

/** A fresh row: empty texts, switches off, other enums at their first option. */
export function blankItem(f: Field, lang: Lang): Item {
  const out: Item = {};
  for (const item of itemFields(f)) {
    if (item.default !== undefined) out[item.key] = item.default;
    else if (isSwitch(item)) out[item.key] = false;
    else if (item.kind === 'enum') out[item.key] = enumOptionsOf(item, lang)[0]?.value;
    else if (item.kind === 'int' || item.kind === 'decimal') out[item.key] = undefined;
    else out[item.key] = '';
  }
  return out;
}

/** The message of one cell, when its value breaks the item field's rule (switches are always fine). */
export function cellProblem(item: Field, value: unknown, lang: Lang): string | undefined {
  if (isSwitch(item)) return undefined;
  const res = fieldSchema(item).safeParse(value);
  return res.success ? undefined : issueSentence(lang, res.error.issues[0], item.label[lang], fieldHintOf(item.label));
}

/** The list as the form holds it: always an array of records. */
export const asItems = (v: unknown): Item[] =>
  Array.isArray(v) ? v.filter((x): x is Item => !!x && typeof x === 'object' && !Array.isArray(x)) : [];

/** What a table cell shows: the first text item of each row (its name), or its code. */
export function itemLabels(f: Field, v: unknown): string[] {
  const fields = itemFields(f);
  const label = fields.find((x) => x.key === 'name') ?? fields.find((x) => x.kind === 'text');
  return asItems(v).map((row) => String(row[label?.key ?? ''] ?? ''));
}
