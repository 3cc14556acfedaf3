import { describe, expect, it } from 'vitest';
import { fileIdsOf, formatSize, pickProblem } from './file-checks';

const apk = { kinds: ['apk' as const], maxBytes: 5 * 1024 * 1024, max: 1, unique: true };
const photos = { kinds: ['png' as const, 'jpeg' as const], maxBytes: 1000, max: 2, unique: false };

describe('file checks before sending', () => {
  it('checks the extension of the declared kinds, the size and the count', () => {
    expect(pickProblem(apk, { name: 'x.APK', size: 10 }, 1)).toBeUndefined();
    expect(pickProblem(apk, { name: 'x.txt', size: 10 }, 1)).toEqual({ key: 'files.wrongType', params: { exts: '.apk' } });
    expect(pickProblem(apk, { name: 'x.apk', size: 0 }, 1)?.key).toBe('files.empty');
    expect(pickProblem(apk, { name: 'x.apk', size: apk.maxBytes + 1 }, 1)).toEqual({ key: 'files.tooLarge', params: { max: '5.0 MB' } });
    expect(pickProblem(photos, { name: 'a.jpeg', size: 10 }, 2)).toBeUndefined();
    expect(pickProblem(photos, { name: 'a.jpg', size: 10 }, 3)).toEqual({ key: 'files.tooMany', params: { count: 2 } });
  });
  it('reads a value as file ids and formats sizes', () => {
    expect(fileIdsOf(5)).toEqual([5]);
    expect(fileIdsOf([3, '4'])).toEqual([3, 4]);
    expect(fileIdsOf(null)).toEqual([]);
    expect(formatSize(0)).toBe('');
    expect(formatSize(2048)).toBe('2.0 KB');
  });
});
