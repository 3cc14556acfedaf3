// Goods search at volume: fills GOODS_SKUS SKUs (default 1,000,000: 100,000 styles × 10 SKUs) for
// the tenant DEMO, plus a fifth as many for ACME (noise in the same tables), by generate_series in
// chunks, each SKU with a valid GTIN-13; then measures over HTTP the searches of the goods screen,
// first page of 20 rows in style-number order: style number, barcode and name PREFIX on
// `POST /api/tenant/goods/list`, SKU barcode and GTIN prefix on `POST /api/tenant/goods/list-by-sku`.
// Prints p50/p95/p99 per search. Goal: p99 ≤ 50 ms. PGlite by default; PostgreSQL 15 with
// BENCH_PG_URL=<admin url>, or BENCH_PG=1 to start a throwaway server. GOODS_EXPLAIN=1 prints the
// plans of the queries each search runs (EXPLAIN ANALYZE, BUFFERS).
import { sql } from 'drizzle-orm';
import { benchDatabase, demoTenants, explainRequest, loadAverage, pct, printFloor } from './lib.js';

const SKUS = Number(process.env.GOODS_SKUS ?? 1_000_000);
const PER_STYLE = 10;
const CHUNK = Number(process.env.GOODS_CHUNK ?? 20_000); // styles per statement
const RUNS = Number(process.env.GOODS_RUNS ?? 200);

const pgServer = await benchDatabase();
const { startTestApp } = await import('../apps/server/test/support.js');
const { queryRows } = await import('../apps/server/src/db/client.js');

const NAMES = [
  '真丝印花衬衫',
  '羊绒圆领针织衫',
  '高腰A字半身裙',
  '垂感阔腿西裤',
  '收腰碎花连衣裙',
  '双排扣中长风衣',
  '纯棉圆领T恤',
  '珠地棉POLO衫',
  '水洗直筒牛仔裤',
  '连帽短款羽绒服',
];
/**
 * The GS1 weighted sum of the 10 digits of v (positions 3–12 of a GTIN-13 body '69' + v; '6','9'
 * weigh 6·1 + 9·3 = 33): position 3 weighs 1, 4 weighs 3 … (from the right: 3, 1, 3 …).
 */
const CHECK_SUM = Array.from({ length: 10 }, (_, j) => `${j % 2 === 0 ? 1 : 3} * (v / ${10 ** (9 - j)} % 10)`).join(' + ');
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

const t = await startTestApp();
try {
  console.log(`database: ${t.database.describe}${pgServer ? ` (${pgServer.version})` : ''}`);
  const { demo, acme } = await demoTenants(t);
  /** styles BS000001… (barcode BC…, a name of NAMES and the number), each with PER_STYLE SKUs (style + 2 digits, GTIN 69 + 10 digits + check). */
  const fill = async (tenant: number, styles: number, gtinBase: number) => {
    for (let done = 0; done < styles; ) {
      const n = Math.min(CHUNK, styles - done);
      await t.ctx.db.execute(
        sql.raw(`insert into goods (tenant_id, style_number, barcode, goods_name, ident_type, big_type, middle_type, small_type, status)
          select ${tenant}, 'BS' || lpad(g::text, 6, '0'), 'BC' || lpad(g::text, 7, '0'),
                 (${arr(NAMES)})[1 + g % ${NAMES.length}] || ' ' || g, 1, (array['女装','男装'])[1 + g % 2], '上装', '衬衫', 1
          from generate_series(${done + 1}, ${done + n}) g`),
      );
      // the goods of this chunk, by style number (the unique index is back only at the end: a scan of the tenant's goods)
      await t.ctx.db.execute(
        sql.raw(`insert into goods_skus (tenant_id, goods_id, colour, size, sku_barcode, gtin, price)
          select ${tenant}, s.id, (array['黑色','米白','藏青','卡其','酒红'])[1 + k % 5], (array['S','M','L','XL','XXL'])[1 + k / 2],
                 s.style_number || lpad(k::text, 2, '0'), '69' || lpad(v::text, 10, '0') || ((10 - (33 + ${CHECK_SUM}) % 10) % 10)::text, 299
          from goods s cross join generate_series(0, ${PER_STYLE - 1}) k
          cross join lateral (select ${gtinBase} + (substr(s.style_number, 3)::bigint) * ${PER_STYLE} + k as v) body
          where s.tenant_id = ${tenant} and s.style_number between 'BS${String(done + 1).padStart(6, '0')}' and 'BS${String(done + n).padStart(6, '0')}'`),
      );
      done += n;
    }
  };
  const t0 = performance.now();
  const styles = Math.round(SKUS / PER_STYLE);
  // a bulk load: the secondary indexes go first and are built once at the end (row by row, seven
  // indexes over a million rows take PGlite an hour); the data is generated unique and consistent
  const indexes = await queryRows<{ name: string; def: string }>(
    t.ctx.db,
    sql`select indexname as name, indexdef as def from pg_indexes where tablename in ('goods', 'goods_skus') and indexname not like '%_pk'`,
  );
  for (const ix of indexes) await t.ctx.db.execute(sql.raw(`drop index ${ix.name}`));
  await fill(demo, styles, 0);
  await fill(acme, Math.round(styles / 5), 5_000_000_000);
  for (const ix of indexes) await t.ctx.db.execute(sql.raw(ix.def));
  await t.ctx.db.execute(sql`vacuum analyze goods`);
  await t.ctx.db.execute(sql`vacuum analyze goods_skus`);
  const [{ n }] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from goods_skus where tenant_id = ${demo}`);
  console.log(
    `filled ${n.toLocaleString('en')} SKUs of ${styles.toLocaleString('en')} styles for DEMO (+ a fifth for ACME) in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  const { isValidGtin } = await import('@tagloom/domain');
  const sample = await queryRows<{ gtin: string }>(t.ctx.db, sql`select gtin from goods_skus tablesample system (1) limit 2000`);
  if (!sample.every((r) => isValidGtin(r.gtin))) throw new Error('a filled GTIN has a wrong check digit');
  const gtin = (
    await queryRows<{ gtin: string }>(t.ctx.db, sql`select gtin from goods_skus where tenant_id = ${demo} and sku_barcode = 'BS04242403'`)
  )[0]?.gtin;

  const token = await t.login('demo', 'demo123');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const post = async (path: string, body: unknown, rows: number) => {
    const s = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/tenant/goods/${path}`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: { list: unknown[]; total: number } };
    if (json.code !== 200 || json.data.list.length !== rows) throw new Error(`unexpected answer ${JSON.stringify(json).slice(0, 300)}`);
    return { ms: performance.now() - s, total: json.data.total };
  };
  const measure = async (name: string, path: string, body: Record<string, unknown>, rows = 20) => {
    if (process.env.GOODS_EXPLAIN === '1') await explainRequest(t, token, `/api/tenant/goods/${path}`, body, 'goods');
    for (let i = 0; i < 10; i++) await post(path, body, rows);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await post(path, body, rows);
      times.push(r.ms);
      total = r.total;
    }
    console.log(
      `${name}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${RUNS} requests; total ${total})`,
    );
  };
  await printFloor(`http://127.0.0.1:${port}`, token, RUNS);
  console.log(`goods search at ${n.toLocaleString('en')} SKUs of the tenant, first page of 20, by style number:`);
  const page = { page: 1, pageSize: 20 };
  await measure('  style number prefix bs0424 (100 styles)', 'list', { ...page, styleNumber: 'bs0424' });
  await measure('  style number prefix BS04 (10,000 styles)', 'list', { ...page, styleNumber: 'BS04' });
  await measure('  barcode prefix BC00424 (100 styles)', 'list', { ...page, barcode: 'BC00424' });
  await measure('  name prefix 真丝印花衬衫 42 (111 styles)', 'list', { ...page, goodsName: '真丝印花衬衫 42' });
  await measure('  name prefix 真丝 (a tenth of the styles)', 'list', { ...page, goodsName: '真丝' });
  await measure('  SKU barcode prefix BS042424 (1 style)', 'list-by-sku', { ...page, sku: 'BS042424' }, 1);
  await measure('  SKU barcode prefix BS0424 (100 styles)', 'list-by-sku', { ...page, sku: 'BS0424' });
  if (gtin) await measure(`  GTIN ${gtin} (1 style)`, 'list-by-sku', { ...page, sku: gtin }, 1);
  if (gtin)
    await measure(`  GTIN prefix ${gtin.slice(0, 10)} (100 SKUs, 10 styles)`, 'list-by-sku', { ...page, sku: gtin.slice(0, 10) }, 10);
  console.log(`load average: ${loadAverage()}`);
} finally {
  await t.close();
  pgServer?.stop();
}
