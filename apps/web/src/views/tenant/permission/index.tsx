/**
 * Permission maintenance (tenant/permission): pick one of the tenant's roles and grant it screens
 * and buttons in the platform's permission grid — only what the tenant was granted is offered (the
 * server refuses anything beyond, naming the screen and button); the built-in role has everything.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { useCan } from '../../../components/ScreenContext';
import { useShipped } from '../../general/_shared/use-shipped';
import { RoleGrants, type TenantRole } from './RoleGrants';

const CODE = 'tenant/permission';

export default function PermissionMaintenance() {
  const { t } = useTranslation();
  const canAssign = useCan('assign');
  const shipped = useShipped();
  const [roleId, setRoleId] = useState<number>();
  const roles = useQuery({
    queryKey: ['tenantPermission', 'roles'],
    queryFn: () => fetchData<(TenantRole & { status: number })[]>(`/${CODE}/roles`, { method: 'POST', data: {} }),
  });
  // the first role that may be assigned is shown at once
  useEffect(() => {
    if (roleId === undefined && roles.data?.length) setRoleId((roles.data.find((r) => !r.builtIn) ?? roles.data[0]).id);
  }, [roles.data, roleId]);

  return (
    <Card className="people-permission" data-testid="tenant-permission">
      {roleId === undefined && !roles.isLoading ? (
        <Empty description={t('people.permission.noRole')} />
      ) : (
        <RoleGrants
          screen={CODE}
          roleId={roleId}
          canAssign={canAssign}
          testId="permission-tree"
          picker={
            <Select
              className="people-permission-role"
              value={roleId}
              onChange={(v: number) => setRoleId(v)}
              loading={roles.isLoading}
              placeholder={t('people.permission.pickRole')}
              showSearch={{ optionFilterProp: 'label' }}
              options={(roles.data ?? []).map((r) => ({
                value: r.id,
                label: `${shipped.field('general/role', r, 'name')} (${r.code})`,
              }))}
              data-testid="permission-role"
            />
          }
        />
      )}
    </Card>
  );
}
