import { menuCreate, menuUpdate } from '@tagloom/domain';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { menus, roleMenus } from '../../../db/schema/index.js';
import { isPlatformMenu, platformScreenRefused } from './grants.js';
import type { MenuAdminService } from './service.js';

type Names = { zh_CN: string; zh_TW: string; en_US: string };
export const MAX_LEVEL = 3;
const l10n = z.object({ zh_CN: z.string(), zh_TW: z.string(), en_US: z.string() });

/** Traditional Chinese and English fall back to Simplified Chinese. */
const filled = (n: Names): Names => ({ zh_CN: n.zh_CN, zh_TW: n.zh_TW || n.zh_CN, en_US: n.en_US || n.zh_CN });

/** A platform-only screen (by the code's list) stays on the platform side: its side column may not say otherwise. */
function keepOnPlatform(m: { code: string; component: string; side: string; names: Names }) {
  if (m.side !== 'P' && isPlatformMenu(m)) throw platformScreenRefused(m);
}

/**
 * Menus on the generic resource path (get, create, update, delete; the list is the module's tree):
 * a new menu's level is its parent's plus one (at most 3, a screen needs a component), it takes its
 * parent's terminal and side unless given; a platform-only screen stays on the platform side; a
 * menu with sub-menus or granted to a role is kept. /get carries the screen's buttons and data items.
 */
export function menuHooks(ctx: AppContext, admin: MenuAdminService): ResourceHooks {
  return {
    body: { create: menuCreate, update: menuUpdate },
    async beforeWrite(tx, data, { existing, changes }) {
      if (existing) {
        if (existing.level === MAX_LEVEL && changes?.component !== undefined && !changes.component)
          throw badRequest('menuAdmin.componentRequired');
        if (changes?.names) changes.names = filled(changes.names as Names);
        keepOnPlatform({
          ...(data as { code: string; component: string; side: string }),
          names: (changes?.names ?? existing.names) as Names,
        });
        return;
      }
      let parent: Record<string, unknown> | undefined;
      if (data.parentId) {
        [parent] = await tx
          .select()
          .from(menus)
          .where(eq(menus.id, Number(data.parentId)));
        if (!parent) throw notFound('menuAdmin.menu');
      }
      const level = parent ? Number(parent.level) + 1 : 1;
      if (level > MAX_LEVEL) throw badRequest('menuAdmin.tooDeep');
      if (level === MAX_LEVEL && !data.component) throw badRequest('menuAdmin.componentRequired');
      const names = data.names as Names;
      Object.assign(data, {
        parentId: parent?.id ?? null,
        level,
        menuType: level,
        names: filled(names),
        alias: data.alias ?? names.en_US ?? '',
        component: data.component || (level === 1 ? 'Layout' : level === 2 ? 'ParentView' : ''),
        path: data.path || `/${data.code}`,
        terminal: data.terminal ?? parent?.terminal ?? 'web',
        side: data.side ?? parent?.side ?? 'P',
      });
      keepOnPlatform(data as never);
    },
    /** menus without children (unless the children go too) and not granted to any role */
    async beforeDelete(tx, rows) {
      const ids = rows.map((r) => r.id as number);
      const [child] = await tx
        .select({ parentId: menus.parentId })
        .from(menus)
        .where(and(inArray(menus.parentId, ids), notInArray(menus.id, ids)))
        .limit(1);
      if (child) throw conflict('menuAdmin.hasChildren', { code: String(rows.find((r) => r.id === child.parentId)?.code) });
      const [granted] = await tx.select({ menuId: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.menuId, ids)).limit(1);
      if (granted) throw conflict('menuAdmin.granted', { code: String(rows.find((r) => r.id === granted.menuId)?.code) });
    },
    afterCommit: () => ctx.bus.emit(PERMISSIONS_CHANGED),
    async decorate(rows, { detail }) {
      if (!detail) return rows;
      return Promise.all(
        rows.map(async (r) => ({ ...r, buttons: await admin.buttons(r.id as number), dataItems: await admin.dataItems(r.id as number) })),
      );
    },
    rowFields: {
      level: z.number(),
      menuType: z.number(),
      names: l10n,
      createdBy: z.number().nullable().optional(),
      buttons: z.array(z.record(z.string(), z.unknown())).optional(),
      dataItems: z.array(z.record(z.string(), z.unknown())).optional(),
    },
    omitRoutes: ['list', 'export', 'template', 'import'],
  };
}
