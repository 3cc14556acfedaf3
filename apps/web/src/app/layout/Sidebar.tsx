/** The current module's groups (submenus) and screens; highlights activeMenu when the route has one. */

import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../../components/MenuIcon';
import { MENU_TYPE, type MenuItem } from '../../domain';
import { useAppStore } from '../stores/app';
import { usePermissionStore } from '../stores/permission';
import { useSettingsStore } from '../stores/settings';

type Item = Required<MenuProps>['items'][number];

const visible = (m: MenuItem) => m.hidden !== 0;

function toItems(list: MenuItem[]): Item[] {
  return list
    .filter(visible)
    .map((m) =>
      m.menuType === MENU_TYPE.SCREEN || !m.children?.length
        ? { key: m.path, icon: <MenuIcon name={m.menuIconUrl} />, label: m.menuName }
        : { key: m.path, icon: <MenuIcon name={m.menuIconUrl} />, label: m.menuName, children: toItems(m.children) },
    );
}

export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const built = usePermissionStore((s) => s.built)!;
  const currentModule = useAppStore((s) => s.currentModule);
  const sidebarLogo = useSettingsStore((s) => s.sidebarLogo);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const module = built.modules.find((m) => m.path === `/${currentModule}`) ?? built.modules[0];
  const items = useMemo(() => toItems(module?.modules ?? []), [module]);
  const active = built.byPath[pathname]?.activeMenu ?? pathname;
  const parentOf = useMemo(() => {
    const map: Record<string, string> = {};
    for (const g of module?.modules ?? []) for (const s of g.children ?? []) map[s.path] = g.path;
    return map;
  }, [module]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (parentOf[active] ? [parentOf[active]] : []));

  useEffect(() => {
    const parent = parentOf[active];
    if (parent) setOpenKeys((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
  }, [active, parentOf]);

  return (
    <>
      {sidebarLogo && (
        <div className={`sidebar-logo ${collapsed ? 'collapsed' : ''}`} data-testid="sidebar-logo">
          <img src="/favicon.svg" alt="" />
          {!collapsed && <span>{t('app.name')}</span>}
        </div>
      )}
      <ConfigProvider
        theme={{
          components: {
            Menu: {
              darkItemBg: '#304156',
              darkSubMenuItemBg: '#1f2d3d',
              darkPopupBg: '#304156',
              darkItemColor: '#bfcbd9',
              darkItemSelectedBg: themeColor,
              darkItemHoverBg: '#263445',
            },
          },
        }}
      >
        <Menu
          theme="dark"
          mode="inline"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={[active]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          onClick={({ key }) => navigate(key)}
          style={{ borderInlineEnd: 'none' }}
          data-testid="side-menu"
        />
      </ConfigProvider>
    </>
  );
}
