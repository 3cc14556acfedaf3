import { type Lang, MENU_TYPE, type MenuItem } from '@tagloom/domain';
import { asc, eq } from 'drizzle-orm';
import { Cached } from '../../core/bus.js';
import type { AppContext } from '../../core/context.js';
import { PERMISSIONS_CHANGED, type PermissionService } from '../../core/permissions.js';
import { menus } from '../../db/schema/index.js';

type MenuRow = typeof menus.$inferSelect;

/** Route name from a menu code: 'general/organization' → 'GeneralOrganization'. */
const routeName = (code: string) =>
  code
    .split(/[/-]/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');

/** Builds each user's menu tree from the menus table and the user's grants. */
export class MenuService {
  private all: Cached<'all', MenuRow[]>;

  constructor(
    ctx: AppContext,
    private readonly permissions: PermissionService,
  ) {
    this.all = new Cached(ctx.bus, PERMISSIONS_CHANGED, () =>
      ctx.db.select().from(menus).where(eq(menus.status, 1)).orderBy(asc(menus.seq), asc(menus.id)),
    );
  }

  /** The tree the user may see: granted screens and their groups and modules, in seq order. */
  async treeFor(tenantId: number, userId: number, lang: Lang): Promise<MenuItem[]> {
    const [rows, grants] = await Promise.all([this.all.get('all'), this.permissions.grants(tenantId, userId)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const keep = new Set<number>();
    for (const id of grants.byMenu.keys()) {
      let row = byId.get(id);
      while (row && !keep.has(row.id)) {
        keep.add(row.id);
        row = row.parentId ? byId.get(row.parentId) : undefined;
      }
    }
    const children = new Map<number | null, MenuRow[]>();
    for (const r of rows) {
      if (!keep.has(r.id)) continue;
      const list = children.get(r.parentId ?? null) ?? [];
      list.push(r);
      children.set(r.parentId ?? null, list);
    }
    const build = (r: MenuRow): MenuItem => ({
      fid: r.id,
      menuType: r.menuType,
      seq: r.seq,
      menuName: r.names[lang] || r.names.zh_CN,
      aliasName: r.alias || r.names.en_US,
      menuIconUrl: r.icon,
      component: r.component,
      hidden: r.hidden,
      actions: [...(grants.byMenu.get(r.id) ?? [])],
      path: r.path,
      name: routeName(r.code),
      children: (children.get(r.id) ?? []).map(build).filter((c) => c.menuType === MENU_TYPE.SCREEN || c.children.length),
    });
    return (children.get(null) ?? [])
      .filter((r) => r.menuType === MENU_TYPE.MODULE)
      .map(build)
      .filter((m) => m.children.length);
  }
}
