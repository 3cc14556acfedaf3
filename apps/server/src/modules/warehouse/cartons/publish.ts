/**
 * A carton's live messages (topic wms.carton): the carton as the receiving check's live panel
 * shows it, published inside the transaction that changes it (NOTIFY goes at its commit).
 */
import type { CartonLive } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { defineLiveTopic, publishLiveIn } from '../../../core/live.js';
import { queryRows, type Tx } from '../../../db/client.js';

/** The topic of a carton's live messages (data: CartonLive). */
export type { CartonLive };

export const CARTON_TOPIC = defineLiveTopic('wms.carton');

export interface CartonRow {
  id: string | number;
  carton_no: string;
  bill_id: string | number;
  bill_code: string | null;
  status: number;
  result: number;
  device_no: string | null;
  location_id: string | number | null;
  zone_name: string | null;
  expected_pieces: number;
  read_pieces: number;
  matched: number;
  short: number;
  over: number;
  foreign: number;
  unknown: number;
  checked_at: Date | string | null;
  hold_reason: string | null;
}

/** The cartons' columns as the live messages carry them (c: wms_cartons). */
export const COLUMNS = sql`c.id, c.carton_no, c.bill_id, b.code as bill_code, c.status, c.result, c.device_no, c.location_id, z.name as zone_name,
  c.expected_pieces, c.read_pieces, c.matched, c.short, c.over, c.foreign, c.unknown, c.checked_at, c.hold_reason`;
export const FROM = sql`wms_cartons c left join wms_bills b on b.tenant_id = c.tenant_id and b.id = c.bill_id
  left join locations z on z.tenant_id = c.tenant_id and z.id = c.location_id`;

export function liveOf(r: CartonRow, kind: CartonLive['kind']): CartonLive {
  return {
    kind,
    cartonId: Number(r.id),
    cartonNo: r.carton_no,
    billId: Number(r.bill_id),
    billCode: r.bill_code ?? '',
    status: Number(r.status),
    result: Number(r.result),
    equipmentCoding: r.device_no || null,
    locationId: r.location_id == null ? null : Number(r.location_id),
    zoneName: r.zone_name,
    expected: Number(r.expected_pieces),
    read: Number(r.read_pieces),
    matched: Number(r.matched),
    missing: Number(r.short),
    over: Number(r.over),
    foreign: Number(r.foreign),
    unknown: Number(r.unknown),
    checkedAt: r.checked_at == null ? null : new Date(r.checked_at).toISOString(),
    holdReason: r.hold_reason ?? '',
  };
}

/** Cartons of the tenant as live messages (`where` over c: wms_cartons), at most `limit`. */
export async function cartonsLive(tx: Tx, tenantId: number, where: ReturnType<typeof sql>, order = sql`c.id`, limit = 200) {
  const rows = await queryRows<CartonRow>(
    tx,
    sql`select ${COLUMNS} from ${FROM} where c.tenant_id = ${tenantId} and ${where} order by ${order} limit ${limit}`,
  );
  return rows.map((r) => liveOf(r, 'result'));
}

/** Publishes a carton as it is now in the transaction (delivered at its commit). */
export async function publishCarton(tx: Tx, tenantId: number, cartonId: number): Promise<void> {
  const [carton] = await cartonsLive(tx, tenantId, sql`c.id = ${cartonId}`);
  if (carton) await publishLiveIn(tx, { tenantId, topic: CARTON_TOPIC, data: carton });
}
