import { z } from 'zod';

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

export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    fid: z.number().int(),
    menuType: z.number().int(),
    seq: z.number().int(),
    menuName: z.string(),
    aliasName: z.string(),
    menuIconUrl: z.string(),
    component: z.string(),
    hidden: z.number().int(),
    actions: z.array(z.string()),
    path: z.string(),
    name: z.string(),
    children: z.array(menuItem),
  }),
);

/** menuType values: 1 top module, 2 group, 3 screen. */
export const MENU_TYPE = { MODULE: 1, GROUP: 2, SCREEN: 3 } as const;

/** Route name of a screen: 'label/purchase-order' → 'LabelPurchaseOrder'. */
export const routeNameOf = (component: string): string =>
  component
    .split(/[/-]/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');
