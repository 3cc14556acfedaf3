import type { SheetLimits } from './limits.js';

/** What the sheet worker is given. */
export interface SheetTask {
  /** the uploaded file */
  file: Uint8Array;
  limits: SheetLimits;
}

/** Worker → server. The rows are sent a page at a time, when asked for. */
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'read'; rows: number }
  | { kind: 'page'; rows: unknown[][] }
  | { kind: 'refused'; key: string; params: Record<string, unknown> };

/** Server → worker: the next page of rows. */
export interface PageRequest {
  from: number;
  count: number;
}
