/** Top bar: hamburger, module navigation, clock and welcome, error log, menu search, language, settings, fullscreen, account. */
import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobsButton } from '../../components/jobs/JobsButton';
import { LangSelect } from '../../components/LangSelect';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { AccountMenu } from './AccountMenu';
import { Clock } from './Clock';
import { ErrorLogButton } from './ErrorLogButton';
import { FullscreenButton } from './FullscreenButton';
import { ModuleNav } from './ModuleNav';

const MenuSearch = lazy(() => import('./MenuSearch'));

const SHORTCUT = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘K' : 'Ctrl K';

/** The menu search's button and its Ctrl-K / ⌘K shortcut; the search itself loads on first use. */
function SearchButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setLoaded(true);
        setOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Tooltip title={t('shell.search.open', { shortcut: SHORTCUT })}>
        <button
          type="button"
          className="right-item"
          onClick={show}
          aria-label={t('shell.search.open', { shortcut: SHORTCUT })}
          data-testid="menu-search-open"
        >
          <SearchOutlined />
        </button>
      </Tooltip>
      {loaded && (
        <Suspense>
          <MenuSearch open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const { sidebarOpened, toggleSidebar, device } = useAppStore();
  const openSettings = () => useSettingsStore.getState().set({ drawerOpen: true });
  const mobile = device === 'mobile';
  return (
    <div className="navbar" data-testid="navbar">
      <button type="button" className="hamburger" onClick={toggleSidebar} aria-label={t('navbar.toggleSidebar')} data-testid="hamburger">
        {sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <ModuleNav mobile={mobile} />
      <div className="right-menu">
        {!mobile && <Clock />}
        <ErrorLogButton />
        <JobsButton />
        <SearchButton />
        <Tooltip title={t('navbar.language')}>
          <span>
            <LangSelect className="right-item" />
          </span>
        </Tooltip>
        <Tooltip title={t('navbar.settings')}>
          <button type="button" className="right-item" onClick={openSettings} data-testid="open-settings">
            <SettingOutlined />
          </button>
        </Tooltip>
        {!mobile && <FullscreenButton />}
        <AccountMenu mobile={mobile} />
      </div>
    </div>
  );
}
