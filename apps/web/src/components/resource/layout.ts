/**
 * Pure layout rules of the list screens: column widths that never clip their header, the table's
 * scroll width from the columns actually shown, the default columns of a declaration, and where
 * the search form's buttons sit.
 */
import { ENUMS, isStateEnum } from '@tagloom/domain/enums.ts';
import type { Lang } from '@tagloom/domain/lang.ts';
import { consoleFont, measureText } from '../text-width';
import type { Field } from './types';

/** The row-selection checkbox column. */
export const SELECTION_WIDTH = 48;
/** The expand button's column of a document with lines. */
export const EXPAND_WIDTH = 40;
/** A cell's horizontal padding (antd table, default and middle density: 16 px a side at most). */
const CELL_PADDING = 32;
/** The sort arrows beside a sortable header (16 px as antd draws them, and a little room). */
const SORTER = 20;
/** A status badge's dot and gap. */
const BADGE_DOT = 14;

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** antd's weight of a table's column titles (its token fontWeightStrong). */
const TITLE_WEIGHT = 600;

/**
 * The width of a text in the console's 14 px font (`weight` 600: a column title's), measured in the
 * font the page draws with, a pixel or two to spare; where nothing can measure (the unit tests), an
 * estimate a little generous so nothing is cut.
 */
export function textWidth(text: string, weight = 400): number {
  const font = consoleFont(14, weight);
  const measured = font === undefined ? undefined : measureText(text, font);
  if (measured !== undefined) return Math.ceil(measured) + 2;
  let w = 0;
  for (const ch of text) {
    if (WIDE.test(ch)) w += 14.5;
    else if (/[A-Z@%#&MW]/.test(ch)) w += 9.5;
    else if (/[il.,:;'|!]/.test(ch)) w += 4;
    else if (ch === ' ') w += 4;
    else w += 8;
  }
  // bold letters are about a tenth wider
  return Math.ceil(weight > 400 ? w * 1.1 : w);
}

/** The width a header needs to show its whole title (in its bold) on one line. */
export const headerWidth = (title: string, sortable = false): number =>
  textWidth(title, TITLE_WEIGHT) + CELL_PADDING + (sortable ? SORTER : 0);

/**
 * A column's width by kind: the declared one, else one fitting the kind (enums: their longest
 * label). The row's state (`state`: its machine's field) is never cut: its longest label fits, whatever is declared.
 */
export function kindWidth(f: Field, lang: Lang, state = false): number {
  if (f.width && !(state && f.kind === 'enum')) return f.width;
  switch (f.kind) {
    case 'datetime':
      return 176;
    case 'date':
      return 120;
    case 'enum': {
      const opts = ENUMS[f.enumName ?? ''] ?? [];
      const longest = Math.max(0, ...opts.map((o) => textWidth(o.label[lang])));
      const badge = opts.some((o) => o.tone) ? BADGE_DOT : 0;
      return Math.max(f.width ?? 96, longest + badge + CELL_PADDING);
    }
    case 'int':
    case 'decimal':
      return 110;
    case 'textarea':
      return 240;
    case 'ref':
      return 160;
    default:
      if (f.display === 'url') return 240;
      if (f.display === 'code') return 150;
      return (f.max ?? 64) > 64 ? 200 : 160;
  }
}

/** A column's width: its kind's, widened so its header never clips (`state`: the row's state column, see kindWidth). */
export const columnWidthOf = (f: Field, lang: Lang, state = false): number =>
  Math.max(kindWidth(f, lang, state), headerWidth(f.label[lang], f.sort));

/**
 * The column that names a row, kept at the left: the first unique text column (a code or a
 * name), else the declaration's title field, else the first column.
 */
export function identifyingKey(fields: Field[], titleField?: string): string | undefined {
  return (fields.find((f) => f.kind === 'text' && f.unique) ?? fields.find((f) => f.key === titleField) ?? fields[0])?.key;
}

/**
 * The column holding a row's state: the state machine's field, else the first column of a state
 * enum (one whose options carry badge tones: status, state), else none.
 */
export function stateKey(fields: Field[], machineField?: string): string | undefined {
  return (fields.find((f) => f.key === machineField) ?? fields.find((f) => f.kind === 'enum' && isStateEnum(f.enumName)))?.key;
}

/**
 * The columns in their default order: the identifying one first, then the row's name (when it is
 * another column), then its state, then the rest as declared. The state so stays in sight at the
 * left, never scrolled under the fixed actions column of a narrow screen.
 */
export function defaultOrder(fields: Field[], titleField?: string, machineField?: string): Field[] {
  const id = identifyingKey(fields, titleField);
  const state = stateKey(fields, machineField);
  const lead = [id, titleField, state].filter((k, i, all): k is string => !!k && all.indexOf(k) === i);
  const first = lead.map((k) => fields.find((f) => f.key === k)).filter((f): f is Field => !!f);
  return [...first, ...fields.filter((f) => !lead.includes(f.key))];
}

/** Columns a declaration leaves out of the default view (shown again from the column settings). */
export const defaultHiddenKeys = (fields: Field[]): string[] => fields.filter((f) => f.hidden).map((f) => f.key);

/** The width of the row actions column: its links side by side (a small link button pads 7 px a side), or its header. */
export function actionsWidth(links: string[], header: string, extra = 0): number {
  const content = links.reduce((sum, l) => sum + textWidth(l) + 14, 0) + extra;
  return Math.max(headerWidth(header), content + CELL_PADDING);
}

/**
 * A hand-made table's columns, each widened to show its title whole (a text title, a numeric width):
 * the rule every declared list follows (columnWidthOf), for the screens that lay out their own.
 */
export function titledColumns<C extends { title?: unknown; width?: unknown; sorter?: unknown }>(columns: C[]): C[] {
  return columns.map((c) =>
    typeof c.title === 'string' && typeof c.width === 'number' ? { ...c, width: Math.max(c.width, headerWidth(c.title, !!c.sorter)) } : c,
  );
}

/**
 * A column's narrowest width when the table lacks room: its title whole on one line. A date, a time
 * or an enum (its label, its state badge) keeps its width: their cells do not wrap.
 */
export const columnMinWidthOf = (f: Field, lang: Lang, state = false): number =>
  f.kind === 'datetime' || f.kind === 'date' || f.kind === 'enum' ? columnWidthOf(f, lang, state) : headerWidth(f.label[lang], f.sort);

/**
 * Column widths fitted to `room`: when the columns together are a little wider than the room, those
 * wider than their minimum (a text's or a reference's roomy default, whose cells then wrap or cut with
 * an ellipsis) give up the difference, each in proportion to its slack, so the list needs no
 * horizontal scrolling. The widths as they are when they fit, when the room is not known yet (0), or
 * when even the minimums do not fit (a phone: the table scrolls, its columns at their ease).
 */
export function fitToRoom(widths: number[], mins: number[], room: number): number[] {
  const total = widths.reduce((s, w) => s + w, 0);
  const least = widths.reduce((s, w, i) => s + Math.min(w, mins[i]), 0);
  if (room <= 0 || total <= room || least > room) return widths;
  const slack = total - least;
  const cut = total - room;
  return widths.map((w, i) => Math.floor(w - (Math.max(0, w - mins[i]) * cut) / slack));
}

/** The table's scroll width: every shown column at its width, with the selection and actions columns. */
export const scrollWidth = (widths: number[], selection: boolean, actions = 0): number =>
  widths.reduce((s, w) => s + w, 0) + (selection ? SELECTION_WIDTH : 0) + actions;

/**
 * Where the search form's buttons go at one breakpoint: items take `units` of `perRow` slots each
 * (a wide item two), wrapping like antd's grid; the buttons take one slot at the end of the last
 * row. Returns antd Col props in 24ths.
 */
export function buttonsPlacement(units: number[], perRow: number): { span: number; offset: number } {
  const slot = 24 / perRow;
  let used = 0;
  for (const u of units) {
    const w = Math.min(u, perRow);
    if (used + w > perRow) used = 0;
    used += w;
    if (used === perRow) used = 0;
  }
  // a full last row puts the buttons alone at the end of a new row
  return { span: slot, offset: (perRow - 1 - used) * slot };
}

/** More machine actions than this and the toolbar offers them in one menu (a document with a long life: ./RowActions.tsx). */
export const TOOLBAR_ACTIONS_MAX = 4;

/** A toolbar button's padding and border (antd's default size), and its icon with the icon's gap. */
const BUTTON_PAD = 32;
const BUTTON_ICON = 22;
/** The gap between the toolbar's buttons (./Toolbar.tsx: Space size 8), and between its two ends. */
const TOOLBAR_GAP = 8;
/** The toolbar's right end: reload, density and columns, three 32-pixel icon buttons 2 px apart. */
export const TOOLBAR_TOOLS = 3 * 32 + 2 * 2;

/**
 * The width a list's toolbar needs on one row: its buttons (a label, with or without an icon) side by
 * side, then its tools at the right end. Above the card's room, the tools wrap to a row of their own.
 */
export function toolbarWidth(buttons: readonly { label: string; icon?: boolean }[]): number {
  const own = buttons.reduce((sum, b) => sum + textWidth(b.label) + BUTTON_PAD + (b.icon ? BUTTON_ICON : 0), 0);
  return own + Math.max(0, buttons.length - 1) * TOOLBAR_GAP + (buttons.length ? TOOLBAR_GAP : 0) + TOOLBAR_TOOLS;
}
