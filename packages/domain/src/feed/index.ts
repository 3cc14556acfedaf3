import type { FeedDef } from './define.js';
import { GENERAL_FEEDS } from './general.js';

export * from './define.js';
export * from './general.js';

/** Every feed (the partition maintenance walks this list). */
export const FEEDS: readonly FeedDef[] = [...GENERAL_FEEDS];

export const feedByCode = (code: string): FeedDef | undefined => FEEDS.find((f) => f.code === code);
