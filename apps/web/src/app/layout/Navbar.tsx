/** Top bar: hamburger, module navigation, clock and welcome, error log, language, settings, fullscreen, account. */
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LangSelect } from '../../components/LangSelect';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { AccountMenu } from './AccountMenu';
import { Clock } from './Clock';
import { ErrorLogButton } from './ErrorLogButton';
import { FullscreenButton } from './FullscreenButton';
import { ModuleNav } from './ModuleNav';

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
