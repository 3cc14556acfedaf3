/**
 * The facts of shipped bills, read-only, for reports of other modules (the store module's shipment
 * and take-delivery reports): a row a bill with its sites, times, should / real pieces and cartons,
 * and how many of its cartons were checked and MATCHED. The caller passes the bill screen's scope
 * (tenant and party: `services.modules.service('warehouse/bill').scope(session)`), so a store's or
 * a warehouse's user reads only the bills it sends or receives. Other modules read bills here, never
 * the tables.
 */
import { BILL_STATUS, LOCATION_KIND } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../../db/client.js';
import { wmsBills } from './tables.js';

/** Bills that left their sender: shipped, in transit, being or done being received. */
const SHIPPED_STATES = [
  BILL_STATUS.IN_TRANSIT,
  BILL_STATUS.RECEIVING,
  BILL_STATUS.RECEIVED,
  BILL_STATUS.REVIEWED,
  BILL_STATUS.CLOSED,
  BILL_STATUS.SHIP_REVIEWED,
];

export interface BillFact {
  id: number;
  code: string;
  kind: number;
  status: number;
  sourceId: number;
  sourceCode: string;
  sourceName: string;
  destId: number | null;
  destCode: string;
  destName: string;
  /** whether the destination is a store */
  toStore: boolean;
  shippedAt: Date;
  /** when its receiving began or finished, as the bill keeps it */
  receivedAt: Date | null;
  /** reviewed or zero-cleared */
  doneAt: Date | null;
  cartonsExpected: number;
  cartonsReceived: number;
  piecesExpected: number;
  piecesReceived: number;
  piecesDiff: number;
  /** cartons whose check has a result (not PENDING), and of them MATCHED */
  cartonsChecked: number;
  cartonsMatched: number;
}

export interface BillFactsFilter {
  /** shipped (or received, `on`) at or after */
  from: Date;
  /** shipped (or received) before */
  to: Date;
  /** which time the range is of (default: shipped) */
  on?: 'shipped' | 'received';
  /** the sender */
  sourceId?: number;
  /** the receiver */
  destId?: number;
  /** only bills to a store */
  toStore?: boolean;
}

/** At most this many bills a report reads (a tenant's 200 stores over a year of weekly transfers). */
export const BILL_FACTS_MAX = 50_000;

/**
 * The shipped bills (sent from a site, not a factory) in the range, scoped by `scope` (the bill
 * screen's condition for the session), oldest first.
 */
export async function billFacts(db: Db | Tx, scope: SQL | undefined, f: BillFactsFilter): Promise<BillFact[]> {
  const rows = await queryRows<{
    id: string | number;
    code: string;
    kind: number;
    status: number;
    source_id: string | number;
    source_code: string | null;
    source_name: string | null;
    dest_id: string | number | null;
    dest_code: string | null;
    dest_name: string | null;
    dest_kind: number | null;
    shipped_at: string | Date;
    received_at: string | Date | null;
    done_at: string | Date | null;
    cartons_expected: number;
    cartons_received: number;
    pieces_expected: number;
    pieces_received: number;
    pieces_diff: number;
    checked: number;
    matched: number;
  }>(
    db,
    sql`select b.id, b.code, b.kind, b.status, b.source_location_id as source_id, s.code as source_code, s.name as source_name,
               b.dest_location_id as dest_id, d.code as dest_code, d.name as dest_name, d.kind as dest_kind,
               b.shipped_at, b.received_at, coalesce(b.reviewed_at, b.closed_at) as done_at,
               b.cartons_expected, b.cartons_received, b.pieces_expected, b.pieces_received, b.pieces_diff,
               coalesce(c.checked, 0)::int as checked, coalesce(c.matched, 0)::int as matched
          from ${wmsBills} b
          left join locations s on s.tenant_id = b.tenant_id and s.id = b.source_location_id
          left join locations d on d.tenant_id = b.tenant_id and d.id = b.dest_location_id
          left join lateral (
            select count(*) filter (where x.result <> ${CARTON_RESULT.PENDING}) as checked,
                   count(*) filter (where x.result = ${CARTON_RESULT.MATCHED}) as matched
              from wms_cartons x where x.tenant_id = b.tenant_id and x.bill_id = b.id) c on true
         where b.id in (select ${wmsBills.id} from ${wmsBills} where ${scope ?? sql`true`})
           and b.source_location_id is not null and b.shipped_at is not null
           and ${f.on === 'received' ? sql`b.received_at` : sql`b.shipped_at`} >= ${f.from.toISOString()}::timestamptz
           and ${f.on === 'received' ? sql`b.received_at` : sql`b.shipped_at`} < ${f.to.toISOString()}::timestamptz
           and b.status = any(${`{${SHIPPED_STATES.join(',')}}`}::smallint[])
           ${f.sourceId ? sql`and b.source_location_id = ${f.sourceId}` : sql``}
           ${f.destId ? sql`and b.dest_location_id = ${f.destId}` : sql``}
           ${f.toStore ? sql`and d.kind = ${LOCATION_KIND.STORE}` : sql``}
         order by ${f.on === 'received' ? sql`b.received_at` : sql`b.shipped_at`}, b.id
         limit ${BILL_FACTS_MAX}`,
  );
  const date = (v: string | Date | null) => (v == null ? null : new Date(v));
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    kind: Number(r.kind),
    status: Number(r.status),
    sourceId: Number(r.source_id),
    sourceCode: r.source_code ?? '',
    sourceName: r.source_name ?? '',
    destId: r.dest_id == null ? null : Number(r.dest_id),
    destCode: r.dest_code ?? '',
    destName: r.dest_name ?? '',
    toStore: Number(r.dest_kind) === LOCATION_KIND.STORE,
    shippedAt: new Date(r.shipped_at),
    receivedAt: date(r.received_at),
    doneAt: date(r.done_at),
    cartonsExpected: Number(r.cartons_expected),
    cartonsReceived: Number(r.cartons_received),
    piecesExpected: Number(r.pieces_expected),
    piecesReceived: Number(r.pieces_received),
    piecesDiff: Number(r.pieces_diff),
    cartonsChecked: Number(r.checked),
    cartonsMatched: Number(r.matched),
  }));
}
