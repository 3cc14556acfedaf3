/**
 * Shipped data in the user's language. The rows the platform seeds (parameters, scheduled tasks,
 * products, templates, the platform tenant …) are stored with the Simplified Chinese text, and each
 * keeps a stable code. The console's catalog holds their texts in the three languages under
 * `shipped.<screen code>.<row code>.<field>` (list items: `….<field>.<item code>`). A stored text
 * that is still one of those texts (nobody edited it) shows in the user's language; any other text —
 * rows users made, or seeded texts users changed — shows as typed.
 */
import type { Lang } from '../../../domain';

/** The field whose value is a shipped row's stable code, per screen. */
export const SHIPPED_KEY: Record<string, string> = {
  'general/sys-param': 'code',
  'general/biz-param': 'code',
  'general/scheduler': 'className',
  'general/product': 'code',
  'general/product-param': 'code',
  'general/tenant-group': 'code',
  'general/template-goods-attr': 'code',
  'general/template-location-attr': 'code',
  'general/template-label-code': 'code',
  'general/template-coding-rule': 'code',
  'general/data-source': 'userName',
  'general/tenant': 'code',
  'general/role': 'code',
};

const LANGS: Lang[] = ['zh_CN', 'zh_TW', 'en_US'];

/** Reads one catalog entry (a string, a subtree, or undefined) of one language. */
export type CatalogGet = (lang: Lang, key: string) => unknown;

const safe = (code: unknown) => (typeof code === 'string' || typeof code === 'number') && /^[\w-]+$/.test(String(code));

/**
 * The text to show for `stored`, the value of `field` in the row of `screen` whose code is `code`:
 * the catalog's text in `lang` when `stored` is one of the shipped texts, else `stored` itself.
 */
export function shippedText(get: CatalogGet, lang: Lang, screen: string, code: unknown, field: string, stored: unknown): string {
  const text = stored === null || stored === undefined ? '' : String(stored);
  if (!text || !safe(code)) return text;
  return catalogText(get, lang, `shipped.${screen}.${code}.${field}`, text);
}

/** The catalog text of `key` in `lang` when `stored` is that key's text in one of the languages, else `stored`. */
export function catalogText(get: CatalogGet, lang: Lang, key: string, stored: unknown): string {
  const text = stored === null || stored === undefined ? '' : String(stored);
  const here = get(lang, key);
  if (typeof here !== 'string') return text;
  const trimmed = text.trim();
  return LANGS.some((l) => get(l, key) === trimmed) ? here : text;
}

/**
 * The name of one item of a row's list field (a parameter's option, a template's attribute) in `lang`:
 * the row's own shipped item (`shipped.<screen>.<code>.<field>.<item code>`), else the attribute
 * names shipped for every template (`shippedAttrs.<item code>`), else as stored.
 */
export function shippedItem(
  get: CatalogGet,
  lang: Lang,
  screen: string,
  code: unknown,
  field: string,
  item: { code?: unknown; name?: unknown },
): string {
  const name = item.name === null || item.name === undefined ? '' : String(item.name);
  if (!name || !safe(item.code)) return name;
  if (safe(code)) {
    const own = catalogText(get, lang, `shipped.${screen}.${code}.${field}.${item.code}`, name);
    if (own !== name) return own;
  }
  return catalogText(get, lang, `shippedAttrs.${item.code}`, name);
}

/** A list field's items with their names in `lang` (see shippedItem). */
export function localizeItems(get: CatalogGet, lang: Lang, screen: string, code: unknown, field: string, items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((it) =>
    it && typeof it === 'object' && 'name' in it
      ? { ...it, name: shippedItem(get, lang, screen, code, field, it as { code?: unknown; name?: unknown }) }
      : it,
  );
}

/**
 * A shipped text found by the text alone (a row that shows another screen's row by name only, e.g.
 * a tenant's group): the text of whichever shipped row of `screen` has `stored` as its `field`.
 */
export function shippedByText(get: CatalogGet, lang: Lang, screen: string, field: string, stored: unknown): string {
  const text = stored === null || stored === undefined ? '' : String(stored);
  const rows = get('zh_CN', `shipped.${screen}`);
  if (!text || !rows || typeof rows !== 'object') return text;
  for (const code of Object.keys(rows)) {
    const hit = shippedText(get, lang, screen, code, field, text);
    if (hit !== text) return hit;
  }
  return text;
}

/** The fields of `screen` with shipped texts (the keys under its rows in the catalog). */
export function shippedFields(get: CatalogGet, lang: Lang, screen: string): string[] {
  const rows = get(lang, `shipped.${screen}`);
  if (!rows || typeof rows !== 'object') return [];
  const out = new Set<string>();
  for (const row of Object.values(rows as Record<string, unknown>))
    if (row && typeof row === 'object') for (const [k, v] of Object.entries(row)) if (typeof v === 'string') out.add(k);
  return [...out];
}

/** A row's copy with its shipped texts (top-level fields) in `lang`. */
export function localizeRow<T extends Record<string, unknown>>(get: CatalogGet, lang: Lang, screen: string, row: T): T {
  const keyField = SHIPPED_KEY[screen];
  if (!keyField) return row;
  const out: Record<string, unknown> = { ...row };
  for (const f of shippedFields(get, lang, screen)) if (f in row) out[f] = shippedText(get, lang, screen, row[keyField], f, row[f]);
  return out as T;
}

/** A parameter's module code ('security', 'device' …) by its catalog name; a module users typed shows as typed. */
export function moduleName(get: CatalogGet, lang: Lang, module: unknown): string {
  const text = module === null || module === undefined ? '' : String(module);
  if (!safe(text)) return text;
  const name = get(lang, `paramModules.${text}`);
  return typeof name === 'string' ? name : text;
}
