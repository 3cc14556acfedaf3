import type { AppContext } from '../core/context.js';
import type { ResourceHooks } from '../core/resource/service.js';

/**
 * What screens add to the generic resource behaviour, by screen code. A module exports a factory
 * `(ctx) => ResourceHooks` from its own folder and adds one line here.
 */
export function resourceHooks(_ctx: AppContext): Record<string, ResourceHooks> {
  return {};
}
