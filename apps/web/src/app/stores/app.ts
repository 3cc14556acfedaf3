/** Layout state: sidebar open/closed (sidebarStatus cookie), device, current top module. */

import Cookies from 'js-cookie';
import { create } from 'zustand';
import { COOKIE } from '../../domain';

export type Device = 'desktop' | 'mobile';

interface AppState {
  sidebarOpened: boolean;
  device: Device;
  currentModule: string | undefined;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  setDevice: (d: Device) => void;
  setModule: (m: string | undefined) => void;
}

export const useAppStore = create<AppState>((set, get) => ({
  sidebarOpened: Cookies.get(COOKIE.sidebarStatus) !== '0',
  device: 'desktop',
  currentModule: undefined,
  toggleSidebar: () => {
    const next = !get().sidebarOpened;
    // on mobile the drawer's state is transient; only the desktop choice is remembered
    if (get().device === 'desktop') Cookies.set(COOKIE.sidebarStatus, next ? '1' : '0', { expires: 365 });
    set({ sidebarOpened: next });
  },
  closeSidebar: () => {
    if (get().device === 'desktop') Cookies.set(COOKIE.sidebarStatus, '0', { expires: 365 });
    set({ sidebarOpened: false });
  },
  setDevice: (device) =>
    set(device === 'mobile' ? { device, sidebarOpened: false } : { device, sidebarOpened: Cookies.get(COOKIE.sidebarStatus) !== '0' }),
  setModule: (currentModule) => set({ currentModule }),
}));
