import { dashboardMenu } from '../resources/dashboard/_menu.js';
import { generalMenu } from '../resources/general/_menu.js';
import { labelMenu } from '../resources/label/_menu.js';
import { logisticsMenu } from '../resources/logistics/_menu.js';
import { rfidMenu } from '../resources/rfid/_menu.js';
import { smartStoreMenu } from '../resources/smart-store/_menu.js';
import { storeMenu } from '../resources/store/_menu.js';
import { supplyMenu } from '../resources/supply/_menu.js';
import { tenantMenu } from '../resources/tenant/_menu.js';
import { warehouseMenu } from '../resources/warehouse/_menu.js';
import type { MenuModuleDef } from './types.js';

/**
 * The seeded menu tree (screens.md): module (menu level 1, menuType 1) → group → screen, in this
 * order. Each module's subtree lives in its own folder (`resources/<module>/_menu.ts`, free of zod
 * so the console can import it anywhere); this file only lists the modules. Every screen of
 * screens.md appears exactly once, with its `component` code and side. A screen's buttons are its
 * resource declaration's (`buttonsOf`), or, for a screen without one, the `actions` listed here;
 * SEEDED_MENU_TREE (resources/index.ts) is this tree with every screen's buttons filled in.
 */
export const MENU_TREE: MenuModuleDef[] = [
  dashboardMenu,
  generalMenu,
  labelMenu,
  logisticsMenu,
  storeMenu,
  warehouseMenu,
  rfidMenu,
  smartStoreMenu,
  supplyMenu,
  tenantMenu,
];

/**
 * The order the top navigation lists the modules in, the order an operator works in: the dashboard,
 * the platform's general management, then a brand's daily work (labels, supply, RFID, its master
 * data), then the operations modules. Seeded as the modules' `seq` (10, 20, …); MENU_TREE keeps
 * the order of screens.md.
 */
export const MODULE_ORDER: readonly string[] = [
  'dashboard',
  'general',
  'label',
  'supply',
  'rfid',
  'tenant',
  'logistics',
  'warehouse',
  'store',
  'smart-store',
];

/** A module's seeded menu seq: its place in MODULE_ORDER (a module not listed goes last, in tree order). */
export const moduleSeq = (code: string): number => {
  const i = MODULE_ORDER.indexOf(code);
  return (i < 0 ? MODULE_ORDER.length + MENU_TREE.findIndex((m) => m.code === code) : i) * 10 + 10;
};

/**
 * Screens only the platform may use (side 'P' in the tree above). This list, not the menus table
 * (whose side column an administrator can edit), decides: the server refuses these screens' routes
 * to tenant users and refuses to grant them to a tenant, whatever the database says.
 */
export const PLATFORM_SCREENS: ReadonlySet<string> = new Set(
  MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens.filter((s) => s.side === 'P').map((s) => s.component))),
);

/** Whether a screen code is platform-only (see PLATFORM_SCREENS). */
export const isPlatformScreen = (code: string): boolean => PLATFORM_SCREENS.has(code);
