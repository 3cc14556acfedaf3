import { z } from 'zod';
import { ENUMS } from '../enums.js';
import type { L10n } from '../lang.js';
import type { ActionCode } from '../menu/actions.js';
import { date, INT4_MAX, INT4_MIN, id, int } from '../schemas/common.js';
import type { CrudAction } from './buttons.js';
import { type FieldDef, fieldSchema } from './fields.js';
import type { StateMachine } from './machine.js';

/** A cross-field rule: returns issues (path + i18n message key) for the data, or none. */
export type Rule<T> = (data: T) => { path: string[]; message: string }[];

export interface ResourceInput<F extends Record<string, FieldDef>> {
  /** screens.md code of the screen that shows it, e.g. 'general/tenant-group' */
  code: string;
  /** the entity's name, for messages ("Tenant group already exists") */
  names: L10n;
  /** platform: one set for the platform (platform users only); tenant: rows per tenant */
  owner: 'platform' | 'tenant';
  /** database table name */
  table: string;
  fields: F;
  /** field shown to name a row (delete confirmations, refs) */
  titleField: keyof F & string;
  defaultSort?: { field: keyof F & string; order: 'asc' | 'desc' };
  rules?: Rule<Record<string, unknown>>[];
  /** the CRUD buttons this screen offers, in CRUD order (default all six; see buttonsOf) */
  crud?: readonly CrudAction[];
  /** buttons beyond CRUD this screen offers (routes added by the screen's own module) */
  extraActions?: ActionCode[];
  /** the states of a row and the actions that move it between them */
  machine?: StateMachine;
  /** demo rows seeded with the demo data (per demo tenant for tenant-owned resources) */
  seed?: Record<string, unknown>[];
  /**
   * the screen whose buttons guard this resource's routes (default: `code`). A line resource
   * edited inside its parent's screen names the parent's screen.
   */
  screen?: string;
  /**
   * line resources edited inside this one's form and listed under its rows: each a declaration
   * whose `parentField` is a ref to this resource. The body's `key` holds the lines; the parent and
   * its lines are written in one transaction.
   */
  children?: ChildSpec[];
}

/** Lines of a document: the line declaration, its ref to the parent, and the body key holding them. */
export interface ChildSpec {
  key: string;
  // biome-ignore lint/suspicious/noExplicitAny: any line declaration, whatever its fields
  resource: ResourceDef<any>;
  parentField: string;
}

/** At most this many lines in one parent's body. */
export const LINES_MAX = 500;

export type ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> = ResourceInput<F> & {
  createSchema: z.ZodType<Record<string, unknown>>;
  updateSchema: z.ZodType<Record<string, unknown> & { id: number }>;
  querySchema: z.ZodType<Record<string, unknown> & { page: number; pageSize: number }>;
  /** the field list with keys, in declaration order */
  list: (FieldDef & { key: string })[];
  /** field labels by key, for validation messages (a json list's item fields as 'list.item') */
  labels: Record<string, L10n>;
};

function applyRules(schema: z.ZodTypeAny, rules: Rule<Record<string, unknown>>[] = []) {
  if (!rules.length) return schema;
  return schema.superRefine((data, ctx) => {
    for (const rule of rules) for (const issue of rule(data as Record<string, unknown>)) ctx.addIssue({ code: 'custom', ...issue });
  });
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const numberInput = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

/** One filter value of a field, by its kind: what the column can be compared with. */
function filterValue(f: FieldDef & { key: string }): z.ZodTypeAny {
  switch (f.kind) {
    case 'enum': {
      const values = ENUMS[f.enumName!].map((o) => o.value);
      const lits = values.map((v) => z.literal(v));
      const e = lits.length === 1 ? lits[0] : z.union(lits as unknown as [z.ZodLiteral, z.ZodLiteral, ...z.ZodLiteral[]]);
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
  if (f.search === 'like') return z.preprocess(blankToUndefined, filterValue({ ...f, kind: 'text' }).optional());
  const value = z.preprocess(blankToUndefined, filterValue(f).optional());
  if (f.search === 'range') return z.preprocess(blankToUndefined, z.tuple([value, value]).optional());
  return value;
}

/** Declare a resource once; the create/update/query schemas are derived from its fields. */
export function defineResource<F extends Record<string, FieldDef>>(input: ResourceInput<F>): ResourceDef<F> {
  const list = Object.entries(input.fields).map(([key, def]) => ({ ...def, key }));
  const createShape: Record<string, z.ZodTypeAny> = {};
  const updateShape: Record<string, z.ZodTypeAny> = { id: id() };
  const queryShape: Record<string, z.ZodTypeAny> = {
    page: int(1).default(1),
    pageSize: int(1, 500).default(20),
    sortField: z.enum(list.filter((f) => f.sort).map((f) => f.key) as [string, ...string[]]).optional(),
    sortOrder: z.enum(['asc', 'desc']).optional(),
  };
  if (!list.some((f) => f.sort)) delete queryShape.sortField;
  for (const c of input.children ?? []) {
    if (c.resource.list.find((x: FieldDef & { key: string }) => x.key === c.parentField)?.ref?.resource !== input.code)
      throw new Error(`${c.resource.code}.${c.parentField} is not a ref to ${input.code}`);
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
    ...input,
    list,
    labels: Object.fromEntries(
      list.flatMap((f) => [[f.key, f.label], ...Object.entries(f.items ?? {}).map(([k, item]) => [`${f.key}.${k}`, item.label])]),
    ),
    createSchema: applyRules(z.strictObject(createShape), input.rules) as never,
    // fields that may not change, and read-only ones a client sends back, are dropped on update
    updateSchema: z.object(updateShape) as never,
    querySchema: z.object(queryShape) as never,
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
