/** Public routes, the guard, and the runtime routes from the menu. */
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FullSpin } from '../components/FullSpin';
import { getLoginType } from './auth';
import { decide } from './guard';
import { preloadable } from './preloadable';
import { usePermissionStore } from './stores/permission';
import { useUserStore } from './stores/user';

const Login = lazy(() => import('../views/login'));
/** fetched during the sign-in request (or with the menu, on a reload): then drawn without a Suspense round */
const layout = preloadable(() => import('./layout/Layout'));
const Page401 = lazy(() => import('../views/error/401'));
const Page404 = lazy(() => import('../views/error/404'));
const TipsError = lazy(() => import('../views/error/tips-error'));

/**
 * The sign-in form was sent: while the server checks the password, fetch what the console draws
 * next (menu loader, layout, the first screen's texts). Not earlier: /login itself stays small.
 */
const preloadConsole = () => {
  layout.preload().catch(() => undefined);
  void import('./load-menu').then((m) => m.preloadShell());
};
/** catches the sign-in form's submit on its way up (display: contents: no box of its own) */
const onSignIn = (page: ReactNode) => (
  <div style={{ display: 'contents' }} onSubmitCapture={preloadConsole}>
    {page}
  </div>
);

/** the layout, looked up only where it is drawn (a lookup before its module is in settles on the lazy one) */
function Shell() {
  const Layout = layout.current();
  return <Layout />;
}

export function Router() {
  const location = useLocation();
  const token = useUserStore((s) => s.token);
  const built = usePermissionStore((s) => s.built);
  const decision = decide({ path: location.pathname, hasToken: !!token, loginType: getLoginType(), routesLoaded: !!built });

  useEffect(() => {
    // the menu loader (and the views it registers) stays out of the /login bundle
    // (on a reload, the layout's code is fetched alongside the menu)
    if (decision.kind === 'loadMenu') {
      layout.preload().catch(() => undefined);
      void import('./load-menu').then((m) => {
        m.preloadShell();
        return m.loadMenuOnce();
      });
    }
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
        <Route path="/login" element={onSignIn(<Login />)} />
        <Route path="/loginDefault" element={onSignIn(<Login isDefault />)} />
        <Route path="/401" element={<Page401 />} />
        <Route path="/404" element={<Page404 />} />
        <Route path="/TipsError" element={<TipsError />} />
        <Route path="/" element={built ? <Navigate to={built.home} replace /> : <FullSpin />} />
        <Route path="*" element={built?.byPath[location.pathname] ? <Shell /> : <Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}
