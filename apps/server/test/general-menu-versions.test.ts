import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type MenuItem, PLATFORM_TENANT_ID } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, menuButtons, menus, roleMenus, roles, softwareVersions, tenantMenus } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { FORM_BOUNDARY, formData } from './uploads.js';

const leaves = (tree: MenuItem[]): MenuItem[] => tree.flatMap((m) => (m.children.length ? leaves(m.children) : [m]));
const EN = 'en_US';

/** A zip-looking payload (PK\3\4 then filler); `seed` makes the bytes differ. */
const zipBytes = (size: number, seed = 1) => {
  const b = Buffer.alloc(size, seed);
  b.write('PK\u0003\u0004', 0, 'latin1');
  return b;
};

describe(`general menu and software version screens on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;

  const upload = async (url: string, payload: Buffer | Readable, lang = EN) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { token: admin, langeType: lang, 'content-type': `multipart/form-data; boundary=${FORM_BOUNDARY}` },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  };

  const versionFields = (over: Record<string, string | number> = {}) => ({
    softwareName: 'TagLoom PDA',
    softwareCode: 'tagloom-pda',
    projectCode: 'P01',
    projectName: 'Stores',
    deviceType: 'UHF handheld',
    upgradeType: 'forced',
    versionName: '2.4.0',
    versionNumber: 240,
    updatedInstructions: 'Faster inventory counts',
    ...over,
  });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
  });
  afterAll(() => t?.close());

  describe('menu', () => {
    let moduleId: number;
    let groupId: number;
    let screenId: number;

    it('lists the menus as a three-level tree', async () => {
      const r = await t.call('POST', '/api/general/menu/list', { token: admin, body: {} });
      const tree = r.body.data.list;
      const general = tree.find((m: { code: string }) => m.code === 'general');
      expect(general).toMatchObject({ level: 1, menuType: 1 });
      expect(general.children[0]).toMatchObject({ level: 2 });
      expect(general.children[0].children[0]).toMatchObject({ level: 3, parentId: general.children[0].id });
      const filtered = await t.call('POST', '/api/general/menu/list', { token: admin, body: { code: 'tenant-group' } });
      expect(filtered.body.data.total).toBe(3);
      expect(filtered.body.data.list[0].children[0].children[0]).toMatchObject({ code: 'general/tenant-group', buttonCount: 6 });
    });

    it('creates a module, a group under it and a screen under that, each one level deeper', async () => {
      const mod = await t.call('POST', '/api/general/menu/create', {
        token: admin,
        body: { code: 'reports', names: { zh_CN: '报表', zh_TW: '報表', en_US: 'Reports' }, icon: 'BarChartOutlined', seq: 900 },
      });
      expect(mod.body.data).toMatchObject({ level: 1, menuType: 1, path: '/reports', component: 'Layout', side: 'P' });
      moduleId = mod.body.data.id;
      const group = await t.call('POST', '/api/general/menu/create', {
        token: admin,
        body: { parentId: moduleId, code: 'reports/daily', names: { zh_CN: '日报', zh_TW: '日報', en_US: 'Daily' } },
      });
      expect(group.body.data).toMatchObject({ level: 2, parentId: moduleId });
      groupId = group.body.data.id;
      const screen = await t.call('POST', '/api/general/menu/create', {
        token: admin,
        body: {
          parentId: groupId,
          code: 'reports/daily-sales',
          component: 'reports/daily-sales',
          names: { zh_CN: '日销售', zh_TW: '日銷售', en_US: 'Daily sales' },
          hidden: 1,
          terminal: 'web',
        },
      });
      expect(screen.body.data).toMatchObject({ level: 3, menuType: 3, parentId: groupId, names: { en_US: 'Daily sales' } });
      screenId = screen.body.data.id;
    });

    it('refuses a fourth level, a level-3 menu without a component and a taken code', async () => {
      const deep = await t.call('POST', '/api/general/menu/create', {
        token: admin,
        lang: EN,
        body: { parentId: screenId, code: 'reports/too-deep', component: 'x', names: { zh_CN: '深' } },
      });
      expect([deep.status, deep.body.msg]).toEqual([400, 'Menus have at most three levels']);
      const noComp = await t.call('POST', '/api/general/menu/create', {
        token: admin,
        lang: EN,
        body: { parentId: groupId, code: 'reports/nothing', names: { zh_CN: '无' } },
      });
      expect([noComp.status, noComp.body.msg]).toEqual([400, 'A level-3 menu needs a component code']);
      const taken = await t.call('POST', '/api/general/menu/create', {
        token: admin,
        lang: EN,
        body: { parentId: groupId, code: 'general/tenant', component: 'x', names: { zh_CN: '重' } },
      });
      expect([taken.status, taken.body.msg]).toEqual([409, 'Code already exists']);
    });

    it('edits names, alias, visibility, sequence and icon', async () => {
      const r = await t.call('POST', '/api/general/menu/update', {
        token: admin,
        body: {
          id: screenId,
          names: { zh_CN: '每日销售', zh_TW: '每日銷售', en_US: 'Sales per day' },
          alias: 'sales',
          hidden: 0,
          seq: 5,
          icon: 'Fund',
        },
      });
      expect(r.body.data).toMatchObject({ names: { en_US: 'Sales per day' }, alias: 'sales', hidden: 0, seq: 5, icon: 'Fund', level: 3 });
      const cleared = await t.call('POST', '/api/general/menu/update', { token: admin, lang: EN, body: { id: screenId, component: '' } });
      expect(cleared.status).toBe(400);
    });

    it('manages the operation buttons of a screen, renaming and removing them in grants', async () => {
      const add = await t.call('POST', '/api/general/menu/button-save', {
        token: admin,
        body: { menuId: screenId, code: 'query', names: { zh_CN: '查询', zh_TW: '查詢', en_US: 'Query' }, seq: 1 },
      });
      expect(add.body.data).toMatchObject({ code: 'query', status: 1 });
      const exp = await t.call('POST', '/api/general/menu/button-save', {
        token: admin,
        body: { menuId: screenId, code: 'exportIt', names: { zh_CN: '导出' }, seq: 2 },
      });
      const dup = await t.call('POST', '/api/general/menu/button-save', {
        token: admin,
        lang: EN,
        body: { menuId: screenId, code: 'query', names: { zh_CN: '查询' } },
      });
      expect(dup.status).toBe(409);
      const onGroup = await t.call('POST', '/api/general/menu/button-save', {
        token: admin,
        lang: EN,
        body: { menuId: groupId, code: 'query', names: { zh_CN: '查询' } },
      });
      expect(onGroup.body.msg).toBe('Only a level-3 menu (a screen) has operation buttons and data items');
      // the platform is granted the new screen; a rename follows into the grant
      await t.ctx.db.insert(tenantMenus).values({ tenantId: PLATFORM_TENANT_ID, menuId: screenId, actions: ['query', 'exportIt'] });
      await t.call('POST', '/api/general/menu/button-save', {
        token: admin,
        body: { menuId: screenId, id: exp.body.data.id, code: 'export', names: { zh_CN: '导出', en_US: 'Export' }, status: 0 },
      });
      let [grant] = await t.ctx.db
        .select()
        .from(tenantMenus)
        .where(and(eq(tenantMenus.tenantId, PLATFORM_TENANT_ID), eq(tenantMenus.menuId, screenId)));
      expect(grant.actions).toEqual(['query', 'export']);
      const list = await t.call('POST', '/api/general/menu/buttons', { token: admin, body: { menuId: screenId } });
      expect(list.body.data.map((b: { code: string; status: number }) => [b.code, b.status])).toEqual([
        ['query', 1],
        ['export', 0],
      ]);
      await t.call('POST', '/api/general/menu/button-delete', { token: admin, body: { ids: [exp.body.data.id] } });
      [grant] = await t.ctx.db
        .select()
        .from(tenantMenus)
        .where(and(eq(tenantMenus.tenantId, PLATFORM_TENANT_ID), eq(tenantMenus.menuId, screenId)));
      expect(grant.actions).toEqual(['query']);
    });

    it('shows a new screen in the menu of the users granted it at their next fetch', async () => {
      const menuOf = async () =>
        leaves((await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: admin, lang: EN })).body.data as MenuItem[]);
      const mine = (await menuOf()).find((m) => m.component === 'reports/daily-sales');
      expect(mine).toMatchObject({ menuName: 'Sales per day', hidden: 0, actions: ['query'] });
      await t.call('POST', '/api/general/menu/update', {
        token: admin,
        body: { id: screenId, names: { zh_CN: '日销', en_US: 'Daily takings' } },
      });
      expect((await menuOf()).find((m) => m.component === 'reports/daily-sales')!.menuName).toBe('Daily takings');
    });

    it('keeps data items per screen: code, name, visible', async () => {
      const a = await t.call('POST', '/api/general/menu/data-item-save', {
        token: admin,
        body: { menuId: screenId, code: 'storeCode', name: 'Store code', seq: 1 },
      });
      expect(a.body.data).toMatchObject({ code: 'storeCode', visible: 1 });
      await t.call('POST', '/api/general/menu/data-item-save', {
        token: admin,
        body: { menuId: screenId, code: 'amount', name: 'Amount', visible: 0, seq: 2 },
      });
      const dup = await t.call('POST', '/api/general/menu/data-item-save', {
        token: admin,
        body: { menuId: screenId, code: 'amount', name: 'x' },
      });
      expect(dup.status).toBe(409);
      const edit = await t.call('POST', '/api/general/menu/data-item-save', {
        token: admin,
        body: { menuId: screenId, id: a.body.data.id, code: 'storeCode', name: 'Store', visible: 0 },
      });
      expect(edit.body.data).toMatchObject({ name: 'Store', visible: 0 });
      const got = await t.call('GET', `/api/general/menu/get?id=${screenId}`, { token: admin });
      expect(got.body.data.dataItems.map((d: { code: string }) => d.code)).toEqual(['storeCode', 'amount']);
      const del = await t.call('POST', '/api/general/menu/data-item-delete', { token: admin, body: { ids: [a.body.data.id] } });
      expect(del.body.data).toEqual({ deleted: 1 });
    });

    it('refuses deleting a menu with sub-menus or granted to roles, and deletes a subtree at once', async () => {
      const parent = await t.call('POST', '/api/general/menu/delete', { token: admin, lang: EN, body: { ids: [groupId] } });
      expect([parent.status, parent.body.msg]).toEqual([409, 'The menu reports/daily has sub-menus and cannot be deleted']);
      const [auditor] = await t.ctx.db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.code, 'AUDITOR')));
      await t.ctx.db.insert(roleMenus).values({ tenantId: PLATFORM_TENANT_ID, roleId: auditor.id, menuId: screenId, actions: ['query'] });
      const granted = await t.call('POST', '/api/general/menu/delete', { token: admin, lang: EN, body: { ids: [screenId] } });
      expect([granted.status, granted.body.msg]).toEqual([409, 'The menu reports/daily-sales is granted to roles and cannot be deleted']);
      await t.ctx.db.delete(roleMenus).where(eq(roleMenus.menuId, screenId));
      const ok = await t.call('POST', '/api/general/menu/delete', { token: admin, body: { ids: [moduleId, groupId, screenId] } });
      expect(ok.body.data).toEqual({ deleted: 3 });
      expect(await t.ctx.db.select().from(menuButtons).where(eq(menuButtons.menuId, screenId))).toEqual([]);
      expect(await t.ctx.db.select().from(tenantMenus).where(eq(tenantMenus.menuId, screenId))).toEqual([]);
      const menuAfter = await t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: admin });
      expect(leaves(menuAfter.body.data).some((m) => m.component === 'reports/daily-sales')).toBe(false);
      expect(await t.ctx.db.select().from(menus).where(eq(menus.code, 'reports'))).toEqual([]);
    });
  });

  describe('software versions', () => {
    const apk = zipBytes(300_000, 3);

    it("starts with a release history of every kind of client, and the demo users' last weeks in the logs", async () => {
      for (const type of ['app', 'web', 'net', 'java']) {
        const r = await t.call('POST', `/api/general/version-${type}/list`, { token: admin, body: { pageSize: 50 } });
        expect(r.body.data.total, type).toBeGreaterThanOrEqual(2);
        const rows = r.body.data.list as { versionName: string; versionNumber: number; uploadTime: string; updatedInstructions: string }[];
        for (const v of rows) {
          expect(v.versionName).toMatch(/^\d+\.\d+\.\d+$/);
          expect(new Date(v.uploadTime).getTime()).toBeLessThan(Date.now());
          // notes in the three console languages
          expect(v.updatedInstructions.split('\n')).toHaveLength(3);
        }
        // the newest first
        const times = rows.map((v) => new Date(v.uploadTime).getTime());
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }
      const ops = await t.call('POST', '/api/general/log-operation/list', {
        token: admin,
        // the demo users' last weeks (the demo's own moves of today, many, are newer than half a day)
        body: {
          pageSize: 500,
          createdAt: [new Date(Date.now() - 30 * 86_400_000).toISOString(), new Date(Date.now() - 86_400_000 / 2).toISOString()],
        },
      });
      const seeded = (ops.body.data.list as { username: string; action: string; createdAt: string }[]).filter(
        (o) =>
          new Date(o.createdAt).getTime() < Date.now() - 86_400_000 / 2 &&
          ['demo', 'supplier01', 'wh01', 'store01', 'admin'].includes(o.username),
      );
      expect(new Set(seeded.map((o) => o.action))).toEqual(
        new Set(['add', 'edit', 'submit', 'accept', 'ship', 'export', 'import', 'handle', 'refresh']),
      );
      const logins = await t.call('POST', '/api/general/log-login/list', { token: admin, body: { pageSize: 200 } });
      const users = new Set((logins.body.data.list as { username: string }[]).map((l) => l.username));
      for (const u of ['admin', 'demo', 'store01', 'wh01', 'supplier01']) expect(users.has(u), u).toBe(true);
    });

    it('adds an app version with its .apk in one multipart request', async () => {
      const r = await upload('/api/general/version-app/create', formData(versionFields(), { name: 'pda-2.4.0.apk', bytes: apk }));
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Upload success');
      expect(r.body.data).toMatchObject({
        type: 'app',
        versionNumber: 240,
        upgradeType: 'forced',
        fileName: 'pda-2.4.0.apk',
        fileSize: apk.length,
        uploadedPerson: 'admin',
      });
      expect(r.body.data.uploadTime).toBeTruthy();
      const list = await t.call('POST', '/api/general/version-app/list', { token: admin, body: { softwareName: 'pda' } });
      expect(list.body.data.total).toBe(1);
      // the other version screens do not see it
      const web = await t.call('POST', '/api/general/version-web/list', { token: admin, body: { softwareName: 'pda' } });
      expect(web.body.data.total).toBe(0);
    });

    it('downloads the uploaded version file byte for byte', async () => {
      const [v] = await t.ctx.db
        .select()
        .from(softwareVersions)
        .where(and(eq(softwareVersions.type, 'app'), eq(softwareVersions.fileName, 'pda-2.4.0.apk')));
      const res = await t.app.inject({ method: 'GET', url: `/api/general/version-app/download?id=${v.id}`, headers: { token: admin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('pda-2.4.0.apk');
      expect(res.headers['content-type']).toBe('application/vnd.android.package-archive');
      expect(Buffer.compare(res.rawPayload, apk)).toBe(0);
      const auditor = await t.login('auditor', 'auditor123');
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/general/version-app/download?id=${v.id}`,
        headers: { token: auditor },
      });
      expect(refused.statusCode).toBe(403);
    });

    it('refuses a second upload of the same .apk', async () => {
      const r = await upload(
        '/api/general/version-app/create',
        formData(versionFields({ versionNumber: 241, versionName: '2.4.1' }), { name: 'again.apk', bytes: apk }),
      );
      expect([r.status, r.body.msg]).toEqual([409, 'A duplicate attachment exists: pda-2.4.0.apk']);
      expect(await t.ctx.db.select().from(softwareVersions).where(eq(softwareVersions.versionNumber, 241))).toEqual([]);
    });

    it('refuses an app file that is not an .apk, by content and by name', async () => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x20)]);
      const renamed = await upload(
        '/api/general/version-app/create',
        formData(versionFields({ versionNumber: 242 }), { name: 'fake.apk', bytes: pdf }),
      );
      expect([renamed.status, renamed.body.msg]).toEqual([400, 'Wrong file format, please upload again (apk)']);
      const zip = await upload(
        '/api/general/version-app/create',
        formData(versionFields({ versionNumber: 242 }), { name: 'app.zip', bytes: zipBytes(1000, 9) }),
      );
      expect(zip.status).toBe(400);
      // a zip is fine for the web screen
      const web = await upload(
        '/api/general/version-web/create',
        formData(versionFields({ softwareCode: 'console', versionNumber: 1 }), { name: 'console.zip', bytes: zipBytes(1000, 9) }),
      );
      expect(web.status).toBe(200);
    });

    it('refuses an .apk over 5 MB while streaming', async () => {
      const total = 12 * 1024 * 1024;
      const head = formData(versionFields({ versionNumber: 250 }), { name: 'big.apk', bytes: Buffer.alloc(0) });
      // split the envelope around an empty file body, then stream the big body in between
      const marker = Buffer.from('application/octet-stream\r\n\r\n');
      const cut = head.indexOf(marker) + marker.length;
      let sent = 0;
      const body = new Readable({
        read() {
          if (sent === 0) {
            this.push(head.subarray(0, cut));
            this.push(Buffer.from('PK\u0003\u0004', 'latin1'));
          }
          if (sent >= total) {
            this.push(head.subarray(cut));
            this.push(null);
            return;
          }
          const n = Math.min(256 * 1024, total - sent);
          sent += n;
          this.push(Buffer.alloc(n, 5));
        },
      });
      const r = await upload('/api/general/version-app/create', body);
      expect(r.status).toBe(413);
      expect(r.body.msg).toBe('The file must be smaller than 5 MB');
      // counted while streaming: nothing past the limit was kept, not even a temporary file
      expect(readdirSync(path.join(t.ctx.config.dataDir, 'files', 'tmp'))).toEqual([]);
      expect(await t.ctx.db.select().from(softwareVersions).where(eq(softwareVersions.versionNumber, 250))).toEqual([]);
      const stored = await t.ctx.db.select().from(files).where(eq(files.scope, 'general/version-app'));
      expect(stored.length).toBe(1);
    });

    it('refuses a version number taken for the same software code and type, before storing the file', async () => {
      const r = await upload('/api/general/version-app/create', formData(versionFields(), { name: 'other.apk', bytes: zipBytes(2000, 4) }));
      expect([r.status, r.body.msg]).toEqual([409, 'Version number 240 already exists for tagloom-pda']);
      expect((await t.ctx.db.select().from(files).where(eq(files.scope, 'general/version-app'))).length).toBe(1);
      // the same number under another type is fine
      const java = await t.call('POST', '/api/general/version-java/create', { token: admin, body: versionFields() });
      expect(java.status).toBe(200);
    });

    it('validates the fields with their labels and the upgrade type enumeration', async () => {
      const r = await upload(
        '/api/general/version-app/create',
        formData(versionFields({ upgradeType: 'sometimes', versionNumber: 'x' }), { name: 'v.apk', bytes: zipBytes(500, 6) }),
      );
      expect(r.status).toBe(400);
      expect(r.body.msg).toContain('Upgrade type: choose one of Optional, Forced');
      expect(r.body.msg).toContain('Version number');
      const noFile = await upload('/api/general/version-app/create', formData(versionFields({ versionNumber: 260 })));
      expect([noFile.status, noFile.body.msg]).toEqual([400, 'Please choose the file to upload']);
    });

    it('replaces the file of a version with the upload button and edits its fields', async () => {
      const [v] = await t.ctx.db
        .select()
        .from(softwareVersions)
        .where(and(eq(softwareVersions.type, 'java'), eq(softwareVersions.versionNumber, 240)));
      const jar = zipBytes(4000, 8);
      const up = await upload('/api/general/version-java/upload', formData({ id: v.id }, { name: 'server.jar', bytes: jar }));
      expect(up.body.data).toMatchObject({ fileName: 'server.jar', fileSize: 4000 });
      const again = await upload(
        '/api/general/version-java/upload',
        formData({ id: v.id }, { name: 'server2.war', bytes: zipBytes(4100, 2) }),
      );
      expect(again.body.data.fileName).toBe('server2.war');
      expect((await t.ctx.db.select().from(files).where(eq(files.scope, 'general/version-java'))).map((f) => f.name)).toEqual([
        'server2.war',
      ]);
      const edit = await t.call('POST', '/api/general/version-java/update', {
        token: admin,
        body: { id: v.id, versionName: '2.4.0-hotfix' },
      });
      expect(edit.body.data.versionName).toBe('2.4.0-hotfix');
      // a version of another type is not reachable through this screen
      const [app] = await t.ctx.db.select().from(softwareVersions).where(eq(softwareVersions.type, 'app'));
      const cross = await t.call('POST', '/api/general/version-java/update', { token: admin, body: { id: app.id, versionName: 'x' } });
      expect(cross.status).toBe(404);
    });

    it('deletes versions with their files, so the same file may be uploaded again', async () => {
      const [v] = await t.ctx.db
        .select()
        .from(softwareVersions)
        .where(and(eq(softwareVersions.type, 'app'), eq(softwareVersions.fileName, 'pda-2.4.0.apk')));
      const del = await t.call('POST', '/api/general/version-app/delete', { token: admin, body: { ids: [v.id] } });
      expect(del.body.data).toEqual({ deleted: 1 });
      expect(await t.ctx.db.select().from(files).where(eq(files.scope, 'general/version-app'))).toEqual([]);
      const r = await upload('/api/general/version-app/create', formData(versionFields(), { name: 'pda-2.4.0.apk', bytes: apk }));
      expect(r.status).toBe(200);
    });

    it('refuses version screens to tenant users', async () => {
      const demo = await t.login('demo', 'demo123');
      expect((await t.call('POST', '/api/general/version-app/list', { token: demo, body: {} })).status).toBe(403);
    });
  });
});
