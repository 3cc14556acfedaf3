/**
 * Pack certification (../shared/operations.md §7, Avery Dennison US 11,922,251): a carton of an
 * outbound bill is scanned at a pack station — its number or SSCC, a read session of subject type
 * `pack` opens on the station's tunnel — and when that session closes its reads are reconciled
 * against the carton's pick list (the bill's lines of its carton number, SKU quantities): matched,
 * over (a SKU it should not hold, or more of one), foreign (an EPC packed in another live carton),
 * unknown (not the tenant's tag); short are the pick list's pieces not read. The carton is PACKED
 * with its counts and result; a matched one's packing is an AggregationEvent ADD. Only a matched
 * carton is reviewed and audited (packing's buttons). The first scan of a bill's carton makes the
 * carton and starts the bill's picking.
 */
import {
  BILL_KIND,
  BILL_STATUS,
  CARTON_DIRECTION,
  CARTON_EPC_SOURCE,
  CARTON_STATUS,
  LOCATION_KIND,
  outboundCartonMachine,
  ZONE_TYPE,
} from '@tagloom/domain';
import { stateOf } from '@tagloom/domain/resource/machine.js';
import { CARTON_RESULT, type CartonClasses, cartonResult, countsOf } from '@tagloom/domain/rfid/reconcile.js';
import { READ_SESSION_KIND } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import { badRequest, conflict } from '../../../core/errors.js';
import { type Mover, move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { registryOf } from '../../label/tags/index.js';
import type { ReadSession } from '../../rfid/sessions/service.js';
import { sessionSubjects } from '../../rfid/sessions/subjects.js';
import { pgTextArray } from '../../rfid/state/fold-data.js';
import { writeClasses } from '../../warehouse/cartons/check.js';
import { newSsccs } from '../../warehouse/cartons/make.js';
import { wmsCartons } from '../../warehouse/cartons/tables.js';
import { recordCartonPacked } from '../../warehouse/events.js';

type Row = Record<string, unknown>;

/** The read sessions' subject type of a carton at a pack station. */
export const PACK_SUBJECT = 'pack';
/** The kinds of bill a DC ships (a transfer to a store, a return to a vendor). */
export const OUTBOUND_KINDS = [BILL_KIND.TRANSFER, BILL_KIND.VENDOR_RETURN] as number[];
/** Bill states in which its cartons are packed. */
export const PICKING_STATES = [BILL_STATUS.CREATED, BILL_STATUS.PICKING] as number[];
/** Outbound carton states a pack read (again) applies to. */
const PACKABLE = [CARTON_STATUS.PACKING, CARTON_STATUS.PACKED] as number[];

/** The pack station a reader is bound to, with its warehouse and the warehouse's name; null when it is no pack station. */
async function packStationOf(tx: Tx, tenantId: number, locationId: number | null) {
  if (locationId === null) return null;
  const [z] = await queryRows<{ id: string | number; site_id: string | number; site: string }>(
    tx,
    sql`select z.id, z.site_id, w.name as site from locations z
          join locations w on w.tenant_id = z.tenant_id and w.id = z.site_id and w.kind = ${LOCATION_KIND.WAREHOUSE}
         where z.tenant_id = ${tenantId} and z.id = ${locationId} and z.kind = ${LOCATION_KIND.ZONE}
           and z.zone_type = ${ZONE_TYPE.PACK_STATION}`,
  );
  return z ? { id: Number(z.id), siteId: Number(z.site_id), site: z.site } : null;
}

/** A bill's loose lot: its number with this suffix (the lot of its pieces that travel without a carton). */
export const looseLotNo = (billCode: string) => `${billCode}-L`;

const inList = (xs: readonly number[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/**
 * The carton a scan at a pack station of `site` names: a carton number or SSCC — a live outbound
 * carton of a bill the warehouse is picking, or (none yet) a carton number of such a bill's pick
 * list, made now (PACKING) — or a bill's number, which names its loose lot (its lines without a
 * carton: made now, or the live one). Refuses a carton or lot already reviewed, audited or shipped,
 * and a number no picking bill of the warehouse lists.
 */
export async function cartonToPack(tx: Tx, tenantId: number, site: { id: number; name: string }, code: string, by: Mover) {
  const bySscc = /^\d{18}$/.test(code);
  const picking = sql`b.source_location_id = ${site.id} and b.kind in (${inList(OUTBOUND_KINDS)}) and b.status in (${inList(PICKING_STATES)})`;
  // a bill's number: its loose lot, when it has pieces without a carton
  const [loose] = bySscc
    ? []
    : await queryRows<{ id: string | number; status: number; pieces: number }>(
        tx,
        sql`select b.id, b.status, sum(l.expected_qty)::int as pieces from wms_bills b
              join wms_bill_lines l on l.tenant_id = b.tenant_id and l.bill_id = b.id and l.carton_no = ''
             where b.tenant_id = ${tenantId} and b.code = ${code} and ${picking} group by b.id, b.status`,
      );
  const direction = loose ? CARTON_DIRECTION.LOOSE : CARTON_DIRECTION.OUT;
  const number = loose ? looseLotNo(code) : code;
  const [live] = await queryRows<Row>(
    tx,
    sql`select c.id, c.carton_no as "cartonNo", c.status from wms_cartons c
          join wms_bills b on b.tenant_id = c.tenant_id and b.id = c.bill_id
         where c.tenant_id = ${tenantId} and c.direction = ${direction} and c.status <> ${CARTON_STATUS.RESET}
           and ${bySscc ? sql`c.sscc = ${code}` : sql`c.carton_no = ${number}`} and ${picking}
         order by b.id desc limit 1`,
  );
  if (live) {
    if (!PACKABLE.includes(Number(live.status)))
      throw conflict('packing.cartonDone', {
        code: String(live.cartonNo),
        state: stateOf(outboundCartonMachine, live.status)?.label ?? String(live.status),
      });
    return { id: Number(live.id), cartonNo: String(live.cartonNo) };
  }
  if (bySscc) throw badRequest('packing.noCarton', { warehouse: site.name, code });
  // else a carton number of the pick list of a bill this warehouse is picking (the newest)
  const [bill] = loose
    ? [loose]
    : await queryRows<{ id: string | number; status: number; pieces: number }>(
        tx,
        sql`select b.id, b.status, sum(l.expected_qty)::int as pieces from wms_bills b
              join wms_bill_lines l on l.tenant_id = b.tenant_id and l.bill_id = b.id and l.carton_no = ${code}
             where b.tenant_id = ${tenantId} and ${picking}
             group by b.id, b.status order by b.id desc limit 1`,
      );
  if (!bill) throw badRequest('packing.noCarton', { warehouse: site.name, code });
  // a carton has its SSCC; a loose lot is no container
  const [sscc] = loose ? [''] : await newSsccs(tx, tenantId, site.id, 1);
  const [made] = await tx
    .insert(wmsCartons)
    .values({
      tenantId,
      billId: Number(bill.id),
      siteId: site.id,
      cartonNo: number,
      originalPackageNo: loose ? '' : code,
      sscc,
      direction,
      status: CARTON_STATUS.PACKING,
      expectedPieces: bill.pieces,
      short: 0,
    })
    .returning({ id: wmsCartons.id });
  if (Number(bill.status) === BILL_STATUS.CREATED) await move(tx, 'logistics/shipment-review', Number(bill.id), 'startPicking', by);
  return { id: Number(made.id), cartonNo: number };
}

/** The carton number of a carton's pick list lines: its own (kept when a reset renamed it), none for a loose lot. */
const pickListNo = (carton: Row) =>
  Number(carton.direction) === CARTON_DIRECTION.LOOSE ? '' : String(carton.originalPackageNo || carton.cartonNo);

/** The screen whose machine moves a carton of this direction (a loose lot's is scattered review). */
export const screenOfCarton = (direction: unknown) =>
  Number(direction) === CARTON_DIRECTION.LOOSE ? 'logistics/scattered' : 'logistics/packing';

/**
 * Reconciles a carton's reads against its pick list (SKU quantities of the bill's lines of its
 * number): per SKU the read pieces up to the list are matched, the rest over; an EPC bound to
 * another live outbound carton is foreign, one the registry does not know unknown.
 */
async function certify(tx: Tx, tenantId: number, carton: Row, read: string[]) {
  const lines = await queryRows<{ sku_id: string | number; qty: number }>(
    tx,
    sql`select sku_id, sum(expected_qty)::int as qty from wms_bill_lines
         where tenant_id = ${tenantId} and bill_id = ${Number(carton.billId)} and carton_no = ${pickListNo(carton)}
         group by sku_id`,
  );
  const room = new Map(lines.map((l) => [Number(l.sku_id), Number(l.qty)]));
  const expected = [...room.values()].reduce((a, b) => a + b, 0);
  const tags = await registryOf(tx, tenantId, read);
  const elsewhere = new Set(
    read.length
      ? (
          await queryRows<{ epc: string }>(
            tx,
            sql`select e.epc from wms_carton_epcs e join wms_cartons c on c.tenant_id = e.tenant_id and c.id = e.carton_id
                 where e.tenant_id = ${tenantId} and e.epc = any(${pgTextArray(read)}::text[]) and e.unbound_at is null
                   and e.source = ${CARTON_EPC_SOURCE.DC_REPACK} and e.carton_id <> ${Number(carton.id)}
                   and c.direction in (${CARTON_DIRECTION.OUT}, ${CARTON_DIRECTION.LOOSE}) and c.status in (${sql.join(
                     [...PACKABLE, CARTON_STATUS.REVIEWED, CARTON_STATUS.AUDITED].map((s) => sql`${s}`),
                     sql`, `,
                   )})`,
          )
        ).map((r) => r.epc)
      : [],
  );
  const c: CartonClasses = { matched: [], short: [], over: [], foreign: [], unknown: [] };
  for (const epc of [...read].sort()) {
    const tag = tags.get(epc);
    if (!tag) c.unknown.push(epc);
    else if (elsewhere.has(epc)) c.foreign.push(epc);
    else if ((room.get(tag.skuId) ?? 0) > 0) {
      room.set(tag.skuId, (room.get(tag.skuId) ?? 0) - 1);
      c.matched.push(epc);
    } else c.over.push(epc);
  }
  return { classes: c, tags, expected };
}

/**
 * Packs a carton with these reads (its pack station's session's): its former pack reads unbound,
 * the new ones bound (DC repack, each with its class), its counts and result written, PACKED; a
 * matched carton's packing recorded. Answers the carton row.
 */
export async function packCarton(
  tx: Tx,
  tenantId: number,
  cartonId: number,
  read: string[],
  by: Mover,
  session?: Pick<ReadSession, 'locationId' | 'equipmentCoding'> & { code?: string },
) {
  const [carton] = await queryRows<Row>(
    tx,
    sql`select id, bill_id as "billId", carton_no as "cartonNo", original_package_no as "originalPackageNo", sscc, direction
          from wms_cartons where tenant_id = ${tenantId} and id = ${cartonId} for update`,
  );
  const { classes, tags, expected } = await certify(tx, tenantId, carton, read);
  const counts = countsOf(classes);
  const short = Math.max(0, expected - counts.matched);
  const result = cartonResult({ ...counts, short });
  await tx.execute(sql`update wms_carton_epcs set unbound_at = now()
                        where tenant_id = ${tenantId} and carton_id = ${cartonId} and unbound_at is null`);
  const now = new Date();
  await writeClasses(tx, tenantId, carton, classes, tags, {
    source: CARTON_EPC_SOURCE.DC_REPACK,
    by: session?.equipmentCoding ?? by.username,
  });
  const row = (await move(tx, screenOfCarton(carton.direction), cartonId, 'pack', by, {
    set: {
      expectedPieces: expected,
      readPieces: counts.read,
      matched: counts.matched,
      short,
      over: counts.over,
      foreign: counts.foreign,
      unknown: counts.unknown,
      result,
      packedAt: now,
      reviewedAt: null,
      checkedAt: now,
      checkedBy: by.username,
      ...(session ? { sessionCode: session.code ?? '', deviceNo: session.equipmentCoding, locationId: session.locationId } : {}),
    },
  })) as Row;
  if (result === CARTON_RESULT.MATCHED) await recordCartonPacked(tx, tenantId, row, by);
  return row;
}

/**
 * Registers packing with the read sessions (at import, as the receiving check does): a scan at a
 * reader that is no pack station is refused, a scan names the carton (made at its first scan), the
 * session closing packs it with its reads. Returns the function that removes both (tests).
 */
export function packOnSessions(): () => void {
  const offOpen = sessionSubjects.opening(PACK_SUBJECT, async (tx, s) => {
    const station = await packStationOf(tx, s.tenantId, s.locationId);
    if (!station) {
      const [w] = await queryRows<{ name: string }>(
        tx,
        sql`select w.name from locations z join locations w on w.tenant_id = z.tenant_id and w.id = coalesce(z.site_id, z.id)
             where z.tenant_id = ${s.tenantId} and z.id = ${s.locationId ?? 0}`,
      );
      throw badRequest('packing.notPackStation', { equipment: s.equipmentCoding, warehouse: w?.name ?? '-' });
    }
    const by = { tenantId: s.tenantId, userId: null, username: s.equipmentCoding };
    const carton = await cartonToPack(tx, s.tenantId, { id: station.siteId, name: station.site }, s.subjectCode, by);
    return { subjectId: carton.id, subjectCode: carton.cartonNo, kind: READ_SESSION_KIND.PACK };
  });
  const offClose = sessionSubjects.on(PACK_SUBJECT, async (tx, session) => {
    if (!session.subjectId) return;
    const [carton] = await queryRows<{ status: number }>(
      tx,
      sql`select status from wms_cartons where tenant_id = ${session.tenantId} and id = ${session.subjectId}`,
    );
    // reviewed, audited or reset meanwhile: this read changes nothing
    if (!carton || !PACKABLE.includes(Number(carton.status))) return;
    const reads = await queryRows<{ epc: string }>(
      tx,
      sql`select epc from rfid_session_epcs where tenant_id = ${session.tenantId} and session_id = ${session.id}`,
    );
    const by = { tenantId: session.tenantId, userId: null, username: session.equipmentCoding };
    await packCarton(
      tx,
      session.tenantId,
      session.subjectId,
      reads.map((r) => r.epc),
      by,
      session,
    );
  });
  return () => {
    offOpen();
    offClose();
  };
}
