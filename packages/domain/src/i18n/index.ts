import type { Lang } from '../lang.js';
import enUS from './en-US.json' with { type: 'json' };
import { mergeCatalogs } from './merge.js';
import boundaryEN from './parts/boundary/en-US.json' with { type: 'json' };
import boundaryCN from './parts/boundary/zh-CN.json' with { type: 'json' };
import boundaryTW from './parts/boundary/zh-TW.json' with { type: 'json' };
import codingEN from './parts/coding/en-US.json' with { type: 'json' };
import codingCN from './parts/coding/zh-CN.json' with { type: 'json' };
import codingTW from './parts/coding/zh-TW.json' with { type: 'json' };
import epcEN from './parts/epc/en-US.json' with { type: 'json' };
import epcCN from './parts/epc/zh-CN.json' with { type: 'json' };
import epcTW from './parts/epc/zh-TW.json' with { type: 'json' };
import feedsEN from './parts/feeds/en-US.json' with { type: 'json' };
import feedsCN from './parts/feeds/zh-CN.json' with { type: 'json' };
import feedsTW from './parts/feeds/zh-TW.json' with { type: 'json' };
import filesEN from './parts/files/en-US.json' with { type: 'json' };
import filesCN from './parts/files/zh-CN.json' with { type: 'json' };
import filesTW from './parts/files/zh-TW.json' with { type: 'json' };
import fittingReportsEN from './parts/fitting-reports/en-US.json' with { type: 'json' };
import fittingReportsCN from './parts/fitting-reports/zh-CN.json' with { type: 'json' };
import fittingReportsTW from './parts/fitting-reports/zh-TW.json' with { type: 'json' };
import goodsEN from './parts/goods/en-US.json' with { type: 'json' };
import goodsCN from './parts/goods/zh-CN.json' with { type: 'json' };
import goodsTW from './parts/goods/zh-TW.json' with { type: 'json' };
import httpEN from './parts/http/en-US.json' with { type: 'json' };
import httpCN from './parts/http/zh-CN.json' with { type: 'json' };
import httpTW from './parts/http/zh-TW.json' with { type: 'json' };
import importsEN from './parts/imports/en-US.json' with { type: 'json' };
import importsCN from './parts/imports/zh-CN.json' with { type: 'json' };
import importsTW from './parts/imports/zh-TW.json' with { type: 'json' };
import ingestEN from './parts/ingest/en-US.json' with { type: 'json' };
import ingestCN from './parts/ingest/zh-CN.json' with { type: 'json' };
import ingestTW from './parts/ingest/zh-TW.json' with { type: 'json' };
import jobsEN from './parts/jobs/en-US.json' with { type: 'json' };
import jobsCN from './parts/jobs/zh-CN.json' with { type: 'json' };
import jobsTW from './parts/jobs/zh-TW.json' with { type: 'json' };
import liveEN from './parts/live/en-US.json' with { type: 'json' };
import liveCN from './parts/live/zh-CN.json' with { type: 'json' };
import liveTW from './parts/live/zh-TW.json' with { type: 'json' };
import machineEN from './parts/machine/en-US.json' with { type: 'json' };
import machineCN from './parts/machine/zh-CN.json' with { type: 'json' };
import machineTW from './parts/machine/zh-TW.json' with { type: 'json' };
import messagesEN from './parts/messages/en-US.json' with { type: 'json' };
import messagesCN from './parts/messages/zh-CN.json' with { type: 'json' };
import messagesTW from './parts/messages/zh-TW.json' with { type: 'json' };
import mqttEN from './parts/mqtt/en-US.json' with { type: 'json' };
import mqttCN from './parts/mqtt/zh-CN.json' with { type: 'json' };
import mqttTW from './parts/mqtt/zh-TW.json' with { type: 'json' };
import ordersEN from './parts/orders/en-US.json' with { type: 'json' };
import ordersCN from './parts/orders/zh-CN.json' with { type: 'json' };
import ordersTW from './parts/orders/zh-TW.json' with { type: 'json' };
import peopleEN from './parts/people/en-US.json' with { type: 'json' };
import peopleCN from './parts/people/zh-CN.json' with { type: 'json' };
import peopleTW from './parts/people/zh-TW.json' with { type: 'json' };
import placesEN from './parts/places/en-US.json' with { type: 'json' };
import placesCN from './parts/places/zh-CN.json' with { type: 'json' };
import placesTW from './parts/places/zh-TW.json' with { type: 'json' };
import presenceEN from './parts/presence/en-US.json' with { type: 'json' };
import presenceCN from './parts/presence/zh-CN.json' with { type: 'json' };
import presenceTW from './parts/presence/zh-TW.json' with { type: 'json' };
import readersEN from './parts/readers/en-US.json' with { type: 'json' };
import readersCN from './parts/readers/zh-CN.json' with { type: 'json' };
import readersTW from './parts/readers/zh-TW.json' with { type: 'json' };
import refsEN from './parts/refs/en-US.json' with { type: 'json' };
import refsCN from './parts/refs/zh-CN.json' with { type: 'json' };
import refsTW from './parts/refs/zh-TW.json' with { type: 'json' };
import rfidEN from './parts/rfid/en-US.json' with { type: 'json' };
import rfidCN from './parts/rfid/zh-CN.json' with { type: 'json' };
import rfidTW from './parts/rfid/zh-TW.json' with { type: 'json' };
import screensEN from './parts/screens/en-US.json' with { type: 'json' };
import screensCN from './parts/screens/zh-CN.json' with { type: 'json' };
import screensTW from './parts/screens/zh-TW.json' with { type: 'json' };
import signinEN from './parts/signin/en-US.json' with { type: 'json' };
import signinCN from './parts/signin/zh-CN.json' with { type: 'json' };
import signinTW from './parts/signin/zh-TW.json' with { type: 'json' };
import storeEN from './parts/store/en-US.json' with { type: 'json' };
import storeCN from './parts/store/zh-CN.json' with { type: 'json' };
import storeTW from './parts/store/zh-TW.json' with { type: 'json' };
import supplyEN from './parts/supply/en-US.json' with { type: 'json' };
import supplyCN from './parts/supply/zh-CN.json' with { type: 'json' };
import supplyTW from './parts/supply/zh-TW.json' with { type: 'json' };
import tagsEN from './parts/tags/en-US.json' with { type: 'json' };
import tagsCN from './parts/tags/zh-CN.json' with { type: 'json' };
import tagsTW from './parts/tags/zh-TW.json' with { type: 'json' };
import validationEN from './parts/validation/en-US.json' with { type: 'json' };
import validationCN from './parts/validation/zh-CN.json' with { type: 'json' };
import validationTW from './parts/validation/zh-TW.json' with { type: 'json' };
import warehouseEN from './parts/warehouse/en-US.json' with { type: 'json' };
import warehouseCN from './parts/warehouse/zh-CN.json' with { type: 'json' };
import warehouseTW from './parts/warehouse/zh-TW.json' with { type: 'json' };
import zhCN from './zh-CN.json' with { type: 'json' };
import zhTW from './zh-TW.json' with { type: 'json' };

/** Server-side message catalogs (the console keeps its own in ./web). One key set, three languages. */
export const CATALOGS: Record<Lang, Record<string, unknown>> = {
  zh_CN: mergeCatalogs(
    zhCN,
    importsCN,
    boundaryCN,
    signinCN,
    httpCN,
    validationCN,
    screensCN,
    messagesCN,
    machineCN,
    feedsCN,
    refsCN,
    jobsCN,
    filesCN,
    placesCN,
    goodsCN,
    peopleCN,
    ordersCN,
    epcCN,
    codingCN,
    supplyCN,
    storeCN,
    warehouseCN,
    storeCN,
    tagsCN,
    readersCN,
    ingestCN,
    presenceCN,
    liveCN,
    mqttCN,
    rfidCN,
    fittingReportsCN,
  ),
  zh_TW: mergeCatalogs(
    zhTW,
    importsTW,
    boundaryTW,
    signinTW,
    httpTW,
    validationTW,
    screensTW,
    messagesTW,
    machineTW,
    feedsTW,
    refsTW,
    jobsTW,
    filesTW,
    placesTW,
    goodsTW,
    peopleTW,
    ordersTW,
    epcTW,
    codingTW,
    supplyTW,
    storeTW,
    warehouseTW,
    storeTW,
    tagsTW,
    readersTW,
    ingestTW,
    presenceTW,
    liveTW,
    mqttTW,
    rfidTW,
    fittingReportsTW,
  ),
  en_US: mergeCatalogs(
    enUS,
    importsEN,
    boundaryEN,
    signinEN,
    httpEN,
    validationEN,
    screensEN,
    messagesEN,
    machineEN,
    feedsEN,
    refsEN,
    jobsEN,
    filesEN,
    placesEN,
    goodsEN,
    peopleEN,
    ordersEN,
    epcEN,
    codingEN,
    supplyEN,
    storeEN,
    warehouseEN,
    storeEN,
    tagsEN,
    readersEN,
    ingestEN,
    presenceEN,
    liveEN,
    mqttEN,
    rfidEN,
    fittingReportsEN,
  ),
};
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

const fixedParts = new Map<Lang, [string, string[]][]>();

/**
 * The keys whose message in `lang` holds `text` (case-insensitive) in its own words, outside its
 * `{{parameters}}`: what a search of stored catalog messages matches on besides their parameters.
 */
export function keysContaining(lang: Lang, text: string): string[] {
  let parts = fixedParts.get(lang);
  if (!parts) {
    parts = [];
    const walk = (tree: Record<string, unknown>, prefix: string) => {
      for (const [k, v] of Object.entries(tree))
        if (typeof v === 'string') parts!.push([`${prefix}${k}`, v.toLowerCase().split(/\{\{\w+\}\}/)]);
        else if (v && typeof v === 'object') walk(v as Record<string, unknown>, `${prefix}${k}.`);
    };
    walk(CATALOGS[lang], '');
    fixedParts.set(lang, parts);
  }
  const needle = text.toLowerCase();
  return parts.filter(([, fixed]) => fixed.some((f) => f.includes(needle))).map(([key]) => key);
}

/** Flatten a catalog to dotted keys (for the CI check that all three hold the same keys). */
export function flattenKeys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flattenKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
