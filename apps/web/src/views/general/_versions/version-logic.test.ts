import { describe, expect, it } from 'vitest';
import { checkFile, fileNameOf, formatSize, MAX_BYTES, multipartFields } from './version-logic';

describe('version files', () => {
  it('checks type and size per screen', () => {
    expect(checkFile('app', { name: 'x.APK', size: 10 })).toBeUndefined();
    expect(checkFile('app', { name: 'x.zip', size: 10 })).toBe('wrongType');
    expect(checkFile('web', { name: 'site.zip', size: 10 })).toBeUndefined();
    expect(checkFile('java', { name: 'svc.war', size: 10 })).toBeUndefined();
    expect(checkFile('app', { name: 'x.apk', size: MAX_BYTES })).toBe('tooLarge');
    expect(checkFile('app', { name: 'x.apk', size: MAX_BYTES - 1 })).toBeUndefined();
    expect(checkFile('app', { name: 'x.apk', size: 0 })).toBe('empty');
  });
  it('reads file names from Content-Disposition', () => {
    expect(fileNameOf(`attachment; filename="a.apk"; filename*=UTF-8''%E7%89%88.apk`)).toBe('版.apk');
    expect(fileNameOf('attachment; filename="a b.apk"')).toBe('a b.apk');
    expect(fileNameOf(null, 'v.bin')).toBe('v.bin');
  });
  it('builds multipart fields without empties', () => {
    expect(multipartFields({ a: 'x', b: '', c: 3, d: undefined, e: null })).toEqual([
      ['a', 'x'],
      ['c', '3'],
    ]);
  });
  it('formats sizes', () => {
    expect(formatSize(0)).toBe('');
    expect(formatSize(500)).toBe('500 B');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
