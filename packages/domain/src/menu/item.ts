// The menu as the console receives it (GET /menu/tree). Zod-free: the shell imports it anywhere;
// its response schema is menuItem in schemas/menu.ts.

/** A menu item as the console receives it (spec §3 "Menu item"). */
export interface MenuItem {
  fid: number;
  menuType: number;
  seq: number;
  menuName: string;
  aliasName: string;
  menuIconUrl: string;
  component: string;
  hidden: number;
  actions: string[];
  path: string;
  name: string;
  children: MenuItem[];
}

/** menuType values: 1 top module, 2 group, 3 screen. */
export const MENU_TYPE = { MODULE: 1, GROUP: 2, SCREEN: 3 } as const;

/** Route name of a screen: 'label/purchase-order' → 'LabelPurchaseOrder'. */
export const routeNameOf = (component: string): string =>
  component
    .split(/[/-]/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');
