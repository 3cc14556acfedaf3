import type { MenuItem } from '@tagloom/domain';
import { describe, expect, it, vi } from 'vitest';
import { buildRoutes, MENU_ERRORS, moduleOfPath } from './menu-routes';

const item = (p: Partial<MenuItem> & { path: string; menuType: number }): MenuItem => ({
  fid: 1,
  seq: 0,
  menuName: p.path,
  aliasName: '',
  menuIconUrl: 'TeamOutlined',
  component: p.menuType === 1 ? 'Layout' : p.menuType === 2 ? 'ParentView' : p.path.slice(1),
  hidden: 1,
  actions: [],
  name: p.path.replace(/\W/g, '') || 'x',
  children: [],
  ...p,
});

const tree = (): MenuItem[] => [
  item({
    path: '/dashboard',
    menuType: 1,
    children: [item({ path: '/dashboard/overview', menuType: 2, children: [item({ path: '/dashboard/admin', menuType: 3 })] })],
  }),
  item({
    path: '/general',
    menuType: 1,
    children: [
      item({
        path: '/general/organization',
        menuType: 2,
        children: [
          item({ path: '/general/tenant', menuType: 3, actions: ['query', 'add'] }),
          item({ path: '/general/tenant-wizard', menuType: 3, hidden: 0 }),
        ],
      }),
    ],
  }),
];

describe('buildRoutes', () => {
  it('adds a route per screen and redirects the root to the first leaf', () => {
    const built = buildRoutes(tree(), () => true);
    expect(built.routes.map((r) => r.path)).toEqual(['/dashboard/admin', '/general/tenant', '/general/tenant-wizard']);
    expect(built.home).toBe('/dashboard/admin');
    expect(built.byPath['/general/tenant'].actions).toEqual(['query', 'add']);
  });

  it('lists top modules with their default paths', () => {
    const built = buildRoutes(tree(), () => true);
    expect(built.modules.map((m) => [m.path, m.defaultPath])).toEqual([
      ['/dashboard', '/dashboard/admin'],
      ['/general', '/general/tenant'],
    ]);
  });

  it('logs a code with no view and leaves it undefined', () => {
    const missing = vi.fn();
    const built = buildRoutes(tree(), (code) => code === 'dashboard/admin', missing);
    expect(missing).toHaveBeenCalledWith('general/tenant');
    expect(built.byPath['/general/tenant'].hasView).toBe(false);
    expect(built.byPath['/dashboard/admin'].hasView).toBe(true);
  });

  it('gives a hidden screen the active menu of a visible sibling', () => {
    expect(buildRoutes(tree(), () => true).byPath['/general/tenant-wizard'].activeMenu).toBe('/general/tenant');
  });

  it('rejects an item without a name', () => {
    const menus = tree();
    menus[1].children[0].children[0].name = '';
    expect(() => buildRoutes(menus, () => true)).toThrow(MENU_ERRORS.illegal);
  });

  it('fails without menu data', () => {
    expect(() => buildRoutes([], () => true)).toThrow('Failed to get menu data');
    expect(() => buildRoutes(null, () => true)).toThrow('Failed to get menu data');
  });
});

describe('moduleOfPath', () => {
  it('selects the module by the first path segment', () => {
    expect(moduleOfPath('/general/tenant', 'dashboard')).toBe('general');
  });
  it("keeps the current module for the segment 'Dashboar'", () => {
    expect(moduleOfPath('/Dashboard/x', 'general')).toBe('general');
  });
});
