/**
 * Label reprints at the warehouses (logistics/label-reprint, E8 at warehouse sites): the store
 * re-tags' rules and Print (store/retag: one piece of code for both screens, each over its own
 * kind of site), with the warehouse log of every move (printed, applied by a read or by hand).
 */
import { labelReprintResource } from '@tagloom/domain';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { retagHooks } from '../../store/retag/hooks.js';
import { loggedHooks } from '../../warehouse/log/writer.js';

export const labelReprintHooks: ResourceHooks = loggedHooks(labelReprintResource, retagHooks(labelReprintResource, 'warehouse'), {
  // a warehouse's reprint, not the store re-tag whose rows it shares: the log names it so
  docType: labelReprintResource.code,
  siteOf: (row) => (row.siteId == null ? null : Number(row.siteId)),
  epcCount: (row) => (row.newEpc ? 1 : 0),
});
