/**
 * Tenants (general/tenant): the resource page plus the menu-permission tree (tenant-side screens and
 * their buttons) and enable/disable. The three templates (goods attribute, location attribute,
 * coding rule) are ref fields: the generic form picks each from a select of its template screen.
 */

import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { tenantResource } from '@tagloom/domain/resources/general/tenant.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Tag, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import type { Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { GrantTree } from '../_access/GrantTree';
import { type Grant, type GrantNode, grantsOfTree } from '../_access/grant-tree';
import { useRowAction } from '../_access/useRowAction';
import { ShippedPage } from '../_shared/ShippedPage';
import { useTenantName } from '../_shared/TenantName';
import { useShipped } from '../_shared/use-shipped';
import '../_access/access.css';
import type { InputProps } from '../../../components/resource/field-render';

const CODE = 'general/tenant';
// declared with their own routes (CUSTOM_RESOURCES), not in the generic registry
const def = tenantResource;

/** The grantable tree; in the edit form the tenant is found by its (read-only) code and its grants loaded. */
function MenusInput({ mode, disabled, value, onChange }: InputProps) {
  const form = Form.useFormInstance();
  const code = Form.useWatch('code', form) as string | undefined;
  const idQuery = useQuery({
    queryKey: ['tenantAdmin', 'idOf', code],
    queryFn: async () => {
      const page = await fetchData<{ list: Row[] }>(`/${CODE}/list`, { method: 'POST', data: { code, page: 1, pageSize: 50 } });
      return page.list.find((r) => r.code === code)?.id ?? null;
    },
    enabled: mode === 'edit' && !!code,
  });
  const id = mode === 'edit' ? idQuery.data : undefined;
  const tree = useQuery({
    queryKey: ['tenantAdmin', 'menus', id ?? 0],
    queryFn: () => fetchData<GrantNode[]>(`/${CODE}/menus`, { method: 'POST', data: id ? { id } : {} }),
    enabled: mode === 'create' || !!id,
  });
  useEffect(() => {
    if (mode === 'edit' && tree.data && id && value === undefined) onChange?.(grantsOfTree(tree.data));
    // only when the tenant's grants arrive
  }, [tree.data, id, mode]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <GrantTree
      nodes={tree.data}
      loading={tree.isLoading || (mode === 'edit' && idQuery.isLoading)}
      value={Array.isArray(value) ? (value as Grant[]) : []}
      onChange={(g) => onChange?.(g)}
      disabled={disabled}
      testId="field-menus"
    />
  );
}

export default function Tenants() {
  const { t } = useTranslation();
  const screen = useScreen();
  const can = (a: string) => screen.actions.includes(a);
  const { run, holder } = useRowAction(CODE);
  const tenantName = useTenantName();
  const shipped = useShipped();

  return (
    <div data-testid="tenant-admin">
      {holder}
      <ShippedPage
        def={def}
        columnOverrides={{
          name: (_v, row) => <span data-testid="tenant-row-name">{tenantName.name(row)}</span>,
          status: (v) => (
            <Tag color={Number(v) === 1 ? 'success' : 'default'} data-testid="tenant-status">
              {t(Number(v) === 1 ? 'tenantAdmin.enabled' : 'tenantAdmin.disabled')}
            </Tag>
          ),
          groupId: (_v, row) => shipped.byText('general/tenant-group', 'name', row.groupName),
        }}
        formOverrides={{
          menus: ({ field, mode, disabled }) => <MenusInput field={field} mode={mode} disabled={disabled} />,
        }}
        extraRowActions={(row, { reload }) => {
          const enabled = Number(row.status) === 1;
          const action = enabled ? 'disable' : 'enable';
          if (!can(action)) return null;
          return (
            <Tooltip title={t(`tenantAdmin.${action}`)}>
              <Button
                type="link"
                size="small"
                danger={enabled}
                icon={enabled ? <StopOutlined /> : <CheckCircleOutlined />}
                aria-label={t(`tenantAdmin.${action}`)}
                data-testid={`tenant-${action}`}
                onClick={() =>
                  run({
                    url: action,
                    body: { ids: [row.id] },
                    title: t(`tenantAdmin.${action}Title`),
                    content: t(`tenantAdmin.${action}Confirm`, { name: tenantName.name(row) }),
                    ok: t(`tenantAdmin.${action}`),
                    danger: enabled,
                    reload,
                  })
                }
              />
            </Tooltip>
          );
        }}
      />
    </div>
  );
}
