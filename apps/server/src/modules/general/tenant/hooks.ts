import { codingRuleSample } from '@tagloom/domain';
import type { ResourceHooks } from '../../../core/resource/service.js';

/**
 * Coding-rule templates: a sample left empty is built from the domains' default values
 * (codingRuleSample), on create, import and update. (A template or tenant group a tenant still
 * uses cannot be deleted: the tenants table's foreign keys refuse it, core/resource/refs.ts words it.)
 */
export function codingRuleHooks(): ResourceHooks {
  return {
    async beforeWrite(_tx, data, { changes }) {
      if (typeof data.sample === 'string' && data.sample.trim() !== '') return;
      const sample = codingRuleSample(data.domains, data.totalLength);
      if (changes) changes.sample = sample;
      else data.sample = sample;
    },
  };
}
