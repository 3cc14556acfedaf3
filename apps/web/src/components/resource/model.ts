/** What a declaration turns into on the page: columns, search fields, form items, the list request body. */
import { ENUMS } from '@tagloom/domain/enums.ts';
import type { Lang } from '@tagloom/domain/lang.ts';
import type { Dayjs } from 'dayjs';
import type { Field, Mode, Paging, ResourceDef } from './types';

/** More form fields than this open the form in a drawer instead of a modal. */
export const DRAWER_FIELDS = 8;
/** Search fields shown while the search form is collapsed. */
export const COLLAPSED_SEARCH = 3;
/** Page sizes above this render the table in virtual mode. */
export const VIRTUAL_ABOVE = 100;
/** Rows a list shows at first: one figure for every list of the console (resource screens, logs …). */
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100, 200];
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** Fields shown as table columns, in declaration order. */
export const listFields = (def: ResourceDef): Field[] => def.list.filter((f) => f.list && f.kind !== 'password');

/** Fields of the search form. */
export const searchFields = (def: ResourceDef): Field[] => def.list.filter((f) => !!f.search);

/**
 * Fields of the add/edit form. Passwords only on create, unless declared editable: then the edit
 * form offers an empty input that keeps the stored secret when left empty.
 */
export const formFields = (def: ResourceDef, mode: Mode): Field[] =>
  def.list.filter((f) => f.form && !(mode === 'edit' && f.kind === 'password' && !f.editable));

/** A list field with more item columns than this needs the drawer's width. */
const WIDE_LIST = 4;

export const opensInDrawer = (def: ResourceDef): boolean => {
  const fields = formFields(def, 'create');
  return fields.length > DRAWER_FIELDS || fields.some((f) => Object.keys(f.items ?? {}).length > WIDE_LIST);
};

export interface Option {
  value: number | string;
  label: string;
}
export const enumOptionsOf = (f: Field, lang: Lang): Option[] =>
  (ENUMS[f.enumName ?? ''] ?? [])
    .filter((o) => !f.choices || f.choices.includes(o.value))
    .map((o) => ({ value: o.value, label: o.label[lang] }));

export type InputKind =
  | 'input'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'radio'
  | 'date'
  | 'datetime'
  | 'json'
  | 'list'
  | 'ref'
  | 'file';

/** Which input a field gets in the add/edit form. */
export function inputKindOf(f: Field): InputKind {
  switch (f.kind) {
    case 'text':
      return 'input';
    case 'int':
    case 'decimal':
      return 'number';
    case 'enum':
      return (f.choices?.length ?? ENUMS[f.enumName ?? '']?.length ?? 0) <= 3 ? 'radio' : 'select';
    case 'json':
      return f.items ? 'list' : 'json';
    default:
      return f.kind;
  }
}

/** Which control a search field gets. */
export type SearchKind = 'input' | 'select' | 'ref' | 'dateRange' | 'numberRange' | 'number';
export function searchKindOf(f: Field): SearchKind {
  if (f.search === 'range') return f.kind === 'date' || f.kind === 'datetime' ? 'dateRange' : 'numberRange';
  if (f.kind === 'enum') return 'select';
  if (f.kind === 'ref') return 'ref';
  if ((f.kind === 'int' || f.kind === 'decimal') && f.search === 'eq') return 'number';
  return 'input';
}

/** A text input shows a character counter when it may hold 64 characters or more. */
export const showCount = (f: Field): boolean => (f.kind === 'text' || f.kind === 'textarea') && (f.max ?? 0) >= 64;

export const isSortable = (f: Field): boolean => f.sort;

type DateLike = Dayjs | null | undefined;
const isDayjs = (v: unknown): v is Dayjs => !!v && typeof (v as Dayjs).isValid === 'function' && typeof (v as Dayjs).format === 'function';

/** One search value as the list request wants it, or undefined when empty. */
export function filterValue(f: Field, v: unknown): unknown {
  if (v === undefined || v === null || v === '') return undefined;
  if (f.search === 'range') {
    if (!Array.isArray(v)) return undefined;
    const [a, b] = v as [unknown, unknown];
    if (f.kind === 'date') {
      const from = isDayjs(a) ? a.format(DATE_FORMAT) : null;
      const to = isDayjs(b) ? b.format(DATE_FORMAT) : null;
      return from || to ? [from, to] : undefined;
    }
    if (f.kind === 'datetime') {
      const from = isDayjs(a) ? (a as Dayjs).startOf('day').toISOString() : null;
      const to = isDayjs(b) ? (b as Dayjs).endOf('day').toISOString() : null;
      return from || to ? [from, to] : undefined;
    }
    const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
    const from = num(a);
    const to = num(b);
    return from !== null || to !== null ? [from, to] : undefined;
  }
  if (typeof v === 'string') return v.trim() || undefined;
  return v;
}

/** The body of /list and /export: paging, sort and the non-empty filters. */
export function toQueryBody(def: ResourceDef, filters: Record<string, unknown>, paging: Paging): Record<string, unknown> {
  const body: Record<string, unknown> = { page: paging.page, pageSize: paging.pageSize };
  if (paging.sortField && paging.sortOrder) {
    body.sortField = paging.sortField;
    body.sortOrder = paging.sortOrder;
  }
  for (const f of searchFields(def)) {
    const v = filterValue(f, filters[f.key]);
    if (v !== undefined) body[f.key] = v;
  }
  return body;
}

/** antd's sort order ↔ the API's. */
export const toSortOrder = (o: 'ascend' | 'descend' | null | undefined): 'asc' | 'desc' | undefined =>
  o === 'ascend' ? 'asc' : o === 'descend' ? 'desc' : undefined;

/** The row's title (delete confirmations): its titleField, else its id. */
export const titleOf = (def: ResourceDef, row: Record<string, unknown>): string => {
  const v = row[def.titleField];
  return v === undefined || v === null || v === '' ? `#${String(row.id)}` : String(v);
};

export type { DateLike };
