/** Business constants and limits of spec §9. */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 120_000;
export const DEFAULT_THEME_COLOR = '#1890ff';
export const THEME_PRESETS = ['#1890ff', '#409EFF', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'] as const;
export const SIDEBAR_WIDTH = 210;
export const MOBILE_BREAKPOINT = 992;
export const DEFAULT_SIZE = 'medium';
export const MENU_FAIL_REDIRECT_MS = 3000;
export const SESSION_INVALID_MESSAGE_MS = 3000;
export const NETWORK_ERROR_MESSAGE_MS = 5000;
export const DATE_FORMAT = '{y}-{m}-{d} {h}:{i}:{s}';
export const DAYJS_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Cookie names. */
export const COOKIE = {
  token: 'Admin-Token',
  language: 'language',
  sidebarStatus: 'sidebarStatus',
  size: 'size',
  loginType: 'loginType',
} as const;
export const DEFAULT_COOKIE_LANGUAGE = 'zh';

/** Login mode flag (spec §4): 1 = password, 0 = single sign-on. */
export const LOGIN_TYPE = { PASSWORD: '1', SSO: '0' } as const;

export const LIMITS = {
  softwareFileBytes: 5 * 1024 * 1024,
  goodsImageBytes: 3 * 1024 * 1024,
  goodsImageMinPx: 886,
  goodsImageMax: 9,
  goodsVideoBytes: 50 * 1024 * 1024,
  goodsVideoMax: 5,
  userNameMin: 4,
  passwordMin: 4,
  gbCodeLength: 13,
  code69Length: 13,
  logisticsCodeLength: 13,
  epcLength: 24,
  phoneLengths: [11, 18],
  quantityDigits: 16,
  productDescriptionMax: 99,
  sceneDecimals: 2,
} as const;

/** userType below this is a platform user (plat), otherwise a tenant user (spec §6). */
export const TENANT_USER_TYPE_MIN = 3;
export type CurrentRole = 'plat' | 'tenant';
export const currentRoleOf = (userType: number): CurrentRole => (userType < TENANT_USER_TYPE_MIN ? 'plat' : 'tenant');

/** User types. */
export const USER_TYPE = { PLATFORM_ADMIN: 1, PLATFORM_USER: 2, TENANT_ADMIN: 3, TENANT_USER: 4 } as const;

/** The platform itself is tenant 0, so every row has a tenant id. */
export const PLATFORM_TENANT_ID = 0;

/** Terminals a role or menu belongs to. */
export const TERMINALS = ['web', 'app', 'pad'] as const;
export type Terminal = (typeof TERMINALS)[number];
