/**
 * The demo tenant's till (store/cashier): 14 days of sales at ST001–ST003, ST005 and ST006, about 30 transactions a
 * store-day between 10:00 and 21:00 (+08:00), 1–3 pieces each, 6 % returns of pieces sold there
 * before, a few untagged lines; EPCs taken from the tags present at those stores (else registry
 * tags no other demo moves), prices from the SKUs' tag prices. Their effects as a POS's posts would
 * have them — presence sold (returned pieces back in the stock room), tag status, the book posted
 * at each sale's time, a lifecycle event a transaction — written set-based: a few statements a
 * table, so it stays within its budget on PGlite.
 */
import { POS_EAS, POS_KIND, POS_SOURCE, TAG_STATUS, ZONE_TYPE } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { placeOf, recordTagEvent, setTagStatus } from '../../label/tags/index.js';
import { DEMO_READ_TAGS } from '../../rfid/ingest/demo.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';
import { markReturnedByDocument, markSoldByDocument } from '../../rfid/state/index.js';
import { postStockMoves, type StockMove } from '../../stock/index.js';
import { POS_DOC, postTransaction } from './post.js';

// ST004 sells nothing in the demo: its book is its counts' (the counts' stories start there)
export const DEMO_POS_STORES = ['ST001', 'ST002', 'ST003', 'ST005', 'ST006'] as const;
const DAYS = 14;
const PER_DAY = 30;
const RETURN_SHARE = 0.06;
const UNTAGGED_SHARE = 0.03;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** +08:00: the demo stores' business hours are 10:00–21:00 local */
const OFFSET = 8 * HOUR;

function prng(seedText: string) {
  let x = 0;
  for (const c of seedText) x = (x * 31 + c.charCodeAt(0)) % 2_147_483_647;
  x = x || 1;
  return () => {
    x = (x * 48_271) % 2_147_483_647;
    return x / 2_147_483_647;
  };
}

interface Txn {
  id: number;
  no: string;
  store: Store;
  kind: number;
  at: Date;
  lines: { epc: string | null; skuId: number; qty: number; price: number; discount: number; orig: string }[];
  eventId?: number;
}
interface Store {
  id: number;
  code: string;
  name: string;
  room: number;
  pos: string;
}

/** Answers the transactions and lines written (none when the tenant has them already or lacks the stores). */
export async function seedPosDemo(tx: Tx, tenant: { id: number; code: string }): Promise<{ txns: number; lines: number }> {
  const tenantId = tenant.id;
  const [done] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from pos_txn_keys where tenant_id = ${tenantId}`);
  const none = { txns: 0, lines: 0 };
  if (done.n > 0) return none;
  const storeRows = await queryRows<{ id: string | number; code: string; name: string; room: string | number | null; pos: string | null }>(
    tx,
    sql`select s.id, s.code, s.name,
               (select z.id from locations z where z.tenant_id = s.tenant_id and z.site_id = s.id and z.zone_type = ${ZONE_TYPE.STOCK_ROOM} order by z.id limit 1) as room,
               (select e.equipment_coding from equipment e join locations l on l.tenant_id = e.tenant_id and l.id = e.location_id
                 join rfid_scenes c on c.tenant_id = e.tenant_id and c.id = e.scene_id
                 where e.tenant_id = s.tenant_id and coalesce(l.site_id, l.id) = s.id and c.scene_type = 3 order by e.id limit 1) as pos
          from locations s where s.tenant_id = ${tenantId} and s.code = any(${pgTextArray([...DEMO_POS_STORES])}::text[]) order by s.code`,
  );
  if (!storeRows.length) return none;
  const stores: Store[] = storeRows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    name: r.name,
    room: r.room == null ? Number(r.id) : Number(r.room),
    pos: r.pos ?? `POS-${r.code}`,
  }));
  const rnd = prng(`${tenant.code}/pos`);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];

  // the pieces each store sells: tags present there, then registry tags no other demo moves
  const want = Math.ceil(DAYS * PER_DAY * 1.6);
  const present = await queryRows<{ epc: string; sku: string | number; site: string | number }>(
    tx,
    sql`select s.epc, t.sku_id as sku, coalesce(z.site_id, z.id) as site from rfid_epc_states s
          join label_tags t on t.tenant_id = s.tenant_id and t.epc = s.epc
          join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id
         where s.tenant_id = ${tenantId} and s.presence = 'present'
           and coalesce(z.site_id, z.id) = any(${pgNumArray(stores.map((s) => s.id))}::bigint[])`,
  );
  const pool = new Map(stores.map((s) => [s.id, [] as { epc: string; skuId: number }[]]));
  for (const p of present) pool.get(Number(p.site))?.push({ epc: p.epc, skuId: Number(p.sku) });
  // one piece kept aside: it comes back at a till though the tenant never sold it (an abnormal label)
  let odd: { epc: string; skuId: number } | undefined;
  const short = stores.reduce((n, s) => n + Math.max(0, want - pool.get(s.id)!.length), 0) + 1;
  const spare = await queryRows<{ epc: string; sku: string | number }>(
    tx,
    sql`select t.epc, t.sku_id as sku from label_tags t
         where t.tenant_id = ${tenantId} and t.epc <> '' and t.status in (${TAG_STATUS.ENCODED}, ${TAG_STATUS.RECEIVED}, ${TAG_STATUS.SHIPPED}, ${TAG_STATUS.GENERATED})
           and not exists (select 1 from rfid_epc_states s where s.tenant_id = t.tenant_id and s.epc = t.epc)
           and not exists (select 1 from wms_carton_epcs c where c.tenant_id = t.tenant_id and c.epc = t.epc)
         order by t.id offset ${DEMO_READ_TAGS} limit ${short}`,
  );
  const last = spare.pop();
  if (last) odd = { epc: last.epc, skuId: Number(last.sku) };
  else
    for (const s of stores) {
      const p = pool.get(s.id)!;
      if (!odd && p.length) odd = p.pop();
    }
  let at = 0;
  for (const s of stores) {
    const list = pool.get(s.id)!;
    while (list.length < want && at < spare.length) list.push({ epc: spare[at].epc, skuId: Number(spare[at++].sku) });
  }
  const skuRows = await queryRows<{ id: string | number; price: string | null }>(
    tx,
    sql`select id, price::text as price from goods_skus where tenant_id = ${tenantId} order by id limit 400`,
  );
  if (!skuRows.length) return none;
  const priceOf = new Map(skuRows.map((r) => [Number(r.id), r.price ? Number(r.price) : 0]));
  const skuIds = skuRows.map((r) => Number(r.id));
  const prices = async (ids: number[]) => {
    const missing = ids.filter((id) => !priceOf.has(id));
    if (missing.length)
      for (const r of await queryRows<{ id: string | number; price: string | null }>(
        tx,
        sql`select id, price::text as price from goods_skus where tenant_id = ${tenantId} and id = any(${pgNumArray(missing)}::bigint[])`,
      ))
        priceOf.set(Number(r.id), r.price ? Number(r.price) : 0);
  };
  await prices([...pool.values()].flatMap((l) => l.map((p) => p.skuId)));
  const price = (skuId: number) => priceOf.get(skuId) || 99 + 20 * (skuId % 15);

  // the transactions, oldest first
  const now = Date.now();
  const today = Math.floor((now + OFFSET) / DAY) * DAY - OFFSET;
  const txns: Txn[] = [];
  const soldAt = new Map<string, Txn>();
  for (const s of stores) {
    const list = pool.get(s.id)!;
    let next = 0;
    const soldHere: string[] = [];
    for (let d = DAYS - 1; d >= 0; d--) {
      const n = PER_DAY - 6 + Math.floor(rnd() * 13);
      const times = Array.from({ length: n }, () => today - d * DAY + 10 * HOUR + Math.floor(rnd() * 11 * HOUR)).sort((a, b) => a - b);
      let seq = 0;
      for (const t of times) {
        if (t > now - 5 * 60_000) continue;
        seq++;
        const at = new Date(t);
        const no = `${s.code}-${new Date(t + OFFSET).toISOString().slice(0, 10).replace(/-/g, '')}-${String(seq).padStart(4, '0')}`;
        if (rnd() < RETURN_SHARE && soldHere.length > 3) {
          const epc = soldHere.splice(Math.floor(rnd() * soldHere.length), 1)[0];
          const orig = soldAt.get(epc)!;
          const line = orig.lines.find((l) => l.epc === epc)!;
          txns.push({
            id: 0,
            no,
            store: s,
            kind: POS_KIND.RETURN,
            at,
            lines: [{ epc, skuId: line.skuId, qty: -1, price: line.price, discount: line.discount, orig: orig.no }],
          });
          soldAt.delete(epc);
          continue;
        }
        const pieces = 1 + Math.floor(rnd() * rnd() * 3);
        const txn: Txn = { id: 0, no, store: s, kind: POS_KIND.SALE, at, lines: [] };
        for (let p = 0; p < pieces; p++) {
          if (rnd() < UNTAGGED_SHARE || next >= list.length) {
            // an untagged piece of a SKU the store carries
            const skuId = list.length ? list[Math.floor(rnd() * list.length)].skuId : pick(skuIds);
            txn.lines.push({ epc: null, skuId, qty: 1 + Math.floor(rnd() * 2), price: price(skuId), discount: 0, orig: '' });
            continue;
          }
          const piece = list[next++];
          const base = price(piece.skuId);
          const discount = rnd() < 0.25 ? Math.round(base * 0.2) : 0;
          txn.lines.push({ epc: piece.epc, skuId: piece.skuId, qty: 1, price: base, discount, orig: '' });
          soldHere.push(piece.epc);
          soldAt.set(piece.epc, txn);
        }
        txns.push(txn);
      }
    }
  }
  if (!txns.length) return none;

  // ids, lifecycle events (one a transaction of tagged pieces), then the rows
  const ids = await queryRows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('pos_transactions', 'id')) as id from generate_series(1, ${txns.length})`,
  );
  txns.forEach((t, i) => {
    t.id = Number(ids[i].id);
  });
  const places = new Map<number, Awaited<ReturnType<typeof placeOf>>>();
  for (const t of txns) {
    const epcs = t.lines.map((l) => l.epc).filter((e): e is string => !!e);
    if (!epcs.length) continue;
    const ret = t.kind === POS_KIND.RETURN;
    const locationId = ret ? t.store.room : t.store.id;
    let place = places.get(locationId);
    if (!place) {
      place = await placeOf(tx, tenantId, locationId);
      places.set(locationId, place);
    }
    t.eventId = await recordTagEvent(
      tx,
      {
        tenantId,
        eventTime: t.at,
        recordTime: new Date(t.at.getTime() + 2000),
        action: 'OBSERVE',
        bizStep: ret ? 'receiving' : 'retail_selling',
        disposition: ret ? 'returned' : 'retail_sold',
        locationId,
        reader: t.store.pos,
        bizTransactions: [{ type: 'inv', id: t.no }],
        epcs,
        source: POS_DOC,
      },
      place,
    );
  }
  const total = (t: Txn) =>
    t.lines.reduce((s, l) => s + Math.round(l.qty * l.price * 100) - Math.sign(l.qty) * Math.round(l.discount * 100), 0) / 100;
  await tx.execute(
    sql`insert into pos_txn_keys (tenant_id, store_id, txn_no, txn_at, txn_id)
        select ${tenantId}, u.store, u.no, u.at, u.id
          from unnest(${pgNumArray(txns.map((t) => t.store.id))}::bigint[], ${pgTextArray(txns.map((t) => t.no))}::text[],
                      ${pgTextArray(txns.map((t) => t.at.toISOString()))}::timestamptz[], ${pgNumArray(txns.map((t) => t.id))}::bigint[])
               as u(store, no, at, id)`,
  );
  await tx.execute(
    sql`insert into pos_transactions (tenant_id, id, created_at, txn_no, store_id, store_code, store_name, pos_code, cashier, kind,
          currency, total, line_count, eas, source, event_ids, recorded_at)
        select ${tenantId}, u.id, u.at, u.no, u.store, u.code, u.name, u.pos, u.cashier, u.kind, 'CNY', u.total, u.lines,
               ${POS_EAS.DONE}, ${POS_SOURCE.API}, u.events::jsonb, u.at + interval '2 seconds'
          from unnest(${pgNumArray(txns.map((t) => t.id))}::bigint[], ${pgTextArray(txns.map((t) => t.at.toISOString()))}::timestamptz[],
                      ${pgTextArray(txns.map((t) => t.no))}::text[], ${pgNumArray(txns.map((t) => t.store.id))}::bigint[],
                      ${pgTextArray(txns.map((t) => t.store.code))}::text[], ${pgTextArray(txns.map((t) => t.store.name))}::text[],
                      ${pgTextArray(txns.map((t) => t.store.pos))}::text[],
                      ${pgTextArray(txns.map((t) => `C${t.store.code.slice(-2)}${String(1 + (t.id % 3)).padStart(2, '0')}`))}::text[],
                      ${pgNumArray(txns.map((t) => t.kind))}::smallint[], ${pgTextArray(txns.map((t) => total(t).toFixed(2)))}::numeric[],
                      ${pgNumArray(txns.map((t) => t.lines.length))}::int[],
                      ${pgTextArray(txns.map((t) => JSON.stringify(t.eventId ? [t.eventId] : [])))}::text[])
               as u(id, at, no, store, code, name, pos, cashier, kind, total, lines, events)`,
  );
  const lines = txns.flatMap((t) => t.lines.map((l, i) => ({ t, l, n: i + 1 })));
  const codes = new Map(
    (
      await queryRows<{ id: string | number; code: string }>(
        tx,
        sql`select id, sku_barcode as code from goods_skus where tenant_id = ${tenantId}
             and id = any(${pgNumArray([...new Set(lines.map((x) => x.l.skuId))])}::bigint[])`,
      )
    ).map((r) => [Number(r.id), r.code]),
  );
  for (let i = 0; i < lines.length; i += 5000) {
    const part = lines.slice(i, i + 5000);
    await tx.execute(
      sql`insert into pos_transaction_lines (tenant_id, created_at, txn_id, line_no, sku_id, sku_code, epc, qty, unit_price, discount, amount, original_txn_no)
          select ${tenantId}, u.at, u.txn, u.n, u.sku, u.code, u.epc, u.qty, u.price, u.discount, u.qty * u.price - sign(u.qty) * u.discount, u.orig
            from unnest(${pgTextArray(part.map((x) => x.t.at.toISOString()))}::timestamptz[], ${pgNumArray(part.map((x) => x.t.id))}::bigint[],
                        ${pgNumArray(part.map((x) => x.n))}::int[], ${pgNumArray(part.map((x) => x.l.skuId))}::bigint[],
                        ${pgTextArray(part.map((x) => codes.get(x.l.skuId) ?? ''))}::text[], ${pgTextArray(part.map((x) => x.l.epc))}::text[],
                        ${pgNumArray(part.map((x) => x.l.qty))}::int[], ${pgTextArray(part.map((x) => x.l.price.toFixed(2)))}::numeric[],
                        ${pgTextArray(part.map((x) => x.l.discount.toFixed(2)))}::numeric[], ${pgTextArray(part.map((x) => x.l.orig))}::text[])
                 as u(at, txn, n, sku, code, epc, qty, price, discount, orig)`,
    );
  }

  // effects: each piece's last move (sold, or back in the stock room), the book at each transaction's time
  const lastMove = new Map<string, { t: Txn; sold: boolean }>();
  for (const t of txns) for (const l of t.lines) if (l.epc) lastMove.set(l.epc, { t, sold: l.qty > 0 });
  const final = [...lastMove.entries()];
  await markSoldByDocument(
    tx,
    tenantId,
    final.filter(([, v]) => v.sold).map(([epc, v]) => ({ epc, at: v.t.at, locationId: v.t.store.id, equipment: v.t.store.pos })),
  );
  await markReturnedByDocument(
    tx,
    tenantId,
    final.filter(([, v]) => !v.sold).map(([epc, v]) => ({ epc, at: v.t.at, locationId: v.t.store.room, equipment: v.t.store.pos })),
  );
  await setTagStatus(
    tx,
    tenantId,
    final.filter(([, v]) => v.sold).map(([epc]) => epc),
    TAG_STATUS.SOLD,
  );
  await setTagStatus(
    tx,
    tenantId,
    final.filter(([, v]) => !v.sold).map(([epc]) => epc),
    TAG_STATUS.RECEIVED,
  );
  const moves: StockMove[] = lines.map(({ t, l }) => ({
    siteId: t.store.id,
    zoneId: l.qty < 0 && t.store.room !== t.store.id ? t.store.room : null,
    skuId: l.skuId,
    kind: l.qty < 0 ? 'RETURNED' : 'SOLD',
    qty: Math.abs(l.qty),
    at: t.at,
    docType: POS_DOC,
    docCode: t.no,
  }));
  await postStockMoves(tx, tenantId, moves);

  // a piece brought back at ST002's till that the tenant never sold: the return is taken, and an
  // abnormal label (RETURN_UNSOLD) raised — through the till's own post
  const s = stores[1] ?? stores[0];
  if (odd) {
    await postTransaction(tx, tenantId, {
      txnNo: `${s.code}-${new Date(now - 2 * HOUR + OFFSET).toISOString().slice(0, 10).replace(/-/g, '')}-R900`,
      storeId: s.id,
      posCode: s.pos,
      cashier: `C${s.code.slice(-2)}01`,
      kind: 'RETURN',
      at: new Date(now - 2 * HOUR),
      currency: 'CNY',
      source: 'API',
      lines: [{ epc: odd.epc, skuId: odd.skuId, qty: -1, unitPrice: price(odd.skuId), discount: 0 }],
    });
  }
  return { txns: txns.length + (odd ? 1 : 0), lines: lines.length + (odd ? 1 : 0) };
}
