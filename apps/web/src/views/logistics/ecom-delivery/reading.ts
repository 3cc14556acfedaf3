import type { Row } from '../../../components/resource/types';

/** How often a list asks again while its rows wait for a read at a reader (ms). */
export const READ_POLL_MS = 3000;

/**
 * A list's refreshEvery for rows that readers move (an order packed by its read, a return received
 * by its read): every few seconds while the page shows a row in one of these states.
 */
export const whileIn =
  (states: readonly unknown[]) =>
  (rows: Row[]): number | false =>
    rows.some((r) => states.includes(r.status)) ? READ_POLL_MS : false;
