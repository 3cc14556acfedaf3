/** The three console languages; wire codes as the spec sends them in `langeType`. */
export const LANGS = ['zh_CN', 'zh_TW', 'en_US'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh_CN';
export type L10n = Record<Lang, string>;

/** A text in the three languages, written in their order: L('任务名称', '任務名稱', 'Task name'). */
export const L = (zh_CN: string, zh_TW: string, en_US: string): L10n => ({ zh_CN, zh_TW, en_US });

/** Accepts zh, zh_CN, zh-CN, zh_TW, zh-Hant, en, en_US, en-US … and falls back to the default. */
export function normalizeLang(raw: unknown): Lang {
  if (typeof raw !== 'string' || raw === '') return DEFAULT_LANG;
  const v = raw.trim().replace('-', '_').toLowerCase();
  if (v === 'zh_tw' || v === 'zh_hk' || v === 'zh_hant' || v === 'tw') return 'zh_TW';
  if (v.startsWith('en')) return 'en_US';
  return 'zh_CN';
}

/** Catalog file name (BCP 47) for a wire language code. */
export const LANG_TAG: Record<Lang, 'zh-CN' | 'zh-TW' | 'en-US'> = {
  zh_CN: 'zh-CN',
  zh_TW: 'zh-TW',
  en_US: 'en-US',
};
