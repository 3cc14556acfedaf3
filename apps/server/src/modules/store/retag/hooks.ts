/**
 * A re-tag's rules (store/supplementary-bid at the stores, logistics/label-reprint at the
 * warehouses: one table, each screen the rows of its kind of site): numbered RT + day + sequence when left blank;
 * an untagged piece names no old EPC and must name its SKU; a bad label's EPC, when it is a tag of
 * the tenant, gives the SKU (another SKU given is refused on the SKU), else the SKU must be named; an
 * EPC with a re-tag still open (to print or printed) is not asked for twice. Applying by hand stamps
 * who and when.
 */
import { LOCATION_KIND, RETAG_REASON, RETAG_STATUS, type ResourceDef, storeRetagResource } from '@tagloom/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { fieldRefusal } from '../../../core/errors.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { registryOf } from '../../label/tags/index.js';
import { skuFacts } from '../../tenant/goods/service.js';
import { locations } from '../../tenant/places/tables.js';
import { storeRetags } from './tables.js';

/** The kind of site a re-tag screen's rows are at. */
export type RetagSiteKind = 'store' | 'warehouse';
const KIND = { store: LOCATION_KIND.STORE, warehouse: LOCATION_KIND.WAREHOUSE } as const;
const NEEDED = { store: 'storeRetag.storeNeeded', warehouse: 'storeRetag.warehouseNeeded' } as const;
const WRONG_KIND = { store: 'storeRetag.notStore', warehouse: 'storeRetag.notWarehouse' } as const;

/** The hooks of a re-tag screen (`def`: the store screen or the warehouses' label reprint) over sites of `kind`. */
export function retagHooks(def: ResourceDef, kind: RetagSiteKind): ResourceHooks {
  const field = (key: string) => def.list.find((f) => f.key === key)!;
  return {
    scope: (session) =>
      sql`store_retags.site_id in (select l.id from locations l where l.tenant_id = ${session.tenantId} and l.kind = ${KIND[kind]})`,
    async beforeWrite(tx, data, { session, existing, lang = session.lang }) {
      const tenantId = session.tenantId!;
      if (!existing && !data.code) data.code = await nextDocumentCode(tx, tenantId, 'RT');
      const siteId = data.siteId ?? existing?.siteId;
      if (!siteId) throw fieldRefusal(field('siteId'), NEEDED[kind], {}, lang);
      if (data.siteId !== undefined) {
        const [site] = await tx
          .select({ kind: locations.kind })
          .from(locations)
          .where(and(eq(locations.tenantId, tenantId), eq(locations.id, Number(siteId))));
        if (site && Number(site.kind) !== KIND[kind]) throw fieldRefusal(field('siteId'), WRONG_KIND[kind], {}, lang);
      }
      const reason = Number(data.reason ?? existing?.reason);
      const oldEpc = String(data.oldEpc ?? existing?.oldEpc ?? '')
        .trim()
        .toUpperCase();
      data.oldEpc = oldEpc;
      const skuId = data.skuId === undefined ? existing?.skuId : data.skuId;
      if (reason === RETAG_REASON.UNTAGGED && oldEpc) throw fieldRefusal(field('oldEpc'), 'storeRetag.untaggedNoEpc', {}, lang);
      if (!oldEpc) return;
      const tag = (await registryOf(tx, tenantId, [oldEpc])).get(oldEpc);
      if (tag) {
        if (skuId && Number(skuId) !== tag.skuId) {
          const sku = (await skuFacts(tx, tenantId, [tag.skuId])).get(tag.skuId);
          throw fieldRefusal(field('skuId'), 'storeRetag.skuNotTags', { epc: oldEpc, sku: sku?.skuBarcode ?? '' }, lang);
        }
        data.skuId = tag.skuId;
      }
      // one open re-tag an EPC
      const [open] = await tx
        .select({ code: storeRetags.code })
        .from(storeRetags)
        .where(
          and(
            eq(storeRetags.tenantId, tenantId),
            eq(storeRetags.oldEpc, oldEpc),
            inArray(storeRetags.status, [RETAG_STATUS.NEW, RETAG_STATUS.PRINTED]),
            existing ? ne(storeRetags.id, Number(existing.id)) : undefined,
          ),
        )
        .limit(1);
      if (open) throw fieldRefusal(field('oldEpc'), 'storeRetag.epcOpen', { epc: oldEpc, code: open.code }, lang);
    },
    transitions: {
      async applyTag(tx, row, { session }) {
        await tx
          .update(storeRetags)
          .set({ appliedAt: new Date(), appliedBy: session.username.slice(0, 64) })
          .where(and(eq(storeRetags.tenantId, session.tenantId!), eq(storeRetags.id, Number(row.id))));
      },
    },
  };
}

/** The stores' re-tags (store/supplementary-bid). */
export const storeRetagHooks = retagHooks(storeRetagResource, 'store');
