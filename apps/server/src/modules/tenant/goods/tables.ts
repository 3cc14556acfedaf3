import { brandResource, goodsResource, goodsSkuResource } from '@tagloom/domain';
import { resourceTable } from '../../../db/resource-table.js';

/** Tables of the goods area's declared resources (re-exported by ../tables.ts so drizzle-kit sees them). */
export const brands = resourceTable(brandResource);
export const goods = resourceTable(goodsResource);
export const goodsSkus = resourceTable(goodsSkuResource);
