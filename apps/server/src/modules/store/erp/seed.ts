/**
 * The demo's ERP stock (../shared/operations.md §11 "ERP stock, differences"): one per stocked site
 * (every site with a book), dated yesterday — the book with a few per cent of noise: a SKU in twelve
 * a piece or two off, one in thirty missing from the ERP, a few the ERP holds that RFID never saw;
 * the flagship ST001 also an older one (eight days ago), the base of its exported list. A seeded
 * random source: every start shows the same picture.
 */
import { ERP_STOCK_SOURCE, randomInt, seededRandom } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { linkSeededCounts } from '../counts/workflow.js';
import { saveErpStock } from './service.js';

const DAY = 86_400_000;

/** The noisy ERP figures of a book. */
export function noisyErp(book: ReadonlyMap<number, number>, extra: readonly number[], random: () => number): Map<number, number> {
  const out = new Map<number, number>();
  for (const [sku, qty] of book) {
    if (qty <= 0) continue;
    const r = random();
    if (r < 1 / 30) continue; // not in the ERP
    if (r < 1 / 30 + 1 / 12) out.set(sku, Math.max(0, qty + (random() < 0.5 ? -1 : 1) * randomInt(random, 1, 2)));
    else out.set(sku, qty);
  }
  for (const sku of extra) if (!book.get(sku)) out.set(sku, randomInt(random, 1, 3));
  return out;
}

/** The stocked sites (id, code) and the ERP stocks made, for the difference lists' seed. */
export async function seedErpDemo(tx: Tx, tenant: { id: number; code: string }): Promise<{ siteId: number; code: string }[]> {
  const tenantId = tenant.id;
  const [had] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from erp_stocks where tenant_id = ${tenantId}`);
  if (had.n > 0) return [];
  const sites = await queryRows<{ id: number; code: string }>(
    tx,
    sql`select l.id::int, l.code from locations l where l.tenant_id = ${tenantId}
          and exists (select 1 from stock_sku_locations s where s.tenant_id = l.tenant_id and s.site_id = l.id and s.zone_id = 0)
        order by l.code`,
  );
  if (!sites.length) return [];
  const books = await queryRows<{ site_id: number; sku_id: number; on_hand: number }>(
    tx,
    sql`select site_id::int, sku_id::int, on_hand from stock_sku_locations where tenant_id = ${tenantId} and zone_id = 0 order by site_id, sku_id`,
  );
  // SKUs of the tenant no site's book holds: what an ERP may list that RFID never saw
  const spare = await queryRows<{ id: number }>(
    tx,
    sql`select k.id::int from goods_skus k where k.tenant_id = ${tenantId} and k.gtin <> ''
          and not exists (select 1 from stock_sku_locations s where s.tenant_id = k.tenant_id and s.sku_id = k.id)
        order by k.id limit 40`,
  );
  const random = seededRandom(`${tenant.code}:erp-stock`);
  const now = Date.now();
  const yesterday = new Date(now - DAY);
  yesterday.setUTCHours(14, 0, 0, 0); // the ERP's nightly snapshot (22:00 in Shanghai)
  const day = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
  const gtins = new Map(
    (await queryRows<{ id: number; gtin: string }>(tx, sql`select id::int, gtin from goods_skus where tenant_id = ${tenantId}`)).map(
      (r) => [r.id, r.gtin],
    ),
  );
  for (const site of sites) {
    const book = new Map(books.filter((b) => b.site_id === site.id).map((b) => [b.sku_id, b.on_hand]));
    const extra = spare.length
      ? Array.from({ length: randomInt(random, 1, 4) }, () => spare[randomInt(random, 0, spare.length - 1)].id)
      : [];
    const stocks = site.code === 'ST001' ? [new Date(yesterday.getTime() - 7 * DAY), yesterday] : [yesterday];
    for (const at of stocks) {
      const erp = noisyErp(book, extra, random);
      await saveErpStock(tx, tenantId, {
        siteId: site.id,
        externRef: `ERP-${site.code}-${day(at)}`,
        time: at,
        source: ERP_STOCK_SOURCE.DEMO,
        lines: [...erp].map(([skuId, qty]) => ({ skuId, gtin: gtins.get(skuId) ?? '', qty })),
      });
    }
  }
  // the counts seeded before: each linked to the ERP stock its site had by its snapshot (an approved one: by its end)
  await linkSeededCounts(tx, tenantId);
  return sites.map((s) => ({ siteId: s.id, code: s.code }));
}
