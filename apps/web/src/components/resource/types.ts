/** Shapes shared by the resource page's parts. */
import type { ResourceDef } from '@tagloom/domain/resource/define.ts';
import type { FieldDef } from '@tagloom/domain/resource/fields.ts';
import type { ReactNode } from 'react';

export type { FieldDef, ResourceDef };
export type Field = FieldDef & { key: string };
export type Row = Record<string, unknown> & { id: number };
export type Mode = 'create' | 'edit';

export interface PageResult<T = Row> {
  list: T[];
  total: number;
  /** the total is an estimate (a very long list): shown as "about N" */
  estimated?: boolean;
  page: number;
  pageSize: number;
}

export interface Paging {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

/**
 * Screen-specific extension points (keep them small):
 * - extraToolbar: buttons after Add/Edit/Delete/Import/Export; receives the selected rows and a reload.
 * - extraRowActions: links after Edit/Delete in each row's action cell.
 * - columnOverrides: a cell renderer per field key (replaces the kind-based rendering).
 * - rowRefusal: why a row may not be edited or deleted (a localized message), or undefined when it may:
 *   its row buttons are hidden, and the toolbar's Edit/Delete say so instead of opening.
 * - formOverrides: an input per field key (replaces the kind-based input; validation stays the shared zod rule). It is
 *   the Form.Item's child, so it must pass on the value, onChange, onBlur and id it is given; `row` is the edited row.
 * - searchOverrides: a search control per field key (replaces the kind-based one), the search Form.Item's child likewise.
 * - lineOverrides: an input per line field of the form's lines, keyed `<child key>.<field key>` (replaces the kind-based
 *   cell input): given the line's value, its onChange and the edited parent row.
 */
/** A line field's input in the form's lines (lineOverrides). */
export type LineOverride = (ctx: {
  field: Field;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled: boolean;
  row?: Row;
}) => ReactNode;

export interface ResourcePageExtensions {
  extraToolbar?: (ctx: { selected: Row[]; reload: () => void }) => ReactNode;
  extraRowActions?: (row: Row, ctx: { reload: () => void }) => ReactNode;
  columnOverrides?: Record<string, (value: unknown, row: Row) => ReactNode>;
  rowRefusal?: (row: Row, action: 'edit' | 'delete') => string | undefined;
  formOverrides?: Record<string, (ctx: { field: Field; mode: Mode; disabled: boolean; row?: Row }) => ReactNode>;
  searchOverrides?: Record<string, (ctx: { field: Field }) => ReactNode>;
  lineOverrides?: Record<string, LineOverride>;
  /** how confirmations name a row (default: its title field), e.g. a shipped row in the user's language */
  rowTitle?: (row: Row) => string;
  /** while the shown rows wait for readers (a pack read), the list asks again this often (ms), else false */
  refreshEvery?: (rows: Row[]) => number | false;
  /** after the form saved a row: the row as the server answered it (what it says once: a key made with it) */
  onSaved?: (row: Row, mode: Mode) => void;
}
