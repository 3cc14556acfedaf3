/**
 * Renders the current screen and keeps the recently shown ones alive, hidden, with <Activity>
 * (cache keyed by path; the store caps how many, least recently shown dropped first). Each kept
 * screen is memoized: showing another screen does not render the hidden ones again (React renders
 * a hidden Activity's children too, at a lower priority), so a tab costs nothing while it waits.
 */

import { Spin } from 'antd';
import { Activity, type ComponentType, memo, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { ScreenContext } from '../../components/ScreenContext';
import { ScreenErrorBoundary } from '../../components/ScreenErrorBoundary';
import { FIRST_SCREENS } from '../first-screen';
import type { ScreenRoute } from '../menu-routes';
import { afterFirstScreen } from '../prefetch';
import { usePermissionStore } from '../stores/permission';
import { useTagsViewStore } from '../stores/tags-view';
import { viewOf } from '../views';

/**
 * Mounts with its screen's code: the prefetch of the next screens' needs starts then, except for
 * the first screens (the dashboards), which start it themselves once their figures are drawn.
 */
function Shown({ code }: { code: string }) {
  useEffect(() => {
    if (!FIRST_SCREENS.includes(code)) afterFirstScreen();
  }, [code]);
  return null;
}

/** One kept screen, rendered again only when its route or view changes (a context it reads still reaches it). */
const KeptScreen = memo(function KeptScreen({ route, View }: { route: ScreenRoute; View: ComponentType }) {
  return (
    <div className="screen-view" data-screen={route.code}>
      <ScreenContext.Provider value={route}>
        <ScreenErrorBoundary>
          <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
            <View />
            <Shown code={route.code} />
          </Suspense>
        </ScreenErrorBoundary>
      </ScreenContext.Provider>
    </div>
  );
});

export function AppMain() {
  const { pathname } = useLocation();
  const built = usePermissionStore((s) => s.built)!;
  const visited = useTagsViewStore((s) => s.visited);
  const alive = useTagsViewStore((s) => s.alive);
  const refreshKeys = useTagsViewStore((s) => s.refreshKeys);
  // in tag order, so that a page being shown again never moves the others' DOM
  const kept = new Set(alive);
  const paths = visited.map((v) => v.path).filter((p) => kept.has(p) && p !== pathname);
  paths.push(pathname);
  const order = new Map(visited.map((v, i) => [v.path, i]));
  paths.sort((a, b) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER));

  return (
    <>
      {paths.map((path) => {
        const route = built.byPath[path];
        if (!route) return null;
        const View = viewOf(route.code, route.hasView);
        return (
          <Activity key={`${path}#${refreshKeys[path] ?? 0}`} mode={path === pathname ? 'visible' : 'hidden'}>
            <KeptScreen route={route} View={View} />
          </Activity>
        );
      })}
    </>
  );
}
