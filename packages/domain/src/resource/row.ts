import type { ResourceDef } from './define.js';
import type { FieldDef, FieldKind } from './fields.js';

/** The stored value of each field kind, as the generated table reads it. */
interface ValueOfKind {
  text: string;
  textarea: string;
  password: string;
  int: number;
  decimal: number;
  enum: number | string;
  date: Date;
  datetime: Date;
  json: unknown;
  ref: number;
  file: number | number[];
}

/** Text kinds are stored NOT NULL with '' for "none"; the others may be null when not required. */
type TextKind = 'text' | 'textarea' | 'password';

/** The value of one declared field (the builders f.text, f.int, … carry their kind in their type). */
export type ValueOf<F extends FieldDef> = F['kind'] extends infer K
  ? K extends TextKind
    ? string
    : K extends FieldKind
      ? ValueOfKind[K] | null
      : unknown
  : unknown;

/**
 * The columns every declared table adds to its fields. A type, not an interface: a typed row is
 * then also a record (`Record<string, unknown>`), what the generic service hands any declaration's
 * hooks.
 */
export type RowBase = {
  id: number;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * A row of a declared resource, typed from its declaration (`RowOf<typeof schedulerResource>`), so
 * a module never restates a row type by hand. Tenant-owned rows also carry `tenantId`.
 */
export type RowOf<D> =
  D extends ResourceDef<infer F> ? RowBase & { tenantId?: number } & { -readonly [K in keyof F]: ValueOf<F[K]> } : never;
