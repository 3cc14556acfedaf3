import type { AnyResourceDef } from '../../module.js';
import { brandResource } from './brand.js';
import { goodsResource, goodsSkuResource } from './goods.js';

export * from './brand.js';
export * from './enums.js';
export * from './goods.js';
export * from './gtin.js';

/** The goods area's declarations served by the generic routes (see ../index.ts); SKUs are goods' lines. */
export const goodsResources: readonly AnyResourceDef[] = [brandResource, goodsResource];
/**
 * The SKU lines on their own, for the SKU sheet's import and export (generic routes under
 * /api/tenant/goods-sku, guarded by the goods screen); the console's goods view looks them up here.
 */
export const goodsCustom: readonly AnyResourceDef[] = [goodsSkuResource];
