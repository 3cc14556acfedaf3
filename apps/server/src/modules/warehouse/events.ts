/**
 * The warehouse's steps in the tag lifecycle (EPCIS 2.0 events through the label module's
 * recordTagEvent, and the tags' registry status through its setTagStatus): a bill shipped (each
 * carton's aggregation, then the shipping of its pieces), a carton accepted (receiving), a receipt
 * reviewed (accepting), a lot inspected, a carton unpacked into storage (put-away). Every value is
 * a CBV 2.0 one (the schema test checks them); each event names at most EVENT_EPCS_MAX EPCs.
 */
import { BILL_KIND, type BizTransactionType, CARTON_EPC_SOURCE, EPC_CLASS, TAG_STATUS } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { Mover } from '../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../db/client.js';
import { tableOf } from '../../db/resource-table.js';
import {
  type Place,
  partnerParties,
  placeOf,
  recordTagEventChunkRows,
  recordTagEventChunks,
  type SourceDest,
  setTagStatus,
  siteParties,
} from '../label/tags/index.js';
import { pgNumArray, pgTextArray } from '../rfid/state/fold-data.js';

type Row = Record<string, unknown>;
type By = Pick<Mover, 'userId' | 'username'>;

/** The EPCs a carton was read to hold (matched and over: what it brought in). */
const RECEIVED = [EPC_CLASS.MATCHED, EPC_CLASS.OVER] as number[];
/** The sources by which a carton's contents are known before it is read (cartons/check.ts EXPECTING). */
const PACKED = [CARTON_EPC_SOURCE.FACTORY_PACK, CARTON_EPC_SOURCE.ASN_IMPORT, CARTON_EPC_SOURCE.DC_REPACK] as number[];
const list = (xs: number[]) => sql.raw(xs.join(', '));

/** A carton's aggregation recorded: its events (recordTagEventChunkRows) and the carton whose EPCs they name. */
type CartonEvents = { cartonId: number; events: { id: number; eventId: string; epcs: readonly string[] }[] };

/**
 * Links cartons' EPC bindings to the AggregationEvent that made or ended them (E3's eventId: the
 * packing's ADD, the unpacking's DELETE), one statement for all of them.
 */
async function linkBindings(tx: Tx, tenantId: number, recorded: readonly CartonEvents[]): Promise<void> {
  const cartons: number[] = [];
  const epcs: string[] = [];
  const ids: string[] = [];
  for (const c of recorded)
    for (const e of c.events)
      for (const epc of e.epcs) {
        cartons.push(c.cartonId);
        epcs.push(epc);
        ids.push(e.eventId);
      }
  if (!epcs.length) return;
  // each binding looked up by its index first (a lateral lookup kept apart by `offset 0`), then updated by
  // its key, the keys given as an array (an index condition): left to the planner, a join with
  // statistics behind a table a job is growing read all of the tenant's bindings for each carton
  // (13–33 ms a carton of 50 on PGlite)
  await tx.execute(
    sql`with t as materialized (
          select b.id, u.event_id
            from unnest(${pgNumArray(cartons)}::bigint[], ${pgTextArray(epcs)}::text[], ${pgTextArray(ids)}::text[]) as u(carton_id, epc, event_id)
           cross join lateral (select e.id from wms_carton_epcs e
                                where e.tenant_id = ${tenantId} and e.carton_id = u.carton_id and e.epc = u.epc offset 0) b)
        update wms_carton_epcs e set event_id = t.event_id from t
         where e.tenant_id = ${tenantId} and e.id = any(array(select id from t)) and e.id = t.id`,
  );
}

/** The carton EPCs of a bill (or one carton) bound now, those of these sources or results. */
async function boundEpcs(
  tx: Tx,
  tenantId: number,
  of: { billId?: number; cartonId?: number },
  by: { sources?: number[]; results?: number[] },
): Promise<{ epc: string; cartonId: number; sscc: string }[]> {
  const rows = await queryRows<{ epc: string; carton_id: number | string; sscc: string }>(
    tx,
    sql`select e.epc, e.carton_id, c.sscc from wms_carton_epcs e
        join wms_cartons c on c.tenant_id = e.tenant_id and c.id = e.carton_id
        where e.tenant_id = ${tenantId} and e.unbound_at is null
          ${of.billId !== undefined ? sql`and e.bill_id = ${of.billId}` : sql``}
          ${of.cartonId !== undefined ? sql`and e.carton_id = ${of.cartonId}` : sql``}
          ${by.sources ? sql`and e.source in (${list(by.sources)})` : sql``}
          ${by.results ? sql`and e.result in (${list(by.results)})` : sql``}
        order by e.carton_id, e.epc`,
  );
  return rows.map((r) => ({ epc: r.epc, cartonId: Number(r.carton_id), sscc: r.sscc ?? '' }));
}

/** What the events of a bill name: its business transactions, its sender's and receiver's places and parties. */
interface BillFacts {
  transactions: { type: BizTransactionType; id: string }[];
  from: Place;
  to: Place;
  sources: SourceDest[];
  destinations: SourceDest[];
  /** where the sender is when it is no site of the tenant (a factory's code), for bizLocation */
  fromCode: string;
}

async function billFacts(tx: Tx, tenantId: number, bill: Row): Promise<BillFacts> {
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const from = await placeOf(tx, tenantId, id(bill.sourceLocationId));
  const to = await placeOf(tx, tenantId, id(bill.destLocationId));
  const orders = tableOf('supply/purchase-order');
  const factories = tableOf('tenant/factory');
  const [order] =
    orders && bill.supplyOrderId != null
      ? await queryRows<{ code: string }>(
          tx,
          sql`select code from ${orders} where tenant_id = ${tenantId} and id = ${Number(bill.supplyOrderId)}`,
        )
      : [];
  const [factory] =
    factories && bill.factoryId != null
      ? await queryRows<{ code: string }>(
          tx,
          sql`select code from ${factories} where tenant_id = ${tenantId} and id = ${Number(bill.factoryId)}`,
        )
      : [];
  const partner = factory?.code ? partnerParties(from.tenant, factory.code) : [];
  return {
    // the supply order is the purchase order; the bill is the despatch advice (its code, the ASN's)
    transactions: [...(order?.code ? [{ type: 'po' as const, id: order.code }] : []), { type: 'desadv', id: String(bill.code) }],
    from,
    to,
    sources: from.location ? siteParties(from) : partner,
    destinations: to.location ? siteParties(to) : partner,
    fromCode: from.location ? '' : (factory?.code ?? ''),
  };
}

/**
 * A vendor return's pieces: the lot it returns (the received EPCs of the bill its reservation
 * number names, QI return's vendorReturn), as it has no cartons of its own.
 */
async function returnedLot(tx: Tx, tenantId: number, bill: Row): Promise<string[]> {
  const [origin] = await queryRows<{ id: number | string }>(
    tx,
    sql`select id from wms_bills where tenant_id = ${tenantId} and code = ${String(bill.reservationNo ?? '')} and id <> ${Number(bill.id)}`,
  );
  return origin ? (await boundEpcs(tx, tenantId, { billId: Number(origin.id) }, { results: RECEIVED })).map((e) => e.epc) : [];
}

/**
 * A bill shipped (its ASN sent, its cartons made): per carton holding known EPCs (the factory's
 * pack reads, an ASN import), an AggregationEvent ADD — parent its SSCC, children its EPCs,
 * packing — then one ObjectEvent of all the bill's pieces: shipping, in_transit (returned for a
 * vendor or store return: CBV's disposition of goods sent back), the purchase order and despatch
 * advice, the sender as source and the receiver as destination (owning party and location). The
 * tags are SHIPPED. Nothing is written for a bill whose EPCs nobody knows yet (an ASN of
 * quantities only: its cartons' reads at receiving are the first events of its pieces).
 */
export async function recordBillShipped(tx: Tx, tenantId: number, bill: Row, by: By, at?: Date): Promise<void> {
  const plan = await shipPlan(tx, tenantId, bill, by, at);
  if (!plan) return;
  await recordShipAggregations(tx, plan, plan.cartons);
  await recordShipPieces(tx, plan, plan.epcs);
  await setTagStatus(tx, tenantId, plan.epcs, TAG_STATUS.SHIPPED);
}

/** What a bill's shipping records: its packed cartons' aggregations, its pieces' shipping (recordBillShipped's steps). */
export interface ShipPlan {
  common: Omit<Parameters<typeof recordTagEventChunks>[1], 'epcs' | 'bizStep' | 'action'>;
  facts: BillFacts;
  /** the shipping's time; the cartons were packed a second before */
  when: Date;
  back: boolean;
  cartons: { id: number; sscc: string; epcs: string[] }[];
  epcs: string[];
}

/**
 * The events a bill's shipping records, undefined when it records none (no EPC known). `packed`:
 * the bill's carton EPCs when the caller has them (an ASN import job wrote them), else read.
 */
export async function shipPlan(
  tx: Tx,
  tenantId: number,
  bill: Row,
  by: By,
  at?: Date,
  packed?: { epc: string; cartonId: number; sscc: string }[],
): Promise<ShipPlan | undefined> {
  const kind = Number(bill.kind);
  packed ??= await boundEpcs(tx, tenantId, { billId: Number(bill.id) }, { sources: PACKED });
  const loose = kind === BILL_KIND.VENDOR_RETURN && !packed.length ? await returnedLot(tx, tenantId, bill) : [];
  if (!packed.length && !loose.length) return undefined;
  const f = await billFacts(tx, tenantId, bill);
  const common = {
    tenantId,
    userId: by.userId,
    username: by.username,
    source: 'warehouse/bill',
    locationId: f.from.location?.id ?? null,
    ...(f.fromCode ? { bizLocation: f.fromCode } : {}),
  };
  const cartons = new Map<number, { id: number; sscc: string; epcs: string[] }>();
  for (const p of packed) {
    const c = cartons.get(p.cartonId) ?? { id: p.cartonId, sscc: p.sscc, epcs: [] };
    c.epcs.push(p.epc);
    cartons.set(p.cartonId, c);
  }
  return {
    common,
    facts: f,
    when: at ?? new Date(),
    back: kind === BILL_KIND.VENDOR_RETURN || kind === BILL_KIND.STORE_RETURN,
    cartons: [...cartons.values()],
    epcs: [...packed.map((p) => p.epc), ...loose],
  };
}

/**
 * The AggregationEvent ADD of these packed cartons of a shipping (a second before it, so a history
 * reads pack → ship), each carton's bindings linked to it. Answers the events' ids.
 */
export async function recordShipAggregations(tx: Tx, plan: ShipPlan, cartons: ShipPlan['cartons']): Promise<number[]> {
  const packedAt = new Date(plan.when.getTime() - 1000);
  const recorded: CartonEvents[] = [];
  for (const c of cartons)
    if (c.sscc)
      recorded.push({
        cartonId: c.id,
        events: await recordTagEventChunkRows(
          tx,
          {
            ...plan.common,
            eventType: 'AggregationEvent',
            eventTime: packedAt,
            action: 'ADD',
            bizStep: 'packing',
            disposition: 'in_progress',
            parentId: c.sscc,
            epcs: c.epcs,
            bizTransactions: plan.facts.transactions,
          },
          plan.facts.from,
        ),
      });
  await linkBindings(tx, plan.common.tenantId, recorded);
  return recorded.flatMap((c) => c.events.map((e) => e.id));
}

/** The shipping ObjectEvent(s) of these pieces of a bill (in_transit; returned for a return). Answers the events' ids. */
export async function recordShipPieces(tx: Tx, plan: ShipPlan, epcs: readonly string[]): Promise<number[]> {
  return recordTagEventChunks(
    tx,
    {
      ...plan.common,
      eventTime: plan.when,
      action: 'OBSERVE',
      bizStep: 'shipping',
      disposition: plan.back ? 'returned' : 'in_transit',
      epcs,
      bizTransactions: plan.facts.transactions,
      sources: plan.facts.sources,
      destinations: plan.facts.destinations,
    },
    plan.facts.from,
  );
}

/**
 * A carton accepted (matched at its check, or accepted as read by the checker): an ObjectEvent of
 * the pieces it brought in (matched and over) — receiving, in_progress, at the receiving site, the
 * bill's transactions. The tags are RECEIVED.
 */
export async function recordCartonReceived(tx: Tx, tenantId: number, carton: Row, by: By): Promise<void> {
  const epcs = (await boundEpcs(tx, tenantId, { cartonId: Number(carton.id) }, { results: RECEIVED })).map((e) => e.epc);
  if (!epcs.length) return;
  const f = await billFacts(tx, tenantId, await billHead(tx, tenantId, Number(carton.billId)));
  await recordTagEventChunks(
    tx,
    {
      tenantId,
      userId: by.userId,
      username: by.username,
      source: 'warehouse/receiving-check',
      locationId: f.to.location?.id ?? null,
      action: 'OBSERVE',
      bizStep: 'receiving',
      disposition: 'in_progress',
      epcs,
      bizTransactions: f.transactions,
    },
    f.to,
  );
  await setTagStatus(tx, tenantId, epcs, TAG_STATUS.RECEIVED);
}

/**
 * A receipt reviewed: the receiving site accepts the goods — CBV's `accepting` is the step at which
 * possession and ownership pass, so the event names the sender as source and the site as
 * destination (owning party, location). Disposition `in_progress`: accepted goods are not yet
 * stored (`available` comes with the put-away's storing) nor sellable. An ObjectEvent of the
 * bill's received pieces.
 */
export async function recordBillAccepted(tx: Tx, tenantId: number, bill: Row, by: By): Promise<void> {
  const epcs = (await boundEpcs(tx, tenantId, { billId: Number(bill.id) }, { results: RECEIVED })).map((e) => e.epc);
  if (!epcs.length) return;
  const f = await billFacts(tx, tenantId, bill);
  await recordTagEventChunks(
    tx,
    {
      tenantId,
      userId: by.userId,
      username: by.username,
      source: 'logistics/receipt-review',
      locationId: f.to.location?.id ?? null,
      action: 'OBSERVE',
      bizStep: 'accepting',
      disposition: 'in_progress',
      epcs,
      bizTransactions: f.transactions,
      sources: f.sources,
      destinations: f.destinations,
    },
    f.to,
  );
}

/**
 * A lot inspected (QI submitted): an ObjectEvent of the bill's received pieces — inspecting, with
 * CBV's `conformant` for a lot that passed and `non_conformant` for one that failed (its QI return
 * then makes a vendor-return bill, whose shipping says `returned`).
 */
export async function recordLotInspected(tx: Tx, tenantId: number, inspection: Row, pass: boolean, by: By): Promise<void> {
  const epcs = (await boundEpcs(tx, tenantId, { billId: Number(inspection.billId) }, { results: RECEIVED })).map((e) => e.epc);
  if (!epcs.length) return;
  const f = await billFacts(tx, tenantId, await billHead(tx, tenantId, Number(inspection.billId)));
  await recordTagEventChunks(
    tx,
    {
      tenantId,
      userId: by.userId,
      username: by.username,
      source: 'warehouse/receiving-qi',
      locationId: f.to.location?.id ?? null,
      action: 'OBSERVE',
      bizStep: 'inspecting',
      disposition: pass ? 'conformant' : 'non_conformant',
      epcs,
      bizTransactions: f.transactions,
    },
    f.to,
  );
}

/**
 * A QI sample read (the sample of a lot at its warehouse's QI area): an ObjectEvent OBSERVE of the
 * sampled pieces of the lot — CBV `inspecting`, `in_progress` (the lot is judged when the
 * inspection is submitted: `conformant` or `non_conformant`) — at the QI zone of the reader, with
 * the bill's transactions. Answers the events' ids.
 */
export async function recordSampleRead(
  tx: Tx,
  tenantId: number,
  e: { billId: number; epcs: readonly string[]; zoneId: number | null; at?: Date } & By,
): Promise<number[]> {
  if (!e.epcs.length) return [];
  const f = await billFacts(tx, tenantId, await billHead(tx, tenantId, e.billId));
  const place = e.zoneId === null ? f.to : await placeOf(tx, tenantId, e.zoneId);
  return recordTagEventChunks(
    tx,
    {
      tenantId,
      userId: e.userId,
      username: e.username,
      source: 'warehouse/receiving-qi',
      locationId: place.location?.id ?? null,
      ...(e.at ? { eventTime: e.at } : {}),
      action: 'OBSERVE',
      bizStep: 'inspecting',
      disposition: 'in_progress',
      epcs: [...e.epcs],
      bizTransactions: f.transactions,
    },
    place,
  );
}

/**
 * A carton's spot re-read (logistics/spot-check, a handheld's item-level read of a received carton):
 * an ObjectEvent OBSERVE of the pieces read — CBV `inspecting`, `completeness_verified` when the
 * re-read found what the carton should hold, `non_conformant` when it did not — where it was read
 * (the reader's zone, else the carton's site), with the bill's transactions. Answers the events' ids.
 */
export async function recordSpotRead(
  tx: Tx,
  tenantId: number,
  e: { billId: number; epcs: readonly string[]; matched: boolean; zoneId: number | null; at?: Date } & By,
): Promise<number[]> {
  if (!e.epcs.length) return [];
  const f = await billFacts(tx, tenantId, await billHead(tx, tenantId, e.billId));
  const place = e.zoneId === null ? f.to : await placeOf(tx, tenantId, e.zoneId);
  return recordTagEventChunks(
    tx,
    {
      tenantId,
      userId: e.userId,
      username: e.username,
      source: 'logistics/spot-check',
      locationId: place.location?.id ?? null,
      ...(e.at ? { eventTime: e.at } : {}),
      action: 'OBSERVE',
      bizStep: 'inspecting',
      disposition: e.matched ? 'completeness_verified' : 'non_conformant',
      epcs: [...e.epcs],
      bizTransactions: f.transactions,
    },
    place,
  );
}

/**
 * A carton unpacked into storage (put-away): its aggregation ends — an AggregationEvent DELETE,
 * parent its SSCC, children its EPCs, CBV `unpacking` — and, unless `storing` is false, its pieces
 * are stored at the location (an ObjectEvent `storing`, `available`); the carton's bindings link the
 * DELETE. For the put-away to call, in its transaction; `locationId` is where (a storage zone or its
 * site). Answers the events' ids.
 */
export async function recordCartonUnpack(
  tx: Tx,
  e: {
    tenantId: number;
    cartonId: number;
    sscc: string;
    epcs: readonly string[];
    locationId: number | null;
    at?: Date;
    storing?: boolean;
  } & Partial<By>,
): Promise<number[]> {
  if (!e.epcs.length) return [];
  const place = await placeOf(tx, e.tenantId, e.locationId);
  const when = e.at ?? new Date();
  const common = {
    tenantId: e.tenantId,
    userId: e.userId ?? null,
    username: e.username ?? '',
    source: 'warehouse/put-away',
    locationId: e.locationId,
  };
  const unpacked = await recordTagEventChunkRows(
    tx,
    {
      ...common,
      eventType: 'AggregationEvent',
      eventTime: when,
      action: 'DELETE',
      bizStep: 'unpacking',
      disposition: 'in_progress',
      parentId: e.sscc,
      epcs: e.epcs,
    },
    place,
  );
  await linkBindings(tx, e.tenantId, [{ cartonId: e.cartonId, events: unpacked }]);
  const ids = unpacked.map((u) => u.id);
  if (e.storing !== false)
    ids.push(
      ...(await recordTagEventChunks(
        tx,
        { ...common, eventTime: when, action: 'OBSERVE', bizStep: 'storing', disposition: 'available', epcs: e.epcs },
        place,
      )),
    );
  return ids;
}

/** A bill's head as the events name it (its code, kind, sites, factory, supply order). */
async function billHead(tx: Tx, tenantId: number, billId: number): Promise<Row> {
  const [bill] = await queryRows<Row>(
    tx,
    sql`select id, code, kind, source_location_id as "sourceLocationId", dest_location_id as "destLocationId",
          factory_id as "factoryId", supply_order_id as "supplyOrderId"
        from wms_bills where tenant_id = ${tenantId} and id = ${billId}`,
  );
  return bill;
}

/**
 * An outbound carton certified at its pack station (its read matched its pick list): an
 * AggregationEvent ADD — parent its SSCC, children the EPCs packed, packing, container_closed — at
 * the pack station's zone, the bill's transactions; a loose lot (no container, no SSCC) an
 * ObjectEvent of its pieces, packing, in_progress. The carton's bindings link its aggregation. Answers the event ids.
 */
export async function recordCartonPacked(tx: Tx, tenantId: number, carton: Row, by: By): Promise<number[]> {
  const epcs = (await boundEpcs(tx, tenantId, { cartonId: Number(carton.id) }, { sources: [CARTON_EPC_SOURCE.DC_REPACK] })).map(
    (e) => e.epc,
  );
  if (!epcs.length) return [];
  const f = await billFacts(tx, tenantId, await billHead(tx, tenantId, Number(carton.billId)));
  const common = {
    tenantId,
    userId: by.userId,
    username: by.username,
    locationId: carton.locationId == null ? (f.from.location?.id ?? null) : Number(carton.locationId),
    bizStep: 'packing' as const,
    epcs,
    bizTransactions: f.transactions,
  };
  if (!carton.sscc)
    return recordTagEventChunks(tx, { ...common, source: 'logistics/scattered', action: 'OBSERVE', disposition: 'in_progress' });
  const events = await recordTagEventChunkRows(tx, {
    ...common,
    source: 'logistics/packing',
    eventType: 'AggregationEvent',
    action: 'ADD',
    disposition: 'container_closed',
    parentId: String(carton.sscc),
  });
  await linkBindings(tx, tenantId, [{ cartonId: Number(carton.id), events }]);
  return events.map((e) => e.id);
}

/**
 * An outbound carton emptied (its certified packing undone: a cancelled review, a reset): an
 * AggregationEvent DELETE of its SSCC and these EPCs — unpacking — where it was packed; their
 * bindings (ended) link it.
 */
export async function recordCartonEmptied(tx: Tx, tenantId: number, carton: Row, epcs: readonly string[], by: By): Promise<void> {
  if (!epcs.length || !carton.sscc) return;
  const f = await billFacts(tx, tenantId, await billHead(tx, tenantId, Number(carton.billId)));
  const events = await recordTagEventChunkRows(tx, {
    tenantId,
    userId: by.userId,
    username: by.username,
    source: 'logistics/packing',
    locationId: carton.locationId == null ? (f.from.location?.id ?? null) : Number(carton.locationId),
    eventType: 'AggregationEvent',
    action: 'DELETE',
    bizStep: 'unpacking',
    parentId: String(carton.sscc),
    epcs,
    bizTransactions: f.transactions,
  });
  await linkBindings(tx, tenantId, [{ cartonId: Number(carton.id), events }]);
}

/**
 * A shipment's loading reviewed (its dock-out gate read its audited cartons): an ObjectEvent of the
 * pieces loaded — loading, in_transit — at the gate's zone (else the sender), the bill's transactions.
 */
export async function recordShipmentLoaded(tx: Tx, tenantId: number, bill: Row, epcs: readonly string[], zoneId: number | null, by: By) {
  const f = await billFacts(tx, tenantId, bill);
  await recordTagEventChunks(tx, {
    tenantId,
    userId: by.userId,
    username: by.username,
    source: 'logistics/shipment-review',
    locationId: zoneId ?? f.from.location?.id ?? null,
    action: 'OBSERVE',
    bizStep: 'loading',
    disposition: 'in_transit',
    epcs,
    bizTransactions: f.transactions,
  });
}

/**
 * An outbound shipment audited (its cartons' packing recorded at their pack stations): the shipping
 * ObjectEvent of its packed pieces — shipping, in_transit, sender and receiver — and its tags SHIPPED.
 */
export async function recordShipmentShipped(tx: Tx, tenantId: number, bill: Row, by: By): Promise<void> {
  const plan = await shipPlan(tx, tenantId, bill, by);
  if (!plan) return;
  await recordShipPieces(tx, plan, plan.epcs);
  await setTagStatus(tx, tenantId, plan.epcs, TAG_STATUS.SHIPPED);
}

/**
 * A shipment's shipping voided before its receiver read it: an ObjectEvent of its pieces —
 * void_shipping, sellable_not_accessible (back in the sender's stock, on its dock) — and its tags
 * RECEIVED again (in the sender's stock).
 */
export async function recordShippingVoided(tx: Tx, tenantId: number, bill: Row, by: By): Promise<void> {
  const epcs = (await boundEpcs(tx, tenantId, { billId: Number(bill.id) }, { sources: PACKED })).map((e) => e.epc);
  if (!epcs.length) return;
  const f = await billFacts(tx, tenantId, bill);
  await recordTagEventChunks(
    tx,
    {
      tenantId,
      userId: by.userId,
      username: by.username,
      source: 'logistics/shipment-review',
      locationId: f.from.location?.id ?? null,
      action: 'OBSERVE',
      bizStep: 'void_shipping',
      disposition: 'sellable_not_accessible',
      epcs,
      bizTransactions: f.transactions,
    },
    f.from,
  );
  await setTagStatus(tx, tenantId, epcs, TAG_STATUS.RECEIVED);
}
