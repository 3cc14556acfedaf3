/**
 * Users of every tenant (general/user): the resource page plus roles per terminal (from the chosen
 * tenant's roles), allow/forbid login (a switch in the Login column), a reset password that shows
 * the generated one once, the password rule in force (system parameter PASSWORD_STRENGTH) checked
 * and shown before a password is sent, whether the user must change the password at the next
 * sign-in, and an unlock of sign-ins the login throttle holds back (with the edit button).
 */
import { CopyOutlined, KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { TERMINALS } from '@tagloom/domain/constants.ts';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { translate } from '@tagloom/domain/i18n/index.ts';
import { LANGS } from '@tagloom/domain/lang.ts';
import { type PasswordRule, passwordIssue } from '@tagloom/domain/password.ts';
import type { Rule } from '@tagloom/domain/resource/define.ts';
import { f } from '@tagloom/domain/resource/fields.ts';
import type { ResetPasswordAnswer, UserRoleOption } from '@tagloom/domain/resources/general/user.api.ts';
import { userResource } from '@tagloom/domain/resources/general/user.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { type ComponentProps, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { usePasswordHint, usePasswordRule } from '../../../app/layout/ChangePasswordModal';
import { fetchData, request } from '../../../app/request';
import { CellValue, type InputProps } from '../../../components/resource/field-render';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { Field, ResourceDef, ResourcePageExtensions, Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';
import { roleIdsOf } from '../_access/grant-tree';
import { useRowAction } from '../_access/useRowAction';
import '../_access/access.css';

const CODE = 'general/user';
// declared with their own routes (CUSTOM_RESOURCES), not in the generic registry
const declared = userResource;

/** On create (on unless turned off) and edit: the user must change the password at the next sign-in. */
const mustChangeField: Field = {
  ...f.enumOf('YesNo', {
    label: Object.fromEntries(LANGS.map((l) => [l, translate(l, 'field.mustChangePassword')])) as Field['label'],
    default: 1,
    required: false,
    list: false,
    exported: false,
  }),
  key: 'mustChangePassword',
};

/**
 * The screen's declaration as the form uses it: the password's minimum and kinds of characters from
 * the rule in force (the server checks the same), and the must-change flag after the passwords.
 * The form checks it with schemasOf(def), like any declaration: the kinds of characters are one
 * more cross-field rule (the minimum is the field's own).
 */
export function withRule(rule: PasswordRule | undefined, base: ResourceDef = declared): ResourceDef {
  const list = base.list.flatMap((x) => {
    if (x.key === 'password') return [{ ...x, min: Math.max(x.min ?? 0, rule?.minLength ?? 0) }];
    if (x.key === 'confirmPassword') return [x, mustChangeField];
    return [x];
  });
  const kinds: Rule<Record<string, unknown>> = (d) => {
    const issue = rule && typeof d.password === 'string' ? passwordIssue(d.password, rule) : undefined;
    return issue && issue.key !== 'signin.policy.tooShort' ? [{ path: ['password'], message: issue.key }] : [];
  };
  return { ...base, list, rules: [...(base.rules ?? []), kinds] };
}

/** The password input with the rule in force under it. */
export function PolicyPassword({ hint, ...props }: ComponentProps<typeof Input.Password> & { hint?: string }) {
  return (
    <>
      <Input.Password autoComplete="new-password" data-testid="field-password" {...props} />
      {hint && (
        <Typography.Text type="secondary" className="user-password-hint" data-testid="password-rule">
          {hint}
        </Typography.Text>
      )}
    </>
  );
}

/** 1/0 (or true/false from a row) as a switch. */
export function FlagSwitch({ value, onChange, id }: { value?: unknown; onChange?: (v: number) => void; id?: string }) {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const label = (v: number) => ENUMS.YesNo.find((o) => o.value === v)?.label[lang] ?? String(v);
  const on = value === true || value === 1 || value === '1';
  return (
    <Switch
      id={id}
      checked={on}
      onChange={(c) => onChange?.(c ? 1 : 0)}
      checkedChildren={label(1)}
      unCheckedChildren={label(0)}
      data-testid="field-mustChangePassword"
    />
  );
}

/** A role of the chosen tenant (the answer of POST /general/user/roles, typed from its schema). */
type RoleOption = UserRoleOption;

/**
 * One multi-select per terminal over the chosen tenant's roles of that terminal; with `url`, the
 * roles that endpoint answers (a tenant's own user screen: the session's tenant).
 */
export function RolesInput({ field, disabled, value, onChange, url }: Omit<InputProps, 'mode'> & { url?: string }) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const form = Form.useFormInstance();
  const tenantId = Form.useWatch('tenantId', form) as number | undefined;
  const has = url !== undefined || (tenantId !== undefined && tenantId !== null && String(tenantId) !== '');
  const roles = useQuery({
    queryKey: ['userAdmin', 'roles', url ?? tenantId],
    queryFn: () =>
      url
        ? fetchData<RoleOption[]>(url, { method: 'POST', data: {} })
        : fetchData<RoleOption[]>(`/${CODE}/roles`, { method: 'POST', data: { tenantId: Number(tenantId) } }),
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

export function rolesCell(v: unknown) {
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

/**
 * Reset a user's password on screen `code` (POST /<code>/reset-password, confirmed first): the
 * generated password is shown once in `dialog`, with a copy button.
 */
export function useResetPassword(code: string, modal: ReturnType<typeof useRowAction>['modal']) {
  const { t } = useTranslation();
  const message = useMessage();
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
          const res = await request<ResetPasswordAnswer>(`/${code}/reset-password`, {
            method: 'POST',
            data: { id: row.id, mustChangePassword: true },
          });
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

  const dialog = (
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
      <Typography.Paragraph type="secondary">{t('userAdmin.tempMustChange')}</Typography.Paragraph>
      <Typography.Text className="access-password" data-testid="user-temp-password">
        {temp?.password}
      </Typography.Text>
    </Modal>
  );
  return { reset, dialog };
}

/**
 * The user list's cells and row actions, shared by the platform's user screen and a tenant's own
 * (tenant/user): the throttle lock by the name, roles per terminal, the login switch (granted
 * buttons only, confirmed), unlock and reset password.
 */
export function useUserPageParts(
  def: ResourceDef,
  run: ReturnType<typeof useRowAction>['run'],
  reset: (row: Row) => void,
): Required<Pick<ResourcePageExtensions, 'columnOverrides' | 'extraRowActions'>> {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const screen = useScreen();
  const can = (a: string) => screen.actions.includes(a);
  const fieldOf = (key: string) => def.list.find((x) => x.key === key)!;
  return {
    columnOverrides: {
      // a name whose sign-ins the login throttle holds back right now
      username: (v, row) => (
        <Space size={4} wrap>
          <span>{String(v ?? '')}</span>
          {row.locked === true && (
            <Tooltip title={t('userAdmin.lockedHint')}>
              <Tag icon={<LockOutlined />} color="warning" data-testid="user-locked">
                {t('userAdmin.locked')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
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
    },
    extraRowActions: (row) => (
      <>
        {can('edit') && row.locked === true && (
          <Tooltip title={t('userAdmin.unlock')}>
            <Button
              type="link"
              size="small"
              icon={<UnlockOutlined />}
              aria-label={t('userAdmin.unlock')}
              data-testid="user-unlock"
              onClick={() =>
                run({
                  url: 'unlock',
                  body: { ids: [row.id] },
                  title: t('userAdmin.unlockTitle'),
                  content: t('userAdmin.unlockConfirm', { name: row.username }),
                  ok: t('userAdmin.unlock'),
                })
              }
            />
          </Tooltip>
        )}
        {can('resetPassword') && (
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
        )}
      </>
    ),
  };
}

export default function Users() {
  const { run, holder, modal } = useRowAction(CODE);
  const { reset, dialog } = useResetPassword(CODE, modal);
  const rule = usePasswordRule();
  const hint = usePasswordHint(rule);
  const def = useMemo(() => withRule(rule), [rule]);
  const parts = useUserPageParts(def, run, reset);

  return (
    <div data-testid="user-admin">
      {holder}
      <ResourcePage
        def={def}
        columnOverrides={{
          ...parts.columnOverrides,
          tenantId: (_v, row) => `${row.tenantName ?? ''}${row.tenantCode ? ` (${row.tenantCode})` : ''}`,
        }}
        formOverrides={{
          roles: ({ field, disabled }) => <RolesInput field={field} disabled={disabled} />,
          password: () => <PolicyPassword hint={hint} />,
          mustChangePassword: () => <FlagSwitch />,
        }}
        extraRowActions={parts.extraRowActions}
      />
      {dialog}
    </div>
  );
}
