/**
 * The platform boundary: platform-only screens (declared in the code's menu tree) stay out of
 * tenants' reach whatever the editable menus table says; and the data directory is private.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPlatformScreen, PLATFORM_TENANT_ID } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, templateCodingRules, templateGoodsAttrs, templateLocationAttrs, tenantMenus, tenants } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const EN = 'en_US';
const PLATFORM = ['general/table-structure', 'general/menu', 'general/dictionary'];

describe(`platform-only screens stay with the platform, on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let demo: string;
  let demoId: number;
  let ids: Record<string, number>;

  const post = (url: string, body: unknown, token = admin, lang = EN) => t.call('POST', url, { token, body, lang });
  /** DEMO's grants as they are now, plus the given screens with every button they offer. */
  const demoGrantsWith = async (codes: string[]) => {
    const have = await t.ctx.db.select().from(tenantMenus).where(eq(tenantMenus.tenantId, demoId));
    const extra = codes.map((c) => ({ menuId: ids[c], actions: ['query'] }));
    return [...have.map((g) => ({ menuId: g.menuId, actions: g.actions })), ...extra];
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    demo = await t.login('demo', 'demo123');
    [{ id: demoId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
    const rows = await t.ctx.db.select({ id: menus.id, code: menus.code }).from(menus).where(inArray(menus.code, PLATFORM));
    ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  });
  afterAll(() => t?.close());

  it('knows the platform screens from the code, not from the table', () => {
    for (const c of PLATFORM) expect(isPlatformScreen(c)).toBe(true);
    expect(isPlatformScreen('label/purchase-order')).toBe(false);
    expect(isPlatformScreen('dashboard/admin')).toBe(false);
  });

  it("refuses to move a platform screen to the tenants' side, in every language", async () => {
    for (const side of ['T', 'B']) {
      const r = await post('/api/general/menu/update', { id: ids['general/table-structure'], side });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('“Table structure” is a platform screen: it stays on the platform side and cannot be given to tenants');
    }
    const tw = await post('/api/general/menu/update', { id: ids['general/menu'], side: 'T' }, admin, 'zh_TW');
    expect(tw.body.msg).toBe('「選單」是平台畫面：只能留在平台端，不能授予租戶');
    const [row] = await t.ctx.db.select({ side: menus.side }).from(menus).where(eq(menus.id, ids['general/table-structure']));
    expect(row.side).toBe('P');
    // a new menu may not take a platform screen's code on the tenants' side either
    const [{ id: renamed }] = await t.ctx.db
      .update(menus)
      .set({ code: 'x-renamed-dictionary' })
      .where(eq(menus.id, ids['general/dictionary']))
      .returning({ id: menus.id });
    try {
      const made = await post('/api/general/menu/create', {
        parentId: (await t.ctx.db.select().from(menus).where(eq(menus.id, renamed)))[0].parentId,
        code: 'general/dictionary',
        component: 'general/dictionary',
        names: { zh_CN: '字典', zh_TW: '字典', en_US: 'Dictionary' },
        side: 'T',
      });
      expect(made.status).toBe(400);
    } finally {
      await t.ctx.db.update(menus).set({ code: 'general/dictionary' }).where(eq(menus.id, renamed));
    }
  });

  it('refuses to grant a platform screen to a tenant even when the table says it is a tenant screen', async () => {
    // the attack: an administrator flips the side in the database, then grants the screen
    await t.ctx.db.update(menus).set({ side: 'T' }).where(inArray(menus.code, PLATFORM));
    try {
      const tree = await t.call('GET', `/api/general/tenant/menus?id=${demoId}`, { token: admin });
      const codes = JSON.stringify(tree.body.data ?? tree.body);
      for (const c of PLATFORM) expect(codes).not.toContain(`"${c}"`);

      const upd = await post('/api/general/tenant/update', { id: demoId, menus: await demoGrantsWith(['general/table-structure']) });
      expect(upd.status).toBe(400);
      expect(upd.body.msg).toBe('“Table structure” is a platform screen: it stays on the platform side and cannot be given to tenants');

      const [goods] = await t.ctx.db.select({ id: templateGoodsAttrs.id }).from(templateGoodsAttrs).limit(1);
      const [loc] = await t.ctx.db.select({ id: templateLocationAttrs.id }).from(templateLocationAttrs).limit(1);
      const [rule] = await t.ctx.db.select({ id: templateCodingRules.id }).from(templateCodingRules).limit(1);
      const created = await post('/api/general/tenant/create', {
        code: 'BND1',
        name: 'Boundary tenant',
        adminUsername: 'bnd1_admin',
        password: 'bound1234',
        confirmPassword: 'bound1234',
        goodsAttrTemplateId: goods.id,
        locationAttrTemplateId: loc.id,
        codingRuleTemplateId: rule.id,
        menus: [{ menuId: ids['general/menu'], actions: ['query'] }],
      });
      expect(created.status).toBe(400);
      expect(created.body.msg).toBe('“Menu” is a platform screen: it stays on the platform side and cannot be given to tenants');
      expect(await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'BND1'))).toEqual([]);
    } finally {
      await t.ctx.db.update(menus).set({ side: 'P' }).where(inArray(menus.code, PLATFORM));
    }
  });

  it("answers 403 to a tenant administrator holding a platform screen's grant, and refuses it in tenant role grants", async () => {
    // a grant written before the fix (or straight into the table): the code still says no
    await t.ctx.db.insert(tenantMenus).values(
      PLATFORM.map((c) => ({
        tenantId: demoId,
        menuId: ids[c],
        actions: ['query', 'add', 'edit', 'delete', 'setting', 'export', 'refresh'],
      })),
    );
    await t.ctx.bus.emit('permissions');
    try {
      const calls: [string, unknown][] = [
        ['/api/table/web/tableTree', {}],
        ['/api/table/web/tableDetail', { tableName: 'users' }],
        ['/api/general/menu/list', {}],
        ['/api/general/menu/update', { id: ids['general/menu'], side: 'T' }],
        ['/api/dictionary/web/showModel', { page: 1, pageSize: 20 }],
        ['/api/dictionary/web/insert', { code: 'HACK', name: 'hack' }],
      ];
      for (const [url, body] of calls) {
        const r = await post(url, body, demo);
        expect([url, r.status]).toEqual([url, 403]);
      }
      const tree = await post('/api/menu/selectMenuByCurrentUserId', {}, demo);
      expect(tree.status).toBe(200);
      const shown = JSON.stringify(tree.body.data);
      for (const c of PLATFORM) expect(shown).not.toContain(`"${c}"`);

      // the platform admin may not pass it on to a tenant role either
      const role = await post('/api/general/role/create', { tenantId: demoId, code: 'BND_ROLE', name: 'Boundary role', terminal: 'web' });
      expect(role.status).toBe(200);
      const assign = await post('/api/general/role/assign', {
        id: role.body.data.id,
        grants: [{ menuId: ids['general/table-structure'], actions: ['query'] }],
      });
      expect(assign.status).toBe(400);
      expect(assign.body.msg).toBe('“Table structure” is a platform screen: it stays on the platform side and cannot be given to tenants');
      const offered = await post('/api/general/role/menus', { id: role.body.data.id });
      const offeredText = JSON.stringify(offered.body.data);
      for (const c of PLATFORM) expect(offeredText).not.toContain(`"${c}"`);
    } finally {
      await t.ctx.db.delete(tenantMenus).where(and(eq(tenantMenus.tenantId, demoId), inArray(tenantMenus.menuId, Object.values(ids))));
      await t.ctx.bus.emit('permissions');
    }
    // the platform keeps them
    expect((await post('/api/table/web/tableTree', {})).status).toBe(200);
    expect((await post('/api/general/menu/list', {})).status).toBe(200);
    expect(demoId).not.toBe(PLATFORM_TENANT_ID);
  });
});

/** The real server process on a fresh DATA_DIR: the directory tree is private to its user. */
describe('data directory permissions', () => {
  const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const root = mkdtempSync(path.join(tmpdir(), 'tagloom-modes-'));
  const dataDir = path.join(root, 'data');
  let child: ChildProcess | undefined;
  let output = '';
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const done = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await done;
    }
    rmSync(root, { recursive: true, force: true });
  });

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as { port: number };
        srv.close(() => resolve(port));
      });
      srv.on('error', reject);
    });

  /** Every path under dir with its mode bits, symbolic links aside. */
  const walk = (dir: string): { file: string; mode: number; dir: boolean }[] =>
    readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) return [];
      const me = { file: p, mode: st.mode & 0o777, dir: st.isDirectory() };
      return st.isDirectory() ? [me, ...walk(p)] : [me];
    });

  it('creates DATA_DIR, the database files and the keys folder for its user only, tightening a looser tree', async () => {
    // a tree left world-writable by an earlier version
    mkdirSync(path.join(dataDir, 'keys'), { recursive: true });
    chmodSync(dataDir, 0o777);
    chmodSync(path.join(dataDir, 'keys'), 0o777);
    writeFileSync(path.join(dataDir, 'keys', 'data-source.key'), `${Buffer.alloc(32, 7).toString('base64')}\n`);
    chmodSync(path.join(dataDir, 'keys', 'data-source.key'), 0o666);

    const port = await freePort();
    const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, DATA_SOURCE_KEY: _c, ...rest } = process.env;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...rest,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(root, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    // the server listens once the embedded database has started (answering 503 while it migrates)
    const end = Date.now() + 150_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.status === 200 || r.status === 503)
        .catch(() => false);
      if (ok) break;
      if (child.exitCode !== null || Date.now() > end) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const tree = walk(dataDir);
    expect(tree.length).toBeGreaterThan(10); // PGlite's own files are there
    const loose = tree.filter((e) => e.mode & 0o077).map((e) => `${e.file} ${e.mode.toString(8)}`);
    expect(loose).toEqual([]);
    expect(statSync(path.join(dataDir, 'keys')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'keys', 'data-source.key')).mode & 0o777).toBe(0o600);
  }, 180_000);
});
