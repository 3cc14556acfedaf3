/** What the console checks of a picked file before sending it (the server checks again, by content). */
import { type FileRules, fileExtensions } from '@tagloom/domain/resource/file-kinds.ts';

/** "1.2 MB" style size. */
export function formatSize(bytes: unknown): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n <= 0) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** The ids a file field's value holds. */
export const fileIdsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value])
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/** Why a picked file cannot be sent (a files.* message key and its parameters), or undefined. `position`: its place among the field's files. */
export function pickProblem(
  rules: FileRules,
  file: { name: string; size: number },
  position: number,
): { key: string; params: Record<string, unknown> } | undefined {
  const exts = fileExtensions(rules.kinds);
  const name = file.name.toLowerCase();
  if (rules.max > 1 && position > rules.max) return { key: 'files.tooMany', params: { count: rules.max } };
  if (!exts.some((e) => name.endsWith(e))) return { key: 'files.wrongType', params: { exts: exts.join(', ') } };
  if (!file.size) return { key: 'files.empty', params: {} };
  if (file.size > rules.maxBytes) return { key: 'files.tooLarge', params: { max: formatSize(rules.maxBytes) } };
  return undefined;
}
