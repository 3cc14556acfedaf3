/** Date formatting with the spec's pattern syntax, default {y}-{m}-{d} {h}:{i}:{s} (spec §9). */
import { DATE_FORMAT } from '../domain';

export function parseTime(value: Date | string | number | null | undefined, pattern: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return pattern.replace(/\{([ymdhisa])+\}/g, (_, key: string) => {
    const v = parts[key];
    return key === 'y' ? String(v) : String(v).padStart(2, '0');
  });
}
