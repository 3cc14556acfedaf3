import { defineEnums, enumOption as o } from '../../enums.js';
import { defineFeed, type FeedColumn } from '../../feed/define.js';

/**
 * Values of the StockMoveKind enum: what moved a site's book stock (../shared/operations.md §9). A
 * movement comes from a document (a bill's review, a sale or a return at the till, a shipment, a
 * count's approval), never from a single read. COUNTED is a count's reset: its quantity is the
 * count, not a change.
 */
export const STOCK_MOVE_KIND = { RECEIVED: 1, RETURNED: 2, SOLD: 3, SHIPPED: 4, ADJUSTED: 5, COUNTED: 6 } as const;
export type StockMoveKind = keyof typeof STOCK_MOVE_KIND;

/** The store module's stock enums (see defineEnums). */
export const stockEnums = defineEnums({
  StockMoveKind: [
    o(STOCK_MOVE_KIND.RECEIVED, '收货', '收貨', 'Received', 'success'),
    o(STOCK_MOVE_KIND.RETURNED, '退货入库', '退貨入庫', 'Returned', 'processing'),
    o(STOCK_MOVE_KIND.SOLD, '销售', '銷售', 'Sold', 'default'),
    o(STOCK_MOVE_KIND.SHIPPED, '发出', '發出', 'Shipped', 'default'),
    o(STOCK_MOVE_KIND.ADJUSTED, '调整', '調整', 'Adjusted', 'warning'),
    o(STOCK_MOVE_KIND.COUNTED, '盘点重置', '盤點重置', 'Count reset', 'processing'),
  ],
});

/**
 * A site's book stock of one SKU: the last approved count plus what moved since
 * (`on_hand = counted + received + returned − sold − shipped ± adjusted`), the stock-room /
 * sales-floor split given by zone rows (zone 0: the whole site).
 */
export const bookStock = (r: {
  countedQty: number;
  receivedSince: number;
  returnedSince: number;
  soldSince: number;
  shippedSince: number;
  adjustedSince: number;
}): number => r.countedQty + r.receivedSince + r.returnedSince - r.soldSince - r.shippedSince + r.adjustedSince;

const F = (key: string, kind: FeedColumn['kind'] = 'text', more: Partial<FeedColumn> = {}): FeedColumn => ({
  key,
  label: `stockMoves.field.${key}`,
  kind,
  ...more,
});

/**
 * The stock ledger's journal (store/inventory → Movements): every movement of a site's book stock
 * with the document that made it and the book after it, newest first. A tenant feed by month, kept
 * 24 months; a store's or warehouse's user sees its own site's rows.
 */
export const stockMovesFeed = defineFeed({
  code: 'store/stock-moves',
  title: 'stockMoves.title',
  table: 'stock_moves',
  scope: 'tenant',
  columns: [
    F('siteName', 'text', { display: 'long', width: 130 }),
    F('skuCode', 'text', { display: 'mono', width: 150 }),
    F('kind', 'enum', { enum: 'StockMoveKind', width: 110 }),
    F('qty', 'int', { width: 80 }),
    F('onHand', 'int', { width: 90 }),
    F('docType', 'text', { display: 'resource', width: 120 }),
    F('docCode', 'text', { display: 'mono', width: 160 }),
  ],
  filters: [
    // the console offers the sites the user reaches as a select (their names)
    { key: 'siteName', op: 'eq' },
    { key: 'skuCode', op: 'prefix' },
    { key: 'docCode', op: 'prefix' },
    { key: 'kind', op: 'eq' },
  ],
  detail: ['siteId', 'zoneId', 'skuId'],
  partition: { by: 'month', retention: { months: 24 }, ahead: 2 },
  window: { defaultDays: 30, maxDays: 366 },
});
