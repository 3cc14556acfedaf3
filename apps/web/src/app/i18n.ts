/** Console i18n: three catalogs with one key set, language kept in the language cookie (default zh). */

import enUS from '@tagloom/domain/i18n/web/en-US.json';
import zhCN from '@tagloom/domain/i18n/web/zh-CN.json';
import zhTW from '@tagloom/domain/i18n/web/zh-TW.json';
import dayjs from 'dayjs';
import { COOKIE, DEFAULT_COOKIE_LANGUAGE, LANG_TAG, type Lang, normalizeLang } from '../domain';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';

export const CATALOGS: Record<Lang, Record<string, unknown>> = { zh_CN: zhCN, zh_TW: zhTW, en_US: enUS };
const DAYJS_LOCALE: Record<Lang, string> = { zh_CN: 'zh-cn', zh_TW: 'zh-tw', en_US: 'en' };

export const readLangCookie = (): Lang => normalizeLang(Cookies.get(COOKIE.language) ?? DEFAULT_COOKIE_LANGUAGE);

const initial = readLangCookie();
dayjs.locale(DAYJS_LOCALE[initial]);
document.documentElement.lang = LANG_TAG[initial];

i18n.use(initReactI18next).init({
  lng: initial,
  fallbackLng: false,
  resources: {
    zh_CN: { translation: zhCN },
    zh_TW: { translation: zhTW },
    en_US: { translation: enUS },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const currentLang = (): Lang => normalizeLang(i18n.language);

/** Switch the UI language locally (catalog, dates, cookie); the server is told separately. */
export async function applyLang(lang: Lang): Promise<void> {
  Cookies.set(COOKIE.language, lang, { expires: 365 });
  dayjs.locale(DAYJS_LOCALE[lang]);
  document.documentElement.lang = LANG_TAG[lang];
  await i18n.changeLanguage(lang);
}

export default i18n;
