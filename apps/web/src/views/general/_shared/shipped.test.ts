import { mergeCatalogs } from '@tagloom/domain/i18n/merge.ts';
import enUS from '@tagloom/domain/i18n/web-screens-parts/screens/en-US.json';
import zhCN from '@tagloom/domain/i18n/web-screens-parts/screens/zh-CN.json';
import zhTW from '@tagloom/domain/i18n/web-screens-parts/screens/zh-TW.json';
import type { Lang } from '@tagloom/domain/lang.ts';
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { describe, expect, it } from 'vitest';
import { type CatalogGet, localizeItems, localizeRow, moduleName, SHIPPED_KEY, shippedByText, shippedText } from './shipped';

const CATALOGS: Record<Lang, Record<string, unknown>> = {
  zh_CN: mergeCatalogs(zhCN),
  zh_TW: mergeCatalogs(zhTW),
  en_US: mergeCatalogs(enUS),
};
const get: CatalogGet = (lang, key) => {
  let node: unknown = CATALOGS[lang];
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
};
const CJK = /[\u4e00-\u9fff]/;

describe('shipped data in the user language', () => {
  it('shows a shipped text in the user language, and any other text as typed', () => {
    const screen = 'general/sys-param';
    expect(shippedText(get, 'en_US', screen, 'ALERT_CHANNELS', 'name', '告警通知渠道')).toBe('Alert channels');
    expect(shippedText(get, 'zh_TW', screen, 'ALERT_CHANNELS', 'name', '告警通知渠道')).toBe('告警通知管道');
    // stored in another language (a row imported from an English export) still follows the user
    expect(shippedText(get, 'zh_CN', screen, 'ALERT_CHANNELS', 'name', 'Alert channels')).toBe('告警通知渠道');
    // edited by a user, or a row a user made: as typed
    expect(shippedText(get, 'en_US', screen, 'ALERT_CHANNELS', 'name', '我的告警渠道')).toBe('我的告警渠道');
    expect(shippedText(get, 'en_US', screen, 'MY_PARAM', 'name', '告警通知渠道')).toBe('告警通知渠道');
    expect(shippedText(get, 'en_US', screen, 'ALERT_CHANNELS', 'remark', '')).toBe('');
    expect(localizeRow(get, 'en_US', screen, { code: 'LOGIN_MAX_FAILURES', name: '登录失败锁定次数', unit: '次', value: '5' })).toEqual({
      code: 'LOGIN_MAX_FAILURES',
      name: 'Failed logins before lockout',
      unit: 'times',
      value: '5',
    });
    expect(moduleName(get, 'en_US', 'device')).toBe('Devices');
    expect(moduleName(get, 'en_US', 'my-module')).toBe('my-module');
    expect(shippedByText(get, 'en_US', 'general/tenant-group', 'name', '零售门店组')).toBe('Retail stores');
  });

  it('names list items: a parameter option, a template attribute', () => {
    const options = [
      { code: 'EMAIL', name: '邮件', default: true },
      { code: 'FAX', name: '传真', default: false },
    ];
    expect(localizeItems(get, 'en_US', 'general/sys-param', 'ALERT_CHANNELS', 'options', options)).toEqual([
      { code: 'EMAIL', name: 'Email', default: true },
      { code: 'FAX', name: '传真', default: false },
    ]);
    expect(localizeItems(get, 'zh_TW', 'general/template-goods-attr', 'MY-TPL', 'basicAttrs', [{ code: 'color', name: '颜色' }])).toEqual([
      { code: 'color', name: '顏色' },
    ]);
  });

  it('holds the seeded texts exactly, and a text in every language for every seeded Chinese text', () => {
    for (const def of RESOURCES) {
      const keyField = SHIPPED_KEY[def.code];
      if (!keyField || !def.seed?.length) continue;
      for (const seed of def.seed as Record<string, unknown>[]) {
        const code = String(seed[keyField]);
        for (const [field, value] of Object.entries(seed)) {
          if (typeof value === 'string' && CJK.test(value)) {
            for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as Lang[])
              expect(get(lang, `shipped.${def.code}.${code}.${field}`), `${def.code} ${code} ${field} ${lang}`).toBeTypeOf('string');
            expect(get('zh_CN', `shipped.${def.code}.${code}.${field}`), `${def.code} ${code} ${field}`).toBe(value);
          }
          if (Array.isArray(value))
            for (const item of value as { code?: string; name?: string }[]) {
              if (!item.name || !CJK.test(item.name)) continue;
              const own = get('zh_CN', `shipped.${def.code}.${code}.${field}.${item.code}`);
              const shared = get('zh_CN', `shippedAttrs.${item.code}`);
              expect(own ?? shared, `${def.code} ${code} ${field} ${item.code}`).toBe(item.name);
              expect(localizeItems(get, 'en_US', def.code, code, field, [item]), item.code).not.toEqual([item]);
            }
        }
      }
    }
  });
});
