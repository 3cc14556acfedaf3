/**
 * A tenant's own roles (tenant/role): the resource page over this tenant's roles; the built-in
 * role (every screen of the tenant) is marked and kept. Assign opens the role's screens and buttons
 * in a drawer (the same grid as tenant/permission).
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { tenantRoleResource } from '@tagloom/domain/resources/general/role.ts';
import { Button, Drawer, Grid, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { Row } from '../../../components/resource/types';
import { useCan } from '../../../components/ScreenContext';
import { useShipped } from '../../general/_shared/use-shipped';
import { RoleGrants } from '../permission/RoleGrants';

// declared with its own routes (peopleCustom), not in the generic registry
const def = tenantRoleResource;
/** the same rows as the platform's role screen: their shipped texts are kept under its code */
const SHIPPED_AS = 'general/role';

export default function TenantRoles() {
  const { t } = useTranslation();
  const shipped = useShipped();
  const canAssign = useCan('assign');
  const screens = Grid.useBreakpoint();
  const [assigning, setAssigning] = useState<Row | undefined>();
  const nameOf = (row: Row) => String(shipped.field(SHIPPED_AS, row, 'name') ?? '');
  return (
    <div data-testid="tenant-role-admin">
      <ResourcePage
        def={def}
        columnOverrides={{
          // the shipped roles (tenant administrator, read-only user) in the user's language
          name: (_v, row) => (
            <Space size={4}>
              <span>{shipped.field(SHIPPED_AS, row, 'name')}</span>
              {row.builtIn ? <Tag color="gold">{t('roleAdmin.builtIn')}</Tag> : null}
            </Space>
          ),
        }}
        rowTitle={nameOf}
        rowRefusal={(row, action) => (action === 'delete' && row.builtIn ? t('roleAdmin.builtInKept') : undefined)}
        extraRowActions={(row) =>
          canAssign ? (
            <Tooltip title={t('roleAdmin.assign')}>
              <Button
                type="link"
                size="small"
                icon={<SafetyCertificateOutlined />}
                aria-label={t('roleAdmin.assign')}
                onClick={() => setAssigning(row)}
                data-testid="role-assign"
              />
            </Tooltip>
          ) : null
        }
      />
      <Drawer
        title={assigning ? t('roleAdmin.assignTitle', { name: nameOf(assigning) }) : ''}
        open={!!assigning}
        onClose={() => setAssigning(undefined)}
        size={screens.lg ? 820 : '100%'}
        rootClassName="access-drawer"
        destroyOnHidden
        data-testid="role-assign-drawer"
      >
        <RoleGrants
          screen="tenant/role"
          roleId={assigning?.id}
          canAssign={canAssign}
          onSaved={() => setAssigning(undefined)}
          testId="role-grant-tree"
        />
      </Drawer>
    </div>
  );
}
