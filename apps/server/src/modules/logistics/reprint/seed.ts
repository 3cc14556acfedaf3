/**
 * The demo's label reprints at the warehouses (operations.md §11 "10 warehouse reprints", NEW /
 * PRINTED / APPLIED): at WH01, stored pieces whose labels were damaged, lost or unreadable and two
 * that came untagged; four printed (their new EPCs made and commissioned as the Print button
 * makes them; their states and the warehouse log's rows written at the times they happened) and
 * two of those applied, one read back by a reader and one marked by hand; one at WH02 (another
 * party's row). ACME gets one.
 */
import { LOCATION_KIND, labelReprintResource, RETAG_REASON as R, RETAG_STATUS } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { nextDocumentCode } from '../../../core/numbering.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { retagEpc } from '../../label/tags/retag.js';
import { storeRetags } from '../../store/retag/tables.js';
import { writeWmsLog } from '../../warehouse/log/writer.js';

const HOUR = 3_600_000;

interface Plan {
  site: 'WH01' | 'WH02';
  reason: number;
  untagged?: boolean;
  /** how far it went */
  to?: 'printed' | 'applied' | 'appliedByHand';
  remark?: string;
}

const PLANS: Plan[] = [
  { site: 'WH01', reason: R.DAMAGED, to: 'applied', remark: '上架时吊牌撕裂' },
  { site: 'WH01', reason: R.UNREADABLE, to: 'appliedByHand' },
  { site: 'WH01', reason: R.DAMAGED, to: 'printed', remark: '拆箱划伤标签' },
  { site: 'WH01', reason: R.LOST, to: 'printed' },
  { site: 'WH01', reason: R.UNREADABLE, remark: '通道门读取不到' },
  { site: 'WH01', reason: R.UNTAGGED, untagged: true, remark: '退货件无吊牌' },
  { site: 'WH01', reason: R.DAMAGED },
  { site: 'WH01', reason: R.LOST, remark: '质检后吊牌未挂回' },
  { site: 'WH01', reason: R.UNTAGGED, untagged: true },
  { site: 'WH01', reason: R.UNREADABLE },
  { site: 'WH02', reason: R.DAMAGED },
];

export async function seedLabelReprintDemo(tx: Tx, tenant: { id: number }): Promise<void> {
  const tenantId = tenant.id;
  const warehouses = await queryRows<{ id: number; code: string }>(
    tx,
    sql`select id::int, code from locations where tenant_id = ${tenantId} and kind = ${LOCATION_KIND.WAREHOUSE} order by code`,
  );
  if (!warehouses.length) return;
  const ids = warehouses.map((w) => w.id);
  const [any] = await queryRows<{ id: number }>(
    tx,
    sql`select id from store_retags where tenant_id = ${tenantId} and site_id = any(${`{${ids.join(',')}}`}::bigint[]) limit 1`,
  );
  if (any) return;
  const siteOf = new Map(warehouses.map((w) => [w.code, w.id]));
  const demo = siteOf.has('WH01');
  const plans = demo ? PLANS.filter((p) => siteOf.has(p.site)) : [{ ...PLANS[0], to: undefined }];
  // pieces stored at a warehouse that no carton holds and no defect names, one a SKU, in no particular order
  const stored = async (siteId: number) =>
    queryRows<{ epc: string; sku_id: number }>(
      tx,
      sql`select epc, sku_id from (
            select distinct on (t.sku_id) s.epc, t.sku_id::int from rfid_epc_states s
              join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id
              join label_tags t on t.tenant_id = s.tenant_id and t.epc = s.epc
             where s.tenant_id = ${tenantId} and s.presence = 'present' and coalesce(z.site_id, z.id) = ${siteId}
               and t.sku_id is not null
               and not exists (select 1 from wms_carton_epcs e where e.tenant_id = s.tenant_id and e.epc = s.epc)
               and not exists (select 1 from wms_defects d where d.tenant_id = s.tenant_id and d.epc = s.epc)
             order by t.sku_id, s.epc) p
          order by md5(epc || 'reprint') limit 30`,
    );
  const [firstSku] = await queryRows<{ id: number }>(
    tx,
    sql`select id::int from goods_skus where tenant_id = ${tenantId} order by id limit 1`,
  );
  // an untagged piece's SKU: one a label order tagged (its new label is a tag of that order)
  const tagged = await queryRows<{ sku_id: number }>(
    tx,
    sql`select distinct sku_id::int from label_tags where tenant_id = ${tenantId} and sku_id is not null order by sku_id limit 20`,
  );
  if (!firstSku) return;
  const pools = new Map<number, { epc: string; sku_id: number }[]>();
  const now = Date.now();
  const by = { tenantId, userId: null, username: 'wh01' };
  const task = await nextDocumentCode(tx, tenantId, 'RP', new Date(now - 26 * HOUR));
  for (const [i, p] of plans.entries()) {
    const siteId = demo ? siteOf.get(p.site)! : warehouses[0].id;
    if (!pools.has(siteId)) pools.set(siteId, await stored(siteId));
    const piece = p.untagged ? undefined : pools.get(siteId)!.shift();
    const skuId = piece?.sku_id ?? tagged[(i * 7) % Math.max(1, tagged.length)]?.sku_id ?? firstSku.id;
    const made = new Date(now - (72 - i * 5) * HOUR);
    const code = await nextDocumentCode(tx, tenantId, 'RT', made);
    const [row] = await tx
      .insert(storeRetags)
      .values({
        tenantId,
        code,
        siteId,
        oldEpc: piece?.epc ?? '',
        skuId,
        reason: p.reason,
        status: RETAG_STATUS.NEW,
        remark: p.remark ?? '',
        createdAt: made,
        updatedAt: made,
      })
      .onConflictDoNothing()
      .returning({ id: storeRetags.id });
    if (!row || !p.to || !tagged.length) continue;
    // printed as the Print button prints (new EPC commissioned, old one decommissioned), logged
    const out = await retagEpc(tx, {
      tenantId,
      oldEpc: piece?.epc ?? '',
      skuId,
      locationId: siteId,
      userId: null,
      username: by.username,
      source: labelReprintResource.code,
    });
    // the moves as they happened (a seed writes the states itself; the warehouse log at their times)
    const printedAt = new Date(now - (26 - i) * HOUR);
    const appliedAt = p.to === 'printed' ? null : new Date(now - (24 - i) * HOUR);
    const appliedBy = p.to === 'applied' ? 'TUN-WH01-PK1' : p.to === 'appliedByHand' ? by.username : '';
    await tx
      .update(storeRetags)
      .set({
        newEpc: out.newEpc,
        printTask: task,
        printedAt,
        status: appliedAt ? RETAG_STATUS.APPLIED : RETAG_STATUS.PRINTED,
        appliedAt,
        appliedBy,
        updatedAt: appliedAt ?? printedAt,
      })
      .where(and(eq(storeRetags.tenantId, tenantId), eq(storeRetags.id, Number(row.id))));
    const log = {
      tenantId,
      userId: null,
      siteId,
      docType: labelReprintResource.code,
      docId: Number(row.id),
      docCode: code,
      epcCount: 1,
    };
    await writeWmsLog(tx, {
      ...log,
      username: by.username,
      action: 'printed',
      fromState: RETAG_STATUS.NEW,
      toState: RETAG_STATUS.PRINTED,
      detail: { system: true },
      at: printedAt,
    });
    if (appliedAt)
      await writeWmsLog(tx, {
        ...log,
        username: appliedBy,
        action: 'applied',
        fromState: RETAG_STATUS.PRINTED,
        toState: RETAG_STATUS.APPLIED,
        detail: { system: true },
        at: appliedAt,
      });
  }
}
