import { withButtons } from '../resource/buttons.js';
import type { ResourceDef } from '../resource/define.js';
import { dashboardModule } from './dashboard/index.js';
import { generalModule } from './general/index.js';
import { labelModule } from './label/index.js';
import { logisticsModule } from './logistics/index.js';
import { type DomainModule, declaredBy } from './module.js';
import { rfidModule } from './rfid/index.js';
import { smartStoreModule } from './smart-store/index.js';
import { storeModule } from './store/index.js';
import { supplyModule } from './supply/index.js';
import { tenantModule } from './tenant/index.js';
import { warehouseModule } from './warehouse/index.js';

export * from './dashboard/index.js';
export * from './general/index.js';
export * from './label/index.js';
export * from './logistics/index.js';
export * from './module.js';
export * from './rfid/index.js';
export * from './smart-store/index.js';
export * from './store/index.js';
export * from './supply/index.js';
export * from './tenant/index.js';
export * from './warehouse/index.js';

/** The domain halves of the modules, in menu order (the same order as MENU_TREE). */
export const DOMAIN_MODULES: readonly DomainModule[] = [
  dashboardModule,
  generalModule,
  labelModule,
  logisticsModule,
  storeModule,
  warehouseModule,
  rfidModule,
  smartStoreModule,
  supplyModule,
  tenantModule,
];

/** The declarations whose screens the console draws with the generic resource page. */
export const RESOURCES: ResourceDef[] = DOMAIN_MODULES.flatMap((m) => m.resources ?? []);

/** The declarations whose modules add routes of their own, or whose screens the console draws with a view of its own. */
export const CUSTOM_RESOURCES: ResourceDef[] = DOMAIN_MODULES.flatMap((m) => m.custom ?? []);

/**
 * Every declaration the modules serve (RESOURCES and CUSTOM_RESOURCES alike: the server's module
 * registry gives each its generic service and routes), by screen code. Their line resources are
 * reached through `children`.
 */
export const DECLARED_RESOURCES: ResourceDef[] = DOMAIN_MODULES.flatMap(declaredBy);

/** The menu of these modules, in their order, with every screen's buttons (a declared screen's from its declaration). */
export const seededMenu = (modules: readonly DomainModule[]) =>
  withButtons(
    modules.map((m) => m.menu),
    modules.flatMap(declaredBy),
  );

/** The seeded menu: MENU_TREE (the modules' menus) with every screen's buttons. */
export const SEEDED_MENU_TREE = seededMenu(DOMAIN_MODULES);
