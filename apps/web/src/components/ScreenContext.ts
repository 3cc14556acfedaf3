import { createContext, useContext } from 'react';
import type { ScreenRoute } from '../app/menu-routes';

/** The menu entry a view is rendered for: its code, title and granted actions. */
export const ScreenContext = createContext<ScreenRoute | null>(null);

export function useScreen(): ScreenRoute {
  const screen = useContext(ScreenContext);
  if (!screen) throw new Error('useScreen outside a screen');
  return screen;
}

export const useCan = (action: string): boolean => useScreen().actions.includes(action);
