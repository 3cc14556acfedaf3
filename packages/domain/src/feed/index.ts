import type { FeedDef } from './define.js';
import { GENERAL_FEEDS } from './general.js';
import { RFID_FEEDS } from './rfid.js';
import { TAG_FEEDS } from './tag-events.js';

export * from './define.js';
export * from './general.js';
export * from './rfid.js';
export * from './tag-events.js';

/** Every feed (the partition maintenance walks this list). */
export const FEEDS: readonly FeedDef[] = [...GENERAL_FEEDS, ...TAG_FEEDS, ...RFID_FEEDS];

export const feedByCode = (code: string): FeedDef | undefined => FEEDS.find((f) => f.code === code);
