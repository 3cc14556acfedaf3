import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATALOGS, flattenKeys } from './i18n/index.js';
import { normalizeLang } from './lang.js';
import { schemasOf } from './resource/schemas.js';
import { userResource } from './resources/general/user.js';
import { versionResource } from './resources/general/version.js';
import { changePasswordBody } from './schemas/auth.js';
import { describeIssues, requiredMessage } from './validation.js';

describe('languages', () => {
  it('maps every spelling the console sends to one of the three', () => {
    expect(['zh', 'zh_CN', 'zh-CN', '', undefined].map(normalizeLang)).toEqual(Array(5).fill('zh_CN'));
    expect(['zh_TW', 'zh-TW', 'zh-Hant'].map(normalizeLang)).toEqual(Array(3).fill('zh_TW'));
    expect(['en', 'en_US', 'en-GB'].map(normalizeLang)).toEqual(Array(3).fill('en_US'));
    fc.assert(fc.property(fc.anything(), (v) => ['zh_CN', 'zh_TW', 'en_US'].includes(normalizeLang(v))));
  });

  it('keeps one key set in the three server catalogs', () => {
    const en = flattenKeys(CATALOGS.en_US).sort();
    expect(flattenKeys(CATALOGS.zh_CN).sort()).toEqual(en);
    expect(flattenKeys(CATALOGS.zh_TW).sort()).toEqual(en);
  });
});

describe('validation messages', () => {
  it('names the field and the rule in the user language', () => {
    const r = changePasswordBody.safeParse({ oldPassword: 'a', newPassword: '密码ab', confirmPassword: 'x' });
    expect(r.success).toBe(false);
    if (r.success) return;
    const en = describeIssues('en_US', r.error.issues);
    expect(en.summary).toContain('New password: must not contain Chinese characters');
    expect(en.summary).toContain('Confirm password: The two passwords do not match');
    const tw = describeIssues('zh_TW', r.error.issues);
    expect(tw.summary).toContain('新密碼：不能包含中文字元');
  });

  it('tells a missing field from a wrong type', () => {
    const s = z.object({ name: z.string() });
    const missing = s.safeParse({});
    const wrong = s.safeParse({ name: 3 });
    expect(describeIssues('en_US', missing.error!.issues).summary).toBe('Please enter name');
    expect(describeIssues('en_US', wrong.error!.issues).summary).toBe('Name: must be a text');
  });

  it('describes any zod failure with a non-empty message', () => {
    const s = z.object({ a: z.string().min(2).max(5), b: z.number().int().positive(), c: z.enum(['x', 'y']) }).strict();
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const r = s.safeParse(input);
        if (!r.success) for (const f of describeIssues('zh_CN', r.error.issues).fields) expect(f.message.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('one message style for every form and 400', () => {
  const create = (body: Record<string, unknown>) => {
    const r = schemasOf(userResource).create.safeParse(body);
    if (r.success) throw new Error('expected a refusal');
    return (lang: 'zh_CN' | 'zh_TW' | 'en_US') => describeIssues(lang, r.error.issues, userResource.labels);
  };

  it('says "Please select" for an empty required select, never the raw values', () => {
    for (const empty of [undefined, '', null]) {
      const d = create({ userType: empty });
      expect(d('en_US').fields.find((x) => x.field === 'userType')?.message).toBe('Please select user type');
      expect(d('zh_CN').summary).toContain('请选择用户类型');
      expect(d('zh_TW').summary).toContain('請選擇使用者類型');
      for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const) expect(d(lang).summary).not.toMatch(/1, 2, 3, 4/);
    }
  });

  it('says "Please enter" for an empty required input', () => {
    const d = create({ userType: 1 });
    expect(d('en_US').summary).toContain('Please enter user name');
    expect(d('zh_CN').summary).toContain('请输入用户名');
  });

  it("names the options' labels for a wrong choice", () => {
    const d = create({ userType: 9 });
    const en = d('en_US').summary;
    expect(en).toContain('User type: choose one of Platform administrator, Platform user, Tenant administrator, Tenant user');
    expect(d('zh_CN').summary).toContain('用户类型：请选择平台管理员、平台用户、租户管理员、租户用户中的一项');
    const ver = versionResource('app');
    const v = schemasOf(ver).create.safeParse({ upgradeType: 'sometimes' });
    expect(describeIssues('en_US', v.error!.issues, ver.labels).summary).toContain('choose one of Optional, Forced');
  });

  it('keeps acronyms in English sentences', () => {
    expect(requiredMessage('en_US', 'MAC address')).toBe('Please enter MAC address');
    expect(requiredMessage('en_US', 'Tenant', 'select')).toBe('Please select tenant');
    expect(requiredMessage('zh_TW', '租戶', 'select')).toBe('請選擇租戶');
  });
});
