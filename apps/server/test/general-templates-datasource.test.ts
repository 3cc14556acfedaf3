import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSources, operationLog } from '../src/db/schema/index.js';
import { parseAddress } from '../src/modules/general/data-source/connect.js';
import { dataSourceSecrets, SecretBox, SecretUnreadable } from '../src/modules/general/data-source/secret-box.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/** A loopback port nothing listens on (bound, then released). */
function deadPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

describe(`templates and data sources on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  let seq = 0;
  const uid = (p: string) => `${p}${Date.now().toString(36).slice(-4)}${++seq}`.toUpperCase();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    auditor = await t.login('auditor', 'auditor123');
  });
  afterAll(() => t?.close());

  const post = (url: string, body: unknown, lang = 'en_US', token = admin) => t.call('POST', url, { token, body, lang });

  const TEMPLATES = [
    { screen: 'general/template-goods-attr', category: 1 },
    { screen: 'general/template-location-attr', category: 2 },
    { screen: 'general/template-label-code', category: undefined },
  ];
  const a = (code: string, name = code, type = 1, required = false) => ({ code, name, type, required });

  for (const { screen, category } of TEMPLATES) {
    describe(screen, () => {
      const template = (extra: Record<string, unknown> = {}) => ({
        code: uid('T'),
        name: 'Template',
        alias: 'T',
        ...(category ? { category } : {}),
        basicAttrs: [a('styleNumber', 'Style number', 1, true), a('color', 'Colour', 4, true)],
        auxAttrs: [a('retailPrice', 'Retail price', 2)],
        ...extra,
      });

      it('stores basic and auxiliary attributes and returns them', async () => {
        const body = template();
        const r = await post(`/api/${screen}/create`, body);
        expect(r.body.code).toBe(200);
        const got = await t.call('GET', `/api/${screen}/get?id=${r.body.data.id}`, { token: admin });
        expect(got.body.data.basicAttrs).toEqual(body.basicAttrs);
        expect(got.body.data.auxAttrs).toEqual(body.auxAttrs);
      });

      it('rejects an attribute code used twice in one template, basic and auxiliary together', async () => {
        const r = await post(`/api/${screen}/create`, template({ auxAttrs: [a('COLOR', 'Colour again')] }));
        expect(r.status).toBe(400);
        expect(r.body.data.fields).toEqual([{ field: 'auxAttrs', message: 'the attribute code “COLOR” is used twice in this template' }]);
        const tw = await post(`/api/${screen}/create`, template({ basicAttrs: [a('size'), a('size')] }), 'zh_TW');
        expect(tw.body.msg).toBe('基礎屬性：屬性編碼「size」在本範本中重複');
      });

      it('refuses a malformed attribute, naming its position', async () => {
        for (const bad of [
          { code: 'x', name: 'X', type: 9, required: false },
          { code: 'x y', name: 'X', type: 1, required: false },
          { code: 'x', name: 'X', type: 1 },
        ]) {
          const r = await post(`/api/${screen}/create`, template({ auxAttrs: [a('ok'), bad] }));
          expect(r.status).toBe(400);
          // the item's own field is named, with its row in the list
          expect(r.body.msg).toMatch(/\(row 2 of Auxiliary attributes\)/);
        }
      });

      it('refuses a template code twice within its type', async () => {
        const body = template();
        expect((await post(`/api/${screen}/create`, body)).body.code).toBe(200);
        const r = await post(`/api/${screen}/create`, { ...body, name: 'Other' });
        expect(r.status).toBe(409);
        expect(r.body.msg).toBe('Template code already exists');
      });
    });
  }

  it('allows one template code in different template types', async () => {
    const code = uid('SAME');
    const attrs = { basicAttrs: [a('epc', 'EPC')], auxAttrs: [] };
    expect((await post('/api/general/template-goods-attr/create', { code, name: 'G', category: 1, ...attrs })).body.code).toBe(200);
    expect((await post('/api/general/template-location-attr/create', { code, name: 'L', category: 1, ...attrs })).body.code).toBe(200);
    expect((await post('/api/general/template-label-code/create', { code, name: 'C', ...attrs })).body.code).toBe(200);
  });

  it('seeds enabled goods-attribute and location-attribute templates a tenant can choose', async () => {
    for (const screen of ['general/template-goods-attr', 'general/template-location-attr']) {
      const r = await post(`/api/${screen}/list`, { status: 1, pageSize: 50 });
      expect(r.body.data.total).toBeGreaterThanOrEqual(3);
      for (const row of r.body.data.list) expect(row.basicAttrs.length).toBeGreaterThan(0);
    }
  });

  describe('general/data-source', () => {
    const source = (extra: Record<string, unknown> = {}) => ({
      name: uid('DS'),
      address: 'jdbc:postgresql://10.0.8.21:5432/wms',
      userName: 'wms_reader',
      password: 'S3cret-pass!',
      initialSize: 5,
      minIdle: 2,
      maxIdle: 10,
      maxWait: 30000,
      ...extra,
    });
    const stored = async (id: number) => (await t.ctx.db.select().from(dataSources).where(eq(dataSources.id, id)))[0];
    const secrets = () => dataSourceSecrets(t.ctx);

    it('never returns a data source password', async () => {
      const made = await post('/api/general/data-source/create', source({ password: 'visible-if-leaked' }));
      expect(made.body.code).toBe(200);
      const id = made.body.data.id;
      const leaks = (x: unknown) => JSON.stringify(x).match(/visible-if-leaked|"password"|v1:/);
      expect(leaks(made.body)).toBeNull();
      expect(leaks((await t.call('GET', `/api/general/data-source/get?id=${id}`, { token: admin })).body)).toBeNull();
      expect(leaks((await post('/api/general/data-source/list', { pageSize: 500 })).body)).toBeNull();
      expect(leaks((await post('/api/general/data-source/update', { id, remark: 'x' })).body)).toBeNull();
      const exp = await t.app.inject({ method: 'POST', url: '/api/general/data-source/export', headers: { token: admin }, payload: {} });
      expect(exp.rawPayload.includes('visible-if-leaked')).toBe(false);
    });

    it('stores the password encrypted with AES-256-GCM under a key file created once', async () => {
      const made = await post('/api/general/data-source/create', source({ password: 'at-rest-secret' }));
      const row = await stored(made.body.data.id);
      expect(row.password).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
      expect(String(row.password)).not.toContain('at-rest-secret');
      expect(secrets().decrypt(String(row.password))).toBe('at-rest-secret');
      // the same password twice gives two ciphertexts (random IV)
      const again = await post('/api/general/data-source/create', source({ password: 'at-rest-secret' }));
      expect((await stored(again.body.data.id)).password).not.toBe(row.password);
      const keyFile = path.join(t.ctx.config.dataDir, 'keys', 'data-source.key');
      if (!process.env.DATA_SOURCE_KEY) {
        expect(existsSync(keyFile)).toBe(true);
        expect(statSync(keyFile).mode & 0o077).toBe(0);
      }
    });

    it('keeps the password when an edit leaves it empty, and replaces it when one is entered', async () => {
      const made = await post('/api/general/data-source/create', source({ password: 'first-one' }));
      const id = made.body.data.id;
      const before = (await stored(id)).password;
      expect((await post('/api/general/data-source/update', { id, password: '', maxIdle: 12 })).body.code).toBe(200);
      expect((await post('/api/general/data-source/update', { id, password: null, remark: 'kept' })).body.code).toBe(200);
      expect((await post('/api/general/data-source/update', { id, name: `${made.body.data.name}R` })).body.code).toBe(200);
      const kept = await stored(id);
      expect(kept.password).toBe(before);
      expect(kept.maxIdle).toBe(12);
      expect((await post('/api/general/data-source/update', { id, password: 'second-one' })).body.code).toBe(200);
      expect(secrets().decrypt(String((await stored(id)).password))).toBe('second-one');
    });

    it('keeps passwords out of the operation log', async () => {
      const name = uid('LOG');
      await post('/api/general/data-source/create', source({ name, password: 'not-in-the-log' }));
      // the log is written after the response
      let rows: (typeof operationLog.$inferSelect)[] = [];
      for (let i = 0; i < 50 && !JSON.stringify(rows).includes(name); i++) {
        await new Promise((r) => setTimeout(r, 20));
        rows = await t.ctx.db.select().from(operationLog).where(eq(operationLog.screen, 'general/data-source'));
      }
      expect(JSON.stringify(rows)).toContain(name);
      expect(JSON.stringify(rows)).not.toContain('not-in-the-log');
    });

    it('refuses a password longer than 64 characters, also on edit', async () => {
      const r = await post('/api/general/data-source/create', source({ password: 'p'.repeat(65) }));
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual([{ field: 'password', message: 'must be at most 64 characters' }]);
      const made = await post('/api/general/data-source/create', source());
      const u = await post('/api/general/data-source/update', { id: made.body.data.id, password: 'p'.repeat(65) });
      expect(u.status).toBe(400);
      // a value shaped like a stored secret is still an entered password
      const forged = await post('/api/general/data-source/create', source({ password: `v1:${'A'.repeat(100)}` }));
      expect(forged.status).toBe(400);
    });

    it('refuses a min idle above the max idle', async () => {
      const r = await post('/api/general/data-source/create', source({ minIdle: 20, maxIdle: 10 }));
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Min idle: must not exceed the max idle (10)');
      const tw = await post('/api/general/data-source/create', source({ minIdle: 20, maxIdle: 10 }), 'zh_TW');
      expect(tw.body.msg).toBe('最小閒置數：不能大於最大閒置數（10）');
    });

    it('accepts only positive whole numbers for the pool settings', async () => {
      for (const field of ['initialSize', 'minIdle', 'maxIdle', 'maxWait']) {
        for (const value of [0, -1, 1.5, 'many']) {
          const r = await post('/api/general/data-source/create', source({ [field]: value }));
          expect(r.status).toBe(400);
          expect(r.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
        }
      }
    });

    it('refuses an address that is neither a JDBC or postgres URL nor host:port', async () => {
      const r = await post('/api/general/data-source/create', source({ address: 'not an address' }));
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(
        'Address: must be a JDBC URL (jdbc:postgresql://host:5432/db, jdbc:mysql://host:3306/db), a postgres:// or mysql:// URL, or host:port',
      );
    });

    it('reads JDBC, postgres:// and host:port addresses', () => {
      expect(parseAddress('jdbc:postgresql://10.0.8.21:5433/wms?sslmode=require')).toMatchObject({
        kind: 'postgres',
        host: '10.0.8.21',
        port: 5433,
        database: 'wms',
        ssl: true,
      });
      expect(parseAddress('postgres://u:p%40ss@db.example:6432/bi')).toMatchObject({
        host: 'db.example',
        port: 6432,
        user: 'u',
        password: 'p@ss',
      });
      expect(parseAddress('localhost:5432')).toMatchObject({ kind: 'postgres', host: 'localhost', port: 5432 });
      expect(parseAddress('jdbc:mysql://10.0.8.30/erp?useSSL=true')).toEqual({
        kind: 'mysql',
        host: '10.0.8.30',
        port: 3306,
        database: 'erp',
        user: undefined,
        password: undefined,
        ssl: true,
      });
      expect(parseAddress('mariadb://u@db.example:3307')).toMatchObject({ kind: 'mysql', port: 3307, user: 'u' });
      expect(parseAddress('jdbc:sqlserver://10.0.8.50:1433')).toEqual({ kind: 'unsupported', driver: 'sqlserver' });
    });

    it('reports a clean, localized failure when nothing listens at the address', async () => {
      const port = await deadPort();
      const body = { address: `127.0.0.1:${port}/postgres`, userName: 'nobody', password: 'x' };
      const r = await post('/api/general/data-source/test', body);
      expect(r.status).toBe(400);
      // the kind of failure in the caller's language; the driver's own text (ECONNREFUSED …) goes to the server log
      expect(r.body.msg).toBe('Connection failed: nothing answers at that address and port (the server is down, or the address is wrong)');
      expect(r.body.data).toMatchObject({ success: false, category: 'unreachable' });
      const tw = await post('/api/general/data-source/test', body, 'zh_TW');
      expect(tw.body.msg).toMatch(/^連線失敗：/);
    });

    it("really connects to a MySQL address: a refused port is the driver's own failure", async () => {
      const port = await deadPort();
      const r = await post('/api/general/data-source/test', { address: `jdbc:mysql://127.0.0.1:${port}/erp`, userName: 'nobody' });
      expect(r.status).toBe(400);
      expect(r.body.data).toMatchObject({ success: false, category: 'unreachable' });
    });

    it('names the drivers it cannot test', async () => {
      const r = await post('/api/general/data-source/test', { address: 'jdbc:sqlserver://10.0.8.50:1433;databaseName=erp' });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(
        'Connection failed: testing a sqlserver address is not supported; PostgreSQL and MySQL/MariaDB addresses can be tested',
      );
    });

    it('refuses the test to a user without the button, and asks for an address', async () => {
      expect((await post('/api/general/data-source/test', { address: 'localhost:5432' }, 'en_US', auditor)).status).toBe(403);
      const r = await post('/api/general/data-source/test', {});
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Enter the address, or choose a saved data source');
      expect((await post('/api/general/data-source/test', { id: 999999 })).status).toBe(404);
    });

    it('says so when a stored password cannot be decrypted with the current key', async () => {
      const made = await post('/api/general/data-source/create', source({ address: '127.0.0.1:1/postgres' }));
      const id = made.body.data.id;
      const row = await stored(id);
      const raw = Buffer.from(String(row.password).slice(3), 'base64');
      raw[raw.length - 1] ^= 1;
      await t.ctx.db
        .update(dataSources)
        .set({ password: `v1:${raw.toString('base64')}` })
        .where(eq(dataSources.id, id));
      const r = await post('/api/general/data-source/test', { id });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(
        'Connection failed: the stored password cannot be decrypted with the current key (was DATA_SOURCE_KEY changed?)',
      );
    });

    it.skipIf(!process.env.TEST_DATABASE_URL)(
      'connects to a real PostgreSQL, with a saved row or unsaved fields (runs in the PostgreSQL pass: TEST_DATABASE_URL is unset on PGlite runs)',
      async () => {
        const url = new URL(process.env.TEST_DATABASE_URL!);
        const address = `jdbc:postgresql://${url.hostname}:${url.port || 5432}${url.pathname}`;
        const made = await post(
          '/api/general/data-source/create',
          source({
            address,
            userName: decodeURIComponent(url.username) || 'postgres',
            password: decodeURIComponent(url.password) || 'unused',
          }),
        );
        const ok = await post('/api/general/data-source/test', { id: made.body.data.id });
        expect(ok.status).toBe(200);
        expect(ok.body.data).toMatchObject({ success: true, version: expect.stringMatching(/^PostgreSQL \d+/) });
        expect(ok.body.msg).toMatch(/^Connection succeeded \(PostgreSQL \d+[\d.]*, \d+ ms\)$/);
        const tw = await post('/api/general/data-source/test', { id: made.body.data.id }, 'zh_TW');
        expect(tw.body.msg).toMatch(/^連線成功/);
        // unsaved fields over the saved row need their own password (the saved one stays with its own database)
        const other = { id: made.body.data.id, address: `${url.hostname}:${url.port || 5432}/no_such_db_here` };
        const refused = await post('/api/general/data-source/test', other);
        expect(refused.body.data.fields).toEqual([{ field: 'password', message: expect.any(String) }]);
        const bad = await post('/api/general/data-source/test', { ...other, password: decodeURIComponent(url.password) || 'unused' });
        expect(bad.status).toBe(400);
        expect(bad.body.msg).toBe('Connection failed: the database does not exist on that server');
      },
    );
  });

  describe('secret box', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-keys-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('uses DATA_SOURCE_KEY when it is set, and refuses values sealed with another key', () => {
      const hex = 'a'.repeat(64);
      const one = new SecretBox({ envKey: hex, keyFile: path.join(dir, 'unused.key') });
      const sealed = one.encrypt('pw');
      expect(new SecretBox({ envKey: hex, keyFile: path.join(dir, 'other.key') }).decrypt(sealed)).toBe('pw');
      expect(existsSync(path.join(dir, 'unused.key'))).toBe(false);
      const other = new SecretBox({ envKey: 'a long passphrase, stretched', keyFile: '' });
      expect(() => other.decrypt(sealed)).toThrow(SecretUnreadable);
      expect(() => new SecretBox({ envKey: 'short', keyFile: '' }).encrypt('x')).toThrow(/DATA_SOURCE_KEY/);
    });

    it('creates the key file once and reuses it', () => {
      const file = path.join(dir, 'keys', 'data-source.key');
      const sealed = new SecretBox({ keyFile: file }).encrypt('pw');
      expect(new SecretBox({ keyFile: file }).decrypt(sealed)).toBe('pw');
    });
  });
});
