/** Signed-in state: token presence, login, logout (spec §4). */

import { create } from 'zustand';
import { LOGIN_TYPE } from '../../domain';
import {
  clearLocalSession,
  getLoginType,
  getStoredUser,
  getToken,
  pendingPasswordChange,
  type StoredUser,
  setLoginType,
  setStoredUser,
  setToken,
} from '../auth';
import { queryClient } from '../query-client';
import { request } from '../request';
import { usePermissionStore } from './permission';
import { useTagsViewStore } from './tags-view';

interface UserState {
  /** the token that opens the console (none while an initial password must be changed) */
  token: string | undefined;
  user: StoredUser | undefined;
  /** signed in, but the initial password must be changed first: the login page asks for it */
  pendingPasswordChange: boolean;
  signIn: (token: string, user: StoredUser, type: (typeof LOGIN_TYPE)[keyof typeof LOGIN_TYPE]) => void;
  /** keep a token that may only change the initial password (it survives a reload of the login page) */
  holdForPasswordChange: (token: string, user: StoredUser) => void;
  logout: () => Promise<void>;
  clearLocal: () => void;
}

const pending = pendingPasswordChange();

export const useUserStore = create<UserState>((set, get) => ({
  token: pending ? undefined : getToken(),
  user: getStoredUser(),
  pendingPasswordChange: pending,
  signIn: (token, user, type) => {
    setToken(token);
    setLoginType(type);
    setStoredUser({ ...user, mustChangePassword: false });
    set({ token, user, pendingPasswordChange: false });
    // the menu is the first call the console needs: ask for it now, not after the next render (the
    // guard's own call finds it under way); the loader was fetched while the sign-in was sent
    void import('../load-menu').then((m) => m.loadMenuOnce());
  },
  holdForPasswordChange: (token, user) => {
    setToken(token);
    setLoginType(LOGIN_TYPE.PASSWORD);
    setStoredUser({ ...user, mustChangePassword: true });
    set({ token: undefined, user, pendingPasswordChange: true });
  },
  /** mode 0 (single sign-on) and a held initial-password session tell the server first; mode 1 only clears locally */
  logout: async () => {
    if ((getLoginType() === LOGIN_TYPE.SSO || get().pendingPasswordChange) && getToken()) {
      try {
        await request('/user/logout', { silent: true });
      } catch {
        // the local clear below still signs the user out
      }
    }
    get().clearLocal();
  },
  clearLocal: () => {
    clearLocalSession();
    usePermissionStore.getState().reset();
    useTagsViewStore.getState().reset();
    queryClient.clear();
    set({ token: undefined, user: undefined, pendingPasswordChange: false });
  },
}));
