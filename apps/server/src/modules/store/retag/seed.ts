/**
 * The demo's store re-tags (operations.md §11: 10 store re-tags, NEW / PRINTED / APPLIED): at the
 * flagship store ST001 and two others, pieces of registered tags whose labels were damaged, lost or
 * unreadable, and two untagged pieces; three printed (their new EPCs made and commissioned as the
 * Print button makes them) and two of those applied. Numbered as the screen numbers them.
 */
import { LOCATION_KIND, RETAG_REASON as R, RETAG_STATUS, storeRetagResource } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { nextDocumentCode } from '../../../core/numbering.js';
import { move } from '../../../core/resource/transitions.js';
import type { Tx } from '../../../db/client.js';
import { someTags } from '../../label/tags/index.js';
import { retagEpc } from '../../label/tags/retag.js';
import { locations } from '../../tenant/places/tables.js';
import { storeRetags } from './tables.js';

const HOUR = 3_600_000;

export async function seedStoreRetagDemo(tx: Tx, tenant: { id: number }): Promise<void> {
  const tenantId = tenant.id;
  // the stores' rows (the warehouses' label reprints share the table: logistics/reprint/seed.ts)
  const [any] = await tx
    .select({ id: storeRetags.id })
    .from(storeRetags)
    .innerJoin(locations, and(eq(locations.tenantId, storeRetags.tenantId), eq(locations.id, storeRetags.siteId)))
    .where(and(eq(storeRetags.tenantId, tenantId), eq(locations.kind, LOCATION_KIND.STORE)))
    .limit(1);
  if (any) return;
  const stores = new Map(
    (
      await tx
        .select({ id: locations.id, code: locations.code })
        .from(locations)
        .where(and(eq(locations.tenantId, tenantId), inArray(locations.code, ['ST001', 'ST002', 'ST003'])))
    ).map((s) => [s.code, Number(s.id)]),
  );
  const st001 = stores.get('ST001');
  // tags of the registry past the first ones other demos use, spread over several SKUs
  const all = await someTags(tx, tenantId, 2_000, { unbound: true });
  const step = Math.max(1, Math.floor(all.length / 2 / 10));
  const tags = all
    .slice(Math.floor(all.length / 2))
    .filter((_, i) => i % step === 0)
    .slice(0, 10);
  if (!st001 || tags.length < 10) return;
  const at = (code: string) => stores.get(code) ?? st001;
  const rows: { site: number; reason: number; epc?: string; skuId: number; remark?: string }[] = [
    { site: st001, reason: R.DAMAGED, epc: tags[0].epc, skuId: tags[0].skuId, remark: '洗水标撕裂' },
    { site: st001, reason: R.UNREADABLE, epc: tags[1].epc, skuId: tags[1].skuId },
    { site: st001, reason: R.LOST, epc: tags[2].epc, skuId: tags[2].skuId, remark: '试衣间发现吊牌脱落' },
    { site: st001, reason: R.UNTAGGED, skuId: tags[3].skuId, remark: '调拨到店未贴标' },
    { site: st001, reason: R.DAMAGED, epc: tags[4].epc, skuId: tags[4].skuId },
    { site: at('ST002'), reason: R.UNREADABLE, epc: tags[5].epc, skuId: tags[5].skuId },
    { site: at('ST002'), reason: R.LOST, epc: tags[6].epc, skuId: tags[6].skuId },
    { site: at('ST003'), reason: R.DAMAGED, epc: tags[7].epc, skuId: tags[7].skuId },
    { site: at('ST003'), reason: R.UNTAGGED, skuId: tags[8].skuId },
    { site: st001, reason: R.UNREADABLE, epc: tags[9].epc, skuId: tags[9].skuId },
  ];
  const by = { tenantId, userId: null, username: 'store01' };
  const now = Date.now();
  const made: number[] = [];
  for (const r of rows) {
    const [row] = await tx
      .insert(storeRetags)
      .values({
        tenantId,
        code: await nextDocumentCode(tx, tenantId, 'RT'),
        siteId: r.site,
        oldEpc: r.epc ?? '',
        skuId: r.skuId,
        reason: r.reason,
        status: RETAG_STATUS.NEW,
        remark: r.remark ?? '',
      })
      .onConflictDoNothing()
      .returning({ id: storeRetags.id });
    if (row) made.push(Number(row.id));
  }
  // the first three printed (as the Print button does), the first two of them applied
  const task = await nextDocumentCode(tx, tenantId, 'RP');
  for (const [i, id] of made.slice(0, 3).entries()) {
    const r = rows[i];
    const out = await retagEpc(tx, {
      tenantId,
      oldEpc: r.epc ?? '',
      skuId: r.skuId,
      locationId: r.site,
      userId: null,
      username: by.username,
      source: storeRetagResource.code,
    });
    await move(tx, storeRetagResource.code, id, 'printed', by, {
      set: { newEpc: out.newEpc, printTask: task, printedAt: new Date(now - (30 - i) * HOUR) },
    });
    if (i < 2)
      await move(tx, storeRetagResource.code, id, 'applied', by, {
        set: { appliedAt: new Date(now - (28 - i) * HOUR), appliedBy: i === 0 ? 'RD-ST001-FLOOR' : by.username },
      });
  }
}
