/** Style settings drawer: theme colour, tags view, fixed header, sidebar logo, component size. */

import { Button, ColorPicker, Divider, Drawer, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SIZE, DEFAULT_THEME_COLOR, THEME_PRESETS } from '../../domain';
import { type ComponentSize, useSettingsStore } from '../stores/settings';

export function Settings() {
  const { t } = useTranslation();
  const s = useSettingsStore();
  return (
    <Drawer
      title={t('settings.title')}
      open={s.drawerOpen}
      onClose={() => s.set({ drawerOpen: false })}
      size={340}
      data-testid="settings-drawer"
    >
      <div className="settings-row">
        <span>{t('settings.themeColor')}</span>
        <ColorPicker
          value={s.themeColor}
          presets={[{ label: t('settings.presets'), colors: [...THEME_PRESETS] }]}
          onChangeComplete={(c) => s.set({ themeColor: c.toHexString() })}
          disabledAlpha
          data-testid="theme-color"
        />
      </div>
      <div className="settings-row">
        <span>{t('shell.settings.tagsView')}</span>
        <Switch checked={s.tagsView} onChange={(tagsView) => s.set({ tagsView })} data-testid="switch-tags-view" />
      </div>
      <div className="settings-row">
        <span>{t('shell.settings.fixedHeader')}</span>
        <Switch checked={s.fixedHeader} onChange={(fixedHeader) => s.set({ fixedHeader })} data-testid="switch-fixed-header" />
      </div>
      <div className="settings-row">
        <span>{t('shell.settings.sidebarLogo')}</span>
        <Switch checked={s.sidebarLogo} onChange={(sidebarLogo) => s.set({ sidebarLogo })} data-testid="switch-sidebar-logo" />
      </div>
      <Divider />
      <div className="settings-row settings-row-stacked">
        <span>{t('settings.size')}</span>
        <Radio.Group
          value={s.size}
          onChange={(e) => s.setSize(e.target.value as ComponentSize)}
          optionType="button"
          block
          data-testid="size"
        >
          <Radio.Button value="small">{t('settings.sizeSmall')}</Radio.Button>
          <Radio.Button value="medium">{t('settings.sizeMedium')}</Radio.Button>
          <Radio.Button value="large">{t('settings.sizeLarge')}</Radio.Button>
        </Radio.Group>
      </div>
      <Divider />
      <Button
        block
        onClick={() => {
          s.set({ themeColor: DEFAULT_THEME_COLOR, tagsView: true, fixedHeader: true, sidebarLogo: true });
          s.setSize(DEFAULT_SIZE);
        }}
        data-testid="settings-reset"
      >
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
