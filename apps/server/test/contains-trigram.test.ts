// Contains searches read trigram indexes (issue 28, item 9; migration 0045): every text field a
// served declaration searches by "contains" (search: 'like', col ILIKE '%v%') has its
// gin (col gin_trgm_ops) index in the live database, and the list's query over a filled table
// reads it (a Bitmap Index Scan) rather than the whole table. On PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { createHash } from 'node:crypto';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../src/core/context.js';
import type { ResourceService } from '../src/core/resource/service.js';
import { queryRows } from '../src/db/client.js';
import { snake, trigramIndexName } from '../src/db/resource-table.js';
import { startTestApp, type TestApp } from './support.js';

/** Rows of DEMO's code tables the plans are taken over: enough that the planner's choice is the index's. */
const ROWS = 20_000;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
/**
 * Row g's name md5(g) and code upper(md5('c' || g)) cut to 12: hex, so that values share few
 * trigrams, as real names do (numbered ones share so many that the planner rightly reads the tenant's rows instead).
 */
const nameOf = (g: number) => md5(String(g));
const codeOf = (g: number) => md5(`c${g}`).slice(0, 12).toUpperCase();
/** 8 characters from the middle of row 1234's name, in capitals (a contains search is any case). */
const NEEDLE = nameOf(1234).slice(10, 18).toUpperCase();
/** 7 characters from the middle of row 1234's code, in small letters. */
const CODE_NEEDLE = codeOf(1234).slice(3, 10).toLowerCase();

describe('contains searches (search: like) and their trigram indexes', () => {
  let t: TestApp;
  let demo: SessionInfo;
  let codeTables: ResourceService;

  beforeAll(async () => {
    t = await startTestApp();
    const [{ id }] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    demo = {
      tokenHash: '',
      tenantId: id,
      tenantCode: 'DEMO',
      userId: 1,
      userCode: '',
      username: '',
      userType: 1,
      loginType: 'web',
      lang: 'en_US',
    };
    codeTables = t.services.resources.get('tenant/code-table')!;
    await t.ctx.db.execute(sql`
      insert into code_tables (tenant_id, code, name, status, remark)
        select ${id}, upper(left(md5('c' || g), 12)), md5(g::text), 1, '' from generate_series(1, ${ROWS}) g`);
    await t.ctx.db.execute(sql`analyze code_tables`);
  }, 180_000);
  afterAll(() => t?.close());

  it('gives every served text field searched by contains a gin_trgm_ops index on its column', async () => {
    const indexes = await queryRows<{ table: string; name: string; def: string }>(
      t.ctx.db,
      sql`select tablename as table, indexname as name, indexdef as def from pg_indexes where indexdef like '%gin_trgm_ops%'`,
    );
    const byName = new Map(indexes.map((i) => [`${i.table}.${i.name}`, i.def]));
    const wanted: string[] = [];
    for (const svc of t.services.resources.values())
      for (const f of svc.def.list)
        if (f.search === 'like' && f.stored !== false) {
          expect(['text', 'textarea'], `${svc.def.code}.${f.key}`).toContain(f.kind);
          const table = getTableName(svc.table);
          const name = trigramIndexName(table, f.key);
          wanted.push(`${table}.${name}`);
          expect(byName.get(`${table}.${name}`), `${svc.def.code}.${f.key}: ${name}`).toMatch(
            new RegExp(`USING gin \\(${snake(f.key)} gin_trgm_ops\\)$`),
          );
        }
    // many of them (the declarations have dozens), and no trigram index no contains search reads
    expect(wanted.length).toBeGreaterThan(50);
    expect([...byName.keys()].filter((k) => !wanted.includes(k))).toEqual([]);
  });

  /** EXPLAIN of the list page's query (scope, filters and order of the service) with seq scans off, as one text. */
  async function plan(filter: Record<string, string>): Promise<string> {
    const where: SQL | undefined = codeTables.scope(demo, ...codeTables.filters(filter, demo));
    const page = t.ctx.db
      .select()
      .from(codeTables.table)
      .where(where)
      .orderBy(...codeTables.order({}))
      .limit(20);
    return t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<Record<string, string>>(tx, sql`explain ${page}`);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
  }

  it('reads the trigram index for a contains search of 3 characters or more, not the whole table', async () => {
    const byName = await plan({ name: NEEDLE });
    expect(byName).toContain('Bitmap Index Scan on code_tables_name_trgm_idx');
    expect(byName).not.toMatch(/Seq Scan/);
    const byCode = await plan({ code: CODE_NEEDLE });
    expect(byCode).toContain('Bitmap Index Scan on code_tables_code_trgm_idx');
    // both at once: each its own index, the bitmaps ANDed (or the more selective one, rechecked)
    const both = await plan({ code: CODE_NEEDLE, name: NEEDLE });
    expect(both).toMatch(/Bitmap Index Scan on code_tables_(code|name)_trgm_idx/);
  });

  it('finds the same rows through the list route as before: any case, anywhere, wildcards literal, short words too', async () => {
    const token = await t.login('demo', 'demo123');
    const list = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/tenant/code-table/list', { token, body: { page: 1, pageSize: 50, ...body } });
      expect(res.body.code).toBe(200);
      return res.body.data as { list: { code: string; name: string }[]; total: number };
    };
    const one = await list({ name: NEEDLE });
    expect(one.list.map((r) => r.code)).toContain(codeOf(1234));
    expect(one.list.every((r) => r.name.includes(NEEDLE.toLowerCase()))).toBe(true);
    expect((await list({ code: CODE_NEEDLE })).list.map((r) => r.code)).toEqual([codeOf(1234)]);
    // a literal % or _ finds nothing here (no name has one), a two-letter word still finds rows
    expect((await list({ name: `${NEEDLE.slice(0, 3)}%${NEEDLE.slice(4)}` })).total).toBe(0);
    expect((await list({ name: `${NEEDLE.slice(0, 3)}_${NEEDLE.slice(4)}` })).total).toBe(0);
    expect((await list({ code: 'a9' })).total).toBeGreaterThan(100);
  });
});
