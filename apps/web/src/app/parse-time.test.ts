import { describe, expect, it } from 'vitest';
import { parseTime } from './parse-time';

describe('parseTime', () => {
  it('formats with the default {y}-{m}-{d} {h}:{i}:{s}', () => {
    expect(parseTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });
  it('returns empty text for no date', () => {
    expect(parseTime(null)).toBe('');
  });
});
