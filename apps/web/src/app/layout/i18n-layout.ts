/**
 * The shell's own texts that only the signed-in layout shows (settings drawer, tag bar menu, menu
 * search, fullscreen), added when the layout loads, so that /login does not carry them.
 */

import enUS from '@tagloom/domain/i18n/web-screens-parts/shell/en-US.json';
import zhCN from '@tagloom/domain/i18n/web-screens-parts/shell/zh-CN.json';
import zhTW from '@tagloom/domain/i18n/web-screens-parts/shell/zh-TW.json';
import type { Lang } from '../../domain';
import i18n from '../i18n';

const LAYOUT_CATALOGS: Record<Lang, Record<string, unknown>> = { zh_CN: zhCN, zh_TW: zhTW, en_US: enUS };

for (const [lang, bundle] of Object.entries(LAYOUT_CATALOGS)) i18n.addResourceBundle(lang, 'translation', bundle, true, true);
