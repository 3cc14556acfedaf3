import type { Lang } from '../lang.js';
import enUS from './en-US.json' with { type: 'json' };
import zhCN from './zh-CN.json' with { type: 'json' };
import zhTW from './zh-TW.json' with { type: 'json' };

/** Server-side message catalogs (the console keeps its own in ./web). One key set, three languages. */
export const CATALOGS: Record<Lang, Record<string, unknown>> = { zh_CN: zhCN, zh_TW: zhTW, en_US: enUS };
export type MessageKey = string;

function lookup(tree: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translate `key` with `{{name}}` parameters; falls back to English, then to the key itself. */
export function translate(lang: Lang, key: MessageKey, params: Record<string, unknown> = {}): string {
  const text = lookup(CATALOGS[lang], key) ?? lookup(CATALOGS.en_US, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (name in params ? String(params[name]) : `{{${name}}}`));
}

/** Whether the key exists in the catalogs (used to translate field names when known). */
export const hasMessage = (key: MessageKey): boolean => lookup(CATALOGS.en_US, key) !== undefined;

/** Flatten a catalog to dotted keys (for the CI check that all three hold the same keys). */
export function flattenKeys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flattenKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
