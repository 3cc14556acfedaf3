/**
 * The screens' catalog sections (dashboards, resource pages, logs …), added when the layout loads,
 * so that /login carries only the shell's texts.
 */
import enUS from '@tagloom/domain/i18n/web-screens/en-US.json';
import zhCN from '@tagloom/domain/i18n/web-screens/zh-CN.json';
import zhTW from '@tagloom/domain/i18n/web-screens/zh-TW.json';
import type { Lang } from '../domain';
import i18n from './i18n';

export const SCREEN_CATALOGS: Record<Lang, Record<string, unknown>> = { zh_CN: zhCN, zh_TW: zhTW, en_US: enUS };

for (const [lang, bundle] of Object.entries(SCREEN_CATALOGS)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
