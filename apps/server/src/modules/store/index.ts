import { storeModule as domain } from '@tagloom/domain';
import { combineParts, defineModule } from '../../core/module.js';
import { billsPart } from './bills/part.js';
import { countsPart } from './counts/part.js';
import { differencesPart } from './differences/part.js';
import { erpPart } from './erp/part.js';
import { erpLinesQuery, erpStockHeadOf } from './erp/service.js';
import { o2oPart } from './o2o/part.js';
import { posPart } from './pos/part.js';
import { posOnReads } from './pos/reader-sales.js';
import { reportsPart } from './reports/part.js';
import { retagPart } from './retag/part.js';
import { stockPart } from './stock/part.js';
import { useErpStock } from './stock/routes.js';

export { type ErpStock, erpLinesQuery, erpStockHeadOf, erpStockOf } from './erp/service.js';
export { onSale, type SaleListener } from './pos/post.js';
export { type SoldPiece, soldAt } from './pos/sales.js';

// a POS-scene reader's sale becomes a transaction of the till (the fold's presence changes)
posOnReads();

// the Stock tab shows each site's latest ERP stock beside its book
useErpStock(async (tx, tenantId, siteId) => {
  const erp = await erpStockHeadOf(tx, tenantId, siteId);
  return erp ? { at: erp.time, ref: erp.externRef, lines: erpLinesQuery(tenantId, erp.id) } : null;
});

/**
 * The store module (../shared/operations.md slice B): what each store holds now (stock, refill),
 * its receipts and deliveries, the till, counts, its ERP stock and difference lists, re-tagging, reports and
 * O2O orders —
 * each area a part in its own folder (./<area>/part.ts), combined here in the order their demo data
 * is seeded (the till's sales before the ERP stocks that mirror the book; the floors' OSA history
 * last, around the floors the others left).
 */
export const storeModule = defineModule({
  code: 'store',
  domain,
  ...combineParts([billsPart, posPart, countsPart, erpPart, differencesPart, retagPart, reportsPart, o2oPart, stockPart]),
});
