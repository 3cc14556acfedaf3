/** Account dropdown: versions tooltip, change password, logout. */
import { DownOutlined, InfoCircleOutlined, KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Dropdown, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getLoginType } from '../auth';
import { fetchData } from '../request';
import { useUserStore } from '../stores/user';
import { ChangePasswordModal } from './ChangePasswordModal';

export function AccountMenu({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const [pwdOpen, setPwdOpen] = useState(false);
  const { data: serverVersion } = useQuery({
    queryKey: ['serverVersion'],
    queryFn: () => fetchData<string>('/common/getServerVersion', { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const logout = async () => {
    const type = getLoginType();
    await useUserStore.getState().logout();
    navigate(type === '1' ? '/loginDefault' : '/login', { replace: true });
  };
  const versions = (
    <div data-testid="versions">
      <div>{t('navbar.webVersion', { version: __WEB_VERSION__ })}</div>
      <div>{t('navbar.serverVersion', { version: serverVersion ?? '-' })}</div>
    </div>
  );
  const name = user?.username ?? '';
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'version',
              icon: <InfoCircleOutlined />,
              label: (
                <Tooltip title={versions} placement="left">
                  <span data-testid="menu-version">{t('navbar.version')}</span>
                </Tooltip>
              ),
            },
            { key: 'password', icon: <KeyOutlined />, label: <span data-testid="menu-password">{t('navbar.changePassword')}</span> },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('navbar.logout')}</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setPwdOpen(true);
            if (key === 'logout') void logout();
          },
        }}
      >
        <span className="account" data-testid="account">
          <Avatar size={30} style={{ background: '#1f2d3d' }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          {!mobile && <span>{name}</span>}
          <DownOutlined style={{ fontSize: 10 }} />
        </span>
      </Dropdown>
      <ChangePasswordModal open={pwdOpen} onClose={() => setPwdOpen(false)} />
    </>
  );
}
