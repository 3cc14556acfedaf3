import { STOCK_MOVE_KIND } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Tx } from '../src/db/client.js';
import { onHandOf, postStockMoves, resetByCount, type StockMove } from '../src/modules/stock/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/** A transaction the test rolls back: each property run starts from the same book. */
class Rollback extends Error {}
async function inRollback(t: TestApp, fn: (tx: Tx) => Promise<void>) {
  await t.ctx.db
    .transaction(async (tx) => {
      await fn(tx);
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
}

/** The stock ledger (issue 30, ../shared/operations.md §9): movements add up, a count resets, the journal says why. */
describe(`stock ledger on ${DRIVER}`, () => {
  let t: TestApp;
  let tenantId: number;
  let site: number;
  let room: number;
  let skus: number[];

  beforeAll(async () => {
    t = await startTestApp();
    [{ id: tenantId }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    [{ id: site }] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code = 'ST004'`,
    );
    [{ id: room }] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code = 'ST004-SR'`,
    );
    skus = (
      await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from goods_skus where tenant_id = ${tenantId} order by id limit 3`)
    ).map((r) => r.id);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const kinds = ['RECEIVED', 'RETURNED', 'SOLD', 'SHIPPED', 'ADJUSTED'] as const;
  const moveArb = fc.record({
    sku: fc.integer({ min: 0, max: 2 }),
    kind: fc.constantFrom(...kinds),
    qty: fc.integer({ min: 0, max: 50 }),
    inRoom: fc.boolean(),
  });
  const sign = (m: { kind: string; qty: number }) => (m.kind === 'SOLD' || m.kind === 'SHIPPED' ? -m.qty : m.qty);
  const toMove = (m: { sku: number; kind: (typeof kinds)[number]; qty: number; inRoom: boolean }): StockMove => ({
    siteId: site,
    zoneId: m.inRoom ? room : null,
    skuId: skus[m.sku],
    kind: m.kind,
    qty: m.kind === 'ADJUSTED' && m.qty % 2 ? -m.qty : m.qty,
    docType: 'test',
    docCode: 'T-1',
  });

  it('movements add up: the book is the sum of what moved, whether posted at once or one by one, site and zone alike', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(moveArb, { maxLength: 30 }), fc.boolean(), async (raw, oneByOne) => {
        const moves = raw.map(toMove);
        await inRollback(t, async (tx) => {
          const before = await onHandOf(tx, tenantId, site, skus);
          if (oneByOne) for (const m of moves) await postStockMoves(tx, tenantId, [m]);
          else await postStockMoves(tx, tenantId, moves);
          const after = await onHandOf(tx, tenantId, site, skus);
          for (const sku of skus) {
            const want = moves.filter((m) => m.skuId === sku).reduce((a, m) => a + sign(m), 0);
            expect((after.get(sku) ?? 0) - (before.get(sku) ?? 0)).toBe(want);
          }
          // every row: on hand = counted + received + returned − sold − shipped ± adjusted
          const rows = await queryRows<Row>(
            tx,
            sql`select * from stock_sku_locations where tenant_id = ${tenantId} and site_id = ${site} and sku_id = any(${`{${skus}}`}::bigint[])`,
          );
          for (const r of rows)
            expect(r.on_hand).toBe(r.counted_qty + r.received_since + r.returned_since - r.sold_since - r.shipped_since + r.adjusted_since);
          // the journal holds each movement of a piece or more
          const [{ n }] = await queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from stock_moves where tenant_id = ${tenantId} and doc_code = 'T-1'`,
          );
          expect(n).toBe(moves.filter((m) => m.qty !== 0).length);
        });
      }),
      { numRuns: 25 },
    );
  });

  it('a sale then its return leaves the book as it was', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 9 }), async (i, qty) => {
        await inRollback(t, async (tx) => {
          const before = (await onHandOf(tx, tenantId, site, [skus[i]])).get(skus[i]) ?? 0;
          await postStockMoves(tx, tenantId, [
            { siteId: site, skuId: skus[i], kind: 'SOLD', qty, docType: 'store/cashier', docCode: 'S1' },
          ]);
          expect((await onHandOf(tx, tenantId, site, [skus[i]])).get(skus[i])).toBe(before - qty);
          await postStockMoves(tx, tenantId, [
            { siteId: site, skuId: skus[i], kind: 'RETURNED', qty, docType: 'store/cashier', docCode: 'R1' },
          ]);
          expect((await onHandOf(tx, tenantId, site, [skus[i]])).get(skus[i])).toBe(before);
        });
      }),
      { numRuns: 10 },
    );
  });

  it('a count resets the book of its scope to what was counted, movements after its end kept on top', async () => {
    await inRollback(t, async (tx) => {
      // received before the count ended (the count saw them)
      const earlier = new Date(Date.now() - 120_000);
      await postStockMoves(tx, tenantId, [
        { siteId: site, skuId: skus[0], kind: 'RECEIVED', qty: 10, at: earlier },
        { siteId: site, skuId: skus[1], kind: 'RECEIVED', qty: 4, at: earlier },
        { siteId: site, skuId: skus[2], kind: 'RECEIVED', qty: 7, at: earlier },
      ]);
      const before = await onHandOf(tx, tenantId, site, skus);
      const finished = new Date(Date.now() - 60_000);
      // a sale after the count ended (journalled now, after `finished`)
      await postStockMoves(tx, tenantId, [{ siteId: site, skuId: skus[0], kind: 'SOLD', qty: 1, docType: 'store/cashier', docCode: 'S9' }]);
      const reset = await resetByCount(tx, tenantId, {
        siteId: site,
        skuIds: skus,
        counted: new Map([
          [skus[0], 8],
          [skus[1], 4],
        ]),
        at: finished,
        docType: 'store/inventory',
        docCode: 'PD-1',
      });
      const after = await onHandOf(tx, tenantId, site, skus);
      expect(after.get(skus[0])).toBe(7); // 8 counted, 1 sold since
      expect(after.get(skus[1])).toBe(4);
      expect(after.get(skus[2])).toBe(0); // in scope, not found
      expect(reset.find((r) => r.skuId === skus[2])).toMatchObject({ before: before.get(skus[2]), after: 0 });
      const [row] = await queryRows<Row>(
        tx,
        sql`select * from stock_sku_locations where tenant_id = ${tenantId} and site_id = ${site} and zone_id = 0 and sku_id = ${skus[0]}`,
      );
      expect(row).toMatchObject({ counted_qty: 8, on_hand: 7, received_since: 0, sold_since: 0 });
      expect(row.on_hand).toBe(row.counted_qty + row.adjusted_since);
      const journal = await queryRows<Row>(
        tx,
        sql`select kind, qty, on_hand, site_name, sku_code from stock_moves where tenant_id = ${tenantId} and doc_code = 'PD-1' and sku_id = ${skus[0]}`,
      );
      expect(journal).toEqual([expect.objectContaining({ kind: STOCK_MOVE_KIND.COUNTED, qty: 8, on_hand: 7 })]);
      expect(journal[0].site_name).not.toBe('');
      expect(journal[0].sku_code).not.toBe('');
    });
  });

  it('a zone count resets its zone and carries its difference to the site', async () => {
    await inRollback(t, async (tx) => {
      await postStockMoves(tx, tenantId, [
        { siteId: site, zoneId: room, skuId: skus[0], kind: 'RECEIVED', qty: 6, at: new Date(Date.now() - 60_000) },
      ]);
      const site0 = (await onHandOf(tx, tenantId, site, [skus[0]])).get(skus[0]) ?? 0;
      // the room's book before (a seeded count of the room may have left some there)
      const [room0] = await queryRows<Row>(
        tx,
        sql`select on_hand from stock_sku_locations where tenant_id = ${tenantId} and site_id = ${site} and zone_id = ${room} and sku_id = ${skus[0]}`,
      );
      await resetByCount(tx, tenantId, {
        siteId: site,
        zoneIds: [room],
        skuIds: [skus[0]],
        counted: new Map([[`${room} ${skus[0]}`, 4]]),
        at: new Date(),
      });
      const [zone] = await queryRows<Row>(
        tx,
        sql`select on_hand from stock_sku_locations where tenant_id = ${tenantId} and site_id = ${site} and zone_id = ${room} and sku_id = ${skus[0]}`,
      );
      expect(zone.on_hand).toBe(4);
      expect((await onHandOf(tx, tenantId, site, [skus[0]])).get(skus[0])).toBe(site0 + 4 - room0.on_hand);
    });
  });

  it('refuses a negative sale, and lists the journal newest first on store/inventory for demo, its own store only for store01', async () => {
    await expect(
      inRollback(t, (tx) => postStockMoves(tx, tenantId, [{ siteId: site, skuId: skus[0], kind: 'SOLD', qty: -1 }])),
    ).rejects.toThrow(/SOLD movement of -1/);
    await t.ctx.db.transaction((tx) =>
      postStockMoves(tx, tenantId, [
        { siteId: site, skuId: skus[0], kind: 'RECEIVED', qty: 3, docType: 'warehouse/bill', docCode: 'BL-LEDGER-1' },
      ]),
    );
    const demo = await t.login('demo', 'demo123');
    const r = await t.call('POST', '/api/store/stock-moves/list', {
      token: demo,
      body: { pageSize: 20, docCode: 'BL-LEDGER' },
      lang: 'en_US',
    });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data.list).toEqual([expect.objectContaining({ docCode: 'BL-LEDGER-1', qty: 3, kind: STOCK_MOVE_KIND.RECEIVED })]);
    const store01 = await t.login('store01', 'demo1234');
    const s = await t.call('POST', '/api/store/stock-moves/list', {
      token: store01,
      body: { pageSize: 20, docCode: 'BL-LEDGER' },
      lang: 'en_US',
    });
    // store01 is bound to ST001, the movement was at ST004
    expect(s.status === 200 ? s.body.data.list : []).toEqual([]);
  });
});
