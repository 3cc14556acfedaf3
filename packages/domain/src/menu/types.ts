import type { L10n } from '../lang.js';
import type { ActionCode } from './actions.js';

/** Which side a screen belongs to: P platform, T tenant, B both (screens.md). */
export type Side = 'P' | 'T' | 'B';

/** A screen (menu level 3). Its route path is '/' + component. */
export interface ScreenDef {
  /** screens.md code, e.g. 'label/purchase-order'; key of the console's view registry */
  component: string;
  side: Side;
  /** antd icon name, e.g. 'TeamOutlined' */
  icon: string;
  names: L10n;
  /**
   * operation buttons this screen offers, in display order. Left out for a screen with a resource
   * declaration: its buttons are the declaration's (buttonsOf), declared once there.
   */
  actions?: ActionCode[];
  /** a sub-page reachable from another screen but not listed in the side menu */
  hidden?: boolean;
}

/** A group inside a module (menu level 2). */
export interface MenuGroupDef {
  /** kebab-case, unique inside its module */
  code: string;
  icon: string;
  names: L10n;
  screens: ScreenDef[];
}

/** A top module (menu level 1, menuType 1): shown in the navbar's module navigation; path '/' + code. */
export interface MenuModuleDef {
  code: string;
  icon: string;
  names: L10n;
  /** a shorter name the top navigation shows while the module keeps its shipped name (the full one in a tooltip) */
  short?: L10n;
  groups: MenuGroupDef[];
}
