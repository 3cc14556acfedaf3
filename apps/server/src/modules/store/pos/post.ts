/**
 * A till's transaction posted (../shared/operations.md §6 E11), all in the caller's transaction:
 * the row and its lines; a sold piece's tag SOLD, its presence sold at the store (EAS off), the
 * store's book −1 (an untagged line by its SKU); a returned piece present again in the store's stock
 * room (EAS on), its tag RECEIVED, the book +1; the lifecycle's ObjectEvents (retail_selling /
 * retail_sold, receiving / returned, bizTransaction inv = the txn no.); a returned EPC the tenant
 * never sold an abnormal label. Idempotent per (store, txn no.): a second post answers the first.
 */
import { POS_EAS, POS_KIND, POS_SOURCE, type PosKind, TAG_EXCEPTION_KIND, TAG_STATUS, ZONE_TYPE } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { recordException, recordTagEventChunks, setTagStatus } from '../../label/tags/index.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';
import { markReturnedByDocument, markSoldByDocument, presenceOf } from '../../rfid/state/index.js';
import { postStockMoves, type StockMove } from '../../stock/index.js';

/** The till's declaration code: the book's journal and the abnormal labels name their document by it. */
export const POS_DOC = 'store/cashier';

export interface PosLineInput {
  /** upper-case hex; none for an untagged piece */
  epc?: string | null;
  /** the SKU (an untagged line's; a tagged line's comes from the registry when it knows the EPC) */
  skuId?: number | null;
  /** + sold, − returned */
  qty: number;
  unitPrice: number;
  discount: number;
  originalTxnNo?: string;
}

export interface PosTxnInput {
  txnNo: string;
  storeId: number;
  posCode: string;
  cashier: string;
  kind: PosKind;
  at: Date;
  currency: string;
  source: keyof typeof POS_SOURCE;
  /** whether the POS's own EAS deactivation (or activation) worked (default: yes) */
  easOk?: boolean;
  lines: readonly PosLineInput[];
}

export interface PosTxn {
  id: number;
  txnNo: string;
  storeId: number;
  storeCode: string;
  posCode: string;
  kind: number;
  at: string;
  currency: string;
  total: string;
  lineCount: number;
  eas: number;
  source: number;
  eventIds: number[];
}

const cents = (n: number) => Math.round(n * 100);
const money = (c: number) => (c / 100).toFixed(2);

/** The transaction of a store's txn no., if posted. */
export async function findTransaction(tx: Tx, tenantId: number, storeId: number, txnNo: string): Promise<PosTxn | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select t.id, t.txn_no, t.store_id, t.store_code, t.pos_code, t.kind, t.created_at, t.currency, t.total::text as total,
               t.line_count, t.eas, t.source, t.event_ids
          from pos_txn_keys k
          join pos_transactions t on t.tenant_id = k.tenant_id and t.created_at = k.txn_at and t.id = k.txn_id
         where k.tenant_id = ${tenantId} and k.store_id = ${storeId} and k.txn_no = ${txnNo}`,
  );
  return row && shape(row);
}

function shape(r: Record<string, unknown>): PosTxn {
  return {
    id: Number(r.id),
    txnNo: String(r.txn_no),
    storeId: Number(r.store_id),
    storeCode: String(r.store_code),
    posCode: String(r.pos_code),
    kind: Number(r.kind),
    at: new Date(r.created_at as string).toISOString(),
    currency: String(r.currency),
    total: String(r.total),
    lineCount: Number(r.line_count),
    eas: Number(r.eas),
    source: Number(r.source),
    eventIds: ((typeof r.event_ids === 'string' ? JSON.parse(r.event_ids) : r.event_ids) as number[]) ?? [],
  };
}

/** A store's facts: code, name, and the zone taking returns back (its stock room, else the store). */
export async function storeFacts(
  tx: Tx,
  tenantId: number,
  storeId: number,
): Promise<{ code: string; name: string; returnZone: number; zones: Set<number> } | undefined> {
  const rows = await queryRows<{
    id: string | number;
    code: string;
    name: string;
    zone_type: number | null;
    site_id: string | number | null;
  }>(
    tx,
    sql`select id, code, name, zone_type, site_id from locations
         where tenant_id = ${tenantId} and (id = ${storeId} or site_id = ${storeId}) order by id`,
  );
  const store = rows.find((r) => Number(r.id) === storeId);
  if (!store) return undefined;
  const room = rows.find((r) => Number(r.id) !== storeId && r.zone_type === ZONE_TYPE.STOCK_ROOM);
  return {
    code: store.code,
    name: store.name,
    returnZone: room ? Number(room.id) : storeId,
    zones: new Set(rows.filter((r) => Number(r.id) !== storeId).map((r) => Number(r.id))),
  };
}

/**
 * Posts one transaction (see the file's comment). `effects.presence` and `effects.events` are off
 * for a transaction made from a POS reader's reads: the fold sold the tags and recorded their event.
 */
export async function postTransaction(
  tx: Tx,
  tenantId: number,
  input: PosTxnInput,
  effects: { presence: boolean; events: boolean } = { presence: true, events: true },
): Promise<{ txn: PosTxn; duplicate: boolean }> {
  const [{ id: nextId }] = await queryRows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('pos_transactions', 'id')) as id`,
  );
  const id = Number(nextId);
  const claimed = await queryRows<{ txn_id: string | number }>(
    tx,
    sql`insert into pos_txn_keys (tenant_id, store_id, txn_no, txn_at, txn_id)
        values (${tenantId}, ${input.storeId}, ${input.txnNo}, ${input.at.toISOString()}, ${id})
        on conflict do nothing returning txn_id`,
  );
  if (!claimed.length) {
    const first = await findTransaction(tx, tenantId, input.storeId, input.txnNo);
    if (first) return { txn: first, duplicate: true };
    throw new Error(`pos: txn ${input.txnNo} claimed but not found`);
  }
  const store = await storeFacts(tx, tenantId, input.storeId);
  if (!store) throw new Error(`pos: store ${input.storeId} is not a location of tenant ${tenantId}`);

  // what the registry and the states know of the tagged pieces
  const epcs = [...new Set(input.lines.map((l) => l.epc).filter((e): e is string => !!e))];
  const tags = new Map<string, { skuId: number; status: number; orderId: number }>();
  if (epcs.length) {
    const rows = await queryRows<{ epc: string; sku_id: string | number; status: number; order_id: string | number }>(
      tx,
      sql`select epc, sku_id, status, order_id from label_tags where tenant_id = ${tenantId} and epc = any(${pgTextArray(epcs)}::text[])`,
    );
    for (const r of rows) tags.set(r.epc, { skuId: Number(r.sku_id), status: Number(r.status), orderId: Number(r.order_id) });
  }
  const states = await presenceOf(tx, tenantId, epcs);
  const lines = input.lines.map((l, i) => {
    const tag = l.epc ? tags.get(l.epc) : undefined;
    const amount = l.qty * cents(l.unitPrice) - Math.sign(l.qty) * cents(l.discount);
    return { ...l, lineNo: i + 1, skuId: tag?.skuId ?? l.skuId ?? null, amount };
  });
  const skuIds = [...new Set(lines.map((l) => l.skuId).filter((s): s is number => s != null))];
  const codes = new Map<number, string>();
  if (skuIds.length)
    for (const r of await queryRows<{ id: string | number; code: string }>(
      tx,
      sql`select id, sku_barcode as code from goods_skus where tenant_id = ${tenantId} and id = any(${pgNumArray(skuIds)}::bigint[])`,
    ))
      codes.set(Number(r.id), r.code);

  // sold pieces: a tag already sold (a POS reader's sale of the same basket) moves nothing again
  const sold = lines.filter((l) => l.qty > 0 && !(l.epc && tags.get(l.epc)?.status === TAG_STATUS.SOLD));
  const returned = lines.filter((l) => l.qty < 0);
  const soldEpcs = sold.map((l) => l.epc).filter((e): e is string => !!e);
  const returnedEpcs = returned.map((l) => l.epc).filter((e): e is string => !!e);

  // returned EPCs the tenant never sold: unknown to its registry, or a tag neither SOLD nor ever sold
  const everSold = new Set<string>();
  if (returnedEpcs.length) {
    for (const r of await queryRows<{ epc: string }>(
      tx,
      sql`select distinct epc from pos_transaction_lines
           where tenant_id = ${tenantId} and epc = any(${pgTextArray(returnedEpcs)}::text[]) and qty > 0`,
    ))
      everSold.add(r.epc);
  }
  for (const epc of returnedEpcs) {
    const tag = tags.get(epc);
    if (tag?.status === TAG_STATUS.SOLD || states.get(epc)?.soldAt || everSold.has(epc)) continue;
    await recordException(tx, tenantId, {
      epc,
      kind: tag ? TAG_EXCEPTION_KIND.RETURN_UNSOLD : TAG_EXCEPTION_KIND.UNKNOWN_EPC,
      orderId: tag?.orderId ?? null,
      reason: { key: tag ? 'pos.returnUnsold' : 'pos.returnUnknown', params: { epc, txnNo: input.txnNo, store: store.name } },
      place: { siteId: input.storeId, zoneId: store.returnZone === input.storeId ? null : store.returnZone },
    });
  }

  if (effects.presence) {
    await markSoldByDocument(
      tx,
      tenantId,
      soldEpcs.map((epc) => ({ epc, at: input.at, locationId: input.storeId, equipment: input.posCode })),
    );
    await markReturnedByDocument(
      tx,
      tenantId,
      returnedEpcs.map((epc) => ({ epc, at: input.at, locationId: store.returnZone, equipment: input.posCode })),
    );
  }
  await setTagStatus(tx, tenantId, soldEpcs, TAG_STATUS.SOLD);
  await setTagStatus(tx, tenantId, returnedEpcs, TAG_STATUS.RECEIVED);

  // the book: sold from the zone the piece was in (when it was in one of the store's), returned to the stock room
  const moves: StockMove[] = [];
  const common = { siteId: input.storeId, at: input.at, docType: POS_DOC, docCode: input.txnNo };
  for (const l of sold) {
    if (l.skuId == null) continue;
    const was = l.epc ? states.get(l.epc)?.locationId : null;
    moves.push({ ...common, zoneId: was != null && store.zones.has(was) ? was : null, skuId: l.skuId, kind: 'SOLD', qty: l.qty });
  }
  for (const l of returned) {
    if (l.skuId == null) continue;
    moves.push({
      ...common,
      zoneId: store.returnZone === input.storeId ? null : store.returnZone,
      skuId: l.skuId,
      kind: 'RETURNED',
      qty: -l.qty,
    });
  }
  await postStockMoves(tx, tenantId, moves);

  const eventIds: number[] = [];
  if (effects.events) {
    const inv = [{ type: 'inv' as const, id: input.txnNo }];
    const by = {
      tenantId,
      eventTime: input.at,
      action: 'OBSERVE' as const,
      reader: input.posCode || undefined,
      bizTransactions: inv,
      source: POS_DOC,
    };
    eventIds.push(
      ...(await recordTagEventChunks(tx, {
        ...by,
        epcs: soldEpcs,
        bizStep: 'retail_selling',
        disposition: 'retail_sold',
        locationId: input.storeId,
      })),
      ...(await recordTagEventChunks(tx, {
        ...by,
        epcs: returnedEpcs,
        bizStep: 'receiving',
        disposition: 'returned',
        locationId: store.returnZone,
      })),
    );
  }

  const total = lines.reduce((s, l) => s + l.amount, 0);
  const eas = input.easOk === false ? POS_EAS.FAILED : POS_EAS.DONE;
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into pos_transactions (tenant_id, id, created_at, txn_no, store_id, store_code, store_name, pos_code, cashier, kind,
          currency, total, line_count, eas, source, event_ids)
        values (${tenantId}, ${id}, ${input.at.toISOString()}, ${input.txnNo}, ${input.storeId}, ${store.code}, ${store.name},
          ${input.posCode}, ${input.cashier}, ${POS_KIND[input.kind]}, ${input.currency}, ${money(total)}::numeric, ${lines.length},
          ${eas}, ${POS_SOURCE[input.source]}, ${JSON.stringify(eventIds)}::jsonb)
        returning id, txn_no, store_id, store_code, pos_code, kind, created_at, currency, total::text as total, line_count, eas, source, event_ids`,
  );
  if (lines.length)
    await tx.execute(
      sql`insert into pos_transaction_lines (tenant_id, created_at, txn_id, line_no, sku_id, sku_code, epc, qty, unit_price, discount,
            amount, original_txn_no)
          select ${tenantId}, ${input.at.toISOString()}::timestamptz, ${id}, u.n, u.sku, u.code, u.epc, u.qty, u.price, u.discount, u.amount, u.orig
            from unnest(${pgNumArray(lines.map((l) => l.lineNo))}::int[], ${pgNumArray(lines.map((l) => l.skuId))}::bigint[],
                        ${pgTextArray(lines.map((l) => (l.skuId != null ? (codes.get(l.skuId) ?? '') : '')))}::text[],
                        ${pgTextArray(lines.map((l) => l.epc ?? null))}::text[], ${pgNumArray(lines.map((l) => l.qty))}::int[],
                        ${pgTextArray(lines.map((l) => money(cents(l.unitPrice))))}::numeric[],
                        ${pgTextArray(lines.map((l) => money(cents(l.discount))))}::numeric[],
                        ${pgTextArray(lines.map((l) => money(l.amount)))}::numeric[],
                        ${pgTextArray(lines.map((l) => l.originalTxnNo ?? ''))}::text[])
                 as u(n, sku, code, epc, qty, price, discount, amount, orig)`,
    );
  // other modules hear of the sale (the fitting rooms join their sessions of the hours before with it)
  if (sold.length) for (const listener of [...SALE_LISTENERS]) await listener(tx, tenantId, input.storeId, input.at.getTime());
  return { txn: shape(row), duplicate: false };
}

/** A sale at a store's till (its time, epoch ms), heard in the posting transaction. */
export type SaleListener = (tx: Tx, tenantId: number, storeId: number, at: number) => Promise<void>;
const SALE_LISTENERS: SaleListener[] = [];

/** Registers what runs on each sale posted (a static list, the same in every process); returns its removal. */
export function onSale(listener: SaleListener): () => void {
  SALE_LISTENERS.push(listener);
  return () => {
    const at = SALE_LISTENERS.indexOf(listener);
    if (at >= 0) SALE_LISTENERS.splice(at, 1);
  };
}

/** A transaction's lines in order (its drawer). */
export async function transactionLines(tx: Tx, tenantId: number, txnId: number, at: Date) {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select line_no, sku_id, sku_code, epc, qty, unit_price::text as unit_price, discount::text as discount,
               amount::text as amount, original_txn_no
          from pos_transaction_lines
         where tenant_id = ${tenantId} and created_at = ${at.toISOString()}::timestamptz and txn_id = ${txnId}
         order by line_no`,
  );
  return rows.map((r) => ({
    lineNo: Number(r.line_no),
    skuId: r.sku_id == null ? null : Number(r.sku_id),
    skuCode: String(r.sku_code ?? ''),
    epc: (r.epc as string | null) ?? null,
    qty: Number(r.qty),
    unitPrice: String(r.unit_price),
    discount: String(r.discount),
    amount: String(r.amount),
    originalTxnNo: String(r.original_txn_no ?? ''),
  }));
}
