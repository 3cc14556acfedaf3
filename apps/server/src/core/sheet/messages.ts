import type { Lang } from '@tagloom/domain';
import type { SheetLimits } from './limits.js';

/** What the sheet worker is given. */
export interface SheetTask {
  /** the uploaded file */
  file: Uint8Array;
  limits: SheetLimits;
  /**
   * check the rows with the create rules of the declaration of this screen code (found in the
   * domain registry by the worker: ./declarations.ts), messages in `lang`; without it, the first
   * sheet's rows of cells are the answer (list 'rows', header row included), checked by the caller
   */
  check?: { code: string; lang: Lang };
}

/** The lists the worker holds once done, fetched a page at a time. */
export type SheetList = 'good' | 'errors' | 'rows';

/** Worker → server. The checked rows and the errors are sent a page at a time, when asked for. */
export type FromWorker =
  | { kind: 'ready' }
  /** checking `total` data rows */
  | { kind: 'checking'; total: number }
  /** rows checked so far */
  | { kind: 'checked'; done: number }
  /** checked: `good` rows in the list 'good', `errors` in the list 'errors' */
  | { kind: 'done'; total: number; good: number; errors: number }
  /** read (no check asked): `count` rows of cells in the list 'rows' */
  | { kind: 'rows'; count: number }
  | { kind: 'page'; rows: unknown[] }
  | { kind: 'refused'; key: string; params: Record<string, unknown> };

/** Server → worker: the next page of a list. */
export interface PageRequest {
  kind: 'page';
  list: SheetList;
  from: number;
  count: number;
}

/** Server → worker: a file to read and check; a page of its lists; the task has ended (its lists are dropped). */
export type ToWorker = { kind: 'task'; task: SheetTask } | PageRequest | { kind: 'end' };
