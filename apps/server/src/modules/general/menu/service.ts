import type { MenuButtonSave, MenuCreate, MenuDataItemSave, MenuUpdate } from '@tagloom/domain';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { AppError, conflict, notFound } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import { menuButtons, menuDataItems, menus, roleMenus, tenantMenus } from '../../../db/schema/index.js';
import { isPlatformMenu, platformScreenRefused } from './grants.js';

type MenuRow = typeof menus.$inferSelect;
export type MenuNode = MenuRow & { buttonCount: number; children: MenuNode[] };

const MAX_LEVEL = 3;

/** A platform-only screen (by the code's list) stays on the platform side: its side column may not say otherwise. */
function keepOnPlatform(m: { code: string; component: string; side: string; names: MenuRow['names'] }) {
  if (m.side !== 'P' && isPlatformMenu(m)) throw platformScreenRefused(m);
}

/**
 * The menu screen: a three-level tree (module, group, screen), each screen's operation buttons
 * and data items. Every write tells all server processes to drop their menu and grant caches.
 */
export class MenuAdminService {
  constructor(private readonly ctx: AppContext) {}

  private changed() {
    return this.ctx.bus.emit(PERMISSIONS_CHANGED);
  }

  /** The whole tree; with a filter, the matching menus and their ancestors. */
  async tree(filter: { code?: string; name?: string }): Promise<MenuNode[]> {
    const db = this.ctx.db;
    const rows = await db.select().from(menus).orderBy(asc(menus.level), asc(menus.seq), asc(menus.id));
    const counts = await db
      .select({ menuId: menuButtons.menuId, n: sql<number>`count(*)::int` })
      .from(menuButtons)
      .groupBy(menuButtons.menuId);
    const countOf = new Map(counts.map((c) => [c.menuId, c.n]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const code = filter.code?.toLowerCase();
    const name = filter.name?.toLowerCase();
    let keep: Set<number> | undefined;
    if (code || name) {
      keep = new Set();
      for (const r of rows) {
        const hit =
          (!code || r.code.toLowerCase().includes(code)) &&
          (!name || Object.values(r.names).some((n) => n.toLowerCase().includes(name)) || r.alias.toLowerCase().includes(name));
        if (!hit) continue;
        for (let x: MenuRow | undefined = r; x && !keep.has(x.id); x = x.parentId ? byId.get(x.parentId) : undefined) keep.add(x.id);
      }
    }
    const nodes = new Map<number, MenuNode>();
    const roots: MenuNode[] = [];
    for (const r of rows) {
      if (keep && !keep.has(r.id)) continue;
      const node: MenuNode = { ...r, buttonCount: countOf.get(r.id) ?? 0, children: [] };
      nodes.set(r.id, node);
      const parent = r.parentId ? nodes.get(r.parentId) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  async get(id: number) {
    const [row] = await this.ctx.db.select().from(menus).where(eq(menus.id, id));
    if (!row) throw notFound('menuAdmin.menu');
    return { ...row, buttons: await this.buttons(id), dataItems: await this.dataItems(id) };
  }

  private async uniqueCode(code: string, id?: number) {
    const [clash] = await this.ctx.db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.code, code), id ? ne(menus.id, id) : undefined));
    if (clash) throw conflict('common.conflict', { what: { key: 'field.code' } });
  }

  /** New module (no parent), group or screen (a sub-menu): its level is its parent's plus one. */
  async create(input: MenuCreate): Promise<MenuRow> {
    let parent: MenuRow | undefined;
    if (input.parentId) {
      [parent] = await this.ctx.db.select().from(menus).where(eq(menus.id, input.parentId));
      if (!parent) throw notFound('menuAdmin.menu');
    }
    const level = parent ? parent.level + 1 : 1;
    if (level > MAX_LEVEL) throw new AppError(400, 400, 'menuAdmin.tooDeep');
    if (level === MAX_LEVEL && !input.component) throw new AppError(400, 400, 'menuAdmin.componentRequired');
    await this.uniqueCode(input.code);
    keepOnPlatform({
      code: input.code,
      component: input.component ?? '',
      side: input.side ?? parent?.side ?? 'P',
      names: { zh_CN: input.names.zh_CN, zh_TW: input.names.zh_TW || input.names.zh_CN, en_US: input.names.en_US || input.names.zh_CN },
    });
    const [row] = await this.ctx.db
      .insert(menus)
      .values({
        parentId: parent?.id ?? null,
        level,
        menuType: level,
        code: input.code,
        names: { zh_CN: input.names.zh_CN, zh_TW: input.names.zh_TW || input.names.zh_CN, en_US: input.names.en_US || input.names.zh_CN },
        alias: input.alias ?? input.names.en_US ?? '',
        component: input.component || (level === 1 ? 'Layout' : level === 2 ? 'ParentView' : ''),
        path: input.path || `/${input.code}`,
        icon: input.icon ?? '',
        seq: input.seq ?? 0,
        hidden: input.hidden ?? 1,
        terminal: input.terminal ?? parent?.terminal ?? 'web',
        side: input.side ?? parent?.side ?? 'P',
        status: input.status ?? 1,
      })
      .returning();
    await this.changed();
    return row;
  }

  async update(input: MenuUpdate): Promise<MenuRow> {
    const { id, ...data } = input;
    const [existing] = await this.ctx.db.select().from(menus).where(eq(menus.id, id));
    if (!existing) throw notFound('menuAdmin.menu');
    if (data.code) await this.uniqueCode(data.code, id);
    if (existing.level === MAX_LEVEL && data.component !== undefined && !data.component) {
      throw new AppError(400, 400, 'menuAdmin.componentRequired');
    }
    const names = data.names
      ? { zh_CN: data.names.zh_CN, zh_TW: data.names.zh_TW || data.names.zh_CN, en_US: data.names.en_US || data.names.zh_CN }
      : undefined;
    keepOnPlatform({
      code: data.code ?? existing.code,
      component: data.component ?? existing.component,
      side: data.side ?? existing.side,
      names: names ?? existing.names,
    });
    const [row] = await this.ctx.db
      .update(menus)
      .set({ ...data, names, updatedAt: new Date() })
      .where(eq(menus.id, id))
      .returning();
    await this.changed();
    return row;
  }

  /**
   * Delete menus without children (unless the children go too) and not granted to any role.
   * Tenant grants of a deleted screen, its buttons and data items go with it.
   */
  async remove(ids: number[]): Promise<number> {
    const n = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx.select().from(menus).where(inArray(menus.id, ids));
      if (rows.length !== new Set(ids).size) throw notFound('menuAdmin.menu');
      const [child] = await tx
        .select({ parentId: menus.parentId })
        .from(menus)
        .where(and(inArray(menus.parentId, ids), notInArray(menus.id, ids)))
        .limit(1);
      if (child) throw conflict('menuAdmin.hasChildren', { code: rows.find((r) => r.id === child.parentId)?.code });
      const [granted] = await tx.select({ menuId: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.menuId, ids)).limit(1);
      if (granted) throw conflict('menuAdmin.granted', { code: rows.find((r) => r.id === granted.menuId)?.code });
      await tx.delete(menus).where(inArray(menus.id, ids));
      return rows.length;
    });
    await this.changed();
    return n;
  }

  private async screen(menuId: number): Promise<MenuRow> {
    const [row] = await this.ctx.db.select().from(menus).where(eq(menus.id, menuId));
    if (!row) throw notFound('menuAdmin.menu');
    if (row.level !== MAX_LEVEL) throw new AppError(400, 400, 'menuAdmin.screenOnly');
    return row;
  }

  buttons(menuId: number) {
    return this.ctx.db.select().from(menuButtons).where(eq(menuButtons.menuId, menuId)).orderBy(asc(menuButtons.seq), asc(menuButtons.id));
  }

  /** Add or edit an operation button; a renamed code is renamed in every grant too. */
  async saveButton(input: MenuButtonSave) {
    await this.screen(input.menuId);
    const row = await this.ctx.db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: menuButtons.id })
        .from(menuButtons)
        .where(
          and(eq(menuButtons.menuId, input.menuId), eq(menuButtons.code, input.code), input.id ? ne(menuButtons.id, input.id) : undefined),
        );
      if (clash) throw conflict('common.conflict', { what: { key: 'field.code' } });
      const [old] = input.id
        ? await tx
            .select()
            .from(menuButtons)
            .where(and(eq(menuButtons.id, input.id), eq(menuButtons.menuId, input.menuId)))
        : [];
      if (input.id && !old) throw notFound('menuAdmin.button');
      // on edit, what is left out keeps its value
      const values = {
        code: input.code,
        names: { zh_CN: input.names.zh_CN, zh_TW: input.names.zh_TW || input.names.zh_CN, en_US: input.names.en_US || input.names.zh_CN },
        alias: input.alias ?? old?.alias ?? input.names.en_US ?? '',
        seq: input.seq ?? old?.seq ?? 0,
        status: input.status ?? old?.status ?? 1,
      };
      if (!old) {
        const [ins] = await tx
          .insert(menuButtons)
          .values({ menuId: input.menuId, ...values })
          .returning();
        return ins;
      }
      if (old.code !== input.code) {
        for (const t of [tenantMenus, roleMenus]) {
          await tx
            .update(t)
            .set({ actions: sql`array_replace(${t.actions}, ${old.code}, ${input.code})` })
            .where(eq(t.menuId, input.menuId));
        }
      }
      const [upd] = await tx
        .update(menuButtons)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(menuButtons.id, old.id))
        .returning();
      return upd;
    });
    await this.changed();
    return row;
  }

  /** Delete buttons and take them out of every tenant and role grant. */
  async removeButtons(ids: number[]): Promise<number> {
    const n = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx.select().from(menuButtons).where(inArray(menuButtons.id, ids));
      if (rows.length !== new Set(ids).size) throw notFound('menuAdmin.button');
      for (const b of rows) {
        for (const t of [tenantMenus, roleMenus]) {
          await tx
            .update(t)
            .set({ actions: sql`array_remove(${t.actions}, ${b.code})` })
            .where(eq(t.menuId, b.menuId));
        }
      }
      await tx.delete(menuButtons).where(inArray(menuButtons.id, ids));
      return rows.length;
    });
    await this.changed();
    return n;
  }

  dataItems(menuId: number) {
    return this.ctx.db
      .select()
      .from(menuDataItems)
      .where(eq(menuDataItems.menuId, menuId))
      .orderBy(asc(menuDataItems.seq), asc(menuDataItems.id));
  }

  async saveDataItem(input: MenuDataItemSave) {
    await this.screen(input.menuId);
    const [clash] = await this.ctx.db
      .select({ id: menuDataItems.id })
      .from(menuDataItems)
      .where(
        and(
          eq(menuDataItems.menuId, input.menuId),
          eq(menuDataItems.code, input.code),
          input.id ? ne(menuDataItems.id, input.id) : undefined,
        ),
      );
    if (clash) throw conflict('common.conflict', { what: { key: 'field.code' } });
    const [prev] = input.id ? await this.ctx.db.select().from(menuDataItems).where(eq(menuDataItems.id, input.id)) : [];
    const values = { code: input.code, name: input.name, visible: input.visible ?? prev?.visible ?? 1, seq: input.seq ?? prev?.seq ?? 0 };
    let row: typeof menuDataItems.$inferSelect | undefined;
    if (input.id) {
      [row] = await this.ctx.db
        .update(menuDataItems)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(menuDataItems.id, input.id), eq(menuDataItems.menuId, input.menuId)))
        .returning();
      if (!row) throw notFound('menuAdmin.dataItem');
    } else {
      [row] = await this.ctx.db
        .insert(menuDataItems)
        .values({ menuId: input.menuId, ...values })
        .returning();
    }
    await this.changed();
    return row;
  }

  async removeDataItems(ids: number[]): Promise<number> {
    const gone = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx.delete(menuDataItems).where(inArray(menuDataItems.id, ids)).returning({ id: menuDataItems.id });
      if (rows.length !== new Set(ids).size) throw notFound('menuAdmin.dataItem');
      return rows;
    });
    await this.changed();
    return gone.length;
  }
}
