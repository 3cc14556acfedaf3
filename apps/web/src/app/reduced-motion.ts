/**
 * The user's "reduce motion" wish (the operating system's accessibility setting, CSS media feature
 * `prefers-reduced-motion: reduce`): the console then opens dialogs, drawers and menus at once,
 * without antd's animations (theme token `motion: false`), charts are drawn without animation and
 * the console's own transitions (the sidebar's collapse) apply only under `no-preference`. Follows
 * the setting live.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const m = media();
  m?.addEventListener('change', onChange);
  return () => m?.removeEventListener('change', onChange);
}

const current = () => media()?.matches ?? false;

/** true while the user asks for reduced motion */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
