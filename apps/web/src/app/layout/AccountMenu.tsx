/** Account dropdown: versions tooltip, change password, logout. */
import { DownOutlined, InfoCircleOutlined, KeyOutlined, LogoutOutlined, ShopOutlined } from '@ant-design/icons';
import type { UserInfo } from '@tagloom/domain';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Dropdown, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getLoginType } from '../auth';
import { fetchData } from '../request';
import { useUserStore } from '../stores/user';
import { useOpenedOnce } from './opened-once';

/** the form (antd Form, the password rules in three languages) loads when first opened */
const ChangePasswordModal = lazy(() => import('./ChangePasswordModal').then((m) => ({ default: m.ChangePasswordModal })));

export function AccountMenu({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  // the party a user is bound to (a store, warehouse …), from the server's view of the session
  const { data: info } = useQuery({
    queryKey: ['userInfo', user?.username],
    queryFn: () => fetchData<UserInfo>('/user/info', { silent: true }),
    staleTime: 5 * 60_000,
    enabled: !!user,
  });
  const party = info?.party;
  const [pwdOpen, setPwdOpen] = useState(false);
  const pwdLoaded = useOpenedOnce(pwdOpen);
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
            // a user bound to a party sees its rows only: say which party
            ...(party
              ? [
                  {
                    key: 'party',
                    icon: <ShopOutlined />,
                    disabled: true,
                    label: (
                      <span data-testid="menu-party">
                        {t('navbar.partyOf', { kind: t(`navbar.party.${party.kind}`), name: party.name })}
                      </span>
                    ),
                  },
                  { type: 'divider' as const },
                ]
              : []),
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
      {pwdLoaded && (
        <Suspense>
          <ChangePasswordModal open={pwdOpen} onClose={() => setPwdOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
