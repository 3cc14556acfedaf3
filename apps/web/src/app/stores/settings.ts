/** Style settings (spec §2, §9), remembered across reloads; the size also lives in the size cookie. */

import Cookies from 'js-cookie';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { COOKIE, DEFAULT_SIZE, DEFAULT_THEME_COLOR } from '../../domain';

export type ComponentSize = 'small' | 'medium' | 'large';

interface SettingsState {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  size: ComponentSize;
  drawerOpen: boolean;
  set: (patch: Partial<Omit<SettingsState, 'set' | 'setSize'>>) => void;
  setSize: (size: ComponentSize) => void;
}

const cookieSize = (): ComponentSize => {
  const v = Cookies.get(COOKIE.size);
  return v === 'small' || v === 'large' || v === 'medium' ? v : (DEFAULT_SIZE as ComponentSize);
};

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      themeColor: DEFAULT_THEME_COLOR,
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: true,
      size: cookieSize(),
      drawerOpen: false,
      set: (patch) => set(patch),
      setSize: (size) => {
        Cookies.set(COOKIE.size, size, { expires: 365 });
        set({ size });
      },
    }),
    {
      name: 'settings',
      partialize: ({ themeColor, tagsView, fixedHeader, sidebarLogo }) => ({ themeColor, tagsView, fixedHeader, sidebarLogo }),
    },
  ),
);
