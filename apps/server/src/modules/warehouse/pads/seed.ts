import { BIND_STATUS, padReviewResource, REGISTRATION_STATUS, RFID_SCENE_TYPE } from '@tagloom/domain';
import { READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { issueDeviceKey } from '../../../core/feed/device-keys.js';
import { dayStamp } from '../../../core/numbering.js';
import type { Tx } from '../../../db/client.js';
import { labelTags } from '../../label/tags/tables.js';
import { uploadHandheld } from '../../rfid/sessions/handheld.js';
import { equipment, rfidScenes } from '../../rfid/tables.js';
import { locations } from '../../tenant/places/tables.js';
import { RECEIVED_DEMO_ASN } from '../bills/seed.js';
import { wmsBillLines, wmsBills } from '../bills/tables.js';
import { wmsCartons } from '../cartons/tables.js';
import { demoPeople } from '../log/seed.js';
import { writeWmsLog } from '../log/writer.js';

const MIN = 60_000;

/**
 * The warehouse's pad (handheld) reader, in a handheld scene: bound to the warehouse itself (it
 * walks between the docks; the dashboards count it under its site), used at its receiving dock.
 */
export const DEMO_PAD = { equipmentCoding: 'PAD-WH01', site: 'WH01', scene: 'HANDHELD' } as const;

/**
 * The demo tenant's pad sessions (warehouse/pad-review): a handheld scene and WH01's pad bound in it, and its sessions in each state a pad session reaches — announced but not
 * uploaded for a carton of the ASN in transit to WH01, uploaded with reads of demo EPCs (to review),
 * reviewed, rejected with its reason — and a store's count reviewed (its handheld's, at ST001).
 * Uploaded through the handheld upload itself (rfid/sessions/handheld.ts), as a device would.
 */
export async function seedPadDemo(tx: Tx, tenant: { id: number }): Promise<void> {
  const tenantId = tenant.id;
  const [site] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), eq(locations.code, DEMO_PAD.site)));
  if (!site) return;
  await tx
    .insert(rfidScenes)
    .values({
      tenantId,
      sceneCode: DEMO_PAD.scene,
      sceneName: 'PAD 手持收货',
      sceneAlias: '手持盘点',
      sceneType: RFID_SCENE_TYPE.HANDHELD,
      minPeriod: 1,
      intervalPeriod: 2,
      maxPeriod: 30,
      readPower: 25,
      reportInterval: 5,
    })
    .onConflictDoNothing();
  const [scene] = await tx
    .select({ id: rfidScenes.id })
    .from(rfidScenes)
    .where(and(eq(rfidScenes.tenantId, tenantId), eq(rfidScenes.sceneCode, DEMO_PAD.scene)));
  await tx
    .insert(equipment)
    .values({
      tenantId,
      equipmentCoding: DEMO_PAD.equipmentCoding,
      equipmentName: '华东仓收货 PAD',
      snNumber: 'SN-MC33-000501',
      scene: 'PAD 收货',
      useLocation: '华东仓 1 号收货月台',
      locationId: Number(site.id),
      sceneId: Number(scene.id),
      bindStatus: BIND_STATUS.BOUND,
      registrationStatus: REGISTRATION_STATUS.REGISTERED,
      registrationTime: new Date(),
    })
    .onConflictDoNothing();
  await issueDeviceKey(tx, tenantId, DEMO_PAD.equipmentCoding);

  // the cartons of the ASN in transit to WH01, and demo EPCs to have read
  const cartons = (
    await tx
      .selectDistinct({ cartonNo: wmsBillLines.cartonNo })
      .from(wmsBillLines)
      .innerJoin(wmsBills, and(eq(wmsBills.tenantId, wmsBillLines.tenantId), eq(wmsBills.id, wmsBillLines.billId)))
      .where(and(eq(wmsBillLines.tenantId, tenantId), eq(wmsBills.reservationNo, 'ASN-FA01-0001')))
      .orderBy(asc(wmsBillLines.cartonNo))
  ).map((c) => c.cartonNo);
  // …and the first carton of the receipt waiting for its review, by its SSCC (the label the pad scanned; the
  // demo's carton numbers repeat between bills): its pad session is announced, its reads not uploaded
  const [waiting] = await tx
    .select({ sscc: wmsCartons.sscc })
    .from(wmsCartons)
    .innerJoin(wmsBills, and(eq(wmsBills.tenantId, wmsCartons.tenantId), eq(wmsBills.id, wmsCartons.billId)))
    .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsBills.reservationNo, RECEIVED_DEMO_ASN)))
    .orderBy(asc(wmsCartons.cartonNo))
    .limit(1);
  const epcs = (
    await tx.select({ epc: labelTags.epc }).from(labelTags).where(eq(labelTags.tenantId, tenantId)).orderBy(asc(labelTags.id)).limit(24)
  ).map((t) => t.epc);
  const now = Date.now();
  const day = dayStamp(new Date(now));
  const iso = (ms: number) => new Date(ms).toISOString();
  const reads = (from: number, n: number, start: number) =>
    epcs.slice(from, from + n).map((epc, i) => ({ epc, at: iso(start + i * 4000), rssi: -48 - (i % 9), count: 1 + (i % 4) }));
  const carton = (i: number) => cartons[i % Math.max(cartons.length, 1)] ?? `C${day}00100`;

  const sessions: {
    reader: string;
    id: string;
    subject: { type: string; code: string };
    ago: number;
    reads?: ReturnType<typeof reads>;
    end?: { state: number; reason?: string };
  }[] = [
    // announced at the dock: its reads are still on the pad (the review of its received bill asks for them)
    {
      reader: DEMO_PAD.equipmentCoding,
      id: `PAD01-${day}-0004`,
      subject: { type: 'carton', code: waiting?.sscc ?? carton(0) },
      ago: 25 * MIN,
    },
    {
      reader: DEMO_PAD.equipmentCoding,
      id: `PAD01-${day}-0003`,
      subject: { type: 'carton', code: carton(1) },
      ago: 70 * MIN,
      reads: reads(0, 8, now - 70 * MIN),
    },
    {
      reader: DEMO_PAD.equipmentCoding,
      id: `PAD01-${day}-0002`,
      subject: { type: 'carton', code: carton(2) },
      ago: 180 * MIN,
      reads: reads(8, 6, now - 180 * MIN),
      end: { state: READ_SESSION_STATE.REVIEWED },
    },
    {
      reader: DEMO_PAD.equipmentCoding,
      id: `PAD01-${day}-0001`,
      subject: { type: 'carton', code: carton(3) },
      ago: 240 * MIN,
      reads: reads(14, 3, now - 240 * MIN),
      end: { state: READ_SESSION_STATE.REJECTED, reason: '扫描中途断电，读取不完整，需重新扫描整箱' },
    },
    {
      reader: 'HH-03',
      id: `HH03-${day}-0001`,
      subject: { type: 'count', code: `CNT-ST001-${day}` },
      ago: 300 * MIN,
      reads: reads(17, 7, now - 300 * MIN),
      end: { state: READ_SESSION_STATE.REVIEWED },
    },
  ];
  const people = await demoPeople(tx, tenantId);
  // oldest first, so the codes (RS + day + sequence) follow the times
  for (const s of [...sessions].reverse()) {
    const started = now - s.ago;
    const { session } = await uploadHandheld(tx, tenantId, s.reader, {
      deviceSessionId: s.id,
      subject: s.subject,
      startedAt: iso(started),
      ...(s.reads ? { endedAt: iso(started + (s.reads.length + 2) * 4000), reads: s.reads } : {}),
    });
    // the demo's history: its sessions made then, the finished ones reviewed or rejected since
    await tx.execute(
      sql`update rfid_read_sessions set created_at = ${iso(started)}::timestamptz,
            uploaded_at = case when uploaded_at is null then null else ${iso(started + 5 * MIN)}::timestamptz end,
            updated_at = ${iso(started + 10 * MIN)}::timestamptz,
            state = ${s.end?.state ?? session.state}, reject_reason = ${s.end?.reason ?? ''}
          where tenant_id = ${tenantId} and id = ${session.id}`,
    );
    // …and the review or rejection in the warehouse log, as the pad review's button writes it: by the site's keeper
    if (s.end) {
      const keeper = s.reader === DEMO_PAD.equipmentCoding ? 'wh01' : 'demo';
      await writeWmsLog(tx, {
        tenantId,
        userId: people.get(keeper) ?? null,
        username: keeper,
        siteId: session.locationId,
        docType: padReviewResource.code,
        docId: session.id,
        docCode: session.code,
        action: s.end.state === READ_SESSION_STATE.REVIEWED ? 'review' : 'reject',
        fromState: READ_SESSION_STATE.UPLOADED,
        toState: s.end.state,
        epcCount: session.epcCount,
        detail: s.end.reason ? { rejectReason: s.end.reason } : null,
        at: new Date(started + 10 * MIN),
      });
    }
  }
}
