import { z } from 'zod';
import { ENUMS } from '../enums.js';
import { CHINESE_RE, date, INT4_MAX, INT4_MIN, id, int } from '../schemas/common.js';
import { LINES_MAX, type ResourceDef, type Rule } from './define.js';
import { type FieldDef, ITEMS_MAX } from './fields.js';

/**
 * The zod rules of the declarations (resource/define.ts, fields.ts hold data only): imported where
 * validation runs — the server's routes, imports and services, and the console's form checks —
 * so a screen, the menu or the shell can import any declaration without zod.
 */

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

const safeJson = (v: string): unknown => {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

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
      const values = ENUMS[def.enumName!].map((o) => o.value).filter((v) => !def.choices || def.choices.includes(v));
      const numeric = values.every((v) => typeof v === 'number');
      const lits = values.map((v) => z.literal(v));
      const e = lits.length === 1 ? lits[0] : z.union(lits);
      s = numeric ? z.preprocess(toNumber, e) : e;
      break;
    }
    case 'date':
    case 'datetime':
      s = z.preprocess(blankToUndefined, date());
      break;
    case 'json':
      s = def.items
        ? z.array(itemSchema(def.items)).max(ITEMS_MAX)
        : def.attrs
          ? // values per attribute code; the server checks them against the tenant's template
            z.preprocess(
              (v) => (typeof v === 'string' && v.trim().startsWith('{') ? safeJson(v) : v),
              z.record(z.string().max(64), z.union([z.string().max(512), z.number(), z.boolean(), z.null()])),
            )
          : z.unknown();
      break;
    case 'ref':
      s = z.preprocess(
        toNumber,
        z
          .number()
          .int()
          .min(def.min === 0 ? 0 : 1)
          .max(INT4_MAX),
      );
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

function applyRules<T extends z.ZodType<Record<string, unknown>>>(schema: T, rules: Rule<Record<string, unknown>>[] = []): T {
  if (!rules.length) return schema;
  return schema.superRefine((data, ctx) => {
    for (const rule of rules) for (const issue of rule(data)) ctx.addIssue({ code: 'custom', ...issue });
  });
}

const numberInput = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

/** One filter value of a field, by its kind: what the column can be compared with. */
function filterValue(f: FieldDef & { key: string }): z.ZodTypeAny {
  switch (f.kind) {
    case 'enum': {
      const values = ENUMS[f.enumName!].map((o) => o.value);
      const lits = values.map((v) => z.literal(v));
      const e = lits.length === 1 ? lits[0] : z.union(lits);
      return values.every((v) => typeof v === 'number') ? z.preprocess(numberInput, e) : e;
    }
    case 'int':
      return int(Math.max(f.min ?? INT4_MIN, INT4_MIN), Math.min(f.max ?? INT4_MAX, INT4_MAX));
    case 'ref':
      return id();
    case 'decimal':
      return z.preprocess(numberInput, z.number());
    case 'date':
    case 'datetime':
      // kept as ISO text: every list compares with new Date(text)
      return date().transform((d) => d.toISOString());
    default:
      return z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(256));
  }
}

/** The search of a field: a value (like: text), or a [from, to] range whose ends may be empty. */
function filterSchema(f: FieldDef & { key: string }): z.ZodTypeAny {
  if (f.search === 'like' || f.search === 'prefix') return z.preprocess(blankToUndefined, filterValue({ ...f, kind: 'text' }).optional());
  const value = z.preprocess(blankToUndefined, filterValue(f).optional());
  if (f.search === 'range') return z.preprocess(blankToUndefined, z.tuple([value, value]).optional());
  return value;
}

/** The create, update and list-query bodies of a declaration, derived from its fields and rules. */
export interface ResourceSchemas {
  /** every form field by its rule (a strict object), then the declaration's cross-field rules */
  create: z.ZodType<Record<string, unknown>>;
  /** the id, and the editable fields, each optional: a field left out keeps its value */
  update: z.ZodType<Record<string, unknown> & { id: number }>;
  /** paging, sorting and each searchable field's filter; an object a screen may extend with its own filters */
  query: z.ZodObject;
}

const SCHEMAS = new WeakMap<ResourceDef, ResourceSchemas>();

/** The schemas of a declaration, built on first use and kept for it. */
export function schemasOf(def: ResourceDef): ResourceSchemas {
  let out = SCHEMAS.get(def);
  if (!out) {
    out = buildSchemas(def);
    SCHEMAS.set(def, out);
  }
  return out;
}

function buildSchemas(def: ResourceDef): ResourceSchemas {
  const list = def.list;
  const createShape: Record<string, z.ZodTypeAny> = {};
  /** the update's fields besides its id */
  const updateShape: Record<string, z.ZodTypeAny> = {};
  const queryShape: Record<string, z.ZodTypeAny> = {
    page: int(1).default(1),
    pageSize: int(1, 500).default(20),
    sortField: z.enum(list.filter((f) => f.sort).map((f) => f.key) as [string, ...string[]]).optional(),
    sortOrder: z.enum(['asc', 'desc']).optional(),
  };
  if (!list.some((f) => f.sort)) delete queryShape.sortField;
  for (const c of def.children ?? []) {
    // lines are checked one by one with the line's own rules by the server, which names the line
    const line = z.record(z.string(), z.unknown());
    createShape[c.key] = z.array(line).max(LINES_MAX).optional();
    updateShape[c.key] = z.array(line).max(LINES_MAX).optional();
  }
  for (const f of list) {
    if (f.form) {
      createShape[f.key] = fieldSchema(f);
      // on update a field left out keeps its value; a field that may not change is ignored
      if (f.editable) updateShape[f.key] = fieldSchema(f).optional();
    }
    if (f.search) queryShape[f.key] = filterSchema(f);
  }
  return {
    create: applyRules(z.strictObject(createShape), def.rules),
    // fields that may not change, and read-only ones a client sends back, are dropped on update
    update: z.object({ id: id(), ...updateShape }),
    query: z.object(queryShape),
  };
}

/**
 * The declared rules of some fields, for a screen whose request body has more than its columns
 * (a tenant's menu grants, a user's roles per terminal): the body takes these field rules from the
 * declaration and adds its own parts, so no field rule is written twice.
 */
export function fieldRules<K extends string>(def: ResourceDef, keys: readonly K[]): Record<K, z.ZodTypeAny> {
  const out = {} as Record<K, z.ZodTypeAny>;
  for (const key of keys) {
    const f = def.list.find((x) => x.key === key);
    if (!f) throw new Error(`${def.code} declares no field ${key}`);
    out[key] = fieldSchema(f);
  }
  return out;
}

/** The declaration's cross-field rules, to run in a body's superRefine. */
export function checkRules(def: ResourceDef, data: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const rule of def.rules ?? []) for (const issue of rule(data)) ctx.addIssue({ code: 'custom', ...issue });
}
