/**
 * A tenant's own roles (tenant/role): the role page over this tenant's roles (see
 * general/role/RolePage). Assign opens the role's screens and buttons in a drawer (the same grid as
 * tenant/permission).
 */
import { tenantRoleResource } from '@tagloom/domain/resources/general/role.ts';
import { Drawer, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../components/ScreenContext';
import { useShipped } from '../../general/_shared/use-shipped';
import { RolePage } from '../../general/role/RolePage';
import { RoleGrants } from '../permission/RoleGrants';

export default function TenantRoles() {
  const { t } = useTranslation();
  const shipped = useShipped();
  const canAssign = useCan('assign');
  const screens = Grid.useBreakpoint();
  return (
    <RolePage
      def={tenantRoleResource}
      testId="tenant-role-admin"
      assign={(row, close) => (
        <Drawer
          title={row ? t('roleAdmin.assignTitle', { name: String(shipped.field('general/role', row, 'name') ?? '') }) : ''}
          open={!!row}
          onClose={close}
          size={screens.lg ? 820 : '100%'}
          rootClassName="access-drawer"
          destroyOnHidden
          data-testid="role-assign-drawer"
        >
          <RoleGrants
            screen="tenant/role"
            roleId={row ? Number(row.id) : undefined}
            canAssign={canAssign}
            onSaved={close}
            testId="role-grant-tree"
          />
        </Drawer>
      )}
    />
  );
}
