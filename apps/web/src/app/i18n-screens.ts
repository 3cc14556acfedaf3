/**
 * The screens' catalog sections (dashboards, resource pages, logs …), added when the layout loads,
 * so that /login carries only the shell's texts.
 */

import { mergeCatalogs } from '@tagloom/domain/i18n/merge.ts';
import enUS from '@tagloom/domain/i18n/web-screens/en-US.json';
import zhCN from '@tagloom/domain/i18n/web-screens/zh-CN.json';
import zhTW from '@tagloom/domain/i18n/web-screens/zh-TW.json';
import pcodingEN from '@tagloom/domain/i18n/web-screens-parts/coding/en-US.json';
import pcodingCN from '@tagloom/domain/i18n/web-screens-parts/coding/zh-CN.json';
import pcodingTW from '@tagloom/domain/i18n/web-screens-parts/coding/zh-TW.json';
import pepcEN from '@tagloom/domain/i18n/web-screens-parts/epc/en-US.json';
import pepcCN from '@tagloom/domain/i18n/web-screens-parts/epc/zh-CN.json';
import pepcTW from '@tagloom/domain/i18n/web-screens-parts/epc/zh-TW.json';
import pfeedsEN from '@tagloom/domain/i18n/web-screens-parts/feeds/en-US.json';
import pfeedsCN from '@tagloom/domain/i18n/web-screens-parts/feeds/zh-CN.json';
import pfeedsTW from '@tagloom/domain/i18n/web-screens-parts/feeds/zh-TW.json';
import pfilesEN from '@tagloom/domain/i18n/web-screens-parts/files/en-US.json';
import pfilesCN from '@tagloom/domain/i18n/web-screens-parts/files/zh-CN.json';
import pfilesTW from '@tagloom/domain/i18n/web-screens-parts/files/zh-TW.json';
import pgoodsEN from '@tagloom/domain/i18n/web-screens-parts/goods/en-US.json';
import pgoodsCN from '@tagloom/domain/i18n/web-screens-parts/goods/zh-CN.json';
import pgoodsTW from '@tagloom/domain/i18n/web-screens-parts/goods/zh-TW.json';
import pingestEN from '@tagloom/domain/i18n/web-screens-parts/ingest/en-US.json';
import pingestCN from '@tagloom/domain/i18n/web-screens-parts/ingest/zh-CN.json';
import pingestTW from '@tagloom/domain/i18n/web-screens-parts/ingest/zh-TW.json';
import pjobsEN from '@tagloom/domain/i18n/web-screens-parts/jobs/en-US.json';
import pjobsCN from '@tagloom/domain/i18n/web-screens-parts/jobs/zh-CN.json';
import pjobsTW from '@tagloom/domain/i18n/web-screens-parts/jobs/zh-TW.json';
import pliveEN from '@tagloom/domain/i18n/web-screens-parts/live/en-US.json';
import pliveCN from '@tagloom/domain/i18n/web-screens-parts/live/zh-CN.json';
import pliveTW from '@tagloom/domain/i18n/web-screens-parts/live/zh-TW.json';
import pmachineEN from '@tagloom/domain/i18n/web-screens-parts/machine/en-US.json';
import pmachineCN from '@tagloom/domain/i18n/web-screens-parts/machine/zh-CN.json';
import pmachineTW from '@tagloom/domain/i18n/web-screens-parts/machine/zh-TW.json';
import pmqttEN from '@tagloom/domain/i18n/web-screens-parts/mqtt/en-US.json';
import pmqttCN from '@tagloom/domain/i18n/web-screens-parts/mqtt/zh-CN.json';
import pmqttTW from '@tagloom/domain/i18n/web-screens-parts/mqtt/zh-TW.json';
import pordersEN from '@tagloom/domain/i18n/web-screens-parts/orders/en-US.json';
import pordersCN from '@tagloom/domain/i18n/web-screens-parts/orders/zh-CN.json';
import pordersTW from '@tagloom/domain/i18n/web-screens-parts/orders/zh-TW.json';
import ppeopleEN from '@tagloom/domain/i18n/web-screens-parts/people/en-US.json';
import ppeopleCN from '@tagloom/domain/i18n/web-screens-parts/people/zh-CN.json';
import ppeopleTW from '@tagloom/domain/i18n/web-screens-parts/people/zh-TW.json';
import pplacesEN from '@tagloom/domain/i18n/web-screens-parts/places/en-US.json';
import pplacesCN from '@tagloom/domain/i18n/web-screens-parts/places/zh-CN.json';
import pplacesTW from '@tagloom/domain/i18n/web-screens-parts/places/zh-TW.json';
import ppresenceEN from '@tagloom/domain/i18n/web-screens-parts/presence/en-US.json';
import ppresenceCN from '@tagloom/domain/i18n/web-screens-parts/presence/zh-CN.json';
import ppresenceTW from '@tagloom/domain/i18n/web-screens-parts/presence/zh-TW.json';
import preadersEN from '@tagloom/domain/i18n/web-screens-parts/readers/en-US.json';
import preadersCN from '@tagloom/domain/i18n/web-screens-parts/readers/zh-CN.json';
import preadersTW from '@tagloom/domain/i18n/web-screens-parts/readers/zh-TW.json';
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
import psupplyEN from '@tagloom/domain/i18n/web-screens-parts/supply/en-US.json';
import psupplyCN from '@tagloom/domain/i18n/web-screens-parts/supply/zh-CN.json';
import psupplyTW from '@tagloom/domain/i18n/web-screens-parts/supply/zh-TW.json';
import ptagsEN from '@tagloom/domain/i18n/web-screens-parts/tags/en-US.json';
import ptagsCN from '@tagloom/domain/i18n/web-screens-parts/tags/zh-CN.json';
import ptagsTW from '@tagloom/domain/i18n/web-screens-parts/tags/zh-TW.json';
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
    pordersCN,
    pepcCN,
    pcodingCN,
    psupplyCN,
    ptagsCN,
    preadersCN,
    pingestCN,
    ppresenceCN,
    pliveCN,
    pmqttCN,
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
    pordersTW,
    pepcTW,
    pcodingTW,
    psupplyTW,
    ptagsTW,
    preadersTW,
    pingestTW,
    ppresenceTW,
    pliveTW,
    pmqttTW,
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
    pordersEN,
    pepcEN,
    pcodingEN,
    psupplyEN,
    ptagsEN,
    preadersEN,
    pingestEN,
    ppresenceEN,
    pliveEN,
    pmqttEN,
  ),
};

for (const [lang, bundle] of Object.entries(SCREEN_CATALOGS)) i18n.addResourceBundle(lang, 'translation', bundle, true, false);
