/** Token, login type, user info and saved menus: the locally kept session state (spec §4, §9). */

import Cookies from 'js-cookie';
import { COOKIE, type LOGIN_TYPE, type MenuItem } from '../domain';

const USER_KEY = 'userInfo';
const MENU_KEY = 'menus';
/** table-header settings survive logout (spec §4) */
export const KEPT_ON_LOGOUT = ['adapterHeaderList', 'checkedHeaderTable'];

export interface StoredUser {
  userCode: string;
  username: string;
  userType: number;
  /**
   * signed in with a password an administrator set: the token only works for changing it (the
   * server refuses every other call), so the console stays on the login page until it is changed
   */
  mustChangePassword?: boolean;
}

export const getToken = (): string | undefined => Cookies.get(COOKIE.token) || undefined;
export const setToken = (token: string) => Cookies.set(COOKIE.token, token);
export const removeToken = () => Cookies.remove(COOKIE.token);

export const getLoginType = (): string | undefined => Cookies.get(COOKIE.loginType) || undefined;
export const setLoginType = (type: (typeof LOGIN_TYPE)[keyof typeof LOGIN_TYPE]) => Cookies.set(COOKIE.loginType, type, { expires: 365 });
export const removeLoginType = () => Cookies.remove(COOKIE.loginType);

export function getStoredUser(): StoredUser | undefined {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as StoredUser) : undefined;
  } catch {
    return undefined;
  }
}
export const setStoredUser = (u: StoredUser) => localStorage.setItem(USER_KEY, JSON.stringify(u));

/** A token kept only to change the initial password (see StoredUser.mustChangePassword). */
export const pendingPasswordChange = (): boolean => !!getToken() && getStoredUser()?.mustChangePassword === true;

export const saveMenus = (menus: MenuItem[]) => localStorage.setItem(MENU_KEY, JSON.stringify(menus));

/** The local part of logout: token, user and menus go; table-header settings and preferences stay. */
export function clearLocalSession(): void {
  removeToken();
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(MENU_KEY);
}
