import { logisticsModule as domain } from '@tagloom/domain';
import { defineModule } from '../../core/module.js';

/**
 * The logistics module: the screens over the warehouse's documents that the DC's logistics desk
 * works (ASN binding records, read only); its receipt, inspection and shipment screens come with
 * ../shared/operations.md slices A and C.
 */
export const logisticsModule = defineModule({
  code: 'logistics',
  domain,
  hooks: () => ({ 'logistics/asn-binding': { omitRoutes: ['create', 'update', 'delete', 'import', 'template'] } }),
});
