/** Turns the server's menu tree into runtime routes (spec §2). Pure: the view registry is passed in. */
import { MENU_TYPE, type MenuItem } from '../domain';

export interface ScreenRoute {
  path: string;
  /** screens.md code, key of the view registry */
  code: string;
  name: string;
  title: string;
  icon: string;
  actions: string[];
  hidden: boolean;
  /** path the sidebar highlights instead of this one */
  activeMenu?: string;
  /** first path segment of the module it belongs to */
  module: string;
  /** whether a view exists for the code; undefined views render the placeholder */
  hasView: boolean;
}

export interface ModuleNav {
  id: number;
  name: string;
  icon: string;
  path: string;
  defaultPath: string;
  modules: MenuItem[];
}

export interface BuiltRoutes {
  routes: ScreenRoute[];
  byPath: Record<string, ScreenRoute>;
  modules: ModuleNav[];
  /** the root path redirects here: the first menu item's first leaf */
  home: string;
}

export const MENU_ERRORS = { noData: 'Failed to get menu data', illegal: 'Illegal menu item:' } as const;

const isLeaf = (m: MenuItem) => m.menuType === MENU_TYPE.SCREEN || !m.children?.length;

function firstLeaf(item: MenuItem): MenuItem | undefined {
  if (isLeaf(item)) return item.menuType === MENU_TYPE.SCREEN ? item : undefined;
  for (const child of item.children) {
    if (child.hidden === 0) continue;
    const leaf = firstLeaf(child);
    if (leaf) return leaf;
  }
  return undefined;
}

/**
 * Builds the route table. `hasView(code)` tells whether the registry holds a view; a code without
 * one is reported through `onMissing` and left undefined (the shell shows a placeholder).
 */
export function buildRoutes(
  menus: MenuItem[] | null | undefined,
  hasView: (code: string) => boolean,
  onMissing?: (code: string) => void,
): BuiltRoutes {
  if (!Array.isArray(menus) || menus.length === 0) throw new Error(MENU_ERRORS.noData);
  const routes: ScreenRoute[] = [];
  const modules: ModuleNav[] = [];

  const walk = (item: MenuItem, module: string, siblings: MenuItem[]) => {
    if (!item?.name) throw new Error(MENU_ERRORS.illegal + (item?.menuName ?? item?.name ?? ''));
    if (item.menuType === MENU_TYPE.SCREEN) {
      const code = item.component;
      const exists = hasView(code);
      if (!exists) onMissing?.(code);
      const hidden = item.hidden === 0;
      const visibleSibling = siblings.find((s) => s.hidden !== 0 && s.menuType === MENU_TYPE.SCREEN);
      routes.push({
        path: item.path,
        code,
        name: item.name,
        title: item.menuName,
        icon: item.menuIconUrl,
        actions: item.actions ?? [],
        hidden,
        activeMenu: hidden && visibleSibling ? visibleSibling.path : undefined,
        module,
        hasView: exists,
      });
      return;
    }
    for (const child of item.children ?? []) walk(child, module, item.children);
  };

  for (const top of menus) {
    if (!top?.name) throw new Error(MENU_ERRORS.illegal + (top?.menuName ?? ''));
    const module = top.path.split('/')[1] ?? '';
    walk(top, module, menus);
    if (top.menuType === MENU_TYPE.MODULE) {
      modules.push({
        id: top.fid,
        name: top.menuName,
        icon: top.menuIconUrl,
        path: top.path,
        defaultPath: firstLeaf(top)?.path ?? top.path,
        modules: top.children ?? [],
      });
    }
  }
  const home = firstLeaf(menus[0])?.path ?? routes[0]?.path;
  if (!home) throw new Error(MENU_ERRORS.noData);
  return { routes, byPath: Object.fromEntries(routes.map((r) => [r.path, r])), modules, home };
}

/** Which module's side menu a path selects: its first segment, except segments holding 'Dashboar'. */
export function moduleOfPath(pathname: string, current: string | undefined): string | undefined {
  const seg = pathname.split('/')[1] ?? '';
  if (!seg || seg.includes('Dashboar')) return current;
  return seg;
}
