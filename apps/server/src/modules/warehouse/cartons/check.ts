/**
 * The receiving check of a carton (operations.md E2, F5): the EPCs read in it (its read sessions'
 * and what earlier checks read) reconciled against what it should hold — by EPC where its EPCs are
 * known (the factory's pack reads, an ASN import), by SKU where the ASN lists quantities only —
 * each read EPC classed matched, over (a mis-pack within the bill, an extra piece), foreign (on
 * another bill) or unknown (not the tenant's tag), each expected one matched or short. The carton
 * keeps the counts and its result; a matched carton is accepted at once; the bill is receiving
 * from its first carton checked and keeps its totals.
 */
import { BILL_STATUS, CARTON_EPC_SOURCE, CARTON_STATUS, cartonMachine, EPC_CLASS } from '@tagloom/domain';
import { CARTON_RESULT, type CartonClasses, cartonResult, countsOf, reconcile } from '@tagloom/domain/rfid/reconcile.js';
import { READ_SESSION_KIND } from '@tagloom/domain/rfid/sessions.js';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { conflict } from '../../../core/errors.js';
import { type Mover, move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { registryOf } from '../../label/tags/index.js';
import { type ReadSession, sessionEpcs } from '../../rfid/sessions/service.js';
import { raiseStrangeEpcs } from '../abnormal/raise.js';
import { tallyBill } from '../bills/hooks.js';
import { wmsBillLines, wmsBills } from '../bills/tables.js';
import { recordCartonReceived } from '../events.js';
import { openInspection } from '../inspections/service.js';
import { publishCarton } from './publish.js';
import { wmsCartonEpcs, wmsCartons } from './tables.js';

type Row = Record<string, unknown>;

/** The sources by which a DC knows what a carton should hold (not what it read). */
export const EXPECTING = [CARTON_EPC_SOURCE.FACTORY_PACK, CARTON_EPC_SOURCE.ASN_IMPORT, CARTON_EPC_SOURCE.DC_REPACK] as number[];
/** The classes of an EPC read in the carton. */
const READ_CLASSES = [EPC_CLASS.MATCHED, EPC_CLASS.OVER, EPC_CLASS.FOREIGN, EPC_CLASS.UNKNOWN] as number[];
/** Bill states in which its cartons are still received. */
export const RECEIVING_STATES = [BILL_STATUS.IN_TRANSIT, BILL_STATUS.RECEIVING, BILL_STATUS.RECEIVED] as number[];
/** Bill states once shipped, reviewed and zero-cleared included (the receipt screens' rows). */
export const SHIPPED_STATES = [...RECEIVING_STATES, BILL_STATUS.REVIEWED, BILL_STATUS.CLOSED];

const CLASS_OF: Record<keyof CartonClasses, number> = {
  matched: EPC_CLASS.MATCHED,
  short: EPC_CLASS.SHORT,
  over: EPC_CLASS.OVER,
  foreign: EPC_CLASS.FOREIGN,
  unknown: EPC_CLASS.UNKNOWN,
};

/** The bill of a carton, locked; refused (409 bill.closed) once it is reviewed, zero-cleared or cancelled. */
export async function openBillOf(tx: Tx, tenantId: number, billId: number): Promise<Row> {
  const [bill] = (await tx
    .select()
    .from(wmsBills)
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, billId)))
    .for('update')) as Row[];
  if (!bill || !RECEIVING_STATES.includes(Number(bill.status))) throw conflict('bill.closed', { code: String(bill?.code ?? billId) });
  return bill;
}

/**
 * The carton a scan names: by id, else by SSCC, else by carton number among the cartons of bills
 * still being received (the newest bill's first).
 */
export async function cartonOfSubject(tx: Tx, tenantId: number, s: { subjectId: number | null; subjectCode: string }) {
  const byCode = /^\d{18}$/.test(s.subjectCode) ? eq(wmsCartons.sscc, s.subjectCode) : eq(wmsCartons.cartonNo, s.subjectCode);
  const [carton] = await tx
    .select({ id: wmsCartons.id })
    .from(wmsCartons)
    .innerJoin(wmsBills, and(eq(wmsBills.tenantId, wmsCartons.tenantId), eq(wmsBills.id, wmsCartons.billId)))
    .where(
      and(
        eq(wmsCartons.tenantId, tenantId),
        s.subjectId ? eq(wmsCartons.id, s.subjectId) : byCode,
        inArray(wmsBills.status, RECEIVING_STATES),
      ),
    )
    .orderBy(sql`${wmsBills.id} desc`)
    .limit(1);
  return carton ? Number(carton.id) : null;
}

/** EPCs of a session looked at to name its carton: a carton holds hundreds at most. */
const NAMING_EPCS = 2000;
/** The states a carton is checked from (an accepted one passing the tunnel again is not named: nothing to check). */
const CHECKABLE = (cartonMachine.system?.check.from ?? []).map(Number);

/**
 * The carton a triggered session read (a tunnel's GPI trigger opened it, naming none): of the
 * cartons still to check of bills being received at the reader's site, the one bound to most of its
 * EPCs (the newest at a tie); null when none is.
 */
export async function cartonOfReads(
  tx: Tx,
  session: Pick<ReadSession, 'tenantId' | 'id' | 'locationId'>,
): Promise<{ id: number; cartonNo: string } | null> {
  const { tenantId, locationId } = session;
  const epcs = (await sessionEpcs(tx, tenantId, session.id, NAMING_EPCS)).map((e) => e.epc);
  if (!epcs.length || locationId === null) return null;
  const [best] = await queryRows<{ id: string | number; carton_no: string }>(
    tx,
    sql`select c.id, c.carton_no from ${wmsCartonEpcs} b
        join ${wmsCartons} c on c.tenant_id = b.tenant_id and c.id = b.carton_id
        join ${wmsBills} bl on bl.tenant_id = c.tenant_id and bl.id = c.bill_id
        join locations z on z.tenant_id = bl.tenant_id and z.id = ${locationId} and coalesce(z.site_id, z.id) = bl.dest_location_id
        where b.tenant_id = ${tenantId} and b.epc = any(${`{${epcs.join(',')}}`}::text[]) and b.unbound_at is null
          and bl.status in (${sql.join(RECEIVING_STATES, sql`, `)}) and c.status in (${sql.join(
            CHECKABLE.map((v) => sql`${v}`),
            sql`, `,
          )})
        group by c.id, c.carton_no order by count(*) desc, c.id desc limit 1`,
  );
  return best ? { id: Number(best.id), cartonNo: String(best.carton_no) } : null;
}

/** The EPCs a session read (all of them: a carton holds hundreds at most). */
async function sessionReads(tx: Tx, tenantId: number, sessionId: number): Promise<string[]> {
  const rows = await queryRows<{ epc: string }>(
    tx,
    sql`select epc from rfid_session_epcs where tenant_id = ${tenantId} and session_id = ${sessionId}`,
  );
  return rows.map((r) => r.epc);
}

/**
 * Checks a carton: the reads of `session` (if any) and the EPCs `reads` (read outside a session: a
 * store's reads of arriving pieces) join what it read before, the lot is reconciled
 * and written (its EPCs' classes, its counts, its result), the carton moves to CHECKED (and on to
 * ACCEPTED when matched), its bill to RECEIVING. Answers the carton row.
 */
export async function checkCarton(
  tx: Tx,
  tenantId: number,
  cartonId: number,
  by: Mover,
  session?: ReadSession,
  reads: readonly string[] = [],
): Promise<Row> {
  const [carton] = (await tx
    .select()
    .from(wmsCartons)
    .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsCartons.id, cartonId)))
    .for('update')) as Row[];
  const billId = Number(carton.billId);
  const bill = await openBillOf(tx, tenantId, billId);
  const bound = await tx
    .select({ epc: wmsCartonEpcs.epc, source: wmsCartonEpcs.source, result: wmsCartonEpcs.result })
    .from(wmsCartonEpcs)
    .where(and(eq(wmsCartonEpcs.tenantId, tenantId), eq(wmsCartonEpcs.cartonId, cartonId), isNull(wmsCartonEpcs.unboundAt)));
  const expectedHere = bound.filter((b) => EXPECTING.includes(Number(b.source))).map((b) => b.epc);
  const read = new Set(bound.filter((b) => READ_CLASSES.includes(Number(b.result))).map((b) => b.epc));
  if (session) for (const epc of await sessionReads(tx, tenantId, session.id)) read.add(epc);
  for (const epc of reads) read.add(epc);
  const { classes, tags, elsewhere, counts, short, result } = await reconcileCarton(tx, tenantId, carton, bill, expectedHere, [...read]);
  const source = session?.kind === READ_SESSION_KIND.HANDHELD ? CARTON_EPC_SOURCE.HANDHELD : CARTON_EPC_SOURCE.TUNNEL;
  await writeClasses(tx, tenantId, carton, classes, tags, { source, by: session?.equipmentCoding ?? '' });
  // the label exceptions it finds (warehouse/abnormal-label), where it was read: the carton's site, the reader's zone
  await raiseStrangeEpcs(tx, tenantId, {
    foreign: classes.foreign,
    unknown: classes.unknown,
    elsewhere,
    tags,
    place: {
      siteId: carton.siteId == null ? null : Number(carton.siteId),
      zoneId: session?.locationId ?? null,
      cartonNo: String(carton.cartonNo),
      billCode: String(bill.code),
    },
    reasons: { foreign: 'tags.foreignInCarton', unknown: 'tags.unknownInCarton' },
    params: { carton: String(carton.cartonNo), bill: String(bill.code) },
  });
  const set = {
    readPieces: counts.read,
    matched: counts.matched,
    short,
    over: counts.over,
    foreign: counts.foreign,
    unknown: counts.unknown,
    result,
    checkedAt: new Date(),
    checkedBy: by.username,
    ...(session ? { sessionCode: session.code, deviceNo: session.equipmentCoding, locationId: session.locationId } : {}),
  };
  let row = (await move(tx, 'warehouse/box', cartonId, 'check', by, { set })) as Row;
  if (result === CARTON_RESULT.MATCHED) {
    row = (await move(tx, 'warehouse/box', cartonId, 'autoAccept', by)) as Row;
    await recordCartonReceived(tx, tenantId, row, by);
  }
  if (Number(bill.status) === BILL_STATUS.IN_TRANSIT)
    await move(tx, 'warehouse/bill', billId, 'startReceiving', by, {
      set: { receivedAt: new Date(), ...(session ? { deviceNo: session.equipmentCoding } : {}) },
    });
  await tallyLines(tx, tenantId, carton);
  await tallyBill(tx, tenantId, billId);
  // a receipt that needs inspection has one from its first carton on (its lot as the ASN says)
  if (Number(bill.needsInspection) === 1) await openInspection(tx, tenantId, billId);
  // the live panel: the carton's result, at the commit
  await publishCarton(tx, tenantId, cartonId);
  return row;
}

/**
 * Reconciles what was read in a carton (`readList`) against what it should hold (F5): by EPC where
 * its EPCs are known (`expectedHere`, the factory's pack reads or an ASN import — an EPC of another
 * carton of the bill is a mis-pack, one of another bill foreign), else by SKU against its bill's
 * lines; answers the classes, the registry's tags, where foreign EPCs belong, the counts, the short
 * pieces (numbers at SKU level) and the carton's result. Writes nothing: the receiving check and the
 * spot check's re-read (logistics/spot-check) keep what they need of it.
 */
export async function reconcileCarton(
  tx: Tx,
  tenantId: number,
  carton: Row,
  bill: Row,
  expectedHere: readonly string[],
  readList: string[],
) {
  const cartonId = Number(carton.id);
  const billId = Number(bill.id);
  const read = new Set(readList);
  // where the read EPCs should be: a carton of this bill (a mis-pack) or of another (foreign)
  const homes = readList.length
    ? await tx
        .select({ epc: wmsCartonEpcs.epc, cartonId: wmsCartonEpcs.cartonId, billId: wmsCartonEpcs.billId })
        .from(wmsCartonEpcs)
        .where(
          and(
            eq(wmsCartonEpcs.tenantId, tenantId),
            inArray(wmsCartonEpcs.epc, readList),
            inArray(wmsCartonEpcs.source, EXPECTING),
            isNull(wmsCartonEpcs.unboundAt),
          ),
        )
    : [];
  const tags = await registryOf(tx, tenantId, readList);
  const expected = new Map<string, number>(expectedHere.map((e) => [e, cartonId]));
  const elsewhere = new Map<string, number>();
  for (const h of homes) {
    if (Number(h.billId) === billId && !expected.has(h.epc)) expected.set(h.epc, Number(h.cartonId));
    else if (Number(h.billId) !== billId) elsewhere.set(h.epc, Number(h.billId));
  }
  const registry = (epc: string) => {
    const tag = tags.get(epc);
    return tag ? { skuId: tag.skuId, billId: elsewhere.get(epc) ?? null } : null;
  };
  let classes: CartonClasses;
  if (expectedHere.length) {
    const mine = reconcile(expected, new Map([[cartonId, read]]), registry, billId).get(cartonId);
    classes = mine ?? { matched: [], short: [], over: [], foreign: [], unknown: [] };
  } else classes = await bySku(tx, tenantId, bill, carton, readList, registry);
  const counts = countsOf(classes);
  // SKU level: the short pieces are numbers, not EPCs
  const short = expectedHere.length ? counts.short : Math.max(0, Number(carton.expectedPieces) - counts.matched);
  const result = cartonResult({ ...counts, short });
  return { classes, tags, elsewhere, counts, short, result };
}

/**
 * SKU-level check (an ASN listing quantities only, F5): per SKU of the carton's lines, the read
 * pieces up to the expected are matched and the rest over; an EPC on another bill is foreign, one
 * the registry does not know unknown, one of a SKU the carton should not hold over.
 */
async function bySku(
  tx: Tx,
  tenantId: number,
  bill: Row,
  carton: Row,
  read: string[],
  registry: (epc: string) => { skuId: number; billId: number | null } | null,
): Promise<CartonClasses> {
  const lines = await tx
    .select({ skuId: wmsBillLines.skuId, qty: wmsBillLines.expectedQty })
    .from(wmsBillLines)
    .where(
      and(
        eq(wmsBillLines.tenantId, tenantId),
        eq(wmsBillLines.billId, Number(bill.id)),
        eq(wmsBillLines.cartonNo, String(carton.cartonNo)),
      ),
    );
  const room = new Map<number, number>();
  for (const l of lines) room.set(Number(l.skuId), (room.get(Number(l.skuId)) ?? 0) + Number(l.qty));
  const c: CartonClasses = { matched: [], short: [], over: [], foreign: [], unknown: [] };
  for (const epc of [...read].sort()) {
    const entry = registry(epc);
    if (!entry) c.unknown.push(epc);
    else if (entry.billId != null && entry.billId !== Number(bill.id)) c.foreign.push(epc);
    else if ((room.get(entry.skuId) ?? 0) > 0) {
      room.set(entry.skuId, (room.get(entry.skuId) ?? 0) - 1);
      c.matched.push(epc);
    } else c.over.push(epc);
  }
  return c;
}

/**
 * Each EPC's class on its binding row: expected ones updated, read ones bound with `source` (the kind
 * of reader that read them; a pack station's: DC repack) by `by` (the reader).
 */
export async function writeClasses(
  tx: Tx,
  tenantId: number,
  carton: Row,
  classes: CartonClasses,
  tags: Map<string, { skuId: number }>,
  bound: { source: number; by: string },
): Promise<void> {
  const { source } = bound;
  const rows = (Object.keys(CLASS_OF) as (keyof CartonClasses)[]).flatMap((k) =>
    classes[k].map((epc) => ({
      tenantId,
      epc,
      cartonId: Number(carton.id),
      billId: Number(carton.billId),
      sscc: carton.sscc ? String(carton.sscc) : '',
      skuId: tags.get(epc)?.skuId ?? null,
      source,
      result: CLASS_OF[k],
      boundAt: new Date(),
      boundBy: bound.by,
    })),
  );
  for (let at = 0; at < rows.length; at += 1000)
    await tx
      .insert(wmsCartonEpcs)
      .values(rows.slice(at, at + 1000))
      .onConflictDoUpdate({
        target: [wmsCartonEpcs.tenantId, wmsCartonEpcs.cartonId, wmsCartonEpcs.epc],
        set: { result: sql`excluded.result`, skuId: sql`coalesce(excluded.sku_id, ${wmsCartonEpcs.skuId})`, unboundAt: null },
      });
}

/** The received pieces of a carton's lines: its read EPCs (matched and over) of each line's SKU. */
export async function tallyLines(tx: Tx, tenantId: number, carton: Row): Promise<void> {
  await tx.execute(sql`
    update wms_bill_lines l set received_qty = r.n, diff_qty = r.n - l.expected_qty
    from (select coalesce((
        select count(*)::int from wms_carton_epcs e
        where e.tenant_id = ${tenantId} and e.carton_id = ${Number(carton.id)} and e.sku_id = x.sku_id and e.unbound_at is null
          and e.result in (${EPC_CLASS.MATCHED}, ${EPC_CLASS.OVER})), 0) as n, x.id
        from wms_bill_lines x where x.tenant_id = ${tenantId} and x.bill_id = ${Number(carton.billId)} and x.carton_no = ${String(carton.cartonNo)}) r
    where r.id = l.id and l.tenant_id = ${tenantId} and l.bill_id = ${Number(carton.billId)} and l.carton_no = ${String(carton.cartonNo)}`);
}

/**
 * Reading a carton again: what it read is forgotten (its read EPCs unbound, the expected ones
 * pending again; the sessions stay for audit), its counts back to nothing.
 */
export async function forgetReads(tx: Tx, tenantId: number, carton: Row): Promise<void> {
  const mine = and(eq(wmsCartonEpcs.tenantId, tenantId), eq(wmsCartonEpcs.cartonId, Number(carton.id)));
  await tx
    .update(wmsCartonEpcs)
    .set({ unboundAt: new Date() })
    .where(
      and(
        mine,
        sql`${wmsCartonEpcs.source} not in (${sql.join(
          EXPECTING.map((s) => sql`${s}`),
          sql`, `,
        )})`,
        isNull(wmsCartonEpcs.unboundAt),
      ),
    );
  await tx
    .update(wmsCartonEpcs)
    .set({ result: EPC_CLASS.PENDING })
    .where(and(mine, inArray(wmsCartonEpcs.source, EXPECTING)));
  await tx
    .update(wmsCartons)
    .set({ readPieces: 0, matched: 0, short: 0, over: 0, foreign: 0, unknown: 0, result: CARTON_RESULT.PENDING, holdReason: '' })
    .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsCartons.id, Number(carton.id))));
  await tallyLines(tx, tenantId, carton);
}

/** The statuses a bill's cartons are done being checked in (finishing the receipt asks for these). */
export const CHECKED_STATES = [CARTON_STATUS.CHECKED, CARTON_STATUS.ACCEPTED, CARTON_STATUS.HELD, CARTON_STATUS.PUT_AWAY] as number[];
