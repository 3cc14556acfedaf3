/**
 * Difference lists (../shared/operations.md §9 "Difference list", Nedap's difference lists with their
 * export_status): a site's latest ERP stock against its RFID stock — the book (`onHandOf`), or later
 * an approved count — SKU by SKU: erpQty, rfidQty, diff = rfid − erp, value = diff × the SKU's tag
 * price. A draft's lines may be ignored (left out of the totals and the adjustment); approving it
 * says the ERP is to be corrected to the RFID figures (the book does not change: it already holds
 * them); the export job then hands the ERP its adjustment (erp → rfid per SKU not ignored) as a
 * sheet, and `GET …/{id}/adjustment` gives the same through the API.
 */
import {
  COUNT_STATUS,
  compareStocks,
  DIFF_SOURCE,
  DIFF_STATUS,
  DIFF_TRANSITIONS,
  type DiffTransition,
  differenceTotals,
  ENUMS,
  type Lang,
  skuAccuracy,
  smapeAccuracy,
  translate,
} from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { conflict, notFound } from '../../../core/errors.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import { partyRefCondition } from '../../../core/party.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { pgNumArray } from '../../rfid/state/fold-data.js';
import { onHandOf } from '../../stock/index.js';
import type { ErpStock, Site } from '../erp/service.js';

/** Lines written per statement. */
const CHUNK = 5_000;
/** The currency of a list's values (the tenant's tag prices). */
export const DIFF_CURRENCY = 'CNY';

export const LIST_NAMES = { zh_CN: '差异单', zh_TW: '差異單', en_US: 'Difference list' };

/** The state's name in a language (for refusals). */
export const statusName = (lang: Lang, status: number) =>
  ENUMS.DifferenceListStatus.find((o) => o.value === status)?.label[lang] ?? String(status);

/** What a list is made from: the site, its ERP stock, the RFID figures and when they were taken. */
export interface ListSource {
  site: Pick<Site, 'id'>;
  erp: ErpStock;
  rfid: Map<number, number>;
  rfidAt: Date;
  onlyDifferences: boolean;
  /** the RFID figures are this approved count's counted pieces (source COUNT); none: the book then */
  countId?: number;
}

/**
 * Makes a draft list in the caller's transaction: every SKU either side holds compared (the KPIs
 * over all of them), the lines (only the differing ones when asked), their values at the SKUs'
 * tag prices, the totals. Answers the list's id and code.
 */
export async function makeList(
  tx: Tx,
  tenantId: number,
  src: ListSource,
  by: { userId?: number | null; at?: Date; code?: string } = {},
): Promise<{ id: number; code: string }> {
  const all = compareStocks(src.erp.qty, src.rfid);
  const lines = src.onlyDifferences ? all.filter((l) => l.erpQty !== l.rfidQty) : all;
  const prices = new Map<number, number>();
  const ids = lines.map((l) => l.skuId);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await queryRows<{ id: number; price: number | null }>(
      tx,
      sql`select id::int, price from goods_skus where tenant_id = ${tenantId} and id = any(${pgNumArray(ids.slice(i, i + CHUNK))}::bigint[])`,
    );
    for (const r of rows) prices.set(r.id, Number(r.price ?? 0));
  }
  const priced = lines.map((l) => ({ ...l, price: prices.get(l.skuId) ?? 0 }));
  const t = differenceTotals(priced);
  const at = by.at ?? new Date();
  const code = by.code ?? (await nextDocumentCode(tx, tenantId, 'DL', at));
  const exact = all.filter((l) => l.erpQty === l.rfidQty).length;
  // the count the RFID stock stands on: the one given, or the site's last approved count finished by then (none: never counted)
  const [count] =
    src.countId !== undefined
      ? [{ id: src.countId }]
      : await queryRows<{ id: number }>(
          tx,
          sql`select id::int from stock_counts where tenant_id = ${tenantId} and site_id = ${src.site.id} and status = ${COUNT_STATUS.APPROVED}
                and coalesce(finished_at, reviewed_at) <= ${src.rfidAt.toISOString()}::timestamptz
              order by coalesce(finished_at, reviewed_at) desc, id desc limit 1`,
        );
  const [list] = await queryRows<{ id: number }>(
    tx,
    sql`insert into stock_difference_lists (tenant_id, code, site_id, erp_stock_id, count_id, source, only_differences, status, sku_count,
          plus_qty, minus_qty, abs_qty, ignored_skus, diff_value, abs_value, currency, erp_total, rfid_total, compared_skus, exact_skus,
          accuracy_smape, accuracy_sku, rfid_at, created_by, created_at, updated_at)
        values (${tenantId}, ${code}, ${src.site.id}, ${src.erp.id}, ${count?.id ?? null}, ${src.countId !== undefined ? DIFF_SOURCE.COUNT : DIFF_SOURCE.BOOK}, ${src.onlyDifferences ? 1 : 0}, ${DIFF_STATUS.DRAFT},
          ${t.skus}, ${t.plus}, ${t.minus}, ${t.absolute}, 0, ${t.value}, ${t.absoluteValue}, ${DIFF_CURRENCY},
          ${all.reduce((a, l) => a + l.erpQty, 0)}, ${all.reduce((a, l) => a + l.rfidQty, 0)}, ${all.length}, ${exact},
          ${round6(smapeAccuracy(all))}, ${round6(skuAccuracy(all))}, ${src.rfidAt.toISOString()}, ${by.userId ?? null},
          ${at.toISOString()}, ${at.toISOString()})
        returning id::int`,
  );
  for (let i = 0; i < priced.length; i += CHUNK) {
    const part = priced.slice(i, i + CHUNK);
    await tx.execute(sql`
      insert into stock_difference_lines (tenant_id, list_id, sku_id, erp_qty, rfid_qty, diff_qty, price, value)
      select ${tenantId}, ${list.id}, u.sku, u.erp, u.rfid, u.rfid - u.erp, u.price, round((u.rfid - u.erp) * u.price, 2)
        from unnest(${pgNumArray(part.map((l) => l.skuId))}::bigint[], ${pgNumArray(part.map((l) => l.erpQty))}::int[],
                    ${pgNumArray(part.map((l) => l.rfidQty))}::int[], ${pgNumArray(part.map((l) => l.price))}::numeric[])
             as u(sku, erp, rfid, price)`);
  }
  return { id: list.id, code };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The RFID figures of a site now: its book (the last approved count + movements since). */
export async function bookOf(tx: Tx, tenantId: number, siteId: number): Promise<Map<number, number>> {
  const book = await onHandOf(tx, tenantId, siteId);
  // a SKU the book drove below zero holds nothing
  for (const [sku, qty] of book) if (qty < 0) book.set(sku, 0);
  return book;
}

/** A list's head as the session reaches it (a store's user: its own site's), locked for update when asked; else 404. */
export async function reachedList(tx: Tx, session: SessionInfo, id: number, lock = false) {
  const party = partyRefCondition(sql`site_id`, 'tenant/location', session);
  const [row] = await queryRows<{
    id: number;
    code: string;
    status: number;
    site_id: number;
    erp_stock_id: number;
    export_job_id: string | null;
  }>(
    tx,
    sql`select id::int, code, status, site_id::int, erp_stock_id::int, export_job_id from stock_difference_lists
         where tenant_id = ${session.tenantId} and id = ${id} ${party ? sql`and ${party}` : sql``}
         ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw notFound(LIST_NAMES);
  return row;
}

/**
 * Moves a list along one edge of its machine (DIFF_TRANSITIONS) in one conditional UPDATE, writing
 * `set` with it; refused 409 naming the state when the list is not in a state the edge leaves from.
 */
export async function moveList(
  tx: Tx,
  tenantId: number,
  list: { id: number; code: string },
  action: DiffTransition,
  lang: Lang,
  set: ReturnType<typeof sql> = sql``,
): Promise<void> {
  const edge = DIFF_TRANSITIONS[action];
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`update stock_difference_lists set status = ${edge.to}, updated_at = now() ${set}
         where tenant_id = ${tenantId} and id = ${list.id} and status = any(${pgNumArray([...edge.from])}::smallint[])
         returning id::int`,
  );
  if (moved.length) return;
  const [now] = await queryRows<{ status: number }>(
    tx,
    sql`select status from stock_difference_lists where tenant_id = ${tenantId} and id = ${list.id}`,
  );
  throw conflict('differences.notAllowed', {
    action: translate(lang, `differences.action.${action}`),
    code: list.code,
    state: statusName(lang, now?.status ?? 0),
  });
}

/** The lines of a list with their figures, price and whether ignored. */
async function linesOf(tx: Tx, tenantId: number, listId: number) {
  return queryRows<{ sku_id: number; erp_qty: number; rfid_qty: number; price: number; ignored: number }>(
    tx,
    sql`select sku_id::int, erp_qty, rfid_qty, price::float8 as price, ignored from stock_difference_lines
         where tenant_id = ${tenantId} and list_id = ${listId}`,
  );
}

/** Keeps a list's totals from its lines (ignored ones counted apart), in the caller's transaction. */
export async function keepTotals(tx: Tx, tenantId: number, listId: number): Promise<void> {
  const lines = await linesOf(tx, tenantId, listId);
  const t = differenceTotals(lines.map((l) => ({ erpQty: l.erp_qty, rfidQty: l.rfid_qty, price: l.price, ignored: l.ignored === 1 })));
  await tx.execute(sql`
    update stock_difference_lists set sku_count = ${t.skus}, plus_qty = ${t.plus}, minus_qty = ${t.minus}, abs_qty = ${t.absolute},
           ignored_skus = ${t.ignored}, diff_value = ${t.value}, abs_value = ${t.absoluteValue}, updated_at = now()
     where tenant_id = ${tenantId} and id = ${listId}`);
}

/**
 * Marks SKUs of a draft ignored (or counted again): refused 409 once the list is approved, 400 for a
 * SKU not on it. Answers how many lines changed.
 */
export async function ignoreLines(
  tx: Tx,
  session: SessionInfo,
  listId: number,
  skuIds: readonly number[],
  ignored: boolean,
  lang: Lang,
): Promise<number> {
  const list = await reachedList(tx, session, listId, true);
  if (list.status !== DIFF_STATUS.DRAFT)
    throw conflict('differences.notAllowed', {
      action: translate(lang, ignored ? 'differences.action.ignore' : 'differences.action.unignore'),
      code: list.code,
      state: statusName(lang, list.status),
    });
  const changed = await queryRows<{ sku_id: number }>(
    tx,
    sql`update stock_difference_lines set ignored = ${ignored ? 1 : 0}
         where tenant_id = ${session.tenantId} and list_id = ${listId} and sku_id = any(${pgNumArray([...skuIds])}::bigint[])
         returning sku_id::int`,
  );
  await keepTotals(tx, session.tenantId, listId);
  return changed.length;
}

/** One line of a list's adjustment for the ERP: the SKU and its figures, `qty` the correction (rfid − erp). */
export interface AdjustmentLine {
  gtin: string;
  sku: string;
  name: string;
  erpQty: number;
  rfidQty: number;
  qty: number;
  price: number;
  value: number;
}

/** The ERP adjustment of a list: its head and the lines not ignored whose figures differ. */
export async function adjustmentOf(tx: Tx, tenantId: number, listId: number) {
  const [head] = await queryRows<{
    code: string;
    status: number;
    site_code: string;
    site_name: string;
    extern_ref: string;
    stock_time: string | Date;
    rfid_at: string | Date;
    approved_at: string | Date | null;
    approver: string | null;
    plus_qty: number;
    minus_qty: number;
    abs_qty: number;
    ignored_skus: number;
    diff_value: number;
    abs_value: number;
    currency: string;
    accuracy_smape: number;
    accuracy_sku: number;
  }>(
    tx,
    sql`select d.code, d.status, l.code as site_code, l.name as site_name, e.extern_ref, e.stock_time, d.rfid_at, d.approved_at,
               coalesce(nullif(u.alias_name, ''), u.username) as approver, d.plus_qty, d.minus_qty, d.abs_qty, d.ignored_skus, d.diff_value::float8 as diff_value,
               d.abs_value::float8 as abs_value, d.currency, d.accuracy_smape::float8 as accuracy_smape, d.accuracy_sku::float8 as accuracy_sku
          from stock_difference_lists d
          join locations l on l.tenant_id = d.tenant_id and l.id = d.site_id
          join erp_stocks e on e.tenant_id = d.tenant_id and e.id = d.erp_stock_id
          left join users u on u.id = d.approved_by
         where d.tenant_id = ${tenantId} and d.id = ${listId}`,
  );
  const lines = await queryRows<AdjustmentLine>(
    tx,
    sql`select coalesce(nullif(k.gtin, ''), '') as gtin, k.sku_barcode as sku, coalesce(g.goods_name, '') as name,
               x.erp_qty as "erpQty", x.rfid_qty as "rfidQty", x.diff_qty as qty, x.price::float8 as price, x.value::float8 as value
          from stock_difference_lines x
          join goods_skus k on k.tenant_id = x.tenant_id and k.id = x.sku_id
          left join goods g on g.tenant_id = k.tenant_id and g.id = k.goods_id
         where x.tenant_id = ${tenantId} and x.list_id = ${listId} and x.ignored = 0 and x.diff_qty <> 0
         order by k.sku_barcode`,
  );
  return { head, lines };
}
