/**
 * The screens' catalog sections (dashboards, resource pages, logs …), added when the layout loads,
 * so that /login carries only the shell's texts.
 */

import { mergeCatalogs } from '@tagloom/domain/i18n/merge.ts';
import enUS from '@tagloom/domain/i18n/web-screens/en-US.json';
import zhCN from '@tagloom/domain/i18n/web-screens/zh-CN.json';
import zhTW from '@tagloom/domain/i18n/web-screens/zh-TW.json';
import pfeedsEN from '@tagloom/domain/i18n/web-screens-parts/feeds/en-US.json';
import pfeedsCN from '@tagloom/domain/i18n/web-screens-parts/feeds/zh-CN.json';
import pfeedsTW from '@tagloom/domain/i18n/web-screens-parts/feeds/zh-TW.json';
import pfilesEN from '@tagloom/domain/i18n/web-screens-parts/files/en-US.json';
import pfilesCN from '@tagloom/domain/i18n/web-screens-parts/files/zh-CN.json';
import pfilesTW from '@tagloom/domain/i18n/web-screens-parts/files/zh-TW.json';
import pgoodsEN from '@tagloom/domain/i18n/web-screens-parts/goods/en-US.json';
import pgoodsCN from '@tagloom/domain/i18n/web-screens-parts/goods/zh-CN.json';
import pgoodsTW from '@tagloom/domain/i18n/web-screens-parts/goods/zh-TW.json';
import pjobsEN from '@tagloom/domain/i18n/web-screens-parts/jobs/en-US.json';
import pjobsCN from '@tagloom/domain/i18n/web-screens-parts/jobs/zh-CN.json';
import pjobsTW from '@tagloom/domain/i18n/web-screens-parts/jobs/zh-TW.json';
import pmachineEN from '@tagloom/domain/i18n/web-screens-parts/machine/en-US.json';
import pmachineCN from '@tagloom/domain/i18n/web-screens-parts/machine/zh-CN.json';
import pmachineTW from '@tagloom/domain/i18n/web-screens-parts/machine/zh-TW.json';
import ppeopleEN from '@tagloom/domain/i18n/web-screens-parts/people/en-US.json';
import ppeopleCN from '@tagloom/domain/i18n/web-screens-parts/people/zh-CN.json';
import ppeopleTW from '@tagloom/domain/i18n/web-screens-parts/people/zh-TW.json';
import pplacesEN from '@tagloom/domain/i18n/web-screens-parts/places/en-US.json';
import pplacesCN from '@tagloom/domain/i18n/web-screens-parts/places/zh-CN.json';
import pplacesTW from '@tagloom/domain/i18n/web-screens-parts/places/zh-TW.json';
import prefsEN from '@tagloom/domain/i18n/web-screens-parts/refs/en-US.json';
import prefsCN from '@tagloom/domain/i18n/web-screens-parts/refs/zh-CN.json';
import prefsTW from '@tagloom/domain/i18n/web-screens-parts/refs/zh-TW.json';
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
  zh_CN: mergeCatalogs(
    zhCN,
    presourceCN,
    pmachineCN,
    pfeedsCN,
    pscreensCN,
    psigninCN,
    pjobsCN,
    prefsCN,
    pfilesCN,
    pplacesCN,
    pgoodsCN,
    ppeopleCN,
  ),
  zh_TW: mergeCatalogs(
    zhTW,
    presourceTW,
    pmachineTW,
    pfeedsTW,
    pscreensTW,
    psigninTW,
    pjobsTW,
    prefsTW,
    pfilesTW,
    pplacesTW,
    pgoodsTW,
    ppeopleTW,
  ),
  en_US: mergeCatalogs(
    enUS,
    presourceEN,
    pmachineEN,
    pfeedsEN,
    pscreensEN,
    psigninEN,
    pjobsEN,
    prefsEN,
    pfilesEN,
    pplacesEN,
    pgoodsEN,
    ppeopleEN,
  ),
};

for (const [lang, bundle] of Object.entries(SCREEN_CATALOGS)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
