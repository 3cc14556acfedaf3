/**
 * The QI sample read at the QI area (operations.md E5 "sampled EPCs", F3 QI sessions): a read
 * session of subject type `qi` opened for an inspection at a reader bound to a QI-area zone of the
 * inspection's warehouse; the EPCs it reads until it closes become the inspection's sample (one row
 * an EPC, wms_inspection_samples, with its SKU). An EPC that is not of the inspected bill is kept as
 * foreign, shown and not counted; the counted ones are the pieces inspected. Each step is in the
 * warehouse log, the first read moves the inspection to inspecting (a system move), and the sampled
 * pieces are observed `inspecting` in the tag lifecycle.
 */
import type { SampleEpc } from '@tagloom/domain';
import { EPC_CLASS, INSPECTION_STATUS, LOCATION_KIND, ZONE_TYPE } from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { READ_SESSION_KIND, READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { badRequest, conflict } from '../../../core/errors.js';
import { type Mover, move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { registryOf } from '../../label/tags/index.js';
import { listSessions, type ReadSession, sessionEpcs, sessionSubjects } from '../../rfid/sessions/index.js';
import { raiseStrangeEpcs } from '../abnormal/raise.js';
import { EXPECTING } from '../cartons/check.js';
import { recordSampleRead } from '../events.js';
import { grantedPlaces } from '../grants/guard.js';
import { writeWmsLog } from '../log/writer.js';
import { wmsInspectionSamples, wmsInspections } from './tables.js';

type Row = Record<string, unknown>;

/** The subject type of a QI sample's read sessions. */
export const QI_SUBJECT = 'qi';
/** The states an inspection's sample may be read in. */
export const SAMPLING_STATES = [INSPECTION_STATUS.PENDING, INSPECTION_STATUS.INSPECTING] as number[];
/** EPCs a statement (the sample of the largest plan is 2,000 pieces). */
const CHUNK = 1000;
const DOC = 'warehouse/receiving-qi';

/**
 * Who acts in a transaction that opens or closes a sample (the console user behind the route); a
 * device's or the quiet close's transaction has none: the reader is named instead.
 */
const ACTOR = new WeakMap<object, Mover>();
export const actingIn = (tx: Tx, by: Mover) => ACTOR.set(tx, by);
const actorOf = (tx: Tx, tenantId: number, equipment: string): Mover => ACTOR.get(tx) ?? { tenantId, userId: null, username: equipment };

/** An inspection of the tenant by id (else by code), locked. */
export async function inspectionOf(tx: Tx, tenantId: number, by: { id?: number | null; code?: string }): Promise<Row | undefined> {
  const where = by.id ? eq(wmsInspections.id, by.id) : eq(wmsInspections.code, by.code ?? '');
  const [row] = (await tx
    .select()
    .from(wmsInspections)
    .where(and(eq(wmsInspections.tenantId, tenantId), where))
    .for('update')) as Row[];
  return row;
}

/** The inspection's OPEN sample session (at any reader), if any. */
export async function openSampleOf(tx: Tx, tenantId: number, code: string): Promise<ReadSession | undefined> {
  const [open] = await listSessions(tx, tenantId, { subjectType: QI_SUBJECT, subjectCode: code, state: READ_SESSION_STATE.OPEN, limit: 1 });
  return open;
}

/** A refusal while the inspection's sample is being read (submit, reset): close it first. */
export async function refuseWhileReading(tx: Tx, tenantId: number, row: Row): Promise<void> {
  const open = await openSampleOf(tx, tenantId, String(row.code));
  if (open) throw conflict('qi.sampleOpen', { code: String(row.code), equipment: open.equipmentCoding });
}

/** The QI-area zone a location is (its site), or null when it is none. */
async function qiZoneOf(tx: Tx, tenantId: number, locationId: number | null) {
  if (locationId === null) return null;
  const [z] = await queryRows<{ id: string | number; site_id: string | number | null }>(
    tx,
    sql`select id, site_id from locations where tenant_id = ${tenantId} and id = ${locationId}
          and kind = ${LOCATION_KIND.ZONE} and zone_type = ${ZONE_TYPE.QI_AREA}`,
  );
  return z ? { id: Number(z.id), siteId: z.site_id === null ? null : Number(z.site_id) } : null;
}

const siteName = async (tx: Tx, tenantId: number, siteId: unknown) =>
  siteId == null
    ? '-'
    : ((await queryRows<{ name: string }>(tx, sql`select name from locations where tenant_id = ${tenantId} and id = ${Number(siteId)}`))[0]
        ?.name ?? '-');

/** The readers that read samples for a warehouse: bound to a QI-area zone of it, in a tunnel or handheld scene. */
export async function qiReaders(tx: Tx, tenantId: number, siteId: number, who?: Pick<SessionInfo, 'tenantId' | 'userId' | 'party'>) {
  // a warehouse's user is offered the readers of the zones its QI grant names only (the guard refuses the others)
  const granted = who ? grantedPlaces(who, 'qi', sql`z.id`) : undefined;
  const rows = await queryRows<{
    code: string;
    name: string;
    zone: string;
    busy_type: string | null;
    busy_code: string | null;
  }>(
    tx,
    sql`select e.equipment_coding as code, e.equipment_name as name, z.name as zone, o.subject_type as busy_type, o.subject_code as busy_code
        from equipment e
        join locations z on z.tenant_id = e.tenant_id and z.id = e.location_id
        join rfid_scenes sc on sc.tenant_id = e.tenant_id and sc.id = e.scene_id
        left join rfid_read_sessions o on o.tenant_id = e.tenant_id and o.equipment_coding = e.equipment_coding and o.state = ${READ_SESSION_STATE.OPEN}
        where e.tenant_id = ${tenantId} and z.kind = ${LOCATION_KIND.ZONE} and z.zone_type = ${ZONE_TYPE.QI_AREA} and z.site_id = ${siteId}
          and sc.scene_type in (${SCENE_TYPE.TUNNEL}, ${SCENE_TYPE.HANDHELD}) ${granted ? sql`and ${granted}` : sql``}
        order by e.equipment_coding`,
  );
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    zone: r.zone,
    // reading for a subject now (a subjectless session of stray reads is no obstacle)
    busyWith: r.busy_type ? { type: r.busy_type, code: r.busy_code ?? '' } : null,
  }));
}

/**
 * Where the EPCs stand against the inspected bill: in the lot (bound to one of its cartons, not as
 * foreign or unknown) with the binding's SKU, or foreign with the registry's SKU if it knows the tag.
 */
async function classify(tx: Tx, tenantId: number, billId: number, epcs: readonly string[]) {
  const lot = new Map<string, number | null>();
  for (let at = 0; at < epcs.length; at += CHUNK) {
    const part = epcs.slice(at, at + CHUNK);
    const rows = await queryRows<{ epc: string; sku_id: string | number | null }>(
      tx,
      sql`select distinct on (epc) epc, sku_id from wms_carton_epcs
          where tenant_id = ${tenantId} and bill_id = ${billId} and unbound_at is null
            and result not in (${EPC_CLASS.FOREIGN}, ${EPC_CLASS.UNKNOWN})
            and epc = any(string_to_array(${part.join(',')}, ','))
          order by epc, sku_id nulls last`,
    );
    for (const r of rows) lot.set(r.epc, r.sku_id === null ? null : Number(r.sku_id));
  }
  const tags = await registryOf(tx, tenantId, epcs);
  return epcs.map((epc) => {
    const inLot = lot.has(epc);
    const tag = tags.get(epc);
    return { epc, foreign: !inLot, skuId: (inLot ? lot.get(epc) : null) ?? tag?.skuId ?? null, orderId: tag?.orderId ?? null };
  });
}

/**
 * The abnormal labels among a sample's foreign EPCs, as the receiving check finds them in a carton
 * (abnormal/raise.ts): unknown — no tag of the tenant —, or foreign — expected in a carton of
 * another bill —, found at the inspection's warehouse and the QI reader's zone. A tag of the
 * tenant that no other bill carries is only not of the lot: no abnormal label.
 */
async function raiseSampleExceptions(
  tx: Tx,
  tenantId: number,
  inspection: Row,
  session: ReadSession,
  strangers: readonly { epc: string; orderId: number | null }[],
) {
  if (!strangers.length) return;
  const billId = Number(inspection.billId);
  const unknown = strangers.filter((s) => s.orderId === null).map((s) => s.epc);
  const known = strangers.filter((s) => s.orderId !== null);
  const elsewhere = new Map<string, number>();
  for (let at = 0; at < known.length; at += CHUNK) {
    const rows = await queryRows<{ epc: string; bill_id: string | number }>(
      tx,
      sql`select distinct on (epc) epc, bill_id from wms_carton_epcs
          where tenant_id = ${tenantId} and bill_id <> ${billId} and unbound_at is null
            and source in (${sql.join(
              EXPECTING.map((n) => sql`${n}`),
              sql`, `,
            )})
            and epc = any(string_to_array(${known
              .slice(at, at + CHUNK)
              .map((k) => k.epc)
              .join(',')}, ','))
          order by epc, bound_at desc`,
    );
    for (const r of rows) elsewhere.set(r.epc, Number(r.bill_id));
  }
  const [bill] = await queryRows<{ code: string }>(tx, sql`select code from wms_bills where tenant_id = ${tenantId} and id = ${billId}`);
  const billCode = bill?.code ?? '-';
  await raiseStrangeEpcs(tx, tenantId, {
    foreign: known.filter((k) => elsewhere.has(k.epc)).map((k) => k.epc),
    unknown,
    elsewhere,
    tags: new Map(known.map((k) => [k.epc, { orderId: Number(k.orderId) }])),
    place: { siteId: inspection.siteId == null ? null : Number(inspection.siteId), zoneId: session.locationId, billCode },
    reasons: { foreign: 'tags.foreignInSample', unknown: 'tags.unknownInSample' },
    params: { inspection: String(inspection.code), bill: billCode },
  });
}

/** A session's EPCs, all of them (paged by the rfid module's keyset). */
async function allEpcs(tx: Tx, tenantId: number, sessionId: number): Promise<string[]> {
  const out: string[] = [];
  for (let after = ''; ; ) {
    const page = await sessionEpcs(tx, tenantId, sessionId, 5000, after);
    out.push(...page.map((e) => e.epc));
    if (page.length < 5000) return out;
    after = page[page.length - 1].epc;
  }
}

/** The sample's counts: pieces counted (of the lot) and foreign EPCs. */
async function counts(tx: Tx, tenantId: number, inspectionId: number) {
  const [r] = await queryRows<{ counted: number; foreign: number }>(
    tx,
    sql`select (count(*) filter (where not "foreign"))::int as counted, (count(*) filter (where "foreign"))::int as "foreign"
        from wms_inspection_samples where tenant_id = ${tenantId} and inspection_id = ${inspectionId}`,
  );
  return { counted: Number(r?.counted ?? 0), foreign: Number(r?.foreign ?? 0) };
}

/**
 * A closed sample session's reads into the inspection's sample: EPCs new to the sample stored with
 * their SKU (foreign ones marked), the pieces inspected = the counted sample; a pending inspection
 * moves to inspecting (system move `start`, logged); the read in the warehouse log with what it
 * found and whether the sample is still short of the plan; the new counted pieces observed
 * `inspecting` at the QI zone. Answers what it found.
 */
export async function storeSample(tx: Tx, tenantId: number, inspection: Row, session: ReadSession) {
  const id = Number(inspection.id);
  const by = actorOf(tx, tenantId, session.equipmentCoding);
  const read = await allEpcs(tx, tenantId, session.id);
  const had = new Set(
    (
      await tx
        .select({ epc: wmsInspectionSamples.epc })
        .from(wmsInspectionSamples)
        .where(and(eq(wmsInspectionSamples.tenantId, tenantId), eq(wmsInspectionSamples.inspectionId, id)))
    ).map((r) => r.epc),
  );
  const fresh = await classify(
    tx,
    tenantId,
    Number(inspection.billId),
    read.filter((e) => !had.has(e)),
  );
  const at = session.endedAt ? new Date(session.endedAt) : new Date();
  for (let i = 0; i < fresh.length; i += CHUNK)
    await tx
      .insert(wmsInspectionSamples)
      .values(
        fresh.slice(i, i + CHUNK).map((f) => ({
          tenantId,
          inspectionId: id,
          epc: f.epc,
          skuId: f.skuId,
          foreign: f.foreign,
          sessionId: session.id,
          sessionCode: session.code,
          equipmentCoding: session.equipmentCoding,
          readAt: at,
        })),
      )
      .onConflictDoNothing();
  await raiseSampleExceptions(
    tx,
    tenantId,
    inspection,
    session,
    fresh.filter((f) => f.foreign),
  );
  const { counted, foreign } = await counts(tx, tenantId, id);
  const status = Number(inspection.status);
  if (status === INSPECTION_STATUS.PENDING && counted > 0) await move(tx, DOC, id, 'start', by, { set: { inspectedQty: counted } });
  else
    await tx
      .update(wmsInspections)
      .set({ inspectedQty: counted, updatedAt: new Date() })
      .where(and(eq(wmsInspections.tenantId, tenantId), eq(wmsInspections.id, id)));
  const sampleSize = Number(inspection.sampleSize);
  const added = fresh.filter((f) => !f.foreign).map((f) => f.epc);
  await writeWmsLog(tx, {
    tenantId,
    userId: by.userId,
    username: by.username,
    siteId: inspection.siteId == null ? null : Number(inspection.siteId),
    docType: DOC,
    docId: id,
    docCode: String(inspection.code),
    action: 'sampleRead',
    fromState: status,
    toState: status === INSPECTION_STATUS.PENDING && counted > 0 ? INSPECTION_STATUS.INSPECTING : status,
    epcCount: added.length,
    detail: {
      session: session.code,
      equipment: session.equipmentCoding,
      read: read.length,
      added: added.length,
      foreign: fresh.length - added.length,
      sample: counted,
      sampleSize,
      ...(counted < sampleSize ? { short: sampleSize - counted } : {}),
    },
  });
  await recordSampleRead(tx, tenantId, {
    billId: Number(inspection.billId),
    epcs: added,
    zoneId: session.locationId,
    userId: by.userId,
    username: by.username,
  });
  return { read: read.length, added: added.length, counted, foreign, sampleSize, short: Math.max(0, sampleSize - counted) };
}

/**
 * The one check of a sample's reader, for every way a sample comes in — a session opened at a
 * reader (the console's Read sample, a reader's own scan) and a handheld's session uploaded and
 * reviewed on pad review: the inspection the subject names (by id, else code; locked), not yet
 * submitted, and the reader or device bound to a QI-area zone of the inspection's warehouse (for an
 * uploaded session: where it was bound when it uploaded). Refused in the user's language naming
 * the inspection or the reader. Answers the inspection's row.
 */
export async function sampleReadAt(
  tx: Tx,
  tenantId: number,
  subject: { subjectId: number | null; subjectCode: string },
  reader: { equipmentCoding: string; locationId: number | null },
): Promise<Row> {
  const row = await inspectionOf(tx, tenantId, { id: subject.subjectId, code: subject.subjectCode });
  if (!row) throw badRequest('qi.sampleNoInspection', { code: subject.subjectCode || String(subject.subjectId ?? '') });
  if (!SAMPLING_STATES.includes(Number(row.status))) throw conflict('qi.sampleSubmitted', { code: String(row.code) });
  const zone = await qiZoneOf(tx, tenantId, reader.locationId);
  if (!zone || row.siteId == null || zone.siteId !== Number(row.siteId))
    throw badRequest('qi.notQiReader', { equipment: reader.equipmentCoding, warehouse: await siteName(tx, tenantId, row.siteId) });
  return row;
}

/**
 * Registers the QI sample with the read sessions (at import, as the carton check does): the
 * opening's refusals — no such inspection, one already submitted, a reader not at a QI area of the
 * inspection's warehouse, a sample of it already being read, the reader reading for another subject
 * — and the close storing the sample (a handheld's uploaded session, reviewed, checked as an
 * opening is: sampleReadAt). Returns the function that removes both (tests).
 */
export function sampleOnSessions(): () => void {
  const offOpen = sessionSubjects.opening(QI_SUBJECT, async (tx, s) => {
    const row = await sampleReadAt(tx, s.tenantId, s, s);
    const code = String(row.code);
    const open = await openSampleOf(tx, s.tenantId, code);
    if (open) throw conflict('qi.sampleOpen', { code, equipment: open.equipmentCoding });
    if (s.open?.subjectType) throw conflict('qi.readerBusy', { equipment: s.equipmentCoding, subject: s.open.subjectCode || '-' });
    return {
      subjectId: Number(row.id),
      subjectCode: code,
      kind: READ_SESSION_KIND.QI,
      async opened(tx2, session) {
        const by = actorOf(tx2, s.tenantId, s.equipmentCoding);
        await writeWmsLog(tx2, {
          tenantId: s.tenantId,
          userId: by.userId,
          username: by.username,
          siteId: Number(row.siteId),
          docType: DOC,
          docId: Number(row.id),
          docCode: code,
          action: 'sampleStart',
          fromState: Number(row.status),
          toState: Number(row.status),
          detail: { session: session.code, equipment: session.equipmentCoding },
        });
      },
    };
  });
  const offClose = sessionSubjects.on(QI_SUBJECT, async (tx, session) => {
    // a handheld's session uploaded and reviewed (pad review) never opened here: the same check now
    if (session.offline) {
      await storeSample(tx, session.tenantId, await sampleReadAt(tx, session.tenantId, session, session), session);
      return;
    }
    const row = await inspectionOf(tx, session.tenantId, { id: session.subjectId, code: session.subjectCode });
    // an inspection deleted or judged meanwhile (submit and reset wait for the sample's close): nothing to add to
    if (!row || !SAMPLING_STATES.includes(Number(row.status))) return;
    await storeSample(tx, session.tenantId, row, session);
  });
  return () => {
    offOpen();
    offClose();
  };
}

/**
 * An inspection's sample as the console shows it: its stored EPCs and, while a sample session is
 * open, what that session read so far (classed the same way, not stored until it closes); the
 * counted pieces against the plan's sample size.
 */
export async function sampleOf(tx: Tx, tenantId: number, inspection: Row) {
  const id = Number(inspection.id);
  const stored = await queryRows<{
    epc: string;
    sku_id: string | number | null;
    sku: string | null;
    foreign: boolean;
    read_at: Date | string;
    equipment_coding: string;
  }>(
    tx,
    sql`select s.epc, s.sku_id, k.sku_barcode as sku, s."foreign", s.read_at, s.equipment_coding
        from wms_inspection_samples s left join goods_skus k on k.tenant_id = s.tenant_id and k.id = s.sku_id
        where s.tenant_id = ${tenantId} and s.inspection_id = ${id} order by s."foreign", s.read_at desc, s.epc`,
  );
  const epcs: SampleEpc[] = stored.map((r) => ({
    epc: r.epc,
    skuId: r.sku_id === null ? null : Number(r.sku_id),
    sku: r.sku ?? '',
    foreign: r.foreign,
    readAt: new Date(r.read_at).toISOString(),
    equipment: r.equipment_coding,
    reading: false,
  }));
  const session = (await openSampleOf(tx, tenantId, String(inspection.code))) ?? null;
  if (session) {
    const known = new Set(epcs.map((e) => e.epc));
    const live = await classify(
      tx,
      tenantId,
      Number(inspection.billId),
      (await allEpcs(tx, tenantId, session.id)).filter((e) => !known.has(e)),
    );
    const skus = new Map(
      (live.length
        ? await queryRows<{ id: string | number; sku: string }>(
            tx,
            sql`select id, sku_barcode as sku from goods_skus where tenant_id = ${tenantId}
                and id = any(string_to_array(${[...new Set(live.map((l) => l.skuId).filter((x) => x !== null))].join(',') || '0'}, ',')::bigint[])`,
          )
        : []
      ).map((r) => [Number(r.id), r.sku]),
    );
    const now = new Date().toISOString();
    epcs.unshift(
      ...live.map((l) => ({
        epc: l.epc,
        skuId: l.skuId,
        sku: l.skuId === null ? '' : (skus.get(l.skuId) ?? ''),
        foreign: l.foreign,
        readAt: now,
        equipment: session.equipmentCoding,
        reading: true,
      })),
    );
  }
  const counted = epcs.filter((e) => !e.foreign).length;
  return {
    inspection: {
      id,
      code: String(inspection.code),
      status: Number(inspection.status),
      sampleSize: Number(inspection.sampleSize),
      inspectedQty: Number(inspection.inspectedQty),
      siteId: inspection.siteId == null ? null : Number(inspection.siteId),
    },
    session,
    counted,
    foreign: epcs.length - counted,
    epcs,
  };
}
