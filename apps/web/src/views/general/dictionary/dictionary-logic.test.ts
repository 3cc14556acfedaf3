import { describe, expect, it } from 'vitest';
import { CODE_PATTERN, detailName, pageAfterDelete, pickModule } from './dictionary-logic';

describe('dictionary screen', () => {
  it('accepts the codes the server accepts', () => {
    expect(CODE_PATTERN.test('LANGUAGE_TYPE')).toBe(true);
    expect(CODE_PATTERN.test('a.b-c_1')).toBe(true);
    expect(CODE_PATTERN.test('有中文')).toBe(false);
    expect(CODE_PATTERN.test('a b')).toBe(false);
  });
  it('names a detail in the language, falling back to the simplified name', () => {
    const d = { name: '启用', nameTw: '啟用', nameEn: '' };
    expect(detailName(d, 'zh_TW')).toBe('啟用');
    expect(detailName(d, 'en_US')).toBe('启用');
    expect(detailName(d, 'zh_CN')).toBe('启用');
  });
  it('keeps the chosen module while it is listed, else the first', () => {
    const list = [{ id: 3 }, { id: 5 }];
    expect(pickModule(list, 5)).toEqual({ id: 5 });
    expect(pickModule(list, 9)).toEqual({ id: 3 });
    expect(pickModule([], 5)).toBeUndefined();
    expect(pickModule(undefined, undefined)).toBeUndefined();
  });
  it('steps back a page when the last rows of a page go', () => {
    expect(pageAfterDelete(3, 1, 1)).toBe(2);
    expect(pageAfterDelete(3, 4, 1)).toBe(3);
    expect(pageAfterDelete(1, 1, 1)).toBe(1);
  });
});
