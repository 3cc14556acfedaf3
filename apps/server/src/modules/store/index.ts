import { storeModule as domain } from '@tagloom/domain';
import { combineParts, defineModule } from '../../core/module.js';
import { billsPart } from './bills/part.js';
import { stockPart } from './stock/part.js';

/**
 * The store module (../shared/operations.md slice B): what each store holds now (stock, refill),
 * its receipts and deliveries, counts, the till, re-tagging and reports — each area a part in its
 * own folder (./<area>/part.ts), combined here.
 */
export const storeModule = defineModule({
  code: 'store',
  domain,
  ...combineParts([billsPart, stockPart]),
});
