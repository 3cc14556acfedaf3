import { storeModule as domain } from '@tagloom/domain';
<<<<<<< HEAD
import { combineParts, defineModule } from '../../core/module.js';
import { billsPart } from './bills/part.js';
import { differencesPart } from './differences/part.js';
import { erpPart } from './erp/part.js';
import { erpStockOf } from './erp/service.js';
import { reportsPart } from './reports/part.js';
import { retagPart } from './retag/part.js';
import { stockPart } from './stock/part.js';
import { useErpStock } from './stock/routes.js';

export { type ErpStock, erpStockOf } from './erp/service.js';

// the Stock tab shows each site's latest ERP stock beside its book
useErpStock(async (tx, tenantId, siteId) => {
  const erp = await erpStockOf(tx, tenantId, siteId);
  return erp ? { at: erp.time, ref: erp.externRef, qty: erp.qty } : null;
});

/**
 * The store module (../shared/operations.md slice B): what each store holds now (stock, refill),
 * its ERP stock and difference lists, its receipts and deliveries, counts, the till, re-tagging and
 * reports — each area a part in its own folder (./<area>/part.ts), combined here.
 */
export const storeModule = defineModule({
  code: 'store',
  domain,
  ...combineParts([billsPart, stockPart, erpPart, differencesPart, retagPart, reportsPart]),
});
=======
import { combineParts, defineModule, type ModulePart } from '../../core/module.js';
import { reportsPart } from './reports/part.js';
import { retagPart } from './retag/part.js';

/** The store module's areas, each in its own folder (one line an area). */
const parts: readonly ModulePart[] = [retagPart, reportsPart];

/**
 * The retail store module (../shared/operations.md slice B): its areas' declarations, hooks, routes
 * and demo data (combineParts).
 */
export const storeModule = defineModule({ code: 'store', domain, ...combineParts(parts) });
>>>>>>> 20ef8a1 (Store module (slice B): re-tags at the stores (store/supplementary-bid, E8: old EPC, SKU, reason, print makes the new EPC through the label module's re-tag — decommissioning + commissioning — under a print task as one ZPL file, applied by the first read at the store or by hand; migration 0062) and the shipment and take-delivery reports over the warehouse module's bill facts (billFacts, party-scoped), with weeks of demo transfers; server tests)
