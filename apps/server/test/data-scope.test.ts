import * as XLSX from '@e965/xlsx';
import {
  CRUD,
  CUSTOM_RESOURCES,
  PARTY_KINDS,
  PARTY_SCREENS,
  type PartyKind,
  partyFieldsOf,
  RESOURCES,
  type ResourceDef,
  USER_TYPE,
} from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { snake } from '../src/db/resource-table.js';
import { roles, tenants, users } from '../src/db/schema/index.js';
import { createUser } from '../src/modules/general/user/service.js';
import { sampleRow, withRequiredRefs } from './sample-row.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { multipart } from './uploads.js';

/**
 * Party data scope, for every declaration that names one (ResourceInput.partyScope), generated as
 * tenant isolation is: a user bound to one party (a store, warehouse, factory or label supplier)
 * lists, gets, updates, deletes, exports and picks only its party's rows, its new rows carry its
 * party, naming another party is refused on the field; a user bound to a party kind the screen
 * does not name sees no row; the unbound tenant admin sees them all.
 */
const scoped = RESOURCES.filter((d) => d.partyScope && Object.keys(d.partyScope).length);
const ALL = [...RESOURCES, ...CUSTOM_RESOURCES];
const byCode = new Map(ALL.map((d) => [d.code, d]));
const refTarget = (def: ResourceDef, key: string) => byCode.get(def.list.find((f) => f.key === key)?.ref?.resource ?? '');
/** Declarations whose rows share the party of the row a ref points at (partyVia: an order's tags). */
const via = ALL.filter((d) => d.partyVia);
/** Party-scoped declarations with file fields, and the declaration their rows are made through (theirs, or rowsOf's). */
const withFiles = ALL.flatMap((d) => {
  const fields = d.list.filter((f) => f.kind === 'file' && f.file);
  const maker = [d, byCode.get(d.rowsOf?.code ?? '')].find((m) => m && (m.crud ?? ['add']).includes('add'));
  const kind = (Object.keys(d.partyScope ?? {}) as PartyKind[]).find((k) => !partyFieldsOf(d, k).includes('id'));
  return fields.length && maker && kind ? [{ def: d, maker, field: fields[0], kind, partyField: partyFieldsOf(d, kind)[0] }] : [];
});
/** A small file of one of these kinds (told by content). */
const sampleFile = async (kinds: readonly string[], salt: string): Promise<{ name: string; bytes: Buffer }> => {
  if (kinds.includes('pdf'))
    return {
      name: 'scope.pdf',
      bytes: Buffer.concat([Buffer.from(`%PDF-1.7\n% ${salt}\n`), Buffer.alloc(800, 0x20), Buffer.from('%%EOF\n')]),
    };
  if (kinds.includes('svg'))
    return {
      name: 'scope.svg',
      bytes: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40"><title>${salt}</title><rect width="80" height="40" fill="#1890ff"/></svg>`,
      ),
    };
  if (kinds.includes('png')) {
    // a photo (a defect's): 64 × 64, its colour from the salt
    const shade = [...salt].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 256, 7);
    const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: shade, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    return { name: 'scope.png', bytes };
  }
  throw new Error(`no sample file for kinds ${kinds.join(', ')}`);
};

describe(`party data scope of every declaration that names one (${DRIVER})`, () => {
  let t: TestApp;
  let demo: string;
  let tenantId: number;
  /** two rows of each party kind in the demo tenant: [mine, other] */
  const parties = {} as Record<PartyKind, [number, number]>;
  const tokens = {} as Record<PartyKind, string>;

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    const [tenant] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'DEMO'));
    tenantId = tenant.id;
    const [admin] = await t.ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.allMenus, true)));
    for (const kind of PARTY_KINDS) {
      const list = await t.call('POST', `/api/${PARTY_SCREENS[kind]}/list`, { token: demo, body: { pageSize: 2 } });
      expect(list.status, `${PARTY_SCREENS[kind]} lists its demo rows`).toBe(200);
      const ids = list.body.data.list.map((r: { id: number }) => r.id) as number[];
      expect(ids.length, `the demo tenant has two ${kind} rows`).toBe(2);
      parties[kind] = [ids[0], ids[1]];
      // a user with every button of the tenant (its admin role), bound to the first row of the kind
      const user = await createUser(t.ctx.db, tenantId, 'DEMO', {
        username: `scope_${kind}`,
        password: 'scope1234',
        userType: USER_TYPE.TENANT_USER,
        roleIds: [admin.id],
      });
      await t.ctx.db
        .update(users)
        .set({ partyKind: kind, partyId: ids[0] })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, user.id)));
      tokens[kind] = await t.login(`scope_${kind}`, 'scope1234');
    }
  });
  afterAll(() => t?.close());

  /** A sample row of the declaration, its required refs pointing at the demo tenant's first rows. */
  const fullRow = (def: ResourceDef, salt: string) => withRequiredRefs(t, def, sampleRow(def, salt), tenantId);

  /** One column of one row of a declaration's table, written as its module's own action would (test set-up). */
  const setColumn = (def: ResourceDef, key: string, id: number, value: unknown) =>
    t.ctx.db.execute(
      sql`update ${sql.identifier(def.table)} set ${sql.identifier(snake(key))} = ${value} where tenant_id = ${tenantId} and id = ${id}`,
    );

  it('has declarations that name a party scope (the party screens at least)', () => {
    expect(scoped.map((d) => d.code)).toEqual(expect.arrayContaining(Object.values(PARTY_SCREENS)));
  });

  for (const def of scoped) {
    const base = `/api/${def.code}`;
    /** every row the user lists, page by page (a screen may keep its own page size) */
    const listIds = async (token: string) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const d = (await t.call('POST', `${base}/list`, { token, body: { page, pageSize: 500 } })).body.data;
        ids.push(...(d.list as { id: number }[]).map((r) => r.id));
        if (!d.list.length || ids.length >= d.total) return ids;
      }
    };

    describe(def.code, () => {
      for (const kind of Object.keys(def.partyScope!) as PartyKind[]) {
        // its own party's screen (the party's row, and maybe rows within it: a site's zones), or the field stamped
        const field = partyFieldsOf(def, kind).includes('id') ? 'id' : partyFieldsOf(def, kind)[0];
        // a declaration whose rows the generic sample cannot make says why (its module's own test proves its scope)
        const cannot = def.unproven?.crud;
        (cannot ? it.skip : it)(
          `keeps a user bound to a ${kind} to its rows (${field})${cannot ? ` — not here: ${cannot}` : ''}`,
          async () => {
            const [mine, other] = parties[kind];
            const token = tokens[kind];
            // one row of each party, made by the unbound admin
            let own: number;
            let foreign: number;
            if (field === 'id') {
              [own, foreign] = [mine, other];
            } else if (!(def.crud ?? ['add']).includes('add')) {
              // a screen that adds no rows shows another declaration's (rowsOf): made through it with this
              // screen's sample, then put in the state this screen's first button moves from
              const maker = byCode.get(def.rowsOf?.code ?? '')!;
              const made = [];
              for (const [salt, party] of [
                [`PA${kind.length}`, mine],
                [`PB${kind.length}`, other],
              ] as const) {
                const r = await t.call('POST', `/api/${maker.code}/create`, {
                  token: demo,
                  body: { ...(await withRequiredRefs(t, maker, sampleRow(def, salt), tenantId)), [field]: party },
                });
                expect(r.status, r.body.msg).toBe(200);
                made.push(r.body.data.id as number);
              }
              [own, foreign] = made;
              const m = def.machine;
              const first = m && Object.values(m.transitions)[0]?.from[0];
              if (m && first !== undefined) for (const id of made) await setColumn(def, m.field, id, first);
            } else {
              // salted per kind: a screen naming two kinds keeps the first kind's rows while the second runs;
              // a party field no form sets (a reader's place: its Bind action) is set as that action would
              const inForm = def.list.find((f) => f.key === field)?.form !== false;
              const a = await t.call('POST', `${base}/create`, {
                token: demo,
                body: { ...(await fullRow(def, `PA${kind.length}`)), ...(inForm ? { [field]: mine } : {}) },
              });
              const b = await t.call('POST', `${base}/create`, {
                token: demo,
                body: { ...(await fullRow(def, `PB${kind.length}`)), ...(inForm ? { [field]: other } : {}) },
              });
              expect([a.status, b.status], JSON.stringify([a.body.msg, b.body.msg])).toEqual([200, 200]);
              [own, foreign] = [a.body.data.id, b.body.data.id];
              if (!inForm) {
                await setColumn(def, field, own, mine);
                await setColumn(def, field, foreign, other);
              }
            }
            const seen = await listIds(token);
            expect(seen).toContain(own);
            expect(seen).not.toContain(foreign);
            expect(await listIds(demo)).toEqual(expect.arrayContaining([own, foreign]));
            expect((await t.call('GET', `${base}/get?id=${foreign}`, { token })).status).toBe(404);
            expect((await t.call('GET', `${base}/get?id=${own}`, { token })).status).toBe(200);
            const upd = await t.call('POST', `${base}/update`, { token, body: { id: foreign, [def.titleField]: 'taken' } });
            // on its own party's screen it holds no write button at all (403); elsewhere the row is not there (404)
            const refused = field === 'id' && (def.crud ?? CRUD).includes('edit') ? 403 : 404;
            expect(upd.status).toBe(refused);
            expect((await t.call('POST', `${base}/delete`, { token, body: { ids: [foreign] } })).status).toBe(refused);
            // the picker's options of the two rows (ids=: their labels, as a form shows a chosen row)
            const opts = await t.call('GET', `${base}/options?page=1&ids=${own},${foreign}`, { token });
            if (opts.status === 200) {
              const values = opts.body.data.list.map((o: { value: number }) => o.value);
              expect(values).toContain(own);
              expect(values).not.toContain(foreign);
            }
            const still = await t.call('GET', `${base}/get?id=${foreign}`, { token: demo });
            expect(still.body.data[def.titleField]).not.toBe('taken');
            if (field === 'id') {
              // a picker of the party's rows (query only) opens and deletes none at all
              if (!(def.crud ?? CRUD).includes('add')) return;
              // a bound user opens no new party rows
              expect((await t.call('POST', `${base}/create`, { token, body: await fullRow(def, `PC${kind.length}`) })).status).toBe(403);
              // nor does the tenant delete a party a user is bound to
              const gone = await t.call('POST', `${base}/delete`, { token: demo, lang: 'en_US', body: { ids: [own] } });
              expect(gone.status).toBe(409);
              expect(gone.body.msg).toMatch(/is the party of user \S+/);
              return;
            }
            // a screen that adds no rows: nothing to name
            if (!(def.crud ?? ['add']).includes('add')) return;
            // naming another party is refused on the field; a new row carries the user's party
            const wrong = await t.call('POST', `${base}/create`, {
              token,
              lang: 'en_US',
              body: { ...(await fullRow(def, `PD${kind.length}`)), [field]: other },
            });
            expect(wrong.status).toBe(400);
            expect(wrong.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
            const { [field]: _omit, ...bare } = await fullRow(def, `PE${kind.length}`);
            const made = await t.call('POST', `${base}/create`, { token, body: bare });
            expect(made.status, made.body.msg).toBe(200);
            expect(made.body.data[field]).toBe(mine);
            const moved = await t.call('POST', `${base}/update`, { token, body: { id: made.body.data.id, [field]: other } });
            // refused on the field; a field no form sets is not taken from a body at all
            const movable = def.list.find((f) => f.key === field);
            if (movable?.form !== false && movable?.editable !== false) expect(moved.status).toBe(400);
            const after = await t.call('GET', `${base}/get?id=${made.body.data.id}`, { token: demo });
            expect(after.body.data[field]).toBe(mine);
          },
        );
      }

      const unnamed = PARTY_KINDS.filter((k) => !(k in def.partyScope!));
      if (unnamed.length)
        it(`shows no row to a user bound to a party it does not name (${unnamed[0]})`, async () => {
          expect(await listIds(demo)).not.toHaveLength(0);
          expect(await listIds(tokens[unnamed[0]])).toEqual([]);
        });
    });
  }

  it('has declarations that share their party through a ref, and party-scoped ones with files (the proofs below cover them)', () => {
    expect(via.map((d) => d.code)).toEqual(expect.arrayContaining(['label/tid-binding', 'label/epc-query', 'label/binding-record']));
    expect(withFiles.map((w) => w.def.code)).toEqual(expect.arrayContaining(['label/purchase-order', 'label/sketch']));
  });

  /** Every row of a list (pages of 500), as the session sees it. */
  const listAll = async (code: string, token: string): Promise<Record<string, unknown>[]> => {
    const out: Record<string, unknown>[] = [];
    for (let page = 1; ; page++) {
      const r = await t.call('POST', `/api/${code}/list`, { token, body: { page, pageSize: 500 } });
      expect(r.status, `${code} lists (${r.body.msg})`).toBe(200);
      out.push(...r.body.data.list);
      if (r.body.data.list.length < 500) return out;
    }
  };
  /** The data rows of an export (the sheet less its header). */
  const exported = async (code: string, token: string): Promise<unknown[][]> => {
    const res = await t.app.inject({ method: 'POST', url: `/api/${code}/export`, headers: { token }, payload: {} });
    expect(res.statusCode, `${code} exports`).toBe(200);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    return (XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { header: 1 }) as unknown[][]).slice(1).filter((r) => r.length);
  };

  for (const def of via) {
    const target = refTarget(def, def.partyVia!)!;
    for (const kind of Object.keys(target.partyScope ?? {}) as PartyKind[]) {
      it(`${def.code}: a user bound to a ${kind} reaches the rows of its own ${target.code} rows only (list, get, export)`, async () => {
        const token = tokens[kind];
        const reached = new Set((await listAll(target.code, token)).map((r) => Number(r.id)));
        const all = await listAll(def.code, demo);
        const own = all.filter((r) => reached.has(Number(r[def.partyVia!])));
        const foreign = all.filter((r) => !reached.has(Number(r[def.partyVia!])));
        // the demo data holds rows of other parties' orders (or of none): the proof is not empty
        expect(foreign.length, `${def.code} has demo rows beyond the ${kind}'s`).toBeGreaterThan(0);
        const seen = await listAll(def.code, token);
        expect(seen.map((r) => r.id).sort()).toEqual(own.map((r) => r.id).sort());
        expect((await t.call('GET', `/api/${def.code}/get?id=${foreign[0].id}`, { token })).status).toBe(404);
        if (own.length) expect((await t.call('GET', `/api/${def.code}/get?id=${own[0].id}`, { token })).status).toBe(200);
        if ((def.crud ?? []).includes('export')) expect((await exported(def.code, token)).length).toBe(own.length);
        // a kind the target does not name reaches none of them
        const other = PARTY_KINDS.find((k) => !(k in (target.partyScope ?? {})));
        if (other) expect(await listAll(def.code, tokens[other])).toEqual([]);
      });
    }
  }

  it("label area's own routes keep a label supplier's user to the tags of its orders: lookup, bind, import, unbind, lifecycle, events feed", async () => {
    const token = tokens.labelSupplier;
    const reached = new Set((await listAll('label/purchase-order', token)).map((r) => Number(r.id)));
    const tags = await listAll('label/tid-binding', demo);
    const foreign = tags.filter((r) => !reached.has(Number(r.orderId)));
    const own = tags.filter((r) => reached.has(Number(r.orderId)));
    const free = foreign.find((r) => !r.tid)!;
    const bound = foreign.find((r) => r.tid)!;
    expect([free, bound, own[0]].every(Boolean), 'the demo tags hold own, foreign free and foreign bound tags').toBe(true);
    // looked up by EPC or by TID: not found, nothing of it told
    for (const code of [free.epc, bound.tid]) {
      const look = await t.call('GET', `/api/label/epc-query/lookup?code=${code}`, { token });
      expect(look.status).toBe(200);
      expect(look.body.data).toMatchObject({ found: false, tag: null, sku: null, order: null });
    }
    expect((await t.call('GET', `/api/label/epc-query/lookup?code=${own[0].epc}`, { token })).body.data.found).toBe(true);
    // bound (by hand, as a printer, by import): refused as an EPC the tenant does not know; the tag keeps no TID
    for (const [route, body] of [
      ['bind', { pairs: [{ epc: free.epc, tid: 'E2801160200070AA00000001' }] }],
      ['bind', { pairs: [{ epc: free.epc, tid: 'E2801160200070AA00000002' }], source: 'printer' }],
      ['import', { pairs: [{ epc: free.epc, tid: 'E2801160200070AA00000003' }] }],
    ] as const) {
      const r = await t.call('POST', `/api/label/tid-binding/${route}`, { token, body });
      expect(r.status, r.body.msg).toBe(200);
      expect(r.body.data).toMatchObject({ bound: 0, refused: [{ epc: free.epc, key: 'tags.unknownEpc' }] });
    }
    // a TID another party's tag holds is taken, without naming that tag
    const taken = await t.call('POST', '/api/label/tid-binding/bind', {
      token,
      body: { pairs: [{ epc: own.find((r) => !r.tid)!.epc, tid: bound.tid }] },
    });
    expect(taken.body.data.refused[0].key).toBe('tags.tidTaken');
    expect(JSON.stringify(taken.body.data)).not.toContain(String(bound.epc));
    expect((await t.call('GET', `/api/label/tid-binding/get?id=${free.id}`, { token: demo })).body.data.tid).toBe('');
    expect((await t.call('POST', '/api/label/tid-binding/unbind', { token, body: { ids: [bound.id] } })).status).toBe(404);
    expect((await t.call('GET', `/api/label/tid-binding/get?id=${bound.id}`, { token: demo })).body.data.tid).toBe(bound.tid);
    // one EPC's history and EPCIS document: another party's EPC has none
    const history = await t.call('GET', `/api/label/lifecycle/events?epc=${bound.epc}`, { token });
    expect(history.body.data).toMatchObject({ tag: null, order: null, events: [] });
    expect((await t.call('GET', `/api/label/lifecycle/events?epc=${bound.epc}`, { token: demo })).body.data.events.length).toBeGreaterThan(
      0,
    );
    const doc = await t.call('GET', `/api/label/lifecycle/epcis?epc=${bound.epc}`, { token });
    expect((doc.body as unknown as { epcisBody: { eventList: unknown[] } }).epcisBody.eventList).toEqual([]);
    // the events feed: the admin's holds other orders' events, the supplier's only its own orders'
    const codes = new Set((await listAll('label/purchase-order', token)).map((r) => String(r.code)));
    const feed = async (tk: string) =>
      (await t.call('POST', '/api/label/lifecycle/list', { token: tk, body: { pageSize: 500 } })).body.data.list as { orderCode: string }[];
    expect((await feed(demo)).some((e) => !codes.has(e.orderCode))).toBe(true);
    const mine = await feed(token);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((e) => !codes.has(e.orderCode))).toEqual([]);
  });

  it("EPC states reach a store's or warehouse's user at its place, a label supplier's at its orders' tags (list, counts, lookup, places)", async () => {
    const states = async (token: string) =>
      (await t.call('GET', '/api/rfid/epc-state/list?limit=200', { token })).body.data.list as Record<string, unknown>[];
    // EPCs as readers left them: tags of the demo's orders, present at the store, at the warehouse, last seen at each
    const [store, otherStore] = parties.store;
    const reached = new Set((await listAll('label/purchase-order', tokens.labelSupplier)).map((r) => Number(r.id)));
    const registry = await listAll('label/tid-binding', demo);
    const ownEpcs = new Set(registry.filter((r) => reached.has(Number(r.orderId))).map((r) => r.epc));
    // six of the label supplier's tags and six of other suppliers', none of them placed yet (the demo's stock and orders place many)
    const placed = new Set(
      (await queryRows<{ epc: string }>(t.ctx.db, sql`select epc from rfid_epc_states where tenant_id = ${tenantId}`)).map((r) => r.epc),
    );
    const unplaced = registry.filter((r) => !placed.has(String(r.epc)));
    const tags = [...unplaced.filter((r) => ownEpcs.has(r.epc)).slice(0, 6), ...unplaced.filter((r) => !ownEpcs.has(r.epc)).slice(0, 6)];
    expect(tags.length).toBe(12);
    const spots: [number | null, number | null][] = [
      [store, store],
      [parties.warehouse[0], null],
      [otherStore, otherStore],
      [null, store],
    ];
    for (const [i, tag] of tags.entries()) {
      const [present, last] = spots[i % spots.length];
      await t.ctx.db.execute(sql`insert into rfid_epc_states (tenant_id, epc, first_seen_at, last_seen_at, read_count, last_location_id,
          presence, presence_location_id, presence_since)
        values (${tenantId}, ${tag.epc}, now(), now(), 1, ${last}, ${present ? 'present' : null}, ${present}, ${present ? sql`now()` : null})
        on conflict do nothing`);
    }
    const all = await states(demo);
    const atStore = (r: Record<string, unknown>) => r.lastLocationId === store || r.presenceLocationId === store;
    const elsewhere = all.find((r) => !atStore(r));
    expect(elsewhere, 'the demo holds EPC states away from the store').toBeDefined();
    const seen = await states(tokens.store);
    // the store's own places: the store and its zones (the demo's stock lies on its floor and in its room)
    const storePlaces = new Set(
      (
        await queryRows<{ id: number }>(
          t.ctx.db,
          sql`select id::int from locations where tenant_id = ${tenantId} and (id = ${store} or site_id = ${store})`,
        )
      ).map((r) => r.id),
    );
    const atPlace = (r: Record<string, unknown>) =>
      storePlaces.has(Number(r.lastLocationId)) || storePlaces.has(Number(r.presenceLocationId));
    expect(seen.every(atPlace)).toBe(true);
    // of the states just written (the newest: the first page's), the store's user lists those at the store
    const written = new Set(tags.map((x) => x.epc));
    expect(seen.filter((r) => written.has(r.epc)).length).toBe(all.filter((r) => written.has(r.epc) && atStore(r)).length);
    const counts = (await t.call('GET', '/api/rfid/epc-state/counts', { token: tokens.store })).body.data;
    const [held] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from rfid_epc_states where tenant_id = ${tenantId}
            and (last_location_id = any(${`{${[...storePlaces]}}`}::bigint[]) or presence_location_id = any(${`{${[...storePlaces]}}`}::bigint[]))`,
    );
    expect(counts.total).toBe(held.n);
    const foreign = await t.call('GET', `/api/rfid/epc-state/${elsewhere!.epc}`, { token: tokens.store });
    expect(foreign.body.data).toMatchObject({ found: false, state: null, tag: null, events: [] });
    expect((await t.call('GET', `/api/rfid/epc-state/${elsewhere!.epc}`, { token: demo })).body.data.found).toBe(true);
    const places = (await t.call('GET', '/api/rfid/epc-state/locations', { token: tokens.store })).body.data.list;
    // its store and the store's zones (a reader binds to a zone: ../shared/operations.md F1)
    const site = (await listAll('tenant/location', demo)).filter((l) => l.id === store || l.siteId === store).map((l) => l.id);
    expect(site.length).toBeGreaterThan(1);
    expect(places.map((p: { id: number }) => p.id).sort()).toEqual(site.sort());
    // a label supplier: the EPCs of its own orders' tags only
    const supplierSees = await states(tokens.labelSupplier);
    expect(supplierSees.length).toBeGreaterThan(0);
    expect(supplierSees.every((r) => ownEpcs.has(r.epc))).toBe(true);
    expect(supplierSees.length).toBe(all.filter((r) => ownEpcs.has(r.epc)).length);
    expect(all.length).toBeGreaterThan(supplierSees.length);
  });

  it("the equipment's own actions reach a store's or warehouse's user's readers only, bound to its own place", async () => {
    const token = tokens.store;
    const [mine, other] = parties.store;
    const readers = await listAll('rfid/equipment', demo);
    // a reader bound elsewhere: not at the store, nor in one of its zones (its fitting cabins)
    const places = await listAll('tenant/location', demo);
    const siteOf = new Map(places.map((p) => [p.id, p.siteId ?? p.id]));
    const foreign = readers.find((r) => r.locationId && siteOf.get(r.locationId) !== mine)!;
    const made = await t.call('POST', '/api/rfid/equipment/create', {
      token,
      body: sampleRow(RESOURCES.find((d) => d.code === 'rfid/equipment')!, 'EQS'),
    });
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data.locationId).toBe(mine);
    for (const [method, url] of [
      ['POST', '/api/rfid/equipment/registration-code'],
      ['POST', '/api/rfid/equipment/rotate-token'],
      ['POST', '/api/rfid/equipment/revoke'],
      ['POST', '/api/rfid/equipment/unbind'],
      ['GET', `/api/rfid/equipment/reader-config?id=${foreign.id}`],
    ] as const) {
      const r = await t.call(method, url, method === 'POST' ? { token, body: { id: foreign.id } } : { token });
      expect(r.status, `${url}: ${r.body.msg}`).toBe(404);
    }
    const scene = (await listAll('rfid/scene', demo))[0];
    const moved = await t.call('POST', '/api/rfid/equipment/bind', {
      token,
      lang: 'en_US',
      body: { id: made.body.data.id, locationId: other, sceneId: scene.id },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.data.fields.map((f: { field: string }) => f.field)).toContain('locationId');
  });

  for (const [n, { def, maker, field, kind, partyField }] of withFiles.entries()) {
    it(`${def.code}: a user bound to a ${kind} reads the files of its own rows only (${field.key}: file, preview, thumb, files)`, async () => {
      const token = tokens[kind];
      const [mine, other] = parties[kind];
      /**
       * a row of the screen of a party (of the demo data, or made by the unbound admin) holding a new
       * file: uploaded by the admin, put on the row as a saved form would (a row past its editable
       * states keeps its files: the row is written directly)
       */
      const rowWithFile = async (party: number, salt: string) => {
        let rowId = Number((await listAll(def.code, demo)).find((r) => Number(r[partyField]) === party)?.id ?? 0);
        if (!rowId) {
          const made = await t.call('POST', `/api/${maker.code}/create`, {
            token: demo,
            body: { ...sampleRow(maker, salt), [partyField]: party },
          });
          expect(made.status, made.body.msg).toBe(200);
          rowId = made.body.data.id;
        }
        const file = await sampleFile(field.file!.kinds, salt);
        const body = multipart(file.name, file.bytes);
        const up = await t.app.inject({
          method: 'POST',
          url: `/api/${maker.code}/upload?field=${field.key}`,
          headers: { token: demo, ...body.headers },
          payload: body.payload,
        });
        expect(up.statusCode, up.body).toBe(200);
        const fileId = Number(up.json().data.id);
        await setColumn(maker, field.key, rowId, field.file!.max > 1 ? JSON.stringify([fileId]) : fileId);
        return fileId;
      };
      const ownFile = await rowWithFile(mine, `FA${n}`);
      const foreignFile = await rowWithFile(other, `FB${n}`);
      const base = `/api/${def.code}`;
      for (const route of ['file', 'preview', 'thumb']) {
        const foreign = await t.app.inject({ method: 'GET', url: `${base}/${route}?id=${foreignFile}`, headers: { token } });
        expect(foreign.statusCode, `${route} of another party's file`).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: `${base}/file?id=${ownFile}`, headers: { token } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `${base}/file?id=${foreignFile}`, headers: { token: demo } })).statusCode).toBe(200);
      const meta = await t.call('GET', `${base}/files?ids=${ownFile},${foreignFile}`, { token });
      expect(meta.body.data.map((f: { id: number }) => f.id)).toEqual([ownFile]);
    });
  }
});
