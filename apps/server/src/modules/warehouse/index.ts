import { warehouseModule as domain } from '@tagloom/domain';
import { defineModule } from '../../core/module.js';
import { billHooks, billSiteHooks, goodsReceivedHooks } from './bills/hooks.js';
import { seedWarehouseDemo } from './bills/seed.js';
import { cartonEpcHooks, cartonHooks, checkOnClose, receivingHooks } from './cartons/hooks.js';
import { cartonPrintRoutes } from './cartons/print.js';
import { warehouseZoneHooks } from './zones/hooks.js';

// a carton's read session closing checks the carton (the rfid module calls the handlers of its subject type)
checkOnClose();

/**
 * The intelligent warehouse module: bills (advance shipping notices, transfers, returns), their
 * cartons and the EPCs each travels with, checked as their read sessions close at a dock tunnel,
 * and the zones of each warehouse (warehouse management), which readers bind to (../shared/operations.md slice A).
 */
export const warehouseModule = defineModule({
  code: 'warehouse',
  domain,
  hooks: () => ({
    'warehouse/bill': billHooks,
    'warehouse/bill-site': billSiteHooks,
    'warehouse/goods-received': goodsReceivedHooks,
    'warehouse/box': cartonHooks,
    'warehouse/receiving-check': receivingHooks,
    'warehouse/carton-epc': cartonEpcHooks,
    'warehouse/management': warehouseZoneHooks,
  }),
  routes: [cartonPrintRoutes],
  seedDemo: (tx, tenant) => seedWarehouseDemo(tx, tenant),
});
