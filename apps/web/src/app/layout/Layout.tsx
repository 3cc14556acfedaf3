/** The shell around every screen: sidebar, navbar, tags view, cached views, settings drawer. */

import { Drawer, Modal } from 'antd';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT, SIDEBAR_WIDTH } from '../../domain';
import { bridge } from '../bridge';
import { moduleOfPath } from '../menu-routes';
import { useAppStore } from '../stores/app';
import { usePermissionStore } from '../stores/permission';
import { useSettingsStore } from '../stores/settings';
import { useUserStore } from '../stores/user';
import { AppMain } from './AppMain';
import { Navbar } from './Navbar';
import { useOpenedOnce } from './opened-once';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { tagsActions } from './tags-actions';
import './layout.css';

/** the settings drawer (colour picker, sliders) loads when first opened, or at idle after the first screen */
const Settings = lazy(() => import('./Settings').then((m) => ({ default: m.Settings })));

export const COLLAPSED_WIDTH = 54;

function useResponsive() {
  const setDevice = useAppStore((s) => s.setDevice);
  useEffect(() => {
    const check = () => setDevice(window.innerWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop');
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [setDevice]);
}

export default function Layout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const built = usePermissionStore((s) => s.built)!;
  const { device, sidebarOpened, closeSidebar, setModule } = useAppStore();
  const { tagsView, fixedHeader } = useSettingsStore();
  const settingsOpened = useOpenedOnce(useSettingsStore((s) => s.drawerOpen));
  const user = useUserStore((s) => s.user);
  useResponsive();
  const [modal, modalHolder] = Modal.useModal();
  bridge.modal = modal;
  const mobile = device === 'mobile';
  const route = built.byPath[pathname];

  // the user's tags from before a reload, for pages their menu still has (before this page's tag is added)
  const owner = user ? `${user.userCode || user.username}` : '';
  useLayoutEffect(() => {
    if (owner) tagsActions.restore(owner, (path) => !!built.byPath[path], built.home);
  }, [owner, built]);

  useEffect(() => {
    setModule(moduleOfPath(pathname, useAppStore.getState().currentModule));
    tagsActions.add({ path: built.home, fullPath: built.home, affix: true });
    if (route) tagsActions.add({ path: pathname, fullPath: pathname + search, affix: pathname === built.home });
    tagsActions.touch(pathname);
    // without the tag bar there is no way to close a page: keep only the current one alive
    if (!tagsView) tagsActions.removeOthers(pathname);
    if (mobile) closeSidebar();
  }, [pathname, search, built.home, route, tagsView, setModule, mobile, closeSidebar]);

  useEffect(() => {
    document.title = route ? `${route.title} - ${t('app.name')}` : t('app.name');
  }, [route, t]);

  const sideWidth = mobile ? 0 : sidebarOpened ? SIDEBAR_WIDTH : COLLAPSED_WIDTH;
  return (
    <div className={`app-wrapper ${mobile ? 'mobile' : ''}`} data-device={device}>
      {mobile ? (
        <Drawer
          placement="left"
          open={sidebarOpened}
          onClose={closeSidebar}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: '#304156' } }}
        >
          <Sidebar collapsed={false} />
        </Drawer>
      ) : (
        <aside className="sidebar-container" style={{ width: sideWidth }} data-testid="sidebar" data-opened={sidebarOpened ? '1' : '0'}>
          <Sidebar collapsed={!sidebarOpened} />
        </aside>
      )}
      <div className="main-container" style={{ marginLeft: sideWidth }}>
        <header className={fixedHeader ? 'fixed-header' : ''} style={fixedHeader ? { width: `calc(100% - ${sideWidth}px)` } : undefined}>
          <Navbar />
          {tagsView && <TagsView />}
        </header>
        <main className={`app-main ${fixedHeader ? (tagsView ? 'pad-tags' : 'pad-nav') : ''}`}>
          <AppMain />
        </main>
      </div>
      {settingsOpened && (
        <Suspense>
          <Settings />
        </Suspense>
      )}
      {modalHolder}
    </div>
  );
}
