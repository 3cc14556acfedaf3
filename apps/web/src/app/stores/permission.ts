/** The runtime routes built from the menu, once per session. */
import { create } from 'zustand';
import type { BuiltRoutes } from '../menu-routes';

interface PermissionState {
  built: BuiltRoutes | null;
  setBuilt: (b: BuiltRoutes) => void;
  reset: () => void;
}

export const usePermissionStore = create<PermissionState>((set) => ({
  built: null,
  setBuilt: (built) => set({ built }),
  reset: () => set({ built: null }),
}));
