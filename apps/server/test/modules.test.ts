import {
  CRUD,
  CUSTOM_RESOURCES,
  DECLARED_RESOURCES,
  DOMAIN_MODULES,
  defineDomainModule,
  defineResource,
  f,
  type MenuItem,
  RESOURCES,
  SEEDED_MENU_TREE,
  seededMenu,
} from '@tagloom/domain';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServices, MODULES } from '../src/app.js';
import { defineModule } from '../src/core/module.js';
import { resourceTable } from '../src/db/resource-table.js';
import * as schema from '../src/db/schema/index.js';
import { grantTenant } from '../src/seed/index.js';
import { syncMenuTree } from '../src/seed/menus.js';
import { startTestApp, type TestApp } from './support.js';

const leaves = (tree: MenuItem[]): MenuItem[] => tree.flatMap((m) => (m.children.length ? leaves(m.children) : [m]));

// ---- a new module with one plain screen: all it takes (the "How to add a screen" example) ----
const L = (en: string, zh: string) => ({ zh_CN: zh, zh_TW: zh, en_US: en });
const noteResource = defineResource({
  code: 'lab/note',
  names: L('Note', '便签'),
  owner: 'tenant',
  table: 'lab_notes',
  titleField: 'title',
  defaultSort: { field: 'title', order: 'asc' },
  extraActions: ['print'],
  fields: {
    title: f.text({ label: L('Title', '标题'), max: 64, unique: true, search: 'like', sort: true }),
    pages: f.int({ label: L('Pages', '页数'), min: 1, max: 999, required: false, search: 'range' }),
    remark: f.textarea({ label: L('Remark', '备注'), max: 256 }),
  },
});
const labMenu = {
  code: 'lab',
  icon: 'ExperimentOutlined',
  names: L('Lab', '实验'),
  groups: [
    {
      code: 'notes',
      icon: 'FileTextOutlined',
      names: L('Notes', '便签'),
      screens: [{ component: 'lab/note', side: 'T' as const, icon: 'FileTextOutlined', names: L('Notes', '便签') }],
    },
  ],
};
const labDomain = defineDomainModule({ code: 'lab', menu: labMenu, resources: [noteResource] });
// its tables.ts (the migration comes from drizzle-kit, below)
const noteTable = resourceTable(noteResource);
const labModule = defineModule({ code: 'lab', domain: labDomain });
// ---- end of the module ----

describe('modules as plugins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('serves every declaration through its module registry, each table named in the schema drizzle-kit reads', async () => {
    const named = new Set(Object.values(schema));
    // every declaration of every module, generic and custom alike, and nothing else gets the generic routes
    expect(t.services.modules.served.map((s) => s.def.code).sort()).toEqual(DECLARED_RESOURCES.map((d) => d.code).sort());
    // each over the table its declaration names, one drizzle-kit sees
    for (const s of t.services.resources.values()) {
      expect(named.has(s.table as never), s.def.code).toBe(true);
      expect(getTableName(s.table), s.def.code).toBe(s.def.table);
    }
    for (const def of [...RESOURCES, ...CUSTOM_RESOURCES]) expect(t.services.resources.get(def.code)?.def, def.code).toBe(def);
    // besides them, the map holds their lines (whose hooks run when lines are written), which have no routes of their own
    const lines = new Set(DECLARED_RESOURCES.flatMap((d) => (d.children ?? []).map((c) => c.resource.code)));
    const served = new Set(t.services.modules.served.map((s) => s.def.code));
    expect([...t.services.resources.keys()].filter((c) => !served.has(c) && !lines.has(c))).toEqual([]);
    for (const code of lines) expect(t.services.resources.has(code), code).toBe(true);
    for (const code of [...lines].filter((c) => !served.has(c)))
      expect((await t.call('POST', `/api/${code}/list`, { token: await t.login('admin', 'admin123'), body: {} })).status, code).toBe(404);
    // the domain halves are the server modules' own
    for (const m of MODULES) if (m.domain) expect(DOMAIN_MODULES).toContain(m.domain);
  });

  it("seeds each screen's buttons from its declaration (or its menu entry), in order", async () => {
    const rows = await t.ctx.db
      .select({ code: schema.menus.code, button: schema.menuButtons.code, seq: schema.menuButtons.seq })
      .from(schema.menuButtons)
      .innerJoin(schema.menus, eq(schema.menus.id, schema.menuButtons.menuId))
      .orderBy(schema.menuButtons.seq);
    const seeded = new Map<string, string[]>();
    for (const r of rows) seeded.set(r.code, [...(seeded.get(r.code) ?? []), r.button]);
    for (const s of SEEDED_MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens)))
      expect(seeded.get(s.component), s.component).toEqual(s.actions);
    expect(seeded.get('general/tenant')).toEqual(['query', 'add', 'edit', 'delete', 'export', 'enable', 'disable']);
    expect(seeded.get('rfid/equipment')).toEqual([...CRUD, 'register', 'bind', 'unbind']);
  });

  it('refuses hooks for a screen the module does not declare, and a screen registered twice', () => {
    const stray = defineModule({ code: 'stray', hooks: () => ({ 'general/product': {} }) });
    expect(() => createServices(t.ctx, [...MODULES, stray])).toThrow(/stray has hooks for general\/product/);
    const twice = defineModule({ code: 'lab2', domain: labDomain });
    expect(() => createServices(t.ctx, [labModule, twice])).toThrow(/lab\/note is registered twice/);
  });

  describe('a new module declared in one place (here: in this test) gets', () => {
    let app: FastifyInstance;
    let token: string;
    let table: ReturnType<typeof resourceTable>;
    let demoId: number;
    const call = async (url: string, body: unknown) =>
      (
        await app.inject({ method: 'POST', url, headers: { token, 'content-type': 'application/json' }, payload: JSON.stringify(body) })
      ).json();

    beforeAll(async () => {
      // its table: the migration drizzle-kit writes for it (npm run db:generate), applied here
      table = noteTable;
      const ddl = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ table }));
      for (const statement of ddl) await t.ctx.db.execute(sql.raw(statement));
      // its menu entry and buttons (what the seed does at startup), granted to the DEMO tenant
      [{ id: demoId }] = await t.ctx.db.select({ id: schema.tenants.id }).from(schema.tenants).where(eq(schema.tenants.code, 'DEMO'));
      await t.ctx.db.transaction(async (tx) => {
        await syncMenuTree(tx, seededMenu([...DOMAIN_MODULES, labDomain]));
        await grantTenant(tx, demoId, ['T', 'B']);
      });
      app = await buildApp(t.ctx, createServices(t.ctx, [...MODULES, labModule]));
      await app.ready();
      token = await t.login('demo', 'demo123');
    });
    afterAll(() => app?.close());

    it('a menu entry with its declared buttons', async () => {
      const tree: MenuItem[] = (await call('/api/menu/selectMenuByCurrentUserId', {})).data;
      const note = leaves(tree).find((l) => l.component === 'lab/note');
      expect(note).toMatchObject({ path: '/lab/note', actions: [...CRUD, 'print'] });
      expect(tree.map((m) => m.path).at(-1)).toBe('/lab');
    });

    it('the generic routes over its own table, with its declared rules', async () => {
      const made = await call('/api/lab/note/create', { title: 'First', pages: 3, remark: '' });
      expect(made.code).toBe(200);
      const bad = await call('/api/lab/note/create', { title: 'Second', pages: 0, remark: '' });
      expect(bad.code).toBe(400);
      const list = await call('/api/lab/note/list', { title: 'Fir' });
      expect(list.data.list.map((r: { title: string }) => r.title)).toEqual(['First']);
      const rows = await t.ctx.db.select().from(table);
      expect(rows).toMatchObject([{ tenantId: demoId, title: 'First', pages: 3 }]);
    });
  });
});
