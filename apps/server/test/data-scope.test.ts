import { PARTY_KINDS, PARTY_SCREENS, type PartyKind, RESOURCES, USER_TYPE } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, tenants, users } from '../src/db/schema/index.js';
import { createUser } from '../src/modules/general/user/service.js';
import { sampleRow } from './sample-row.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/**
 * Party data scope, for every declaration that names one (ResourceInput.partyScope), generated as
 * tenant isolation is: a user bound to one party (a store, warehouse, factory or label supplier)
 * lists, gets, updates, deletes, exports and picks only its party's rows, its new rows carry its
 * party, naming another party is refused on the field; a user bound to a party kind the screen
 * does not name sees no row; the unbound tenant admin sees them all.
 */
const scoped = RESOURCES.filter((d) => d.partyScope && Object.keys(d.partyScope).length);

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

  it('has declarations that name a party scope (the party screens at least)', () => {
    expect(scoped.map((d) => d.code)).toEqual(expect.arrayContaining(Object.values(PARTY_SCREENS)));
  });

  for (const def of scoped) {
    const base = `/api/${def.code}`;
    const listIds = async (token: string) =>
      ((await t.call('POST', `${base}/list`, { token, body: { pageSize: 500 } })).body.data.list as { id: number }[]).map((r) => r.id);

    describe(def.code, () => {
      for (const [kind, field] of Object.entries(def.partyScope!) as [PartyKind, string][]) {
        it(`keeps a user bound to a ${kind} to its rows (${field})`, async () => {
          const [mine, other] = parties[kind];
          const token = tokens[kind];
          // one row of each party, made by the unbound admin
          let own: number;
          let foreign: number;
          if (field === 'id') {
            [own, foreign] = [mine, other];
          } else {
            // salted per kind: a screen naming two kinds keeps the first kind's rows while the second runs
            const a = await t.call('POST', `${base}/create`, {
              token: demo,
              body: { ...sampleRow(def, `PA${kind.length}`), [field]: mine },
            });
            const b = await t.call('POST', `${base}/create`, {
              token: demo,
              body: { ...sampleRow(def, `PB${kind.length}`), [field]: other },
            });
            expect([a.status, b.status], JSON.stringify([a.body.msg, b.body.msg])).toEqual([200, 200]);
            [own, foreign] = [a.body.data.id, b.body.data.id];
          }
          const seen = await listIds(token);
          expect(seen).toContain(own);
          expect(seen).not.toContain(foreign);
          expect(await listIds(demo)).toEqual(expect.arrayContaining([own, foreign]));
          expect((await t.call('GET', `${base}/get?id=${foreign}`, { token })).status).toBe(404);
          expect((await t.call('GET', `${base}/get?id=${own}`, { token })).status).toBe(200);
          const upd = await t.call('POST', `${base}/update`, { token, body: { id: foreign, [def.titleField]: 'taken' } });
          // on its own party's screen it holds no write button at all (403); elsewhere the row is not there (404)
          const refused = field === 'id' ? 403 : 404;
          expect(upd.status).toBe(refused);
          expect((await t.call('POST', `${base}/delete`, { token, body: { ids: [foreign] } })).status).toBe(refused);
          const opts = await t.call('GET', `${base}/options?page=1`, { token });
          if (opts.status === 200) {
            const values = opts.body.data.list.map((o: { value: number }) => o.value);
            expect(values).toContain(own);
            expect(values).not.toContain(foreign);
          }
          const still = await t.call('GET', `${base}/get?id=${foreign}`, { token: demo });
          expect(still.body.data[def.titleField]).not.toBe('taken');
          if (field === 'id') {
            // a bound user opens no new party rows
            expect((await t.call('POST', `${base}/create`, { token, body: sampleRow(def, `PC${kind.length}`) })).status).toBe(403);
            // nor does the tenant delete a party a user is bound to
            const gone = await t.call('POST', `${base}/delete`, { token: demo, lang: 'en_US', body: { ids: [own] } });
            expect(gone.status).toBe(409);
            expect(gone.body.msg).toMatch(/is the party of user \S+/);
            return;
          }
          // naming another party is refused on the field; a new row carries the user's party
          const wrong = await t.call('POST', `${base}/create`, {
            token,
            lang: 'en_US',
            body: { ...sampleRow(def, `PD${kind.length}`), [field]: other },
          });
          expect(wrong.status).toBe(400);
          expect(wrong.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
          const { [field]: _omit, ...bare } = sampleRow(def, `PE${kind.length}`);
          const made = await t.call('POST', `${base}/create`, { token, body: bare });
          expect(made.status, made.body.msg).toBe(200);
          expect(made.body.data[field]).toBe(mine);
          const moved = await t.call('POST', `${base}/update`, { token, body: { id: made.body.data.id, [field]: other } });
          expect(moved.status).toBe(400);
        });
      }

      const unnamed = PARTY_KINDS.filter((k) => !(k in def.partyScope!));
      if (unnamed.length)
        it(`shows no row to a user bound to a party it does not name (${unnamed[0]})`, async () => {
          expect(await listIds(demo)).not.toHaveLength(0);
          expect(await listIds(tokens[unnamed[0]])).toEqual([]);
        });
    });
  }
});
