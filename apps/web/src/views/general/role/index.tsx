/**
 * Roles (general/role): the resource page plus "Assign": a drawer with the grantable menus and
 * buttons of the role's tenant and terminal, ticked as the role has them. A platform administrator
 * edits or deletes only roles it created (spec §5): Edit and Delete are offered on those rows only
 * (the list rows carry `mine`; built-in roles are never deleted), and the toolbar says why for others.
 */

import { SafetyCertificateOutlined } from '@ant-design/icons';
import { PLATFORM_TENANT_ID } from '@tagloom/domain/constants.ts';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { roleResource } from '@tagloom/domain/resources/general/role.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Grid, Select, Space, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, RequestError, request } from '../../../app/request';
import type { Field, Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';
import { GrantTree } from '../_access/GrantTree';
import { type Grant, type GrantNode, grantsOfTree } from '../_access/grant-tree';
import { ShippedPage } from '../_shared/ShippedPage';
import { TenantName, useTenantName } from '../_shared/TenantName';
import { useShipped } from '../_shared/use-shipped';
import '../_access/access.css';

const CODE = 'general/role';
// declared with their own routes (CUSTOM_RESOURCES), not in the generic registry
const def = roleResource;

interface RoleMenus {
  role: Row & { mine: boolean; builtIn: boolean; name: string };
  tree: GrantNode[];
}

function AssignDrawer({ row, onClose }: { row: Row | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const [grants, setGrants] = useState<Grant[]>([]);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const shipped = useShipped();
  const menus = useQuery({
    queryKey: ['roleAdmin', 'menus', row?.id],
    queryFn: () => fetchData<RoleMenus>(`/${CODE}/menus`, { method: 'POST', data: { id: row!.id } }),
    enabled: !!row,
    gcTime: 0,
  });
  useEffect(() => {
    setError(undefined);
    if (menus.data) setGrants(grantsOfTree(menus.data.tree));
  }, [menus.data]);

  const role = menus.data?.role;
  const save = async () => {
    setSaving(true);
    setError(undefined);
    try {
      const res = await request(`/${CODE}/assign`, { method: 'POST', data: { id: row!.id, grants }, silent: true });
      message.success(res.msg || t('common.success'));
      void queryClient.invalidateQueries({ queryKey: ['roleAdmin', 'menus'] });
      onClose();
    } catch (err) {
      if (err instanceof RequestError && err.kind === 'business') {
        setError(err.message);
        message.error(err.message);
      }
    } finally {
      setSaving(false);
    }
  };

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

/** The tenant of a new role, picked by name (the platform by default) instead of typed as an id. */
function TenantSelect({ field, disabled, ...rest }: { field: Field; disabled: boolean; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const tenants = useTenants();
  return (
    <Select
      {...(rest as object)}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      loading={tenants.loading}
      placeholder={t('resource.selectPlaceholder')}
      options={tenants.options}
      data-testid={`field-${field.key}`}
    />
  );
}

export default function Roles() {
  const { t } = useTranslation();
  const screen = useScreen();
  const can = (a: string) => screen.actions.includes(a);
  const tenants = useTenants();
  const shipped = useShipped();
  const [assigning, setAssigning] = useState<Row | undefined>();

  return (
    <div data-testid="role-admin">
      <ShippedPage
        def={def}
        columnOverrides={{
          tenantId: (v) => {
            const tenant = tenants.tenantOf(v);
            return tenant ? <TenantName tenant={tenant} /> : <span>{String(v)}</span>;
          },
          name: (_v, row) => (
            <Space size={4}>
              <span>{shipped.field(CODE, row, 'name')}</span>
              {row.builtIn ? <Tag color="gold">{t('roleAdmin.builtIn')}</Tag> : null}
            </Space>
          ),
        }}
        formOverrides={{ tenantId: ({ field, disabled }) => <TenantSelect field={field} disabled={disabled} /> }}
        rowRefusal={(row, action) =>
          !row.mine ? t('roleAdmin.notMine') : action === 'delete' && row.builtIn ? t('roleAdmin.builtInKept') : undefined
        }
        extraRowActions={(row) =>
          can('assign') ? (
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
      <AssignDrawer row={assigning} onClose={() => setAssigning(undefined)} />
    </div>
  );
}
