/** Top-level modules (menuType 1) in the navbar; selecting one opens its default path. */
import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Menu } from 'antd';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../components/MenuIcon';
import { useAppStore } from '../stores/app';
import { usePermissionStore } from '../stores/permission';
import { EllipsisLabel } from './EllipsisLabel';

export function ModuleNav({ mobile }: { mobile: boolean }) {
  const navigate = useNavigate();
  const modules = usePermissionStore((s) => s.built!.modules);
  const currentModule = useAppStore((s) => s.currentModule);
  const selected = modules.find((m) => m.path === `/${currentModule}`);
  // a name cut short (narrow navbar, long English names) shows whole in a tooltip
  const items = modules.map((m) => ({
    key: m.path,
    icon: <MenuIcon name={m.icon} />,
    label: <EllipsisLabel text={m.name} placement={mobile ? 'right' : 'bottom'} />,
  }));
  const open = (path: string) => {
    const m = modules.find((x) => x.path === path);
    if (!m) return;
    useAppStore.getState().setModule(path.slice(1));
    navigate(m.defaultPath);
  };
  if (mobile) {
    return (
      <div className="spacer">
        <Dropdown
          menu={{ items, selectable: true, selectedKeys: selected ? [selected.path] : [], onClick: ({ key }) => open(key) }}
          trigger={['click']}
        >
          <Button type="text" data-testid="module-nav-mobile">
            {selected ? <MenuIcon name={selected.icon} /> : <AppstoreOutlined />}
            {selected && (
              <span className="module-nav-mobile-name">
                <EllipsisLabel text={selected.name} placement="bottom" />
              </span>
            )}
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      </div>
    );
  }
  return (
    <Menu
      className="module-nav"
      mode="horizontal"
      items={items}
      selectedKeys={selected ? [selected.path] : []}
      onClick={({ key }) => open(key)}
      data-testid="module-nav"
    />
  );
}
