/**
 * The demo's defects (operations.md §11 "defects"): 25 at WH01 — found at quality inspection and
 * in store and e-commerce returns, pieces of WH01's stored stock read by their EPC (a few without
 * a label, named by their SKU) — over the last three weeks, half disposed of with every
 * disposition; two at WH02 and two at the flagship store ST001 (another party's rows). Each
 * labelled piece's lifecycle events and the warehouse log's rows are written as the screen writes
 * them, at the times they happened. ACME gets one.
 */
import {
  BILL_KIND,
  DEFECT_DISPOSITION as D,
  DEFECT_STATUS,
  defectResource,
  LOCATION_KIND,
  DEFECT_REASON as R,
  randomInt,
  DEFECT_SOURCE as S,
  seededRandom,
} from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { nextDocumentCode } from '../../../core/numbering.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { writeWmsLog } from '../../warehouse/log/writer.js';
import { recordDefectDisposed, recordDefectFound } from './events.js';
import { defects } from './tables.js';

const HOUR = 3_600_000;

interface Plan {
  site: 'WH01' | 'WH02' | 'ST001';
  source: number;
  reason: number;
  /** a piece without a readable label: named by its SKU, this many */
  unlabelled?: number;
  disposition?: number;
  remark?: string;
}

const WH01: Plan[] = [
  { site: 'WH01', source: S.QI, reason: R.STAIN, disposition: D.SECONDS, remark: '前片油渍，清洗不净' },
  { site: 'WH01', source: S.QI, reason: R.SEAM, disposition: D.REPAIR, remark: '左侧缝开线约 3 cm' },
  { site: 'WH01', source: S.RETURN, reason: R.HOLE, disposition: D.SCRAP, remark: '后背破洞，无法修复' },
  { site: 'WH01', source: S.QI, reason: R.PRINT, disposition: D.VENDOR_RETURN, remark: '印花错位' },
  { site: 'WH01', source: S.RETURN, reason: R.COLOUR, disposition: D.SECONDS },
  { site: 'WH01', source: S.QI, reason: R.SIZE_LABEL, disposition: D.VENDOR_RETURN, remark: '尺码标与吊牌不符' },
  { site: 'WH01', source: S.ECOM_RETURN, reason: R.STAIN, disposition: D.REPAIR, remark: '领口粉底印' },
  { site: 'WH01', source: S.QI, reason: R.HOLE, disposition: D.SCRAP },
  { site: 'WH01', source: S.RETURN, reason: R.SEAM, disposition: D.REPAIR },
  { site: 'WH01', source: S.QI, reason: R.MISSING_TAG, unlabelled: 4, disposition: D.SECONDS, remark: '整批缺吊牌，已补标后折价' },
  { site: 'WH01', source: S.STORE, reason: R.PRINT, disposition: D.VENDOR_RETURN },
  { site: 'WH01', source: S.RETURN, reason: R.OTHER, disposition: D.SCRAP, remark: '霉味严重' },
  { site: 'WH01', source: S.QI, reason: R.STAIN },
  { site: 'WH01', source: S.QI, reason: R.SEAM, remark: '袖口开线' },
  { site: 'WH01', source: S.RETURN, reason: R.HOLE },
  { site: 'WH01', source: S.QI, reason: R.COLOUR, remark: '同批次色差明显' },
  { site: 'WH01', source: S.ECOM_RETURN, reason: R.SIZE_LABEL },
  { site: 'WH01', source: S.RETURN, reason: R.STAIN, remark: '退货带污渍' },
  { site: 'WH01', source: S.QI, reason: R.MISSING_TAG, unlabelled: 2 },
  { site: 'WH01', source: S.QI, reason: R.PRINT },
  { site: 'WH01', source: S.RETURN, reason: R.SEAM },
  { site: 'WH01', source: S.ECOM_RETURN, reason: R.OTHER, remark: '拉链损坏' },
  { site: 'WH01', source: S.STORE, reason: R.HOLE },
  { site: 'WH01', source: S.QI, reason: R.MISSING_TAG, unlabelled: 3 },
  { site: 'WH01', source: S.RETURN, reason: R.COLOUR },
];
const OTHERS: Plan[] = [
  { site: 'WH02', source: S.QI, reason: R.STAIN, disposition: D.REPAIR },
  { site: 'WH02', source: S.RETURN, reason: R.SEAM },
  { site: 'ST001', source: S.STORE, reason: R.HOLE, remark: '试衣间发现破洞' },
  { site: 'ST001', source: S.STORE, reason: R.STAIN, disposition: D.SCRAP },
];

export async function seedDefectsDemo(tx: Tx, tenant: { id: number; code: string }): Promise<void> {
  const tenantId = tenant.id;
  const [any] = await queryRows<{ id: number }>(tx, sql`select id from wms_defects where tenant_id = ${tenantId} limit 1`);
  if (any) return;
  const sites = await queryRows<{ id: number; code: string; kind: number }>(
    tx,
    sql`select id::int, code, kind from locations where tenant_id = ${tenantId}
          and kind in (${LOCATION_KIND.WAREHOUSE}, ${LOCATION_KIND.STORE}) order by code`,
  );
  const siteOf = new Map(sites.map((s) => [s.code, s.id]));
  const firstWarehouse = sites.find((s) => Number(s.kind) === LOCATION_KIND.WAREHOUSE);
  if (!firstWarehouse) return;
  const demo = siteOf.has('WH01');
  const plans = demo ? [...WH01, ...OTHERS].filter((p) => siteOf.has(p.site)) : [{ ...WH01[0], disposition: undefined }];
  const siteIdOf = (p: Plan) => (demo ? siteOf.get(p.site)! : firstWarehouse.id);

  // pieces present at a site that no carton holds, one a SKU (its last: other demos take the first), in no particular order
  const present = async (siteId: number, n: number) =>
    queryRows<{ epc: string; sku_id: number }>(
      tx,
      sql`select epc, sku_id from (
            select distinct on (t.sku_id) s.epc, t.sku_id::int from rfid_epc_states s
              join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id
              join label_tags t on t.tenant_id = s.tenant_id and t.epc = s.epc
             where s.tenant_id = ${tenantId} and s.presence = 'present' and coalesce(z.site_id, z.id) = ${siteId}
               and t.sku_id is not null
               and not exists (select 1 from wms_carton_epcs e where e.tenant_id = s.tenant_id and e.epc = s.epc)
             order by t.sku_id, s.epc desc) p
          order by md5(epc) limit ${n}`,
    );
  const skus = await queryRows<{ id: number }>(tx, sql`select id::int from goods_skus where tenant_id = ${tenantId} order by id limit 400`);
  if (!skus.length) return;
  // the documents they were found by: inspections (QI), returns (store and e-com)
  const qiCodes = (
    await queryRows<{ code: string }>(tx, sql`select code from wms_inspections where tenant_id = ${tenantId} order by id limit 6`)
  ).map((r) => r.code);
  const returnCodes = (
    await queryRows<{ code: string }>(
      tx,
      sql`select code from wms_bills where tenant_id = ${tenantId} and kind = ${BILL_KIND.STORE_RETURN} order by id limit 6`,
    )
  ).map((r) => r.code);

  const random = seededRandom(`${tenant.code}:defects`);
  const pools = new Map<number, { epc: string; sku_id: number }[]>();
  const now = Date.now();
  const keeperOf = (p: Plan) => (p.site === 'ST001' ? 'store01' : p.site === 'WH02' ? 'wh02' : 'wh01');
  for (const [i, p] of plans.entries()) {
    const siteId = siteIdOf(p);
    if (!pools.has(siteId)) pools.set(siteId, await present(siteId, 40));
    const piece = p.unlabelled ? undefined : pools.get(siteId)!.shift();
    const skuId = piece?.sku_id ?? skus[randomInt(random, 0, skus.length - 1)].id;
    // over the last three weeks, oldest first; disposed of a day or two after
    const found = new Date(now - (22 * 24 - i * 17) * HOUR - randomInt(random, 0, 50) * 60_000);
    const disposed = p.disposition ? new Date(Math.min(found.getTime() + randomInt(random, 20, 40) * HOUR, now - HOUR)) : undefined;
    const sourceCode =
      p.source === S.QI
        ? (qiCodes[i % Math.max(1, qiCodes.length)] ?? '')
        : p.source === S.RETURN
          ? (returnCodes[i % Math.max(1, returnCodes.length)] ?? '')
          : '';
    const by = { tenantId, userId: null, username: keeperOf(p) };
    const [row] = await tx
      .insert(defects)
      .values({
        tenantId,
        code: await nextDocumentCode(tx, tenantId, 'DF', found),
        siteId,
        source: p.source,
        sourceCode,
        epc: piece?.epc ?? '',
        skuId,
        qty: p.unlabelled ?? 1,
        reason: p.reason,
        photos: [],
        disposition: p.disposition ?? D.PENDING,
        status: p.disposition ? DEFECT_STATUS.DISPOSED : DEFECT_STATUS.NEW,
        disposedAt: disposed ?? null,
        disposedBy: disposed ? by.username : '',
        remark: p.remark ?? '',
        createdAt: found,
        updatedAt: disposed ?? found,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    const r = row as Record<string, unknown>;
    await recordDefectFound(tx, r, by, found);
    const log = { ...by, siteId, docType: defectResource.code, docId: Number(row.id), docCode: row.code };
    await writeWmsLog(tx, {
      ...log,
      action: 'add',
      fromState: null,
      toState: DEFECT_STATUS.NEW,
      epcCount: piece ? 1 : 0,
      detail: { source: p.source, reason: p.reason, qty: row.qty },
      at: found,
    });
    if (!disposed) continue;
    await recordDefectDisposed(tx, r, by, disposed);
    await writeWmsLog(tx, {
      ...log,
      action: 'dispose',
      fromState: DEFECT_STATUS.NEW,
      toState: DEFECT_STATUS.DISPOSED,
      epcCount: piece ? 1 : 0,
      detail: { disposition: p.disposition },
      at: disposed,
    });
  }
}
