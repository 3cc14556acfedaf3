import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { DEMO_EPCIS_KEY, resolveIntegrationKey } from '../src/modules/tenant/people/integration-keys.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

/**
 * Integration keys (tenant/integration-key): made by a tenant administrator to act as one of the
 * tenant's users, the secret answered once and kept only as its digest; a new key stops the old
 * one, revoking stops it for good, and another tenant cannot reach it.
 */
describe(`integration keys on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  let supplier: { id: number; tenantId: number };

  const post = (url: string, body: Row, token = demo) =>
    t.call('POST', `/api/tenant/integration-key/${url}`, { token, body, lang: 'en_US' });

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
    [supplier] = await queryRows<{ id: number; tenantId: number }>(
      t.ctx.db,
      sql`select id::int as id, tenant_id::int as "tenantId" from users where username = 'supplier01'`,
    );
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers the secret once, keeps only its digest, and the key stands for its user with its scopes', async () => {
    const made = await post('create', { name: 'LS01 EPCIS', userId: supplier.id, canQuery: 1, canCapture: 1, canSubscribe: 0 });
    expect(made.status, made.body.msg).toBe(200);
    const key: string = made.body.data.key;
    expect(key).toMatch(/^tlk_[A-Za-z0-9_-]{43}$/);
    expect(made.body.data.keyPrefix).toBe(`${key.slice(0, 10)}…`);
    expect(made.body.data.status).toBe(1);
    // the list and the row never hold the secret, the database only its SHA-256
    const listed = await post('list', { page: 1, pageSize: 50 });
    const row = listed.body.data.list.find((r: Row) => r.id === made.body.data.id);
    expect(row.keyPrefix).toBe(made.body.data.keyPrefix);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const one = await t.call('GET', `/api/tenant/integration-key/get?id=${row.id}`, { token: demo });
    expect(one.body.data.id).toBe(row.id);
    expect(one.body.data.key).toBeUndefined();
    const stored = await queryRows<Row>(t.ctx.db, sql`select * from integration_key_hashes where key_id = ${row.id}`);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(key.slice(4));

    const who = await resolveIntegrationKey(t.ctx.db, key);
    expect(who?.session).toMatchObject({ tenantId: supplier.tenantId, userId: supplier.id, username: 'supplier01' });
    expect(who?.session.party?.kind).toBeTruthy();
    expect(who?.scopes).toEqual({ capture: true, query: true, subscribe: false });
    const [used] = await queryRows<{ at: Date | null }>(
      t.ctx.db,
      sql`select last_used_at as at from integration_keys where id = ${row.id}`,
    );
    expect(used.at).not.toBeNull();
    expect(await resolveIntegrationKey(t.ctx.db, `${key.slice(0, -1)}x`)).toBeNull();
    expect(await resolveIntegrationKey(t.ctx.db, 'not a key')).toBeNull();

    // a new key: the old one stops at once
    const rotated = await post('rotate', { id: row.id });
    expect(rotated.status, rotated.body.msg).toBe(200);
    expect(rotated.body.data.key).not.toBe(key);
    expect(await resolveIntegrationKey(t.ctx.db, key)).toBeNull();
    expect((await resolveIntegrationKey(t.ctx.db, rotated.body.data.key))?.keyId).toBe(row.id);
    // another tenant's administrator cannot reach it
    expect((await post('rotate', { id: row.id }, acme)).status).toBe(404);
    expect((await post('revoke', { id: row.id }, acme)).status).toBe(404);

    // revoked: for good
    const revoked = await post('revoke', { id: row.id });
    expect(revoked.status, revoked.body.msg).toBe(200);
    expect(await resolveIntegrationKey(t.ctx.db, rotated.body.data.key)).toBeNull();
    const again = await post('rotate', { id: row.id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('LS01 EPCIS');
  });

  it('seeds the demo tenant’s keys: its own EPCIS client of known secret (the README’s), a factory’s, a revoked one', async () => {
    const own = await resolveIntegrationKey(t.ctx.db, DEMO_EPCIS_KEY);
    expect(own?.session.username).toBe('demo');
    expect(own?.scopes).toEqual({ capture: true, query: true, subscribe: true });
    const listed = await post('list', { page: 1, pageSize: 50 });
    expect(listed.body.data.list.map((r: Row) => r.status).sort()).toEqual(expect.arrayContaining([1, 2]));
  });

  it('refuses a user of another tenant and names the field', async () => {
    const [other] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from users where username = 'acme'`);
    const r = await post('create', { name: 'Borrowed', userId: other.id });
    expect(r.status).toBe(400);
    expect(r.body.data.fields.map((f: Row) => f.field)).toContain('userId');
  });
});
