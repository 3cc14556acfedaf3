/**
 * A point-of-sale reader's sales (../shared/operations.md §6 E11): the fold marks a tag read by a
 * POS-scene reader sold and records its lifecycle event; here its "sold" presence changes become
 * the till's transactions of source READER — one per reader and second (a basket read at once),
 * numbered `<reader>-<yyyyMMddHHmmss>`, no price — which set the tags SOLD and post the book. Called
 * through the rfid module's presence listeners, in the fold's transaction; a fold that sells
 * nothing costs nothing.
 */
import { LOCATION_KIND } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { pgNumArray } from '../../rfid/state/fold-data.js';
import type { PresenceChange } from '../../rfid/state/index.js';
import { presenceListeners } from '../../rfid/state/listeners.js';
import { postTransaction } from './post.js';

const stamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(0, 14);

/** Posts the transactions the changes' sales make; answers their numbers. */
export async function postReaderSales(tx: Tx, tenantId: number, changes: readonly PresenceChange[]): Promise<string[]> {
  const sold = changes.filter((c) => c.kind === 'sold' && c.locationId != null);
  if (!sold.length) return [];
  const sites = new Map(
    (
      await queryRows<{ id: string | number; site: string | number; kind: number }>(
        tx,
        sql`select l.id, s.id as site, s.kind from locations l join locations s on s.tenant_id = l.tenant_id and s.id = coalesce(l.site_id, l.id)
             where l.tenant_id = ${tenantId} and l.id = any(${pgNumArray([...new Set(sold.map((c) => c.locationId!))])}::bigint[])`,
      )
    )
      .filter((r) => Number(r.kind) === LOCATION_KIND.STORE)
      .map((r) => [Number(r.id), Number(r.site)]),
  );
  const baskets = new Map<string, { storeId: number; reader: string; at: Date; epcs: string[] }>();
  for (const c of sold) {
    const storeId = sites.get(c.locationId!);
    if (storeId === undefined) continue;
    const reader = c.equipmentCoding ?? '';
    const second = new Date(Math.floor(c.at.getTime() / 1000) * 1000);
    const key = `${storeId}|${reader}|${second.getTime()}`;
    const b = baskets.get(key) ?? { storeId, reader, at: second, epcs: [] };
    b.epcs.push(c.epc);
    baskets.set(key, b);
  }
  const out: string[] = [];
  for (const b of baskets.values()) {
    const txnNo = `${b.reader || 'POS'}-${stamp(b.at)}`.slice(0, 64);
    // at most 1,000 lines a document, as a POS's post
    for (let i = 0; i < b.epcs.length; i += 1000) {
      const no = i ? `${txnNo}-${i / 1000 + 1}` : txnNo;
      await postTransaction(
        tx,
        tenantId,
        {
          txnNo: no,
          storeId: b.storeId,
          posCode: b.reader,
          cashier: '',
          kind: 'SALE',
          at: b.at,
          currency: 'CNY',
          source: 'READER',
          lines: b.epcs.slice(i, i + 1000).map((epc) => ({ epc, qty: 1, unitPrice: 0, discount: 0 })),
        },
        { presence: false, events: false },
      );
      out.push(no);
    }
  }
  return out;
}

/** Registers the listener (once, at import of the store module). */
export function posOnReads(): () => void {
  return presenceListeners.on(async (tx, tenantId, changes) => {
    await postReaderSales(tx, tenantId, changes);
  });
}
