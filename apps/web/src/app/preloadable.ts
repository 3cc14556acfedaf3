/**
 * A lazily loaded component that renders as itself once its module is in, without a Suspense round.
 *
 * React renders a lazy component's content, once its module arrives, in a Suspense retry: a render
 * it time-slices and restarts whenever another update comes in (a clock's tick, an animation's
 * step, a query's answer). On a busy machine a screen's first render, hundreds of milliseconds of
 * work, was restarted for seconds before it showed. A module fetched ahead (preload()) is rendered
 * directly, in the update that shows it.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface Preloadable<P extends object> {
  /** fetches the module (once; a failed fetch is tried again by the next call) */
  preload: () => Promise<{ default: ComponentType<P> }>;
  /** the component to render: the module's own once it is in, else the lazy one (kept from then on, so the tree is not remounted) */
  current: () => ComponentType<P>;
}

export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  let lazyShown = false;
  const preload = () => {
    loading ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const Lazy: LazyExoticComponent<ComponentType<P>> = lazy(preload);
  return {
    preload,
    current: () => {
      if (loaded && !lazyShown) return loaded;
      lazyShown = true;
      return Lazy;
    },
  };
}
