/** Console i18n: three catalogs with one key set, language kept in the language cookie (default zh). */

import { mergeCatalogs } from '@tagloom/domain/i18n/merge.ts';
import enUS from '@tagloom/domain/i18n/web/en-US.json';
import zhCN from '@tagloom/domain/i18n/web/zh-CN.json';
import zhTW from '@tagloom/domain/i18n/web/zh-TW.json';
import pshellEN from '@tagloom/domain/i18n/web-parts/shell/en-US.json';
import pshellCN from '@tagloom/domain/i18n/web-parts/shell/zh-CN.json';
import pshellTW from '@tagloom/domain/i18n/web-parts/shell/zh-TW.json';
import psigninEN from '@tagloom/domain/i18n/web-parts/signin/en-US.json';
import psigninCN from '@tagloom/domain/i18n/web-parts/signin/zh-CN.json';
import psigninTW from '@tagloom/domain/i18n/web-parts/signin/zh-TW.json';
import dayjs from 'dayjs';
import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { COOKIE, DEFAULT_COOKIE_LANGUAGE, LANG_TAG, type Lang, normalizeLang } from '../domain';
import { DAYJS_LOCALE, loadLocale } from './antd-locale';

export const CATALOGS: Record<Lang, Record<string, unknown>> = {
  zh_CN: mergeCatalogs(zhCN, psigninCN, pshellCN),
  zh_TW: mergeCatalogs(zhTW, psigninTW, pshellTW),
  en_US: mergeCatalogs(enUS, psigninEN, pshellEN),
};

export const readLangCookie = (): Lang => normalizeLang(Cookies.get(COOKIE.language) ?? DEFAULT_COOKIE_LANGUAGE);

const initial = readLangCookie();
/** dayjs's and antd's locale of the starting language: the signed-in console waits for it (load-menu.ts) */
export const localeReady: Promise<void> = loadLocale(initial).then(
  () => {
    if (normalizeLang(i18n.language) === initial) dayjs.locale(DAYJS_LOCALE[initial]);
  },
  (err) => console.error('[locale]', err),
);
document.documentElement.lang = LANG_TAG[initial];

i18n.use(initReactI18next).init({
  lng: initial,
  fallbackLng: false,
  resources: {
    zh_CN: { translation: CATALOGS.zh_CN },
    zh_TW: { translation: CATALOGS.zh_TW },
    en_US: { translation: CATALOGS.en_US },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const currentLang = (): Lang => normalizeLang(i18n.language);

/** What must be loaded in a language before the console switches to it (the screens' catalog, once loaded). */
export const beforeLanguageChange: ((lang: Lang) => Promise<void>)[] = [];

/** Switch the UI language locally (catalog, dates, cookie); the server is told separately. */
export async function applyLang(lang: Lang): Promise<void> {
  await Promise.all([loadLocale(lang), ...beforeLanguageChange.map((load) => load(lang))]);
  Cookies.set(COOKIE.language, lang, { expires: 365 });
  dayjs.locale(DAYJS_LOCALE[lang]);
  document.documentElement.lang = LANG_TAG[lang];
  await i18n.changeLanguage(lang);
}

export default i18n;
