/**
 * Users of every tenant (general/user): the resource page plus roles per terminal (from the chosen
 * tenant's roles), allow/forbid login (a switch in the Login column) and a reset password that shows
 * the generated one once.
 */
import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { TERMINALS } from '@tagloom/domain/constants.ts';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { userResource } from '@tagloom/domain/resources/general/user.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { CellValue } from '../../../components/resource/field-render';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { Field, ResourceDef, Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';
import { roleIdsOf } from '../_access/grant-tree';
import { useRowAction } from '../_access/useRowAction';
import '../_access/access.css';

const CODE = 'general/user';
// declared with their own routes (CUSTOM_RESOURCES), not in the generic registry
const def = userResource as unknown as ResourceDef;
const fieldOf = (key: string) => def.list.find((f) => f.key === key)!;

interface RoleOption {
  id: number;
  code: string;
  name: string;
  alias: string;
  terminal: string;
}

/** One multi-select per terminal over the chosen tenant's roles of that terminal. */
function RolesInput({
  field,
  disabled,
  value,
  onChange,
}: {
  field: Field;
  disabled: boolean;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const form = Form.useFormInstance();
  const tenantId = Form.useWatch('tenantId', form) as number | undefined;
  const has = tenantId !== undefined && tenantId !== null && String(tenantId) !== '';
  const roles = useQuery({
    queryKey: ['userAdmin', 'roles', tenantId],
    queryFn: () => fetchData<RoleOption[]>(`/${CODE}/roles`, { method: 'POST', data: { tenantId: Number(tenantId) } }),
    enabled: has,
  });
  const current = roleIdsOf(value);
  // the edit form starts from the row's JSON of role refs: the server takes ids
  useEffect(() => {
    if (typeof value === 'string') onChange?.(roleIdsOf(value));
  }, [value, onChange]);
  const termLabel = (term: string) => ENUMS.Terminal?.find((o) => o.value === term)?.label[lang] ?? term;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`field-${field.key}`}>
      {TERMINALS.map((term) => (
        <Space.Compact key={term} style={{ width: '100%' }}>
          <Button disabled style={{ width: 110, color: 'inherit' }}>
            {termLabel(term)}
          </Button>
          <Select
            mode="multiple"
            allowClear
            disabled={disabled || !has}
            loading={roles.isFetching}
            placeholder={has ? t('userAdmin.pickRoles') : t('userAdmin.pickTenantFirst')}
            value={current[term] ?? []}
            optionFilterProp="label"
            options={(roles.data ?? []).filter((r) => r.terminal === term).map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }))}
            onChange={(ids: number[]) => onChange?.({ ...current, [term]: ids })}
            data-testid={`roles-${term}`}
            style={{ flex: 1 }}
          />
        </Space.Compact>
      ))}
    </Space>
  );
}

function rolesCell(v: unknown) {
  const byTerm = roleIdsOf(v);
  const raw = (typeof v === 'object' && v ? v : {}) as Record<string, { id: number; name: string }[]>;
  const tags = TERMINALS.flatMap((term) => (raw[term] ?? []).map((r) => ({ key: `${term}-${r.id}`, text: `${term}: ${r.name}` })));
  if (!tags.length && !Object.values(byTerm).some((l) => l.length)) return <span>-</span>;
  return (
    <>
      {tags.map((x) => (
        <Tag key={x.key}>{x.text}</Tag>
      ))}
    </>
  );
}

export default function Users() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const screen = useScreen();
  const can = (a: string) => screen.actions.includes(a);
  const { run, holder, modal } = useRowAction(CODE);
  const [temp, setTemp] = useState<{ user: string; password: string } | undefined>();

  const reset = (row: Row) =>
    modal.confirm({
      title: t('userAdmin.resetTitle'),
      content: t('userAdmin.resetConfirm', { name: row.username }),
      okText: t('userAdmin.resetPassword'),
      okButtonProps: { 'data-testid': 'access-confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const res = await request<{ password: string | null }>(`/${CODE}/reset-password`, { method: 'POST', data: { id: row.id } });
          message.success(res.msg || t('common.success'));
          if (res.data?.password) setTemp({ user: String(row.username), password: res.data.password });
        } catch {
          // the request layer showed the server's message
        }
      },
    });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(temp?.password ?? '');
      message.success(t('userAdmin.copied'));
    } catch {
      message.warning(t('userAdmin.copyFailed'));
    }
  };

  return (
    <div data-testid="user-admin">
      {holder}
      <ResourcePage
        def={def}
        columnOverrides={{
          tenantId: (_v, row) => `${row.tenantName ?? ''}${row.tenantCode ? ` (${row.tenantCode})` : ''}`,
          roles: rolesCell,
          // long type names wrap inside their tag instead of running under the next column
          userType: (v) => (
            <span className="access-wrap-tag">
              <CellValue field={fieldOf('userType')} value={v} />
            </span>
          ),
          // allow / forbid login right where the state shows (granted buttons only, with a confirm)
          loginStatus: (v, row) => {
            const allowed = Number(v) === 1;
            const action = allowed ? 'disable' : 'enable';
            if (!can(action)) return <CellValue field={fieldOf('loginStatus')} value={v} />;
            const label = (x: number) => ENUMS.LoginStatus.find((o) => o.value === x)?.label[lang] ?? String(x);
            return (
              <Tooltip title={t(`userAdmin.${action}`)}>
                <Switch
                  size="small"
                  checked={allowed}
                  checkedChildren={label(1)}
                  unCheckedChildren={label(0)}
                  aria-label={t(`userAdmin.${action}`)}
                  data-testid={`user-${action}`}
                  onClick={() =>
                    run({
                      url: action,
                      body: { ids: [row.id] },
                      title: t(`userAdmin.${action}Title`),
                      content: t(`userAdmin.${action}Confirm`, { name: row.username }),
                      ok: t(`userAdmin.${action}`),
                      danger: allowed,
                    })
                  }
                />
              </Tooltip>
            );
          },
        }}
        formOverrides={{
          roles: ({ field, disabled }) => <RolesInput field={field} disabled={disabled} />,
        }}
        extraRowActions={(row) =>
          can('resetPassword') && (
            <Tooltip title={t('userAdmin.resetPassword')}>
              <Button
                type="link"
                size="small"
                icon={<KeyOutlined />}
                aria-label={t('userAdmin.resetPassword')}
                onClick={() => reset(row)}
                data-testid="user-reset"
              />
            </Tooltip>
          )
        }
      />
      <Modal
        open={!!temp}
        title={t('userAdmin.tempTitle', { name: temp?.user })}
        onCancel={() => setTemp(undefined)}
        footer={
          <Space>
            <Button icon={<CopyOutlined />} onClick={copy} data-testid="user-temp-copy">
              {t('userAdmin.copy')}
            </Button>
            <Button type="primary" onClick={() => setTemp(undefined)}>
              {t('userAdmin.done')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph>{t('userAdmin.tempHint')}</Typography.Paragraph>
        <Typography.Text className="access-password" data-testid="user-temp-password">
          {temp?.password}
        </Typography.Text>
      </Modal>
    </div>
  );
}
