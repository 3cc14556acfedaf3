/**
 * The spot check (../shared/operations.md §7, logistics/spot-check). Where: as a DC receives a
 * carton — its receiving check (the carton's `check` move, whatever read it: a dock tunnel's
 * session, a pad session reviewed) is the DC checking what its sender sent, so that is where a rule
 * picks it for an item-level re-read: its sender's reliability over its recent cartons under 98 %,
 * its weight more than 3 % off what its pieces should weigh (cartons carry a weight only where one
 * was imported with the ASN: without one the rule does not apply), or at random — 2 % of cartons, 10 %
 * for 30 days for a sender whose spot check failed (wms_spot_rates), drawn from the carton itself so
 * the same carton always draws the same. A picked carton is TO_CHECK; a handheld's read session of
 * subject `spot` re-reads it item by item, and its close reconciles the re-read against what the
 * carton should hold (the receiving check's reconciliation: by EPC, else by SKU), CHECKED with its
 * counts, recorded as an ObjectEvent inspecting. The review passes a matched re-read; any other fails:
 * its bill's receipt is abnormal and its sender's rate raised.
 */
import {
  CARTON_DIRECTION,
  FACTORY_KINDS,
  LOCATION_KIND,
  SPOT,
  SPOT_RULE,
  SPOT_STATE,
  spotCheckMachine,
  spotDraw,
  spotPasses,
  spotRuleOf,
} from '@tagloom/domain';
import { stateOf } from '@tagloom/domain/resource/machine.js';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { READ_SESSION_KIND } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import { badRequest, conflict } from '../../../core/errors.js';
import { type Mover, move, moveListeners } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import type { ReadSession } from '../../rfid/sessions/service.js';
import { sessionSubjects } from '../../rfid/sessions/subjects.js';
import { tallyBill } from '../../warehouse/bills/hooks.js';
import { EXPECTING, reconcileCarton } from '../../warehouse/cartons/check.js';
import { recordSpotRead } from '../../warehouse/events.js';
import { SENDER_KIND, wmsSpotRates } from './tables.js';

type Row = Record<string, unknown>;

/** The read sessions' subject type of a carton's spot re-read (a handheld at its warehouse). */
export const SPOT_SUBJECT = 'spot';
/** The spot states a re-read applies to (read again before the review: checked again). */
const READABLE = [SPOT_STATE.TO_CHECK, SPOT_STATE.CHECKED] as number[];

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A bill's sender as the spot check knows it: its factory (a factory's bill), else the site it comes from. */
export function senderOf(bill: Row): { kind: number; id: number } | null {
  if (FACTORY_KINDS.includes(Number(bill.kind)) && bill.factoryId != null) return { kind: SENDER_KIND.FACTORY, id: Number(bill.factoryId) };
  if (bill.sourceLocationId != null) return { kind: SENDER_KIND.LOCATION, id: Number(bill.sourceLocationId) };
  if (bill.factoryId != null) return { kind: SENDER_KIND.FACTORY, id: Number(bill.factoryId) };
  return null;
}

const senderBills = (tenantId: number, s: { kind: number; id: number }) =>
  s.kind === SENDER_KIND.FACTORY
    ? sql`b.tenant_id = ${tenantId} and b.factory_id = ${s.id}`
    : sql`b.tenant_id = ${tenantId} and b.source_location_id = ${s.id} and b.factory_id is null`;

/** The sender's random rate now (%): its raised one until it expires, else the usual. */
export async function senderRate(tx: Tx, tenantId: number, sender: { kind: number; id: number } | null): Promise<number> {
  if (!sender) return SPOT.randomRate;
  const [r] = await queryRows<{ rate_pct: number }>(
    tx,
    sql`select rate_pct from wms_spot_rates where tenant_id = ${tenantId} and sender_kind = ${sender.kind}
          and sender_id = ${sender.id} and until > now()`,
  );
  return r ? Number(r.rate_pct) : SPOT.randomRate;
}

/**
 * The sender's reliability (%) over its last checked inbound cartons (this one aside): the pieces
 * they held as announced (matched) of the pieces announced or read, whichever is more; null when it
 * has fewer than SPOT.recentMin checked cartons to judge by.
 */
async function senderReliability(tx: Tx, tenantId: number, sender: { kind: number; id: number }, cartonId: number) {
  const [r] = await queryRows<{ n: number; matched: number; of: number }>(
    tx,
    sql`select count(*)::int as n, coalesce(sum(matched), 0)::int as matched, coalesce(sum(greatest(expected_pieces, read_pieces)), 0)::int as of
          from (select c.matched, c.expected_pieces, c.read_pieces from wms_cartons c
                  join wms_bills b on b.tenant_id = c.tenant_id and b.id = c.bill_id
                 where ${senderBills(tenantId, sender)} and c.direction = ${CARTON_DIRECTION.IN}
                   and c.checked_at is not null and c.id <> ${cartonId}
                 order by c.checked_at desc limit ${SPOT.recentCartons}) x`,
  );
  if (!r || Number(r.n) < SPOT.recentMin || Number(r.of) === 0) return null;
  return (100 * Number(r.matched)) / Number(r.of);
}

/**
 * What the carton's pieces should weigh: its expected pieces at the median weight a piece of its
 * bill's other weighed cartons (two at least); null when the carton or too few of them were weighed.
 */
async function expectedWeight(tx: Tx, tenantId: number, carton: Row): Promise<number | null> {
  if (carton.weightKg == null || Number(carton.expectedPieces) <= 0) return null;
  const rows = await queryRows<{ per: number }>(
    tx,
    sql`select weight_kg / expected_pieces as per from wms_cartons
         where tenant_id = ${tenantId} and bill_id = ${Number(carton.billId)} and id <> ${Number(carton.id)}
           and weight_kg is not null and expected_pieces > 0 order by 1`,
  );
  if (rows.length < 2) return null;
  const per = rows.map((r) => Number(r.per));
  const mid = per.length >> 1;
  const median = per.length % 2 ? per[mid] : (per[mid - 1] + per[mid]) / 2;
  return median * Number(carton.expectedPieces);
}

/**
 * Picks a carton just checked at a warehouse for a spot check, when a rule says so (once: a carton
 * read again keeps what was decided). Answers the rule (NONE: not picked).
 */
export async function markForSpotCheck(tx: Tx, tenantId: number, cartonId: number, by: Mover): Promise<number> {
  const [carton] = await queryRows<Row>(
    tx,
    sql`select c.id, c.bill_id as "billId", c.direction, c.spot_state as "spotState", c.expected_pieces as "expectedPieces",
               c.weight_kg as "weightKg", b.kind, b.factory_id as "factoryId", b.source_location_id as "sourceLocationId"
          from wms_cartons c join wms_bills b on b.tenant_id = c.tenant_id and b.id = c.bill_id
          join locations w on w.tenant_id = c.tenant_id and w.id = c.site_id and w.kind = ${LOCATION_KIND.WAREHOUSE}
         where c.tenant_id = ${tenantId} and c.id = ${cartonId}`,
  );
  if (!carton || Number(carton.direction) !== CARTON_DIRECTION.IN || Number(carton.spotState) !== SPOT_STATE.NONE) return SPOT_RULE.NONE;
  const sender = senderOf(carton);
  const rule = spotRuleOf({
    reliability: sender ? await senderReliability(tx, tenantId, sender, cartonId) : null,
    weightKg: num(carton.weightKg),
    expectedWeightKg: await expectedWeight(tx, tenantId, carton),
    draw: spotDraw(`${tenantId}:${cartonId}`),
    ratePct: await senderRate(tx, tenantId, sender),
  });
  if (rule !== SPOT_RULE.NONE)
    await move(tx, 'logistics/spot-check', cartonId, 'mark', by, { set: { spotCheck: 1, spotRule: rule, spotResult: 0 } });
  return rule;
}

/**
 * A carton's spot re-read: the EPCs read reconciled against what the carton should hold (its known
 * EPCs, else its bill's lines of its number), its spot counts and result written — the receiving
 * check's own record of the carton untouched — CHECKED, and the re-read recorded (inspecting).
 * Answers the carton row.
 */
export async function spotReread(
  tx: Tx,
  tenantId: number,
  cartonId: number,
  read: readonly string[],
  by: Mover,
  session?: Pick<ReadSession, 'locationId'>,
  at = new Date(),
): Promise<Row> {
  const [carton] = await queryRows<Row>(
    tx,
    sql`select id, bill_id as "billId", carton_no as "cartonNo", expected_pieces as "expectedPieces", site_id as "siteId"
          from wms_cartons where tenant_id = ${tenantId} and id = ${cartonId} for update`,
  );
  const [bill] = await queryRows<Row>(
    tx,
    sql`select id, code from wms_bills where tenant_id = ${tenantId} and id = ${Number(carton.billId)}`,
  );
  const expectedHere = (
    await queryRows<{ epc: string }>(
      tx,
      sql`select epc from wms_carton_epcs where tenant_id = ${tenantId} and carton_id = ${cartonId} and unbound_at is null
            and source in (${sql.join(
              EXPECTING.map((s) => sql`${s}`),
              sql`, `,
            )})`,
    )
  ).map((r) => r.epc);
  const { counts, short, result } = await reconcileCarton(tx, tenantId, carton, bill, expectedHere, [...new Set(read)]);
  const row = (await move(tx, 'logistics/spot-check', cartonId, 'spotRead', by, {
    set: {
      spotExpected: expectedHere.length || Number(carton.expectedPieces),
      spotRead: counts.read,
      spotShort: short,
      spotOver: counts.over + counts.foreign + counts.unknown,
      spotResult: result,
      spotCheckedAt: at,
      spotCheckedBy: by.username,
    },
  })) as Row;
  await recordSpotRead(tx, tenantId, {
    billId: Number(carton.billId),
    epcs: [...new Set(read)],
    matched: result === CARTON_RESULT.MATCHED,
    zoneId: session?.locationId ?? num(carton.siteId),
    userId: by.userId,
    username: by.username,
    at,
  });
  return row;
}

/**
 * A reviewed carton whose re-read did not match: FAILED (the review's move settled), its bill's
 * receipt abnormal (its tally counts a failed spot check as it counts a held carton) and its
 * sender picked at 10 % for the next 30 days.
 */
export async function spotFailed(tx: Tx, tenantId: number, row: Row, by: Mover, now = new Date()): Promise<Row> {
  const moved = (await move(tx, 'logistics/spot-check', Number(row.id), 'fail', by)) as Row;
  await tallyBill(tx, tenantId, Number(row.billId));
  const [bill] = await queryRows<Row>(
    tx,
    sql`select kind, factory_id as "factoryId", source_location_id as "sourceLocationId" from wms_bills
         where tenant_id = ${tenantId} and id = ${Number(row.billId)}`,
  );
  const sender = bill ? senderOf(bill) : null;
  if (sender) {
    const until = new Date(now.getTime() + SPOT.raisedDays * 86_400_000);
    await tx
      .insert(wmsSpotRates)
      .values({ tenantId, senderKind: sender.kind, senderId: sender.id, ratePct: SPOT.raisedRate, until, reason: String(row.cartonNo) })
      .onConflictDoUpdate({
        target: [wmsSpotRates.tenantId, wmsSpotRates.senderKind, wmsSpotRates.senderId],
        set: { ratePct: SPOT.raisedRate, until, reason: String(row.cartonNo), updatedAt: now },
      });
  }
  return moved;
}

/** The review's own step: a re-read that did not match fails the carton (the button moved it to PASSED). */
export async function reviewSpot(tx: Tx, row: Row, by: Mover): Promise<void> {
  if (!spotPasses(row)) await spotFailed(tx, Number(row.tenantId), row, by);
}

/** The warehouse a reader works at (its zone's site, or the place itself), with its scene type. */
async function readerPlace(tx: Tx, tenantId: number, equipment: string, locationId: number | null) {
  const [r] = await queryRows<{ site_id: number | string | null; site: string | null; scene_type: number | null }>(
    tx,
    sql`select w.id as site_id, w.name as site, s.scene_type from equipment e
          left join rfid_scenes s on s.tenant_id = e.tenant_id and s.id = e.scene_id
          left join locations z on z.tenant_id = e.tenant_id and z.id = ${locationId ?? 0}
          left join locations w on w.tenant_id = e.tenant_id and w.id = coalesce(z.site_id, z.id) and w.kind = ${LOCATION_KIND.WAREHOUSE}
         where e.tenant_id = ${tenantId} and e.equipment_coding = ${equipment}`,
  );
  return { siteId: num(r?.site_id), site: r?.site ?? '-', sceneType: num(r?.scene_type) };
}

/**
 * The carton a spot scan names at a warehouse: a carton picked for a spot check at that warehouse,
 * by its number or SSCC (the newest); refused when it was reviewed, and when the warehouse has no
 * such carton.
 */
async function spotCartonAt(tx: Tx, tenantId: number, site: { id: number; name: string }, code: string) {
  const bySscc = /^\d{18}$/.test(code);
  const [c] = await queryRows<{ id: number | string; carton_no: string; spot_state: number }>(
    tx,
    sql`select id, carton_no, spot_state from wms_cartons
         where tenant_id = ${tenantId} and site_id = ${site.id} and spot_check = 1
           and ${bySscc ? sql`sscc = ${code}` : sql`carton_no = ${code}`}
         order by id desc limit 1`,
  );
  if (!c) throw badRequest('spotCheck.noCarton', { warehouse: site.name, code });
  if (!READABLE.includes(Number(c.spot_state)))
    throw conflict('spotCheck.cartonDone', {
      code: c.carton_no,
      state: stateOf(spotCheckMachine, c.spot_state)?.label ?? String(c.spot_state),
    });
  return { id: Number(c.id), cartonNo: c.carton_no };
}

/**
 * Registers the spot check with the warehouse's moves and the read sessions (at import): a carton
 * checked at a warehouse is offered to the rules; a spot scan opens a SPOT_CHECK session at a
 * handheld of the carton's warehouse, and its close (or its pad session's review) re-reads the carton.
 * Returns the function that removes them (tests).
 */
export function spotOnSessions(): () => void {
  const offMark = moveListeners.on('warehouse/box', async (tx, row, info) => {
    if (info.action !== 'check') return;
    await markForSpotCheck(tx, Number(row.tenantId), Number(row.id), { ...info.by, tenantId: Number(row.tenantId) });
  });
  const offOpen = sessionSubjects.opening(SPOT_SUBJECT, async (tx, s) => {
    const place = await readerPlace(tx, s.tenantId, s.equipmentCoding, s.locationId);
    if (place.sceneType !== SCENE_TYPE.HANDHELD || place.siteId === null)
      throw badRequest('spotCheck.notHandheld', { equipment: s.equipmentCoding });
    const carton = await spotCartonAt(tx, s.tenantId, { id: place.siteId, name: place.site }, s.subjectCode);
    return { subjectId: carton.id, subjectCode: carton.cartonNo, kind: READ_SESSION_KIND.SPOT_CHECK };
  });
  const offClose = sessionSubjects.on(SPOT_SUBJECT, async (tx, session) => {
    let cartonId = session.subjectId;
    if (!cartonId) {
      // a pad's upload names its carton by code: the one of the reader's warehouse
      const place = await readerPlace(tx, session.tenantId, session.equipmentCoding, session.locationId);
      if (place.siteId === null) return;
      cartonId = (await spotCartonAt(tx, session.tenantId, { id: place.siteId, name: place.site }, session.subjectCode)).id;
    }
    const [carton] = await queryRows<{ spot_state: number }>(
      tx,
      sql`select spot_state from wms_cartons where tenant_id = ${session.tenantId} and id = ${cartonId} and spot_check = 1`,
    );
    // reviewed meanwhile: this read changes nothing
    if (!carton || !READABLE.includes(Number(carton.spot_state))) return;
    const reads = await queryRows<{ epc: string }>(
      tx,
      sql`select epc from rfid_session_epcs where tenant_id = ${session.tenantId} and session_id = ${session.id}`,
    );
    const by = { tenantId: session.tenantId, userId: null, username: session.equipmentCoding };
    await spotReread(
      tx,
      session.tenantId,
      cartonId,
      reads.map((r) => r.epc),
      by,
      session,
    );
  });
  return () => {
    offMark();
    offOpen();
    offClose();
  };
}
