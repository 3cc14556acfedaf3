/**
 * File kinds told apart by their content (the server sniffs the first bytes; zip containers are
 * named by their extension), with the extensions a browser's picker offers for each and the type
 * they are sent with. Zod-free: the console imports it anywhere.
 */
export const FILE_KINDS = {
  pdf: { mime: 'application/pdf', ext: ['.pdf'] },
  png: { mime: 'image/png', ext: ['.png'] },
  jpeg: { mime: 'image/jpeg', ext: ['.jpg', '.jpeg'] },
  gif: { mime: 'image/gif', ext: ['.gif'] },
  webp: { mime: 'image/webp', ext: ['.webp'] },
  svg: { mime: 'image/svg+xml', ext: ['.svg'] },
  zip: { mime: 'application/zip', ext: ['.zip'] },
  apk: { mime: 'application/vnd.android.package-archive', ext: ['.apk'] },
  jar: { mime: 'application/java-archive', ext: ['.jar'] },
  war: { mime: 'application/java-archive', ext: ['.war'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: ['.xlsx'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: ['.docx'] },
  xls: { mime: 'application/vnd.ms-excel', ext: ['.xls'] },
  exe: { mime: 'application/vnd.microsoft.portable-executable', ext: ['.exe', '.dll'] },
  gzip: { mime: 'application/gzip', ext: ['.gz', '.tgz'] },
  mp4: { mime: 'video/mp4', ext: ['.mp4'] },
  webm: { mime: 'video/webm', ext: ['.webm'] },
} as const satisfies Record<string, { mime: string; ext: readonly string[] }>;

export type FileKind = keyof typeof FILE_KINDS;

/** Raster images: measured on upload (image rules) and shown with a thumbnail. */
export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp'];

/** What a file field accepts (see `f.file`). */
export interface FileRules {
  /** kinds accepted, by content */
  kinds: FileKind[];
  /** largest file, in bytes */
  maxBytes: number;
  /** how many files the field holds (1: the column is one file id; more: a list of ids) */
  max: number;
  /** the same bytes are refused when a row of the screen already holds them */
  unique: boolean;
  /** images only: smallest width and height in pixels */
  image?: { minWidth?: number; minHeight?: number };
}

/** The extensions a picker offers for these kinds. */
export const fileExtensions = (kinds: readonly FileKind[]): string[] => [...new Set(kinds.flatMap((k) => FILE_KINDS[k].ext))];

/** The metadata of a stored file as the API shows it. */
export interface FileInfo {
  id: number;
  name: string;
  size: number;
  kind: FileKind;
  mime: string;
  /** an image thumbnail can be asked for */
  thumb: boolean;
}
