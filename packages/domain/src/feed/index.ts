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

/**
 * A table partitioned by range on created_at whose partitions core/partitions.ts keeps: its unit,
 * retention and how many units ahead (a feed's `partition`).
 */
export interface PartitionedTable {
  table: string;
  partition: PartitionedFeedDef['partition'];
}

/**
 * Every partitioned table: the feeds', and those no screen lists as a feed — a count's EPCs
 * (stock_count_epcs: 30,000 a store count, 200 stores weekly ≈ 6 M rows a week; kept 13 months).
 */
export const PARTITIONED_TABLES: readonly PartitionedTable[] = [
  ...FEEDS,
  { table: 'stock_count_epcs', partition: { by: 'month', retention: { months: 13 }, ahead: 2 } },
];
