import * as XLSX from '@e965/xlsx';
import { type ChildSpec, isDocument, type PartyKind, partyFieldsOf, type ResourceDef } from '@tagloom/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServices } from '../src/app.js';
import { badRequest } from '../src/core/errors.js';
import { ResourceService } from '../src/core/resource/service.js';
import { tableOf } from '../src/db/resource-table.js';
import { users } from '../src/db/schema/index.js';
import { sampleRow } from './sample-row.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: tables are built from declarations; columns are looked up by key
type AnyTable = Record<string, any>;
type Row = Record<string, unknown>;

/** Users bound to a party, signed in to see what the line lists show them. */
const BOUND = ['supplier01', 'factory01', 'store01', 'wh01'] as const;

/**
 * Every declared line resource (a declaration's `children`), whichever way its parent is served
 * (the module registry or a module's own ResourceService), is listed under its parent row by
 * POST /api/<parent>/<key>/list, in the parent's scope: its tenant, its screen's rows, and the
 * party of a bound user. The declarations are looped over, not named.
 */
describe(`documents: their lines under their parent row, and their order (${DRIVER})`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const party = new Map<string, { kind: string; id: number }>();
  let parents: { service: ResourceService; child: ChildSpec }[] = [];
  let positive = 0;

  beforeAll(async () => {
    t = await startTestApp();
    for (const [u, p] of [['admin', 'admin123'], ['demo', 'demo123'], ['acme', 'acme123'], ...BOUND.map((u) => [u, 'demo1234'])])
      tokens[u] = await t.login(u, p);
    for (const u of await t.ctx.db
      .select({ username: users.username, kind: users.partyKind, id: users.partyId })
      .from(users)
      .where(and(inArray(users.username, [...BOUND]), isNotNull(users.partyKind))))
      party.set(u.username, { kind: u.kind!, id: Number(u.id) });
    parents = [...t.app.resourceServices.values()].flatMap((service) => (service.def.children ?? []).map((child) => ({ service, child })));
  }, 120_000);
  afterAll(() => t?.close());

  const post = (url: string, token: string, body: unknown) => t.call('POST', `/api${url}`, { token, body, lang: 'en_US' });

  it('finds line resources under parents of both kinds (registry and module-built)', () => {
    const codes = parents.map((p) => `${p.service.def.code}>${p.child.resource.code}`);
    for (const line of ['label/purchase-order-line', 'supply/purchase-order-line', 'supply/packing-line', 'tenant/code-table-item'])
      expect(codes.some((c) => c.endsWith(`>${line}`))).toBe(true);
    // a parent built by its module (dictionary) as well as registry ones
    expect(codes).toContain('general/dictionary>general/dictionary-detail');
  });

  it('lists the lines of a row with the labels of their refs, refuses other tenants, and scopes bound users to their party', async () => {
    const checked: string[] = [];
    for (const { service, child } of parents) {
      const def = service.def;
      const c = child.resource as ResourceDef;
      const what = `${def.code}/${child.key}`;
      const owner = tokens[def.owner === 'platform' ? 'admin' : 'demo'];
      const outsider = tokens[def.owner === 'platform' ? 'demo' : 'acme'];
      const url = `/${def.code}/${child.key}/list`;
      // the parent rows the owner sees, and the one with the most lines
      const listed = await post(`/${def.code}/list`, owner, { page: 1, pageSize: 500 });
      expect([what, listed.status]).toEqual([what, 200]);
      const ids = (listed.body.data.list as Row[]).map((r) => Number(r.id));
      const table = tableOf(c.code) as AnyTable;
      const lines = ids.length
        ? ((await t.ctx.db
            .select()
            .from(table as never)
            .where(inArray(table[child.parentField], ids))) as Row[])
        : [];
      const byParent = new Map<number, Row[]>();
      for (const l of lines) byParent.set(Number(l[child.parentField]), [...(byParent.get(Number(l[child.parentField])) ?? []), l]);
      const [parentId, own] = [...byParent].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
      expect([what, own?.length ?? 0]).not.toEqual([what, 0]);
      const parentRow = (listed.body.data.list as Row[]).find((r) => r.id === parentId)!;

      const got = await post(url, owner, { id: parentId });
      expect([what, got.status]).toEqual([what, 200]);
      const page = got.body.data;
      expect(page.total).toBe(own.length);
      expect((page.list as Row[]).map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
        own.map((r) => Number(r.id)).sort((a, b) => a - b),
      );
      expect(page.list.every((r: Row) => r.tenantId === undefined)).toBe(true);
      // every ref of a line reads by its label (a SKU by its barcode), not by its id
      for (const f of c.list.filter((x) => x.kind === 'ref' && x.key !== child.parentField)) {
        const target = tableOf(f.ref!.resource) as AnyTable;
        for (const r of page.list as Row[]) {
          if (r[f.key] === null || r[f.key] === undefined) continue;
          const [row] = (await t.ctx.db
            .select({ label: target[f.ref!.labelField] })
            .from(target as never)
            .where(eq(target.id, r[f.key]))) as Row[];
          expect([what, f.key, page.refLabels[f.key]?.[String(r[f.key])]]).toEqual([what, f.key, String(row.label)]);
        }
      }
      // paging: one line a page
      const first = await post(url, owner, { id: parentId, page: 1, pageSize: 1 });
      expect([first.body.data.list.length, first.body.data.total]).toEqual([1, own.length]);

      // another tenant (or a tenant user on a platform screen) gets no line, guessed ids included
      for (const guess of [parentId, parentId + 1]) {
        const r = await post(url, outsider, { id: guess });
        expect([what, r.status]).toEqual([what, expect.toBeOneOf([403, 404])]);
        expect(r.body.data?.list).toBeUndefined();
      }
      // no row, no lines
      expect((await post(url, owner, { id: 2_000_000_000 })).status).toBe(404);

      // a user bound to a party sees the lines of its own party's rows only
      if (def.owner === 'tenant')
        for (const u of BOUND) {
          const p = party.get(u)!;
          const fields = partyFieldsOf(def, p.kind as PartyKind);
          // the parent's own scope: every row of a screen without a party scope, else its party's rows
          const mine = def.partyVia ? false : !def.partyScope || fields.some((f) => Number(parentRow[f]) === p.id);
          const holds = (await post(`/${def.code}/list`, tokens[u], { page: 1, pageSize: 1 })).status === 200;
          const r = await post(url, tokens[u], { id: parentId });
          if (mine && holds) {
            expect([what, u, r.status, r.body.data.total]).toEqual([what, u, 200, own.length]);
            positive++;
          } else {
            expect([what, u, r.status]).toEqual([what, u, expect.toBeOneOf([403, 404])]);
            expect(r.body.data?.list).toBeUndefined();
          }
        }
      checked.push(what);
    }
    expect(checked.length).toBe(parents.length);
    // some bound user did see the lines of its own party's row
    expect(positive).toBeGreaterThan(0);
  }, 300_000);

  it("shows a bound supplier the lines of its own orders, and nothing of another supplier's", async () => {
    const supplier = party.get('supplier01')!;
    const orders = tableOf('label/purchase-order') as AnyTable;
    const lineTable = tableOf('label/purchase-order-line') as AnyTable;
    const withLines = (await t.ctx.db
      .selectDistinct({ id: orders.id, supplierId: orders.supplierId })
      .from(orders as never)
      .innerJoin(lineTable as never, eq(lineTable.orderId, orders.id))
      .where(eq(orders.tenantId, await tenantOf(t, 'supplier01')))) as { id: number; supplierId: number | null }[];
    const other = withLines.find((o) => o.supplierId !== null && Number(o.supplierId) !== supplier.id);
    expect(other).toBeDefined();
    // every screen over label orders the supplier may query: its own orders' lines, never another's
    let shown = 0;
    for (const { service, child } of parents.filter((p) => p.child.resource.code === 'label/purchase-order-line')) {
      const url = `/${service.def.code}/${child.key}/list`;
      const seen = await post(`/${service.def.code}/list`, tokens.supplier01, { pageSize: 500 });
      if (seen.status !== 200) continue;
      const own = (seen.body.data.list as Row[]).filter((r) => withLines.some((o) => o.id === r.id));
      for (const r of own) {
        expect(Number(r.supplierId)).toBe(supplier.id);
        const mine = await post(url, tokens.supplier01, { id: r.id });
        expect(mine.status).toBe(200);
        expect(mine.body.data.list.length).toBeGreaterThan(0);
        // the SKU by its barcode, not its id
        const labels = mine.body.data.refLabels.skuId as Record<string, string>;
        for (const line of mine.body.data.list as Row[]) expect(labels[String(line.skuId)]).toMatch(/\D|^\d{8,}$/);
        shown++;
      }
      const refused = await post(url, tokens.supplier01, { id: other!.id });
      expect([service.def.code, refused.status]).toEqual([service.def.code, 404]);
      expect(refused.body.data?.list).toBeUndefined();
    }
    expect(shown).toBeGreaterThan(0);
  });

  describe('the order of a list the user did not sort', () => {
    const owner = (def: ResourceDef) => tokens[def.owner === 'platform' ? 'admin' : 'demo'];
    const documents = () => [...t.app.resourceServices.values()].filter((s) => isDocument(s.def));
    const time = (r: Row) => new Date(String(r.createdAt)).getTime();

    it('lists every document newest first (created time descending, the later id first among rows made together)', async () => {
      expect(documents().length).toBeGreaterThan(5);
      let compared = 0;
      for (const { def } of documents()) {
        const r = await post(`/${def.code}/list`, owner(def), { page: 1, pageSize: 500 });
        expect([def.code, r.status]).toEqual([def.code, 200]);
        const rows = r.body.data.list as Row[];
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1], rows[i]];
          const ok = time(a) > time(b) || (time(a) === time(b) && Number(a.id) > Number(b.id));
          expect([def.code, a.id, b.id, ok]).toEqual([def.code, a.id, b.id, true]);
          compared++;
        }
        // asked, the user's sort wins
        const sortable = def.list.find((f) => f.sort && f.list && f.stored !== false);
        if (sortable) {
          const asked = await post(`/${def.code}/list`, owner(def), { pageSize: 500, sortField: sortable.key, sortOrder: 'asc' });
          expect(asked.status).toBe(200);
          const values = (asked.body.data.list as Row[]).map((x) => x[sortable.key]);
          const sorted = [...values].sort((x, y) => (x === null ? 1 : y === null ? -1 : x! < y! ? -1 : x! > y! ? 1 : 0));
          expect([def.code, values]).toEqual([def.code, sorted]);
        }
      }
      expect(compared).toBeGreaterThan(20);
    });

    it('puts a label order just made at the top, above the seeded ones numbered later', async () => {
      const def = t.app.resourceServices.get('label/purchase-order')!.def;
      const before = (await post('/label/purchase-order/list', tokens.demo, { pageSize: 500 })).body.data.list as Row[];
      const made = await post('/label/purchase-order/create', tokens.demo, { ...sampleRow(def, 'N1'), code: undefined });
      expect(made.status).toBe(200);
      // numbered today: a seeded order may carry a later number, it still sorts below
      expect(before.some((r) => String(r.code) > String(made.body.data.code))).toBe(true);
      const after = await post('/label/purchase-order/list', tokens.demo, { page: 1, pageSize: 20 });
      expect(after.body.data.list[0].id).toBe(made.body.data.id);
      // the console's table sends no sort until its user sorts: the same answer
      const first = await post('/label/purchase-order/list', tokens.demo, {});
      expect(first.body.data.list[0].code).toBe(made.body.data.code);
    });

    it('exports and pages in the same order as the list, across keyset pages and ties', async () => {
      const service = t.app.resourceServices.get('label/purchase-order')!;
      const def = service.def;
      // copies of the tenant's orders made at the same instants as the originals: 200+ rows, ties everywhere
      const table = service.table as AnyTable;
      const demoTenant = await tenantOf(t, 'demo');
      const rows = (await t.ctx.db
        .select()
        .from(table as never)
        .where(eq(table.tenantId, demoTenant))) as Row[];
      const copies: Row[] = [];
      for (let n = 1; copies.length + rows.length <= 260; n++)
        for (const r of rows) {
          const { id: _id, ...rest } = r;
          copies.push({ ...rest, code: `${String(r.code).slice(0, 50)}-K${n}`, status: 1 });
        }
      await t.ctx.db.insert(service.table).values(copies as never);
      const total = rows.length + copies.length;
      const paged: unknown[] = [];
      for (let page = 1; paged.length < total; page++) {
        const r = await post('/label/purchase-order/list', tokens.demo, { page, pageSize: 70 });
        expect(r.body.data.list.length).toBeGreaterThan(0);
        paged.push(...(r.body.data.list as Row[]).map((x) => x.code));
      }
      expect(new Set(paged).size).toBe(total);
      const exp = await t.app.inject({
        method: 'POST',
        url: '/api/label/purchase-order/export',
        headers: { token: tokens.demo, langeType: 'en_US' },
        payload: {},
      });
      expect(exp.statusCode).toBe(200);
      const book = XLSX.read(exp.rawPayload, { type: 'buffer' });
      const [header, ...cells] = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
      const col = (header as string[]).indexOf(def.labels.code.en_US);
      expect(col).toBeGreaterThanOrEqual(0);
      expect(cells.map((c) => c[col])).toEqual(paged);
    });
  });
});

async function tenantOf(t: TestApp, username: string): Promise<number> {
  const [u] = await t.ctx.db.select({ tenantId: users.tenantId }).from(users).where(eq(users.username, username));
  return Number(u.tenantId);
}

/**
 * A line is a row of its own declaration: writing it with its parent runs the line declaration's
 * hooks (its service's, in the module registry) in the parent's transaction — create, update and
 * delete of lines, and the lines that go with a deleted parent — and a refusal undoes the parent too.
 */
describe(`a line's own hooks run when it is written with its parent (${DRIVER})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let token: string;
  const calls: string[] = [];
  const post = async (url: string, body: unknown) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/tenant/code-table/${url}`,
      headers: { token, langeType: 'en_US' },
      payload: body as object,
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: Row & { items?: Row[] } } };
  };
  const item = (value: string, label: string, id?: number) => ({ ...(id ? { id } : {}), value, label });

  beforeAll(async () => {
    t = await startTestApp();
    const services = createServices(t.ctx);
    const line = services.modules.service('tenant/code-table-item');
    // the line declaration's hooks (a module names them as for any of its screens): recorded, one refusal, one stamp
    services.resources.set(
      line.def.code,
      new ResourceService(
        t.ctx,
        line.def,
        line.table,
        {
          async beforeWrite(tx, data, { existing, changes }) {
            const label = String(changes?.label ?? data.label);
            calls.push(`beforeWrite ${existing ? 'update' : 'create'} ${data.value} in ${tx ? 'tx' : '-'}`);
            if (label === 'refused') throw badRequest('validation.codeChars');
            // a hook adjusts a new line before it is written, as on the line's own create
            if (!existing) data.seq = 77;
          },
          async afterWrite(_tx, row, { existing }) {
            calls.push(`afterWrite ${existing ? 'update' : 'create'} ${row.value}`);
          },
          async beforeDelete(_tx, rows) {
            calls.push(`beforeDelete ${rows.map((r) => r.value).join(',')}`);
          },
          async afterCommit({ action }) {
            calls.push(`afterCommit ${action}`);
          },
        },
        services.resources,
      ),
    );
    app = await buildApp(t.ctx, services);
    await app.ready();
    token = await t.login('demo', 'demo123');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('runs beforeWrite, afterWrite and afterCommit on lines created with their parent', async () => {
    calls.length = 0;
    const made = await post('create', { code: 'HOOKED1', name: 'Hooked', items: [item('A', 'Alpha'), item('B', 'Beta')] });
    expect(made.body.code, made.body.msg).toBe(200);
    expect(calls).toEqual([
      'beforeWrite create A in tx',
      'beforeWrite create B in tx',
      'afterWrite create A',
      'afterWrite create B',
      'afterCommit create',
    ]);
    const got = await t.call('GET', `/api/tenant/code-table/get?id=${made.body.data.id}`, { token });
    expect((got.body.data.items as Row[]).map((r) => [r.value, r.seq])).toEqual([
      ['A', 77],
      ['B', 77],
    ]);
  });

  it('runs them on lines updated, added and deleted by the parent’s update, and a refusal undoes the whole write', async () => {
    const made = await post('create', { code: 'HOOKED2', name: 'Hooked', items: [item('A', 'Alpha'), item('B', 'Beta')] });
    const id = made.body.data.id as number;
    const [a, b] = (await t.call('GET', `/api/tenant/code-table/get?id=${id}`, { token })).body.data.items as Row[];
    calls.length = 0;
    const upd = await post('update', { id, name: 'Hooked again', items: [item('A', 'Alpha 2', a.id as number), item('C', 'Gamma')] });
    expect(upd.body.code, upd.body.msg).toBe(200);
    expect(calls).toEqual([
      'beforeDelete B',
      'beforeWrite update A in tx',
      'afterWrite update A',
      'beforeWrite create C in tx',
      'afterWrite create C',
      'afterCommit delete',
      'afterCommit update',
      'afterCommit create',
    ]);
    // a line's hook refuses: neither the parent nor any line changed
    const refused = await post('update', { id, name: 'Never', items: [item('A', 'refused', a.id as number)] });
    expect(refused.status).toBe(400);
    const now = (await t.call('GET', `/api/tenant/code-table/get?id=${id}`, { token })).body.data;
    expect([now.name, (now.items as Row[]).map((r) => `${r.value}:${r.label}`)]).toEqual(['Hooked again', ['A:Alpha 2', 'C:Gamma']]);
    expect(b.value).toBe('B');
  });

  it('runs beforeDelete on the lines that go with a deleted parent, in its transaction', async () => {
    const made = await post('create', { code: 'HOOKED3', name: 'Hooked', items: [item('X', 'Ex'), item('Y', 'Why')] });
    calls.length = 0;
    const del = await post('delete', { ids: [made.body.data.id] });
    expect(del.body.data.deleted).toBe(1);
    expect(calls).toEqual(['beforeDelete X,Y', 'afterCommit delete']);
  });
});
