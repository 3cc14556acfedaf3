import {
  BILL_KIND,
  BILL_STATUS,
  BIND_STATUS,
  DEFECT_SEVERITY,
  EPC_CLASS,
  INSPECTION_KIND,
  INSPECTION_RESULT,
  INSPECTION_STATUS,
  LOCATION_KIND,
  QI_DISPOSITION,
  QI_LEVEL,
  REGISTRATION_STATUS,
  ZONE_TYPE,
} from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { READ_SESSION_KIND } from '@tagloom/domain/rfid/sessions.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { issueDeviceKey } from '../../../core/feed/device-keys.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { addRead, appendAll, closeSession, type EpcReads, openSession } from '../../rfid/sessions/index.js';
import { wmsBillLines, wmsBills } from '../bills/tables.js';
import { actingIn, QI_SUBJECT, qiReaders } from './sample.js';
import { lotOf, planOf } from './service.js';
import { wmsInspectionLines, wmsInspections } from './tables.js';

/**
 * The demo tenant's inspections (operations.md §11): the zero-cleared purchase at WH02 failed its
 * sample (three major defects against an acceptance number of two: its lot may go back to the
 * vendor), the store return being received passed; the ASN being received at WH01 has its pending
 * one from its first carton.
 */
export async function seedInspectionsDemo(tx: Tx, tenantId: number): Promise<void> {
  const first = async (kind: number, status: number) =>
    (
      await tx
        .select({ id: wmsBills.id })
        .from(wmsBills)
        .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.kind, kind), eq(wmsBills.status, status)))
        .orderBy(asc(wmsBills.id))
        .limit(1)
    )[0]?.id;
  const failed = await first(BILL_KIND.PURCHASE_IN, BILL_STATUS.CLOSED);
  const passed = await first(BILL_KIND.STORE_RETURN, BILL_STATUS.RECEIVING);
  const day = 86_400_000;
  for (const [billId, defects, at] of [
    [failed, 3, new Date(Date.now() - 2 * day)],
    [passed, 0, new Date(Date.now() - 3_600_000)],
  ] as const) {
    if (!billId) continue;
    const { lotQty, siteId } = await lotOf(tx, tenantId, Number(billId));
    const plan = planOf(lotQty, 2.5, QI_LEVEL.II);
    const pass = defects <= plan.acceptNo;
    const [made] = await tx
      .insert(wmsInspections)
      .values({
        tenantId,
        code: await nextDocumentCode(tx, tenantId, 'QI', at),
        kind: INSPECTION_KIND.RECEIVING,
        billId: Number(billId),
        siteId,
        lotQty,
        level: QI_LEVEL.II,
        aql: '2.5',
        ...plan,
        inspectedQty: plan.sampleSize,
        defects,
        status: INSPECTION_STATUS.SUBMITTED,
        result: pass ? INSPECTION_RESULT.PASS : INSPECTION_RESULT.FAIL,
        disposition: pass ? QI_DISPOSITION.STOCK : QI_DISPOSITION.VENDOR_RETURN,
        inspector: '质检员 王芳',
        inspectedAt: at,
      })
      .returning({ id: wmsInspections.id });
    if (!defects) continue;
    const [line] = await tx
      .select({ skuId: wmsBillLines.skuId })
      .from(wmsBillLines)
      .where(and(eq(wmsBillLines.tenantId, tenantId), eq(wmsBillLines.billId, Number(billId))))
      .limit(1);
    const reasons = ['缝线开裂', '色差明显', '吊牌与洗水唛 SKU 不符'];
    await tx.insert(wmsInspectionLines).values(
      reasons.slice(0, defects).map((reason) => ({
        tenantId,
        inspectionId: made.id,
        skuId: line?.skuId ?? null,
        severity: DEFECT_SEVERITY.MAJOR,
        reason,
      })),
    );
  }
}

/** The demo's QI-area reader at WH01 (a tunnel-type reader on the inspection bench), made unless one is there. */
export const DEMO_QI_READER = 'QI-WH01';

/**
 * The demo's QI sample (operations.md E5): a reader at WH01's QI area (scene QI of type tunnel,
 * bound, registered, with a device key) unless the warehouse has one, and the pending inspection of
 * the receipt being received at WH01 read there — a sample two pieces short of its plan and one
 * foreign tag, so it is inspecting and cannot be submitted yet.
 */
export async function seedQiSampleDemo(tx: Tx, tenantId: number): Promise<void> {
  const [zone] = await queryRows<{ id: string | number; site_id: string | number }>(
    tx,
    sql`select z.id, z.site_id from locations z join locations w on w.tenant_id = z.tenant_id and w.id = z.site_id
        where z.tenant_id = ${tenantId} and w.code = 'WH01' and z.kind = ${LOCATION_KIND.ZONE} and z.zone_type = ${ZONE_TYPE.QI_AREA}
        order by z.id limit 1`,
  );
  if (!zone) return;
  let [reader] = await qiReaders(tx, tenantId, Number(zone.site_id));
  if (!reader) {
    const [scene] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into rfid_scenes (tenant_id, scene_code, scene_name, scene_alias, min_period, interval_period, max_period, read_power,
            report_interval, scene_type, depart_after, move_holdoff, return_guard)
          values (${tenantId}, 'QI', '来货质检台', '质检抽样', 1, 1, 5, 10, 1, ${SCENE_TYPE.TUNNEL}, 600, 10, 300)
          on conflict (tenant_id, scene_code) do update set scene_code = excluded.scene_code returning id`,
    );
    await tx.execute(sql`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, mac_address, scene, use_location,
          location_id, scene_id, bind_status, registration_status, registration_time, online_status)
        values (${tenantId}, ${DEMO_QI_READER}, '华东仓质检台读写器', 'SN-FX96-007001', '84:24:8D:20:C7:01', '来货质检',
          '华东中心仓（昆山） 来货质检区', ${Number(zone.id)}, ${Number(scene.id)}, ${BIND_STATUS.BOUND}, ${REGISTRATION_STATUS.REGISTERED}, now(), 0)
        on conflict do nothing`);
    await issueDeviceKey(tx, tenantId, DEMO_QI_READER);
    [reader] = await qiReaders(tx, tenantId, Number(zone.site_id));
    if (!reader) return;
  }
  const [pending] = await tx
    .select()
    .from(wmsInspections)
    .where(
      and(
        eq(wmsInspections.tenantId, tenantId),
        eq(wmsInspections.status, INSPECTION_STATUS.PENDING),
        eq(wmsInspections.siteId, Number(zone.site_id)),
      ),
    )
    .orderBy(asc(wmsInspections.id))
    .limit(1);
  if (!pending || Number(pending.sampleSize) < 3) return;
  const lot = await queryRows<{ epc: string }>(
    tx,
    sql`select distinct epc from wms_carton_epcs where tenant_id = ${tenantId} and bill_id = ${Number(pending.billId)}
          and unbound_at is null and result in (${EPC_CLASS.MATCHED}, ${EPC_CLASS.OVER}) order by epc limit ${Number(pending.sampleSize) - 2}`,
  );
  const [stranger] = await queryRows<{ epc: string }>(
    tx,
    // another bill's piece not read in this bill's cartons (a piece of its own abnormal label)
    sql`select epc from wms_carton_epcs where tenant_id = ${tenantId} and bill_id <> ${Number(pending.billId)} and unbound_at is null
          and epc not in (select epc from wms_carton_epcs where tenant_id = ${tenantId} and bill_id = ${Number(pending.billId)})
        order by epc limit 1`,
  );
  const epcs = [...lot.map((l) => l.epc), ...(stranger ? [stranger.epc] : [])];
  if (!lot.length) return;
  const by = { tenantId, userId: null, username: '质检员 王芳' };
  actingIn(tx, by);
  const { session } = await openSession(tx, tenantId, {
    equipmentCoding: reader.code,
    subjectType: QI_SUBJECT,
    subjectCode: String(pending.code),
    subjectId: Number(pending.id),
    kind: READ_SESSION_KIND.QI,
  });
  const reads = new Map<string, EpcReads>();
  const at = Date.now() - 20 * 60_000;
  for (const [i, epc] of epcs.entries()) addRead(reads, epc, at + i * 4000, 3, -4800 - i * 10, 1);
  await appendAll(tx, tenantId, session.id, reads, false, 5000);
  await closeSession(tx, tenantId, { id: session.id });
}
