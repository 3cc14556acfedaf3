/** Form values ↔ API values, and validation with the same zod rules the server applies. */

import type { Lang } from '@tagloom/domain/lang.ts';
import { fieldSchema, schemasOf } from '@tagloom/domain/resource/schemas.ts';
import { describeIssue, type FieldError, fieldHintOf, fieldMessage, inSentence, issueSentence } from '@tagloom/domain/validation.ts';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, formFields } from './model';
import type { Field, Mode, ResourceDef, Row } from './types';

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);

/** Values a new or edited row's form starts with. */
export function initialValues(def: ResourceDef, mode: Mode, row?: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of formFields(def, mode)) {
    const v = mode === 'edit' ? row?.[f.key] : f.default;
    if (v === undefined || v === null) continue;
    if (f.kind === 'date' || f.kind === 'datetime') out[f.key] = dayjs(v as string);
    else if (f.kind === 'json' && f.items) out[f.key] = Array.isArray(v) ? structuredClone(v) : [];
    else if (f.kind === 'json') out[f.key] = typeof v === 'string' ? v : JSON.stringify(v, null, 2);
    else out[f.key] = v;
  }
  return out;
}

class BadJson extends Error {}

/** One form value as the API takes it ('' for an empty input: the rules treat it as not given). */
export function toWire(f: Field, v: unknown): unknown {
  if (v === undefined || v === null) return f.kind === 'text' || f.kind === 'textarea' || f.kind === 'password' ? '' : undefined;
  if (f.kind === 'date') return isDayjs(v) ? v.format(DATE_FORMAT) : v;
  if (f.kind === 'datetime') return isDayjs(v) ? v.toISOString() : v;
  if (f.kind === 'json') {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return undefined;
    try {
      return JSON.parse(v);
    } catch {
      throw new BadJson();
    }
  }
  return v;
}

const invalidFormat = (lang: Lang, f: Field) =>
  fieldMessage(lang, f.label[lang], describeIssue(lang, { code: 'invalid_format', path: [] }));

/**
 * The field's message in `lang` when the value breaks the field's rule, else undefined: a sentence
 * naming the field ("Please select user type", "Code: must be at most 32 characters").
 */
export function validateValue(f: Field, v: unknown, lang: Lang): string | undefined {
  let wire: unknown;
  try {
    wire = toWire(f, v);
  } catch {
    return invalidFormat(lang, f);
  }
  if (f.kind === 'password' && wire === '' && !f.required) return undefined;
  const res = fieldSchema(f).safeParse(wire);
  return res.success ? undefined : issueSentence(lang, res.error.issues[0], f.label[lang], fieldHintOf(f.label));
}

/** The body of /create (every form field) or /update (id and the editable fields). */
export function toPayload(def: ResourceDef, values: Record<string, unknown>, mode: Mode, id?: number): Record<string, unknown> {
  const body: Record<string, unknown> = mode === 'edit' ? { id } : {};
  for (const f of formFields(def, mode)) {
    if (mode === 'edit' && !f.editable) continue;
    let wire: unknown;
    try {
      wire = toWire(f, values[f.key]);
    } catch {
      wire = values[f.key];
    }
    if (wire !== undefined) body[f.key] = wire;
    // an input the user cleared (a picker's ×, an emptied date) clears the stored value, not keeps it
    else if (mode === 'edit' && values[f.key] === null) body[f.key] = null;
  }
  return body;
}

/**
 * Every problem of the whole form (field rules and the declaration's cross-field rules), checked
 * with the create schema as the server does; on edit only the fields the form shows count.
 */
export function validateForm(def: ResourceDef, values: Record<string, unknown>, mode: Mode, lang: Lang): FieldError[] {
  const shown = formFields(def, mode);
  const errors: FieldError[] = [];
  const data: Record<string, unknown> = {};
  for (const f of def.list.filter((x) => x.form)) {
    if (!shown.includes(f)) continue;
    try {
      data[f.key] = toWire(f, values[f.key]);
    } catch {
      errors.push({ field: f.key, message: invalidFormat(lang, f) });
    }
  }
  // fields the edit form does not show (passwords) are not the user's to fix here
  const hidden = def.list.filter((f) => f.form && !shown.includes(f));
  for (const f of hidden) data[f.key] = f.kind === 'password' ? 'x'.repeat(Math.max(f.min ?? 4, 4)) : undefined;
  const res = schemasOf(def).create.safeParse(data);
  if (!res.success) {
    for (const issue of res.error.issues) {
      const key = String(issue.path[0] ?? '');
      const f = shown.find((x) => x.key === key);
      if (!f || errors.some((x) => x.field === key)) continue;
      errors.push({ field: key, message: issueSentence(lang, issue, f.label[lang], fieldHintOf(f.label)) });
    }
  }
  return errors;
}

/**
 * Field errors from a refused save, each a sentence naming its field: 400 carries data.fields (a
 * rule part is prefixed with the field's label, a sentence that names it is kept); 409 names the
 * field by its label.
 */
export function serverFieldErrors(def: ResourceDef, err: { code?: number; message?: string; data?: unknown }, lang: Lang): FieldError[] {
  const fields = (err.data as { fields?: FieldError[] } | null)?.fields;
  if (Array.isArray(fields) && fields.length) {
    const out: FieldError[] = [];
    for (const e of fields) {
      const f = def.list.find((x) => x.key === String(e.field).split('.')[0]);
      if (!f) continue;
      const label = f.label[lang];
      const named = e.message.includes(label) || e.message.includes(inSentence(lang, label));
      out.push({ field: f.key, message: named ? e.message : fieldMessage(lang, label, e.message) });
    }
    return out;
  }
  if (err.code === 409 && err.message) {
    // the longest matching label wins ("Group code" before "Code")
    const hit = def.list
      .filter((f) => f.form && err.message!.includes(f.label[lang]))
      .sort((a, b) => b.label[lang].length - a.label[lang].length)[0];
    if (hit) return [{ field: hit.key, message: err.message }];
  }
  return [];
}
