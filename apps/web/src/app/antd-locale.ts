/**
 * antd's and dayjs's own locale per console language, loaded with the language rather than all three
 * with /login (which shows none of their texts): the user's at start, another before a switch to it
 * (i18n.ts). antd's English is its default, in the bundle anyway.
 */
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { Lang } from '../domain';

export const DAYJS_LOCALE: Record<Lang, string> = { zh_CN: 'zh-cn', zh_TW: 'zh-tw', en_US: 'en' };

const ANTD: Partial<Record<Lang, Locale>> = { en_US: enUS };
const LOADERS: Record<Lang, () => Promise<void>> = {
  zh_CN: () =>
    Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]).then(([antd]) => {
      ANTD.zh_CN = antd.default;
    }),
  zh_TW: () =>
    Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]).then(([antd]) => {
      ANTD.zh_TW = antd.default;
    }),
  en_US: () => Promise.resolve(),
};

const loading = new Map<Lang, Promise<void>>();

/** Loads a language's antd and dayjs locales (once; a failed load is tried again by the next call). */
export function loadLocale(lang: Lang): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = LOADERS[lang]().catch((err) => {
      loading.delete(lang);
      throw err;
    });
    loading.set(lang, p);
  }
  return p;
}

/** antd's locale for the language, once loaded (until then antd's default). */
export const antdLocale = (lang: Lang): Locale | undefined => ANTD[lang];
