/** Public routes, the guard, and the runtime routes from the menu. */
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FullSpin } from '../components/FullSpin';
import { getLoginType } from './auth';
import { decide } from './guard';
import { usePermissionStore } from './stores/permission';
import { useUserStore } from './stores/user';

const Login = lazy(() => import('../views/login'));
const Layout = lazy(() => import('./layout/Layout'));
const Page401 = lazy(() => import('../views/error/401'));
const Page404 = lazy(() => import('../views/error/404'));
const TipsError = lazy(() => import('../views/error/tips-error'));

export function Router() {
  const location = useLocation();
  const token = useUserStore((s) => s.token);
  const built = usePermissionStore((s) => s.built);
  const decision = decide({ path: location.pathname, hasToken: !!token, loginType: getLoginType(), routesLoaded: !!built });

  useEffect(() => {
    // the menu loader (and the views it registers) stays out of the /login bundle
    if (decision.kind === 'loadMenu') void import('./load-menu').then((m) => m.loadMenuOnce());
  }, [decision.kind]);

  if (decision.kind === 'redirect') {
    const keep = decision.to !== '/' && location.pathname !== '/' && location.pathname !== '/401';
    const to = keep ? `${decision.to}?redirect=${encodeURIComponent(location.pathname + location.search)}` : decision.to;
    return <Navigate to={to} replace />;
  }
  if (decision.kind === 'loadMenu') return <FullSpin />;

  return (
    <Suspense fallback={<FullSpin />}>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/loginDefault" element={<Login isDefault />} />
        <Route path="/401" element={<Page401 />} />
        <Route path="/404" element={<Page404 />} />
        <Route path="/TipsError" element={<TipsError />} />
        <Route path="/" element={built ? <Navigate to={built.home} replace /> : <FullSpin />} />
        <Route path="*" element={built?.byPath[location.pathname] ? <Layout /> : <Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}
