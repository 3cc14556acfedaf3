/**
 * Registry of lazily loaded views keyed by screens.md code ('general/dictionary' → views/general/dictionary/index.tsx).
 * A code without a hand-made view that names a declared resource gets the generic ResourcePage;
 * other codes get the "not available yet" placeholder (hasView false).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const modules = import.meta.glob<{ default: ComponentType }>('../views/**/index.tsx');

export const VIEWS: Record<string, LazyExoticComponent<ComponentType>> = {};
for (const [file, load] of Object.entries(modules)) {
  const code = file.replace('../views/', '').replace(/\/index\.tsx$/, '');
  VIEWS[code] = lazy(load);
}

const ResourceScreen = lazy(() => import('../components/resource/ResourceScreen'));

/**
 * Loads the resource declarations (a lazy chunk: they bring zod, which /login must not) and
 * registers the generic page for each resource screen without a hand-made view. Call before hasView.
 */
export async function loadResourceViews(): Promise<void> {
  const { SCREEN_RESOURCES } = await import('../components/resource/registry');
  for (const r of SCREEN_RESOURCES) if (!(r.code in VIEWS)) VIEWS[r.code] = ResourceScreen;
}

export const hasView = (code: string): boolean => code in VIEWS;
