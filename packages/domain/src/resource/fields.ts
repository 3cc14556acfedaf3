import { ENUMS } from '../enums.js';
import type { L10n } from '../lang.js';
import { setFieldHint } from '../validation.js';
import type { FileKind, FileRules } from './file-kinds.js';

/**
 * Field builders: one call says everything true of a field once. The zod rule (API, import and
 * form validation: fieldSchema in resource/schemas.ts), the database column and its CHECK, the
 * table column and the search form all come from it. Zod-free: the console imports it anywhere.
 */
export type FieldKind = 'text' | 'textarea' | 'password' | 'int' | 'decimal' | 'enum' | 'date' | 'datetime' | 'json' | 'ref' | 'file';
export type SearchMode = 'eq' | 'like' | 'prefix' | 'range';
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
  /**
   * false: a search box only, not a column (goods found by one of their SKUs' GTIN): no table
   * column, form input, list column or sheet column; the screen's `searches` hook answers it
   */
  stored?: boolean;
  /**
   * true: a column shown and exported, not stored — the screen's `decorate` hook gives its value
   * from other modules' data (a zone's readers bound): no table column, form input, search or sort
   */
  derived?: boolean;
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
  /** a search box only, or a derived column (see FieldOptions.stored, FieldOptions.derived) */
  stored?: false;
  /** shown, not stored: its value is the screen's decorate hook's (see FieldOptions.derived) */
  derived?: true;
  /** text: length bounds; int/decimal: value bounds */
  min?: number;
  max?: number;
  /** decimal places */
  scale?: number;
  /** a rule on text: regex source and the i18n key of its message */
  pattern?: { source: string; message: string };
  enumName?: string;
  /** of the enum's values, the only ones accepted here (a transition's field narrowed: a disposal is no "pending") */
  choices?: readonly (number | string)[];
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
  /**
   * json: the value is an object {attribute code: value} whose attributes come from the tenant's
   * template of this source (goods or location attributes): typed and required as the template
   * says, an option attribute's values from the tenant's code table of the same code. Checked by
   * the server on every write (core/resource/attrs.ts); the form draws one input per attribute.
   */
  attrs?: AttrSource;
}

/** Where a field's attributes are declared (the tenant's template of that kind). */
export type AttrSource = 'goods' | 'location';

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
    ...(o.stored === false ? { stored: false as const, list: false, exported: false, form: false, required: false, sort: false } : {}),
    ...(o.derived
      ? { stored: false as const, derived: true as const, search: undefined, form: false, editable: false, required: false, sort: false }
      : {}),
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
  /** attributes from the tenant's template of `source` (see FieldDef.attrs) */
  attrs: (source: AttrSource, o: FieldOptions) =>
    hinted(base('json', { list: false, exported: true, required: false, ...o }, { attrs: source })),
  /** a real foreign key to `resource` (default onDelete 'restrict'), shown by its `labelField` */
  /** `min: 0`: the reference may name row 0 (the platform's own tenant, which general/user's platform accounts belong to) */
  ref: (resource: string, labelField: string, o: Opts<{ onDelete?: RefOnDelete; min?: 0 }>) =>
    hinted(base('ref', o, { min: o.min, ref: { resource, labelField, onDelete: o.onDelete ?? 'restrict' } })),
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

/** Options of an enum field, labelled in one language. */
export const enumOptions = (def: FieldDef) => ENUMS[def.enumName ?? '']?.map((o) => ({ value: o.value, label: o.label })) ?? [];
