/** Pure helpers of the version screens: which files a type accepts, size checks, multipart bodies, file names. */
import { LIMITS } from '@tagloom/domain/constants.ts';
import type { VersionType } from '@tagloom/domain/resources/general/version.ts';

export const MAX_BYTES = LIMITS.softwareFileBytes;

/** Extensions each screen accepts in the picker (the server checks the content too). */
export const ACCEPT: Record<VersionType, string[]> = {
  app: ['.apk'],
  web: ['.zip', '.gz', '.tgz'],
  net: ['.zip', '.exe'],
  java: ['.jar', '.war', '.zip'],
};

export type FileProblem = 'tooLarge' | 'wrongType' | 'empty' | undefined;

/** Why a picked file cannot be sent (undefined: fine). */
export function checkFile(type: VersionType, file: { name: string; size: number }): FileProblem {
  if (!file.size) return 'empty';
  if (file.size >= MAX_BYTES) return 'tooLarge';
  const name = file.name.toLowerCase();
  if (!ACCEPT[type].some((ext) => name.endsWith(ext))) return 'wrongType';
  return undefined;
}

/** The file name from a Content-Disposition header. */
export function fileNameOf(disposition: string | null, fallback = 'download'): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? decodeURIComponent(plain[1]) : fallback;
}

/** Text fields of a multipart body, in order, skipping empty values (the file goes last). */
export function multipartFields(data: Record<string, unknown>): [string, string][] {
  return Object.entries(data)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
}

/** "1.2 MB" style size. */
export function formatSize(bytes: unknown): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n <= 0) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
