import { warehouseModule as domain } from '@tagloom/domain';
import { defineModule } from '../../core/module.js';
import { billHooks, billSiteHooks } from './bills/hooks.js';
import { seedWarehouseDemo } from './bills/seed.js';
import { warehouseZoneHooks } from './zones/hooks.js';

/**
 * The intelligent warehouse module: bills (advance shipping notices, transfers, returns) and the
 * zones of each warehouse (warehouse management), which readers bind to. Its inbound and outbound documents come with ../shared/operations.md slice A.
 */
export const warehouseModule = defineModule({
  code: 'warehouse',
  domain,
  hooks: () => ({ 'warehouse/bill': billHooks, 'warehouse/bill-site': billSiteHooks, 'warehouse/management': warehouseZoneHooks }),
  seedDemo: (tx, tenant) => seedWarehouseDemo(tx, tenant),
});
