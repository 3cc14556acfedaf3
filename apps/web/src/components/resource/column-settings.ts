/**
 * Table-header settings (visible columns and their order) per user and screen, kept in
 * localStorage under 'checkedHeaderTable', one of the keys a local logout keeps (spec §4).
 */
import { KEPT_ON_LOGOUT } from '../../app/auth';

export const COLUMN_SETTINGS_KEY = KEPT_ON_LOGOUT[1];

export interface ColumnSettings {
  /** column keys in display order */
  order: string[];
  /** hidden column keys */
  hidden: string[];
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const entryKey = (userCode: string, screen: string) => `${userCode}|${screen}`;

function readAll(store: Store): Record<string, ColumnSettings> {
  try {
    const raw = JSON.parse(store.getItem(COLUMN_SETTINGS_KEY) ?? '{}');
    // an older format (a plain list) is dropped rather than misread
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, ColumnSettings>) : {};
  } catch {
    return {};
  }
}

export function loadColumnSettings(userCode: string, screen: string, store: Store = localStorage): ColumnSettings | undefined {
  const s = readAll(store)[entryKey(userCode, screen)];
  return s && Array.isArray(s.order) && Array.isArray(s.hidden) ? s : undefined;
}

/** Saves (or, with undefined, forgets) one screen's settings, keeping every other entry. */
export function saveColumnSettings(
  userCode: string,
  screen: string,
  settings: ColumnSettings | undefined,
  store: Store = localStorage,
): void {
  const all = readAll(store);
  if (settings) all[entryKey(userCode, screen)] = settings;
  else delete all[entryKey(userCode, screen)];
  store.setItem(COLUMN_SETTINGS_KEY, JSON.stringify(all));
}

/**
 * All columns in the saved order (columns the screen gained since are appended), each with its
 * visibility. Without saved settings, and for columns the settings do not know, the declaration's
 * default applies: the `defaultHidden` columns start hidden.
 */
export function arrangeColumns(
  keys: string[],
  settings: ColumnSettings | undefined,
  defaultHidden: string[] = [],
): { key: string; visible: boolean }[] {
  if (!settings) return keys.map((key) => ({ key, visible: !defaultHidden.includes(key) }));
  const known = settings.order.filter((k) => keys.includes(k));
  const ordered = [...known, ...keys.filter((k) => !known.includes(k))];
  return ordered.map((key) => ({
    key,
    visible: known.includes(key) ? !settings.hidden.includes(key) : !defaultHidden.includes(key),
  }));
}

/** The visible column keys in display order. */
export const visibleColumns = (keys: string[], settings: ColumnSettings | undefined, defaultHidden: string[] = []): string[] =>
  arrangeColumns(keys, settings, defaultHidden)
    .filter((c) => c.visible)
    .map((c) => c.key);

/** Moves a column one place up (-1) or down (+1). */
export function moveColumn(order: string[], key: string, delta: -1 | 1): string[] {
  const i = order.indexOf(key);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= order.length) return order;
  const next = [...order];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
