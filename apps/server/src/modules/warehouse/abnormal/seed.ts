import { abnormalLabelResource, LOCATION_KIND, TAG_EXCEPTION_KIND, TAG_EXCEPTION_STATE, ZONE_TYPE } from '@tagloom/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { recordException, releaseTags, someTags } from '../../label/tags/index.js';
import { locations } from '../../tenant/places/tables.js';
import { wmsBills } from '../bills/tables.js';
import { wmsCartons } from '../cartons/tables.js';
import { demoPeople } from '../log/seed.js';
import { writeWmsLog } from '../log/writer.js';
import { abnormalLabels } from './tables.js';

/** SGTIN-96 EPCs of a company that is not the tenant's: read as unknown. */
const STRANGERS = ['30340789000C0E4000000002', '30340789000C0E4000000003'];

/**
 * The demo tenant's abnormal labels beyond those the receiving check of the demo cartons found
 * (cartons/seed.ts: one foreign, one unknown EPC at WH01): at WH02, on the cartons of its settled
 * receipt, two unknown tags and two pieces of WH01's ASN — one handled, one cleared — and at WH01
 * an EPC read in storage while still present at a store (a place conflict, pending). Found as the
 * check and the fold find them (recordException), then moved as the screen's buttons move them.
 */
export async function seedAbnormalDemo(tx: Tx, tenantId: number): Promise<void> {
  const sites = await tx
    .select({ id: locations.id, code: locations.code, name: locations.name })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), inArray(locations.code, ['WH01', 'WH02', 'ST001'])));
  const site = new Map(sites.map((s) => [s.code, s]));
  const wh01 = site.get('WH01');
  const wh02 = site.get('WH02');
  if (!wh01 || !wh02) return;
  const zoneOf = async (siteId: number, type: number) => {
    const [z] = await queryRows<{ id: number }>(
      tx,
      sql`select id from locations where tenant_id = ${tenantId} and kind = ${LOCATION_KIND.ZONE} and site_id = ${siteId} and zone_type = ${type} order by id limit 1`,
    );
    return z ? Number(z.id) : null;
  };
  const cartons = await tx
    .select({ cartonNo: wmsCartons.cartonNo, billCode: wmsBills.code })
    .from(wmsCartons)
    .innerJoin(wmsBills, and(eq(wmsBills.tenantId, wmsCartons.tenantId), eq(wmsBills.id, wmsCartons.billId)))
    .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsCartons.siteId, Number(wh02.id))))
    .orderBy(wmsCartons.id)
    .limit(2);
  const [asn] = await tx
    .select({ code: wmsBills.code })
    .from(wmsBills)
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.reservationNo, 'ASN-FA01-0002')));
  const tags = await someTags(tx, tenantId, 40);
  if (cartons.length < 2 || !asn || tags.length < 40) return;
  const dock = await zoneOf(Number(wh02.id), ZONE_TYPE.DOCK_IN);
  const at = (i: number) => ({ siteId: Number(wh02.id), zoneId: dock, cartonNo: cartons[i].cartonNo, billCode: cartons[i].billCode });
  const where = (i: number) => ({ carton: cartons[i].cartonNo, bill: cartons[i].billCode });
  for (const [i, epc] of STRANGERS.entries())
    await recordException(tx, tenantId, {
      epc,
      kind: TAG_EXCEPTION_KIND.UNKNOWN_EPC,
      reason: { key: 'tags.unknownInCarton', params: { epc, ...where(i) } },
      place: at(i),
    });
  for (const [i, t] of tags.slice(0, 2).entries())
    await recordException(tx, tenantId, {
      epc: t.epc,
      kind: TAG_EXCEPTION_KIND.FOREIGN_EPC,
      reason: { key: 'tags.foreignInCarton', params: { epc: t.epc, ...where(i), other: asn.code } },
      place: at(i),
    });
  const conflict = tags[39].epc;
  await recordException(tx, tenantId, {
    epc: conflict,
    kind: TAG_EXCEPTION_KIND.PLACE_CONFLICT,
    reason: { key: 'tags.placeConflict', params: { epc: conflict, site: wh01.name, other: site.get('ST001')?.name ?? 'ST001' } },
    place: { siteId: Number(wh01.id), zoneId: await zoneOf(Number(wh01.id), ZONE_TYPE.STORAGE) },
  });
  // one of each pair handled (with what was done), one cleared — by the tenant's administrator (WH02 has no keeper of its
  // own in the demo), in the warehouse log as the buttons write it
  const admin = (await demoPeople(tx, tenantId)).get('demo') ?? null;
  const when = new Date(Date.now() - 3_600_000);
  const moved = async (epc: string, state: number, note: string) => {
    const rows = await tx
      .update(abnormalLabels)
      .set({ state, note, handledBy: 'demo', handledAt: when })
      .where(and(eq(abnormalLabels.tenantId, tenantId), eq(abnormalLabels.epc, epc)))
      .returning({ id: abnormalLabels.id, siteId: abnormalLabels.siteId });
    // a cleared foreign label gives its tag back the status it had, as the clear button does
    if (state === TAG_EXCEPTION_STATE.CLEARED) await releaseTags(tx, tenantId, [epc]);
    for (const r of rows)
      await writeWmsLog(tx, {
        tenantId,
        userId: admin,
        username: 'demo',
        siteId: r.siteId == null ? null : Number(r.siteId),
        docType: abnormalLabelResource.code,
        docId: Number(r.id),
        docCode: epc,
        action: state === TAG_EXCEPTION_STATE.CLEARED ? 'clear' : 'handle',
        fromState: TAG_EXCEPTION_STATE.PENDING,
        toState: state,
        epcCount: 1,
        detail: { note },
        at: when,
      });
  };
  await moved(STRANGERS[0], TAG_EXCEPTION_STATE.HANDLED, '外厂标签，已更换本品牌标签（重新赋码）');
  await moved(tags[0].epc, TAG_EXCEPTION_STATE.HANDLED, '已转入 ASN 所属收货单');
  await moved(tags[1].epc, TAG_EXCEPTION_STATE.CLEARED, '供应商已确认混装，随单处理');
}
