import { z } from 'zod';
import { ENUMS } from '../enums.js';
import type { L10n } from '../lang.js';
import { CHINESE_RE, date, INT4_MAX, INT4_MIN } from '../schemas/common.js';
import { setFieldHint } from '../validation.js';
import type { FileKind, FileRules } from './file-kinds.js';

/**
 * Field builders: one call says everything true of a field once. The zod rule (API, import and
 * form validation), the database column and its CHECK, the table column and the search form all
 * come from it.
 */
export type FieldKind = 'text' | 'textarea' | 'password' | 'int' | 'decimal' | 'enum' | 'date' | 'datetime' | 'json' | 'ref' | 'file';
export type SearchMode = 'eq' | 'like' | 'range';
/** What deleting a referenced row does to the rows pointing at it (a real foreign key). */
export type RefOnDelete = 'restrict' | 'cascade';
/**
 * How a value reads in a table cell: 'code' (an identifier: monospace) and 'url' (an address)
 * stay on one line, cut with an ellipsis, the whole value in a tooltip, never broken mid-token.
 */
export type FieldDisplay = 'code' | 'url';

export interface FieldOptions {
  label: L10n;
  /** must be given on create (default true, except optional kinds) */
  required?: boolean;
  search?: SearchMode;
  /** shown as a table column (default true) */
  list?: boolean;
  sort?: boolean;
  /** in Excel export/import (default: same as list) */
  exported?: boolean;
  /** in the add/edit form (default true) */
  form?: boolean;
  /** may change after create (default true) */
  editable?: boolean;
  /** unique within the tenant (or the platform) */
  unique?: boolean;
  /**
   * unique among the rows with the same value of this other field (e.g. an attribute code per
   * product): the table gets a composite unique index; the screen's hook words the refusal
   */
  uniqueWithin?: string;
  width?: number;
  default?: unknown;
  placeholder?: L10n;
  /**
   * a table column left out of the default view (the user can show it in the column settings):
   * each declaration keeps what matters visible within a 1366-pixel screen
   */
  hidden?: boolean;
  display?: FieldDisplay;
}

export interface FieldDef extends Required<Pick<FieldOptions, 'required' | 'list' | 'exported' | 'form' | 'editable' | 'unique'>> {
  kind: FieldKind;
  label: L10n;
  search?: SearchMode;
  sort: boolean;
  width?: number;
  default?: unknown;
  placeholder?: L10n;
  /** not among the table's default columns (see FieldOptions.hidden) */
  hidden?: boolean;
  display?: FieldDisplay;
  /** text: length bounds; int/decimal: value bounds */
  min?: number;
  max?: number;
  /** decimal places */
  scale?: number;
  /** a rule on text: regex source and the i18n key of its message */
  pattern?: { source: string; message: string };
  enumName?: string;
  uniqueWithin?: string;
  /**
   * resource code a ref field points at, the field shown for it, and what deleting the row it
   * points at does: 'restrict' (refused with 409 "<X> is used by <Y>") or 'cascade' (this row goes
   * too). The generated table carries it as a real foreign key.
   */
  ref?: { resource: string; labelField: string; onDelete: RefOnDelete };
  /**
   * json: the value is a list of records with these fields, edited as rows of a small table; a
   * 'YesNo' enum item is a switch holding true/false. The declaration's rules check the list.
   */
  items?: Record<string, FieldDef>;
  /** file: what the field accepts (the value is a file id, or a list of them when max > 1) */
  file?: FileRules;
}

type Opts<T = object> = FieldOptions & T;

function base<K extends FieldKind>(kind: K, o: FieldOptions, extra: Partial<Omit<FieldDef, 'kind'>> = {}): FieldDef & { kind: K } {
  const list = o.list ?? true;
  return {
    kind,
    label: o.label,
    required: o.required ?? true,
    search: o.search,
    list,
    sort: o.sort ?? false,
    exported: o.exported ?? list,
    form: o.form ?? true,
    editable: o.editable ?? true,
    unique: o.unique ?? false,
    uniqueWithin: o.uniqueWithin,
    width: o.width,
    default: o.default,
    placeholder: o.placeholder,
    ...(o.hidden ? { hidden: true } : {}),
    ...(o.display ? { display: o.display } : {}),
    ...extra,
  };
}

/** Inputs that are picked rather than typed: their empty-value message says "Please select …". */
const PICKED: FieldKind[] = ['enum', 'date', 'datetime', 'ref', 'file'];

/** The field, with its label's input hint recorded for validation messages. */
function hinted<D extends FieldDef>(def: D): D {
  setFieldHint(def.label, { input: PICKED.includes(def.kind) ? 'select' : 'enter', enumName: def.enumName });
  return def;
}

export const f = {
  text: (o: Opts<{ min?: number; max?: number; pattern?: { source: string; message: string } }>) =>
    hinted(base('text', o, { min: o.min, max: o.max ?? 64, pattern: o.pattern })),
  textarea: (o: Opts<{ max?: number }>) => hinted(base('textarea', { required: false, ...o }, { max: o.max ?? 256 })),
  password: (o: Opts<{ min?: number }>) =>
    hinted(base('password', { list: false, exported: false, editable: false, ...o }, { min: o.min ?? 4, max: 64 })),
  int: (o: Opts<{ min?: number; max?: number }>) => hinted(base('int', o, { min: o.min, max: o.max })),
  decimal: (o: Opts<{ min?: number; max?: number; scale?: number }>) =>
    hinted(base('decimal', o, { min: o.min, max: o.max, scale: o.scale ?? 2 })),
  enumOf: (enumName: string, o: FieldOptions) => {
    if (!ENUMS[enumName]) throw new Error(`unknown enum ${enumName}`);
    return hinted(base('enum', o, { enumName }));
  },
  date: (o: FieldOptions) => hinted(base('date', o)),
  datetime: (o: FieldOptions) => hinted(base('datetime', o)),
  json: (o: Opts<{ items?: Record<string, FieldDef> }>) =>
    hinted(base('json', { list: false, exported: false, required: false, ...o }, o.items ? { items: o.items } : {})),
  /** a real foreign key to `resource` (default onDelete 'restrict'), shown by its `labelField` */
  ref: (resource: string, labelField: string, o: Opts<{ onDelete?: RefOnDelete }>) =>
    hinted(base('ref', o, { ref: { resource, labelField, onDelete: o.onDelete ?? 'restrict' } })),
  /** uploaded files (see file-kinds.ts): `unique` refuses bytes a row of the screen already holds */
  file: (
    o: Omit<FieldOptions, 'unique'> & {
      kinds: FileKind[];
      maxBytes: number;
      max?: number;
      unique?: boolean;
      image?: { minWidth?: number; minHeight?: number };
    },
  ) =>
    hinted(
      base(
        'file',
        { required: false, exported: false, sort: false, ...o, unique: false },
        {
          file: {
            kinds: o.kinds,
            maxBytes: o.maxBytes,
            max: o.max ?? 1,
            unique: o.unique ?? false,
            ...(o.image ? { image: o.image } : {}),
          },
        },
      ),
    ),
};

/** At most this many records in one json list field. */
export const ITEMS_MAX = 500;

/**
 * One record of a json list field: exactly its item fields (an unknown key is refused, naming it),
 * each checked by its own rule. A 'YesNo' item is a switch: true/false, or 1/0 from spreadsheets.
 */
export function itemSchema(items: Record<string, FieldDef>): z.ZodTypeAny {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [key, item] of Object.entries(items)) {
    const rule = fieldSchema(item);
    shape[key] = item.kind === 'enum' && item.enumName === 'YesNo' ? z.union([z.boolean(), rule]) : rule;
  }
  return z.strictObject(shape);
}

/** '' and null mean "not given" for every kind: forms and spreadsheets send them for empty cells. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const toNumber = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === 'string' && b.trim() !== '' && Number.isFinite(Number(b)) ? Number(b) : b;
};

/** The zod rule of a field for create (`partial` for update bodies, where absent means unchanged). */
export function fieldSchema(def: FieldDef): z.ZodTypeAny {
  let s: z.ZodTypeAny;
  switch (def.kind) {
    case 'text':
    case 'textarea': {
      let t = z
        .string()
        .trim()
        .max(def.max ?? 256);
      if (def.required) t = t.min(Math.max(1, def.min ?? 1));
      else if (def.min) t = t.min(def.min);
      if (def.pattern) t = t.regex(new RegExp(def.pattern.source), { message: def.pattern.message });
      s = def.required ? t : z.union([t, z.literal('')]);
      s = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), s);
      break;
    }
    case 'password':
      s = z
        .string()
        .min(def.min ?? 4)
        .max(def.max ?? 64)
        .refine((v) => !CHINESE_RE.test(v), { message: 'validation.noChinese' });
      break;
    case 'int': {
      // an integer column: within the int4 range whatever the declaration says
      const n = z
        .number()
        .int()
        .min(Math.max(def.min ?? INT4_MIN, INT4_MIN))
        .max(Math.min(def.max ?? INT4_MAX, INT4_MAX));
      s = z.preprocess(toNumber, n);
      break;
    }
    case 'decimal': {
      let n = z.number();
      if (def.min !== undefined) n = n.min(def.min);
      if (def.max !== undefined) n = n.max(def.max);
      const scale = def.scale ?? 2;
      s = z.preprocess(
        toNumber,
        n.refine((v) => Math.abs(Math.round(v * 10 ** scale) - v * 10 ** scale) < 1e-6, { message: 'validation.decimals' }),
      );
      break;
    }
    case 'enum': {
      const values = ENUMS[def.enumName!].map((o) => o.value);
      const numeric = values.every((v) => typeof v === 'number');
      const lits = values.map((v) => z.literal(v));
      const e = lits.length === 1 ? lits[0] : z.union(lits as unknown as [z.ZodLiteral, z.ZodLiteral, ...z.ZodLiteral[]]);
      s = numeric ? z.preprocess(toNumber, e) : e;
      break;
    }
    case 'date':
    case 'datetime':
      s = z.preprocess(blankToUndefined, date());
      break;
    case 'json':
      s = def.items ? z.array(itemSchema(def.items)).max(ITEMS_MAX) : z.unknown();
      break;
    case 'ref':
      s = z.preprocess(toNumber, z.number().int().positive().max(INT4_MAX));
      break;
    case 'file': {
      const fileId = z.preprocess(toNumber, z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
      const max = def.file?.max ?? 1;
      if (max === 1) s = fileId;
      else {
        const ids = z
          .array(fileId)
          .min(def.required ? 1 : 0)
          .max(max);
        s = ids.refine((v) => new Set(v).size === v.length, { message: 'validation.fileTwice' });
      }
      break;
    }
  }
  if (!def.required) {
    const fallback = def.default !== undefined ? def.default : def.kind === 'text' || def.kind === 'textarea' ? '' : null;
    return z.preprocess(blankToUndefined, s.optional()).transform((v) => (v === undefined ? fallback : v));
  }
  if (def.default !== undefined) return z.preprocess(blankToUndefined, s.optional()).transform((v) => (v === undefined ? def.default : v));
  return z.preprocess(blankToUndefined, s);
}

/** Options of an enum field, labelled in one language. */
export const enumOptions = (def: FieldDef) => ENUMS[def.enumName ?? '']?.map((o) => ({ value: o.value, label: o.label })) ?? [];
