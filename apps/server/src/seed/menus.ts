import { ACTIONS, type ActionCode, MENU_TYPE, moduleSeq, SEEDED_MENU_TREE, type SeededMenuModuleDef } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { appMeta, menuButtons, menus } from '../db/schema/index.js';

const SEEDED_MENUS = 'menus.seeded';
/** the modules' seq as last seeded ({code: seq}); absent on installations seeded in the tree's order */
const SEEDED_MODULE_SEQ = 'menus.moduleSeq';

/**
 * Moves the modules to the seeded order (MODULE_ORDER) where their seq is still the one seeded
 * before: a module an administrator moved stays where it was put.
 */
async function reorderModules(db: Tx, tree: readonly SeededMenuModuleDef[], hadMenus: boolean): Promise<void> {
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_MODULE_SEQ));
  const before: Record<string, number> = meta
    ? JSON.parse(meta.value)
    : hadMenus
      ? Object.fromEntries(tree.map((m, i) => [m.code, (i + 1) * 10]))
      : {};
  const now = Object.fromEntries(tree.map((m) => [m.code, moduleSeq(m.code)]));
  for (const [code, seq] of Object.entries(now)) {
    const old = before[code];
    if (old === undefined || old === seq) continue;
    await db
      .update(menus)
      .set({ seq })
      .where(and(eq(menus.code, code), eq(menus.level, 1), eq(menus.seq, old)));
  }
  const value = JSON.stringify(now);
  await db.insert(appMeta).values({ key: SEEDED_MODULE_SEQ, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } });
}

/**
 * Bring the menus table up to the tree of screens.md: inserts what is missing (by code) and
 * leaves what an administrator edited alone. Returns the screen menu ids by component code. The
 * tree is the modules' menus with each screen's buttons (a declared screen's from its declaration).
 */
export async function syncMenuTree(db: Tx, tree: readonly SeededMenuModuleDef[] = SEEDED_MENU_TREE): Promise<Map<string, number>> {
  const existing = await db.select({ id: menus.id, code: menus.code }).from(menus);
  const idOf = new Map(existing.map((m) => [m.code, m.id]));
  // codes seeded before: an administrator who deleted one of them meant it
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_MENUS));
  const seededBefore = new Set<string>(meta ? JSON.parse(meta.value) : []);
  const seededNow = new Set<string>(seededBefore);
  await reorderModules(db, tree, existing.length > 0);

  async function ensure(row: typeof menus.$inferInsert): Promise<number | undefined> {
    const have = idOf.get(row.code);
    seededNow.add(row.code);
    if (have) return have;
    if (seededBefore.has(row.code)) return undefined;
    const [ins] = await db.insert(menus).values(row).returning({ id: menus.id });
    idOf.set(row.code, ins.id);
    return ins.id;
  }

  const screenIds = new Map<string, number>();
  const done = async () => {
    const value = JSON.stringify([...seededNow].sort());
    await db.insert(appMeta).values({ key: SEEDED_MENUS, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } });
  };
  for (const mod of tree) {
    const sides = new Set(mod.groups.flatMap((g) => g.screens.map((s) => s.side)));
    const side = sides.size === 1 ? [...sides][0] : 'B';
    const moduleId = await ensure({
      level: 1,
      menuType: MENU_TYPE.MODULE,
      code: mod.code,
      names: mod.names,
      alias: mod.names.en_US,
      component: 'Layout',
      path: `/${mod.code}`,
      icon: mod.icon,
      seq: moduleSeq(mod.code),
      side,
    });
    for (const [gi, group] of mod.groups.entries()) {
      const groupCode = `${mod.code}/${group.code}`;
      if (mod.groups.some((g) => g.screens.some((s) => s.component === groupCode))) {
        throw new Error(`Menu group code ${groupCode} collides with a screen code`);
      }
      if (moduleId === undefined) continue;
      const groupId = await ensure({
        parentId: moduleId,
        level: 2,
        menuType: MENU_TYPE.GROUP,
        code: groupCode,
        names: group.names,
        alias: group.names.en_US,
        component: 'ParentView',
        path: `/${groupCode}`,
        icon: group.icon,
        seq: (gi + 1) * 10,
        side,
      });
      for (const [si, screen] of group.screens.entries()) {
        if (groupId === undefined) continue;
        const id = await ensure({
          parentId: groupId,
          level: 3,
          menuType: MENU_TYPE.SCREEN,
          code: screen.component,
          names: screen.names,
          alias: screen.names.en_US,
          component: screen.component,
          path: `/${screen.component}`,
          icon: screen.icon,
          seq: (si + 1) * 10,
          hidden: screen.hidden ? 0 : 1,
          side: screen.side,
        });
        if (id !== undefined) screenIds.set(screen.component, id);
      }
    }
  }

  // buttons of every screen (missing ones only)
  const ids = [...screenIds.values()];
  const haveButtons = ids.length
    ? await db.select({ menuId: menuButtons.menuId, code: menuButtons.code }).from(menuButtons).where(inArray(menuButtons.menuId, ids))
    : [];
  const have = new Set(haveButtons.map((b) => `${b.menuId}:${b.code}`));
  const rows: (typeof menuButtons.$inferInsert)[] = [];
  for (const mod of tree)
    for (const g of mod.groups)
      for (const s of g.screens) {
        const menuId = screenIds.get(s.component);
        if (menuId === undefined) continue;
        s.actions.forEach((a, i) => {
          const key = `button:${s.component}:${a}`;
          seededNow.add(key);
          if (!have.has(`${menuId}:${a}`) && !seededBefore.has(key))
            rows.push({ menuId, code: a, names: ACTIONS[a], alias: ACTIONS[a].en_US, seq: (i + 1) * 10 });
        });
      }
  if (rows.length) await db.insert(menuButtons).values(rows);
  await done();
  return screenIds;
}

/** Screen menu ids with all their buttons, for the screens of the given sides. */
export async function screenGrants(db: Tx, sides: string[]): Promise<{ menuId: number; actions: ActionCode[] }[]> {
  const rows = await db
    .select({ id: menus.id, side: menus.side, code: menuButtons.code })
    .from(menus)
    .innerJoin(menuButtons, eq(menuButtons.menuId, menus.id))
    .where(eq(menus.level, 3));
  const out = new Map<number, ActionCode[]>();
  for (const r of rows) {
    if (!sides.includes(r.side)) continue;
    const list = out.get(r.id) ?? [];
    list.push(r.code as ActionCode);
    out.set(r.id, list);
  }
  return [...out].map(([menuId, actions]) => ({ menuId, actions }));
}
