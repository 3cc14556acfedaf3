import { z } from 'zod';
import type { MenuItem } from '../menu/item.js';

// the menu item's type and helpers are zod-free (menu/item.ts): the console's shell imports them
export * from '../menu/item.js';

/** The response schema of the menu tree's items (GET /menu/tree). */
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
