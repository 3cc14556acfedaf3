import type { MenuButtonSave, MenuDataItemSave } from '@tagloom/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import { menuButtons, menuDataItems, menus, roleMenus, tenantMenus } from '../../../db/schema/index.js';
import { MAX_LEVEL } from './hooks.js';

type MenuRow = typeof menus.$inferSelect;
export type MenuNode = MenuRow & { buttonCount: number; children: MenuNode[] };

/**
 * What the menu screen does beyond the generic resource (get, create, update and delete, with the
 * hooks in ./hooks.ts): the three-level tree (module, group, screen) as its list, and each screen's
 * operation buttons and data items. Every write tells all server processes to drop their menu and
 * grant caches.
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

  private async screen(menuId: number): Promise<MenuRow> {
    const [row] = await this.ctx.db.select().from(menus).where(eq(menus.id, menuId));
    if (!row) throw notFound('menuAdmin.menu');
    if (row.level !== MAX_LEVEL) throw badRequest('menuAdmin.screenOnly');
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
