import { defineEnums, enumOption as o } from '../../enums.js';
import { defineFeed, type FeedColumn } from '../../feed/define.js';

/**
 * The till (E11 of ../shared/operations.md §6): a store's point-of-sale transactions — sales,
 * returns and exchanges — posted by its POS through `POST /api/store/pos/transactions` (a device
 * key, Nedap's sell/return shape plus lines and prices) or made by a POS-scene reader's "sold"
 * reads (no price). A sale sells its tags (presence sold, tag status SOLD, EAS off, the book −1), a
 * return brings them back to the store's stock room (present, the book +1, EAS on).
 */
export const POS_KIND = { SALE: 1, RETURN: 2, EXCHANGE: 3 } as const;
export type PosKind = keyof typeof POS_KIND;
/** How a transaction came: its POS's post (API), or a POS-scene reader's reads (READER, no price). */
export const POS_SOURCE = { API: 1, READER: 2 } as const;
/** Whether the EAS security of the transaction's tags followed it (off when sold, on when returned). */
export const POS_EAS = { DONE: 1, FAILED: 2 } as const;

/** Lines of one transaction document at most (a larger basket is posted as several documents). */
export const POS_MAX_LINES = 1000;

/** The till's enums (see defineEnums). */
export const posEnums = defineEnums({
  PosKind: [
    o(POS_KIND.SALE, '销售', '銷售', 'Sale', 'success'),
    o(POS_KIND.RETURN, '退货', '退貨', 'Return', 'warning'),
    o(POS_KIND.EXCHANGE, '换货', '換貨', 'Exchange', 'processing'),
  ],
  PosSource: [
    o(POS_SOURCE.API, 'POS 接口', 'POS 介面', 'POS API', 'default'),
    o(POS_SOURCE.READER, 'POS 读写器', 'POS 讀寫器', 'POS reader', 'processing'),
  ],
  PosEas: [o(POS_EAS.DONE, '已处理', '已處理', 'Done', 'success'), o(POS_EAS.FAILED, '失败', '失敗', 'Failed', 'error')],
});

const F = (key: string, kind: FeedColumn['kind'] = 'text', more: Partial<FeedColumn> = {}): FeedColumn => ({
  key,
  label: `pos.field.${key}`,
  kind,
  ...more,
});

/**
 * The till's transactions (store/cashier), newest first: a tenant feed by month on the sale's time,
 * kept 24 months. A store's user sees its own store's rows; a row's drawer lists its lines and EPCs.
 */
export const posFeed = defineFeed({
  code: 'store/cashier',
  title: 'pos.title',
  table: 'pos_transactions',
  scope: 'tenant',
  columns: [
    F('storeCode', 'text', { display: 'mono', width: 130 }),
    F('posCode', 'text', { display: 'mono', width: 120 }),
    F('txnNo', 'text', { display: 'open', width: 200 }),
    F('kind', 'enum', { enum: 'PosKind', width: 80 }),
    F('lineCount', 'int', { width: 70 }),
    F('total', 'text', { width: 110 }),
    F('eas', 'enum', { enum: 'PosEas', width: 80 }),
    F('source', 'enum', { enum: 'PosSource', width: 110 }),
  ],
  filters: [
    { key: 'storeCode', op: 'eq' },
    { key: 'kind', op: 'enum' },
    { key: 'txnNo', op: 'prefix' },
  ],
  detail: ['storeId', 'storeName', 'cashier', 'currency', 'eventIds'],
  partition: { by: 'month', retention: { months: 24 }, ahead: 2 },
  window: { defaultDays: 7, maxDays: 366 },
});

const L = (key: string, kind: FeedColumn['kind'] = 'text', more: Partial<FeedColumn> = {}): FeedColumn => ({
  key,
  label: `pos.line.${key}`,
  kind,
  ...more,
});

/**
 * The transactions' lines (a table partitioned like its transactions, kept as long): shown in a
 * transaction's drawer on store/cashier (GET /api/store/pos/transactions/:id), no screen of their own.
 */
export const posLinesFeed = defineFeed({
  code: 'store/cashier-lines',
  title: 'pos.line.title',
  table: 'pos_transaction_lines',
  scope: 'tenant',
  columns: [
    L('lineNo', 'int', { width: 60 }),
    L('skuCode', 'text', { display: 'mono', width: 150 }),
    L('epc', 'text', { display: 'mono', width: 220 }),
    L('qty', 'int', { width: 70 }),
    L('unitPrice', 'text', { width: 100 }),
    L('discount', 'text', { width: 90 }),
    L('amount', 'text', { width: 100 }),
    L('originalTxnNo', 'text', { display: 'mono', width: 150 }),
  ],
  filters: [],
  detail: ['txnId', 'skuId'],
  partition: { by: 'month', retention: { months: 24 }, ahead: 2 },
  window: { defaultDays: 7, maxDays: 366 },
});
