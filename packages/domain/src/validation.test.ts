import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATALOGS, flattenKeys } from './i18n/index.js';
import { normalizeLang } from './lang.js';
import { changePasswordBody } from './schemas/auth.js';
import { describeIssues } from './validation.js';

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
    expect(describeIssues('en_US', missing.error!.issues).summary).toBe('Name: is required');
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
