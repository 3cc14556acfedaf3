import type { AppContext } from '../core/context.js';
import type { ResourceHooks } from '../core/resource/service.js';
import { dataSourceHooks } from './general/data-source/hooks.js';
import { productHooks } from './general/product/hooks.js';
import { productParamHooks } from './general/product-param/hooks.js';
import { schedulerHooks } from './general/scheduler/service.js';
import { codingRuleHooks, tenantRefHooks } from './general/tenant/hooks.js';

/**
 * What screens add to the generic resource behaviour, by screen code. A module exports a factory
 * `(ctx) => ResourceHooks` from its own folder and adds one line here.
 */
export function resourceHooks(_ctx: AppContext): Record<string, ResourceHooks> {
  return {
    'general/scheduler': schedulerHooks(),
    'general/product': productHooks(),
    'general/product-param': productParamHooks(),
    'general/data-source': dataSourceHooks(_ctx),
    // what tenants point at: refused deletes while in use
    'general/tenant-group': tenantRefHooks(_ctx, 'group'),
    'general/template-goods-attr': tenantRefHooks(_ctx, 'goodsAttr'),
    'general/template-location-attr': tenantRefHooks(_ctx, 'locationAttr'),
    'general/template-coding-rule': codingRuleHooks(_ctx),
  };
}
