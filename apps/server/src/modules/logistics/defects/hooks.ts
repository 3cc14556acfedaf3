/**
 * A defect's rules (logistics/defective): numbered DF + day + sequence when left blank; its site is
 * a warehouse or a store (a bound user's is stamped); an EPC of the tenant's gives the SKU (another
 * SKU named is refused on the SKU) and one piece, and is not recorded twice while its defect is
 * open; a piece without a known EPC names its SKU. Recording a labelled piece writes its lifecycle
 * event (inspecting / damaged) and a warehouse log row; disposing of it needs a disposition other
 * than pending, stamps who and when, and writes the disposal's event (events.ts); a scrapped piece
 * leaves its site's book stock (postScrapped).
 */
import { DEFECT_DISPOSITION, DEFECT_SOURCE, DEFECT_STATUS, defectResource, LOCATION_KIND } from '@tagloom/domain';
import { and, eq, ne } from 'drizzle-orm';
import { fieldRefusal } from '../../../core/errors.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import type { Tx } from '../../../db/client.js';
import { registryOf } from '../../label/tags/index.js';
import { postStockMoves } from '../../stock/index.js';
import { skuFacts } from '../../tenant/goods/service.js';
import { locations } from '../../tenant/places/tables.js';
import { writeWmsLog } from '../../warehouse/log/writer.js';
import { recordDefectDisposed, recordDefectFound } from './events.js';
import { defects } from './tables.js';

const field = (key: string) => defectResource.list.find((f) => f.key === key)!;
const SITE_KINDS: readonly number[] = [LOCATION_KIND.WAREHOUSE, LOCATION_KIND.STORE];

/**
 * A scrapped piece leaves its site's book stock (operations.md §9: movements come from documents):
 * an adjustment of −qty, journalled with the defect. The other dispositions keep it there — repaired
 * or sold as seconds it stays, held for its vendor it leaves with the vendor-return bill that ships
 * it — and a piece of an e-commerce return judged defective never entered the book (the return's
 * inspection restocks only sound pieces: orders/effects.ts).
 */
async function postScrapped(tx: Tx, tenantId: number, row: Record<string, unknown>): Promise<void> {
  if (Number(row.disposition) !== DEFECT_DISPOSITION.SCRAP || Number(row.source) === DEFECT_SOURCE.ECOM_RETURN) return;
  if (row.siteId == null || row.skuId == null) return;
  await postStockMoves(tx, tenantId, [
    {
      siteId: Number(row.siteId),
      skuId: Number(row.skuId),
      kind: 'ADJUSTED',
      qty: -Math.max(1, Number(row.qty ?? 1)),
      docType: defectResource.code,
      docCode: String(row.code ?? ''),
    },
  ]);
}

export const defectHooks: ResourceHooks = {
  async beforeWrite(tx, data, { session, existing, lang = session.lang }) {
    const tenantId = session.tenantId!;
    if (!existing && !data.code) data.code = await nextDocumentCode(tx, tenantId, 'DF');
    const siteId = data.siteId ?? existing?.siteId;
    if (!siteId) throw fieldRefusal(field('siteId'), 'defect.siteNeeded', {}, lang);
    if (!existing || data.siteId !== undefined) {
      const [site] = await tx
        .select({ kind: locations.kind })
        .from(locations)
        .where(and(eq(locations.tenantId, tenantId), eq(locations.id, Number(siteId))));
      if (site && !SITE_KINDS.includes(Number(site.kind))) throw fieldRefusal(field('siteId'), 'defect.siteKind', {}, lang);
    }
    const epc = String(data.epc ?? existing?.epc ?? '')
      .trim()
      .toUpperCase();
    data.epc = epc;
    const skuId = data.skuId === undefined ? existing?.skuId : data.skuId;
    const tag = epc ? (await registryOf(tx, tenantId, [epc])).get(epc) : undefined;
    if (tag) {
      if (skuId && Number(skuId) !== tag.skuId) {
        const sku = (await skuFacts(tx, tenantId, [tag.skuId])).get(tag.skuId);
        throw fieldRefusal(field('skuId'), 'defect.skuNotTags', { epc, sku: sku?.skuBarcode ?? '' }, lang);
      }
      data.skuId = tag.skuId;
    } else if (!skuId) throw fieldRefusal(field('skuId'), 'defect.skuNeeded', {}, lang);
    if (epc) {
      const qty = data.qty ?? existing?.qty;
      if (qty != null && qty !== '' && Number(qty) !== 1) throw fieldRefusal(field('qty'), 'defect.qtyOne', {}, lang);
      data.qty = 1;
      // one open defect an EPC
      const [open] = await tx
        .select({ code: defects.code })
        .from(defects)
        .where(
          and(
            eq(defects.tenantId, tenantId),
            eq(defects.epc, epc),
            eq(defects.status, DEFECT_STATUS.NEW),
            existing ? ne(defects.id, Number(existing.id)) : undefined,
          ),
        )
        .limit(1);
      if (open) throw fieldRefusal(field('epc'), 'defect.epcOpen', { epc, code: open.code }, lang);
    }
  },
  async afterWrite(tx, row, { session, existing }) {
    const by = { tenantId: session.tenantId, userId: session.userId, username: session.username };
    // a labelled piece found defective (or its EPC read later): its lifecycle event
    if (row.epc && row.epc !== existing?.epc) await recordDefectFound(tx, row, by);
    if (!existing)
      await writeWmsLog(tx, {
        ...by,
        siteId: row.siteId == null ? null : Number(row.siteId),
        docType: defectResource.code,
        docId: Number(row.id),
        docCode: String(row.code),
        action: 'add',
        fromState: null,
        toState: Number(row.status),
        epcCount: row.epc ? 1 : 0,
        detail: { source: row.source, reason: row.reason, qty: row.qty },
      });
  },
  transitions: {
    async dispose(tx, row, { session }) {
      const disposition = Number(row.disposition);
      if (!disposition || disposition === DEFECT_DISPOSITION.PENDING)
        throw fieldRefusal(field('disposition'), 'defect.dispositionNeeded', {}, session.lang);
      const by = { tenantId: session.tenantId, userId: session.userId, username: session.username };
      const [stamped] = await tx
        .update(defects)
        .set({ disposedAt: new Date(), disposedBy: session.username.slice(0, 64) })
        .where(and(eq(defects.tenantId, session.tenantId), eq(defects.id, Number(row.id))))
        .returning();
      Object.assign(row, { disposedAt: stamped?.disposedAt, disposedBy: stamped?.disposedBy });
      await recordDefectDisposed(tx, row, by);
      await postScrapped(tx, session.tenantId, row);
    },
  },
};
