import { tenantQuery, tenantResource } from '@tagloom/domain';
import { z } from 'zod';

/** One end of a range: empty means open; a date, an ISO text or epoch milliseconds otherwise. */
const bound = (v: unknown): Date | null => {
  if (v === null || v === undefined || v === '') return null;
  return typeof v === 'string' || typeof v === 'number' ? new Date(v) : new Date(Number.NaN);
};

/** [from, to]; a bad end is reported on the field itself, so the message names it ("Created: …"). */
const range = z
  .tuple([z.unknown(), z.unknown()])
  .transform((v, ctx) => {
    const ends = v.map(bound) as [Date | null, Date | null];
    if (ends.some((d) => d && Number.isNaN(d.getTime()))) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidFormat' });
      return z.NEVER;
    }
    return ends;
  })
  .optional();

/** Columns the tenant list may be sorted by: the declaration's sortable fields, nothing else. */
export const TENANT_SORT_FIELDS = tenantResource.list.filter((f) => f.sort).map((f) => f.key) as [string, ...string[]];

/**
 * The body of /general/tenant/list and /export: the domain's tenant filters plus the declaration's
 * sort (whitelisted) and the created-at range [from, to] (either end may be empty).
 */
export const tenantListQuery = tenantQuery.extend({
  sortField: z.enum(TENANT_SORT_FIELDS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  createdAt: range,
});
export type TenantListQuery = z.infer<typeof tenantListQuery>;
