/** Signed-in state: token presence, login, logout (spec §4). */

import { create } from 'zustand';
import { LOGIN_TYPE } from '../../domain';
import { clearLocalSession, getLoginType, getStoredUser, getToken, type StoredUser, setLoginType, setStoredUser, setToken } from '../auth';
import { queryClient } from '../query-client';
import { request } from '../request';
import { usePermissionStore } from './permission';
import { useTagsViewStore } from './tags-view';

interface UserState {
  token: string | undefined;
  user: StoredUser | undefined;
  signIn: (token: string, user: StoredUser, type: (typeof LOGIN_TYPE)[keyof typeof LOGIN_TYPE]) => void;
  logout: () => Promise<void>;
  clearLocal: () => void;
}

export const useUserStore = create<UserState>((set, get) => ({
  token: getToken(),
  user: getStoredUser(),
  signIn: (token, user, type) => {
    setToken(token);
    setLoginType(type);
    setStoredUser(user);
    set({ token, user });
  },
  /** mode 0 (single sign-on) tells the server first; mode 1 only clears locally */
  logout: async () => {
    if (getLoginType() === LOGIN_TYPE.SSO && getToken()) {
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
    set({ token: undefined, user: undefined });
  },
}));
