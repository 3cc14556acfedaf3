/** Registry of lazily loaded views keyed by screens.md code ('general/dictionary' → views/general/dictionary/index.tsx). */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const modules = import.meta.glob<{ default: ComponentType }>('../views/**/index.tsx');

export const VIEWS: Record<string, LazyExoticComponent<ComponentType>> = {};
for (const [file, load] of Object.entries(modules)) {
  const code = file.replace('../views/', '').replace(/\/index\.tsx$/, '');
  VIEWS[code] = lazy(load);
}

export const hasView = (code: string): boolean => code in VIEWS;
