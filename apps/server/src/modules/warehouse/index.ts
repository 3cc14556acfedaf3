import { warehouseModule as domain } from '@tagloom/domain';
import { defineModule } from '../../core/module.js';
import { warehouseZoneHooks } from './zones/hooks.js';

/**
 * The intelligent warehouse module: the zones of each warehouse (warehouse management), which
 * readers bind to. Its inbound and outbound documents come with ../shared/operations.md slice A.
 */
export const warehouseModule = defineModule({
  code: 'warehouse',
  domain,
  hooks: () => ({ 'warehouse/management': warehouseZoneHooks }),
});
