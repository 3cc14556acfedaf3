import type { ModulePart } from '../../../core/module.js';
import { goodsRoutes, goodsWithSku } from './routes.js';
import { seedGoodsDemo } from './seed.js';

/** The goods area of the tenant module: its own routes (goods by SKU) and the demo tenant's goods (combined in ../index.ts). */
export const goodsPart: ModulePart = {
  routes: [goodsRoutes],
  // the goods list's "SKU barcode / GTIN" box: goods with such a SKU (a semi-join over the SKUs' prefix indexes)
  hooks: () => ({ 'tenant/goods': { searches: { sku: (value, session) => goodsWithSku(session.tenantId, value) } } }),
  // the data folder: the two brands' logos are stored as files
  seedDemo: (tx, tenant, env) => seedGoodsDemo(tx, tenant, { dataDir: env.config.dataDir }),
};
