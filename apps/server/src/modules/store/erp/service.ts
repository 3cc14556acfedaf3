/**
 * ERP stock (../shared/operations.md §9 "Three numbers"): what the retailer's ERP says a site holds
 * per SKU, in Nedap's `erp_stock/create` shape (extern_ref, time, location, lines GTIN/qty), imported
 * by the API or a spreadsheet. One stock per (site, extern_ref): the same one sent again is the
 * stock already stored (idempotent), never a second. The latest of a site (by its ERP time) is the
 * site's "ERP stock" beside its RFID stock.
 */
import { LOCATION_KIND } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { partyRefCondition } from '../../../core/party.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';

/** Lines written per statement. */
const CHUNK = 5_000;

/** A site's ERP stock as the other modules read it: pieces per SKU, with its time and ERP reference. */
export interface ErpStock {
  id: number;
  externRef: string;
  time: Date;
  qty: Map<number, number>;
}

/** The latest ERP stock of a site (by the ERP's time, then the latest stored), or undefined when it has none. */
export async function erpStockOf(tx: Tx, tenantId: number, siteId: number): Promise<ErpStock | undefined> {
  const head = await erpStockHeadOf(tx, tenantId, siteId);
  return head && { ...head, qty: await erpLinesOf(tx, tenantId, head.id) };
}

/**
 * The latest ERP stock of a site without its lines (erpLinesQuery reads them in a statement of the
 * caller's); with `asOf`, the latest the ERP took by then.
 */
export async function erpStockHeadOf(tx: Tx, tenantId: number, siteId: number, asOf?: Date): Promise<Omit<ErpStock, 'qty'> | undefined> {
  const [head] = await queryRows<{ id: number; extern_ref: string; stock_time: string | Date }>(
    tx,
    sql`select id::int, extern_ref, stock_time from erp_stocks where tenant_id = ${tenantId} and site_id = ${siteId}
          ${asOf ? sql`and stock_time <= ${asOf.toISOString()}::timestamptz` : sql``}
         order by stock_time desc, id desc limit 1`,
  );
  return head && { id: head.id, externRef: head.extern_ref, time: new Date(head.stock_time) };
}

/** One ERP stock by its id (of the tenant), or undefined. */
export async function erpStockHeadById(tx: Tx, tenantId: number, id: number): Promise<Omit<ErpStock, 'qty'> | undefined> {
  const [head] = await queryRows<{ id: number; extern_ref: string; stock_time: string | Date }>(
    tx,
    sql`select id::int, extern_ref, stock_time from erp_stocks where tenant_id = ${tenantId} and id = ${id}`,
  );
  return head && { id: head.id, externRef: head.extern_ref, time: new Date(head.stock_time) };
}

/** The lines of one ERP stock as a subquery (`sku_id`, `qty`) for a statement of the caller's. */
export const erpLinesQuery = (tenantId: number, erpStockId: number) =>
  sql`select sku_id, qty from erp_stock_lines where tenant_id = ${tenantId} and erp_stock_id = ${erpStockId}`;

/** The pieces per SKU of one ERP stock. */
export async function erpLinesOf(tx: Tx, tenantId: number, erpStockId: number): Promise<Map<number, number>> {
  const lines = await queryRows<{ sku_id: number; qty: number }>(
    tx,
    sql`select sku_id::int, qty from erp_stock_lines where tenant_id = ${tenantId} and erp_stock_id = ${erpStockId}`,
  );
  return new Map(lines.map((l) => [l.sku_id, l.qty]));
}

/** An ERP stock to store: the site, the ERP's reference and time, its lines (one a SKU). */
export interface ErpStockInput {
  siteId: number;
  externRef: string;
  time: Date;
  /** ErpStockSource */
  source: number;
  lines: readonly { skuId: number; gtin: string; qty: number }[];
  createdBy?: number | null;
}

/** What storing answered: the stock's id, whether it is new (false: the same reference was stored before) and its size. */
export interface ErpStockSaved {
  id: number;
  created: boolean;
  skuCount: number;
  totalQty: number;
}

/**
 * Stores an ERP stock and its lines in the caller's transaction (a SKU twice: its pieces added), or
 * answers the one the site already holds under the same reference (idempotent: nothing written).
 */
export async function saveErpStock(tx: Tx, tenantId: number, input: ErpStockInput): Promise<ErpStockSaved> {
  const bySku = new Map<number, { gtin: string; qty: number }>();
  for (const l of input.lines) {
    const had = bySku.get(l.skuId);
    bySku.set(l.skuId, { gtin: had?.gtin || l.gtin, qty: (had?.qty ?? 0) + l.qty });
  }
  const total = [...bySku.values()].reduce((a, l) => a + l.qty, 0);
  const [made] = await queryRows<{ id: number }>(
    tx,
    sql`insert into erp_stocks (tenant_id, site_id, extern_ref, stock_time, source, sku_count, total_qty, created_by)
        values (${tenantId}, ${input.siteId}, ${input.externRef}, ${input.time.toISOString()}, ${input.source}, ${bySku.size}, ${total},
                ${input.createdBy ?? null})
        on conflict (tenant_id, site_id, extern_ref) do nothing
        returning id::int`,
  );
  if (!made) {
    const [had] = await queryRows<{ id: number; sku_count: number; total_qty: number }>(
      tx,
      sql`select id::int, sku_count, total_qty from erp_stocks
           where tenant_id = ${tenantId} and site_id = ${input.siteId} and extern_ref = ${input.externRef}`,
    );
    return { id: had.id, created: false, skuCount: had.sku_count, totalQty: had.total_qty };
  }
  const lines = [...bySku.entries()];
  for (let i = 0; i < lines.length; i += CHUNK) {
    const part = lines.slice(i, i + CHUNK);
    await tx.execute(sql`
      insert into erp_stock_lines (tenant_id, erp_stock_id, sku_id, gtin, qty)
      select ${tenantId}, ${made.id}, u.sku, u.gtin, u.qty
        from unnest(${pgNumArray(part.map(([s]) => s))}::bigint[], ${pgTextArray(part.map(([, l]) => l.gtin))}::text[],
                    ${pgNumArray(part.map(([, l]) => l.qty))}::int[]) as u(sku, gtin, qty)`);
  }
  return { id: made.id, created: true, skuCount: bySku.size, totalQty: total };
}

/** A store or warehouse of the tenant by code or id, within the session's party (a store's user: its own). */
export interface Site {
  id: number;
  code: string;
  name: string;
}

/** The stores and warehouses of these codes the session reaches, by code. */
export async function sitesByCode(tx: Tx, session: SessionInfo, codes: readonly string[]): Promise<Map<string, Site>> {
  if (!codes.length) return new Map();
  const party = partyRefCondition(sql`l.id`, 'tenant/location', session);
  const rows = await queryRows<Site>(
    tx,
    sql`select l.id::int, l.code, l.name from locations l
         where l.tenant_id = ${session.tenantId} and l.kind in (${LOCATION_KIND.STORE}, ${LOCATION_KIND.WAREHOUSE})
           and l.code = any(${pgTextArray([...codes])}::text[]) ${party ? sql`and ${party}` : sql``}`,
  );
  return new Map(rows.map((r) => [r.code, r]));
}

/** A store or warehouse by id the session reaches, or undefined. */
export async function siteById(tx: Tx, session: SessionInfo, id: number): Promise<Site | undefined> {
  const party = partyRefCondition(sql`l.id`, 'tenant/location', session);
  const [row] = await queryRows<Site>(
    tx,
    sql`select l.id::int, l.code, l.name from locations l
         where l.tenant_id = ${session.tenantId} and l.id = ${id} and l.kind in (${LOCATION_KIND.STORE}, ${LOCATION_KIND.WAREHOUSE})
           ${party ? sql`and ${party}` : sql``}`,
  );
  return row;
}

/** A site's ERP stocks, newest first (heads only). */
export async function erpStocksOf(tx: Tx, tenantId: number, siteId: number, limit = 20) {
  return queryRows<{ id: number; externRef: string; time: string; source: number; skuCount: number; totalQty: number; createdAt: string }>(
    tx,
    sql`select id::int, extern_ref as "externRef", stock_time as time, source, sku_count as "skuCount", total_qty as "totalQty",
               created_at as "createdAt"
          from erp_stocks where tenant_id = ${tenantId} and site_id = ${siteId}
         order by stock_time desc, id desc limit ${limit}`,
  );
}
