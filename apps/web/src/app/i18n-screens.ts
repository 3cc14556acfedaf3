/**
 * The screens' catalog sections (dashboards, resource pages, logs …), added when the layout loads,
 * so that /login carries only the shell's texts.
 */

import { mergeCatalogs } from '@tagloom/domain/i18n/merge.ts';
import enUS from '@tagloom/domain/i18n/web-screens/en-US.json';
import zhCN from '@tagloom/domain/i18n/web-screens/zh-CN.json';
import zhTW from '@tagloom/domain/i18n/web-screens/zh-TW.json';
import presourceEN from '@tagloom/domain/i18n/web-screens-parts/resource/en-US.json';
import presourceCN from '@tagloom/domain/i18n/web-screens-parts/resource/zh-CN.json';
import presourceTW from '@tagloom/domain/i18n/web-screens-parts/resource/zh-TW.json';
import pscreensEN from '@tagloom/domain/i18n/web-screens-parts/screens/en-US.json';
import pscreensCN from '@tagloom/domain/i18n/web-screens-parts/screens/zh-CN.json';
import pscreensTW from '@tagloom/domain/i18n/web-screens-parts/screens/zh-TW.json';
import psigninEN from '@tagloom/domain/i18n/web-screens-parts/signin/en-US.json';
import psigninCN from '@tagloom/domain/i18n/web-screens-parts/signin/zh-CN.json';
import psigninTW from '@tagloom/domain/i18n/web-screens-parts/signin/zh-TW.json';
import type { Lang } from '../domain';
import i18n from './i18n';

export const SCREEN_CATALOGS: Record<Lang, Record<string, unknown>> = {
  zh_CN: mergeCatalogs(zhCN, presourceCN, pscreensCN, psigninCN),
  zh_TW: mergeCatalogs(zhTW, presourceTW, pscreensTW, psigninTW),
  en_US: mergeCatalogs(enUS, presourceEN, pscreensEN, psigninEN),
};

for (const [lang, bundle] of Object.entries(SCREEN_CATALOGS)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
