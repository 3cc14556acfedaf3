/**
 * The current module's groups (submenus) and screens; highlights activeMenu when the route has one.
 * An accordion: opening a group closes its siblings. The logo stays at the top while the menu scrolls;
 * a label cut short shows its whole text in a tooltip.
 */

import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../../components/MenuIcon';
import { MENU_TYPE, type MenuItem } from '../../domain';
import { useAppStore } from '../stores/app';
import { usePermissionStore } from '../stores/permission';
import { useSettingsStore } from '../stores/settings';
import { EllipsisLabel } from './EllipsisLabel';

type Item = Required<MenuProps>['items'][number];

const visible = (m: MenuItem) => m.hidden !== 0;

function toItems(list: MenuItem[]): Item[] {
  return list.filter(visible).map((m) =>
    m.menuType === MENU_TYPE.SCREEN || !m.children?.length
      ? { key: m.path, icon: <MenuIcon name={m.menuIconUrl} />, label: <EllipsisLabel text={m.menuName} /> }
      : {
          key: m.path,
          icon: <MenuIcon name={m.menuIconUrl} />,
          label: <EllipsisLabel text={m.menuName} />,
          children: toItems(m.children),
        },
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
  /** every item's enclosing submenus, outermost first */
  const ancestorsOf = useMemo(() => {
    const map: Record<string, string[]> = {};
    const walk = (list: MenuItem[], trail: string[]) => {
      for (const m of list) {
        map[m.path] = trail;
        if (m.children?.length) walk(m.children, [...trail, m.path]);
      }
    };
    walk(module?.modules ?? [], []);
    return map;
  }, [module]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorsOf[active] ?? []);

  // showing a page opens its group (and closes the others)
  useEffect(() => {
    const trail = ancestorsOf[active];
    if (trail?.length) setOpenKeys(trail);
  }, [active, ancestorsOf]);

  // accordion: the submenu just opened stays open with its ancestors; its siblings close
  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    setOpenKeys(opened ? [...(ancestorsOf[opened] ?? []), opened] : keys);
  };

  return (
    <div className="sidebar-inner">
      {sidebarLogo && (
        <div className={`sidebar-logo ${collapsed ? 'collapsed' : ''}`} data-testid="sidebar-logo">
          <img src="/favicon.svg" alt="" />
          {!collapsed && <span>{t('app.name')}</span>}
        </div>
      )}
      <div className="sidebar-menu" data-testid="sidebar-menu">
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
            onOpenChange={onOpenChange}
            onClick={({ key }) => navigate(key)}
            style={{ borderInlineEnd: 'none' }}
            data-testid="side-menu"
          />
        </ConfigProvider>
      </div>
    </div>
  );
}
