/**
 * Roles (general/role): the resource page plus "Assign": a drawer with the grantable menus and
 * buttons of the role's tenant and terminal, ticked as the role has them. A platform administrator
 * edits or deletes only roles it created (spec §5): Edit and Delete are offered on those rows only
 * (the list rows carry `mine`; built-in roles are never deleted), and the toolbar says why for others.
 */
import { PLATFORM_TENANT_ID } from '@tagloom/domain/constants.ts';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { roleResource } from '@tagloom/domain/resources/general/role.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Grid, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import type { Field, Row } from '../../../components/resource/types';
import { normalizeLang } from '../../../domain';
import { GrantTree } from '../_access/GrantTree';
import { useRoleGrants } from '../_access/use-role-grants';
import { TenantName, useTenantName } from '../_shared/TenantName';
import { useShipped } from '../_shared/use-shipped';
import '../_access/access.css';
import { RolePage } from './RolePage';

const CODE = 'general/role';

type AssignedRole = Row & { mine: boolean; builtIn: boolean; name: string };

function AssignDrawer({ row, onClose }: { row: Row | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const screens = Grid.useBreakpoint();
  const shipped = useShipped();
  const { menus, role, grants, setGrants, save, saving, error } = useRoleGrants<AssignedRole>(
    CODE,
    row ? Number(row.id) : undefined,
    onClose,
  );

  return (
    <Drawer
      title={row ? t('roleAdmin.assignTitle', { name: shipped.field(CODE, row, 'name') }) : ''}
      open={!!row}
      onClose={onClose}
      size={screens.lg ? 820 : '100%'}
      rootClassName="access-drawer"
      data-testid="role-assign-drawer"
      footer={
        <div style={{ textAlign: 'right' }}>
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={save} disabled={!menus.data} data-testid="role-assign-save">
              {t('common.save')}
            </Button>
          </Space>
        </div>
      }
    >
      {role && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Tag>{String(role.code)}</Tag>
          <Tag color="blue">
            {ENUMS.Terminal?.find((o) => String(o.value) === String(role.terminal))?.label[normalizeLang(i18n.language)] ??
              String(role.terminal)}
          </Tag>
          {role.builtIn && <Tag color="gold">{t('roleAdmin.builtIn')}</Tag>}
        </Space>
      )}
      {role && !role.mine && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('roleAdmin.notMine')} />}
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error} data-testid="role-assign-error" />}
      <GrantTree nodes={menus.data?.tree} loading={menus.isLoading} value={grants} onChange={setGrants} testId="role-grant-tree" />
    </Drawer>
  );
}

interface TenantOption {
  id: number;
  code: string;
  name: string;
}

/** The tenants a role may belong to (the platform first), for the tenant column and the form's picker. */
function useTenants() {
  const tenantName = useTenantName();
  const list = useQuery({
    queryKey: ['roleAdmin', 'tenants'],
    queryFn: () =>
      fetchData<{ list: TenantOption[] }>('/general/tenant/list', { method: 'POST', data: { page: 1, pageSize: 500 }, silent: true }),
    staleTime: 60_000,
    retry: false,
  });
  const rows = (list.data?.list ?? []).filter((x) => x.id !== PLATFORM_TENANT_ID);
  const platform = { id: PLATFORM_TENANT_ID, code: 'PLATFORM', name: tenantName.platformName() };
  const tenantOf = (id: unknown): TenantOption | undefined =>
    Number(id) === PLATFORM_TENANT_ID ? platform : rows.find((x) => x.id === Number(id));
  const options = [platform, ...rows].map((x) => ({ value: x.id, label: tenantName.label(x) }));
  return { options, tenantOf, loading: list.isLoading };
}

/**
 * The tenant of a new role, picked by name (the platform by default) instead of typed as an id; in
 * the search form (`search`), the tenant whose roles to list, or all.
 */
function TenantSelect({
  field,
  disabled = false,
  search = false,
  ...rest
}: {
  field: Field;
  disabled?: boolean;
  search?: boolean;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  const tenants = useTenants();
  return (
    <Select
      {...(rest as object)}
      disabled={disabled}
      allowClear={search}
      showSearch={{ optionFilterProp: 'label' }}
      loading={tenants.loading}
      placeholder={t(search ? 'resource.all' : 'resource.selectPlaceholder')}
      options={tenants.options}
      data-testid={`${search ? 'search' : 'field'}-${field.key}`}
    />
  );
}

export default function Roles() {
  const tenants = useTenants();
  return (
    <RolePage
      def={roleResource}
      testId="role-admin"
      creatorOnly
      columnOverrides={{
        tenantId: (v) => {
          const tenant = tenants.tenantOf(v);
          return tenant ? <TenantName tenant={tenant} /> : <span>{String(v)}</span>;
        },
      }}
      formOverrides={{ tenantId: ({ field, disabled }) => <TenantSelect field={field} disabled={disabled} /> }}
      searchOverrides={{ tenantId: ({ field }) => <TenantSelect field={field} search /> }}
      assign={(row, close) => <AssignDrawer row={row} onClose={close} />}
    />
  );
}
