import { posFeed, posLinesFeed } from '../resources/store/cashier.js';
import { stockMovesFeed } from '../resources/store/stock.js';
import { wmsLogFeed } from '../resources/warehouse/log.js';
import type { PartitionedFeedDef } from './define.js';
import { GENERAL_FEEDS } from './general.js';
import { RFID_FEEDS } from './rfid.js';
import { TAG_FEEDS } from './tag-events.js';

export * from './define.js';
export * from './epc.js';
export * from './general.js';
export * from './rfid.js';
export * from './tag-events.js';

/** Every partitioned feed (the partition maintenance walks this list; the upserted ones are EPC_FEEDS). */
export const FEEDS: readonly PartitionedFeedDef[] = [
  ...GENERAL_FEEDS,
  ...TAG_FEEDS,
  ...RFID_FEEDS,
  wmsLogFeed,
  stockMovesFeed,
  posFeed,
  posLinesFeed,
];

export const feedByCode = (code: string): PartitionedFeedDef | undefined => FEEDS.find((f) => f.code === code);
