/** Renders every visited screen, keeping hidden ones alive with <Activity> (cache keyed by path). */

import { Spin } from 'antd';
import { Activity, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Placeholder } from '../../components/Placeholder';
import { ScreenContext } from '../../components/ScreenContext';
import { ScreenErrorBoundary } from '../../components/ScreenErrorBoundary';
import { usePermissionStore } from '../stores/permission';
import { useTagsViewStore } from '../stores/tags-view';
import { VIEWS } from '../views';

export function AppMain() {
  const { pathname } = useLocation();
  const built = usePermissionStore((s) => s.built)!;
  const visited = useTagsViewStore((s) => s.visited);
  const refreshKeys = useTagsViewStore((s) => s.refreshKeys);
  const paths = visited.map((v) => v.path);
  if (!paths.includes(pathname)) paths.push(pathname);

  return (
    <>
      {paths.map((path) => {
        const route = built.byPath[path];
        if (!route) return null;
        const View = route.hasView ? VIEWS[route.code] : Placeholder;
        return (
          <Activity key={`${path}#${refreshKeys[path] ?? 0}`} mode={path === pathname ? 'visible' : 'hidden'}>
            <div className="screen-view" data-screen={route.code}>
              <ScreenContext.Provider value={route}>
                <ScreenErrorBoundary>
                  <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
                    <View />
                  </Suspense>
                </ScreenErrorBoundary>
              </ScreenContext.Provider>
            </div>
          </Activity>
        );
      })}
    </>
  );
}
