/**
 * One role's screens and buttons in the platform's permission grid, saved on `screen`'s assign
 * route (tenant/permission, or tenant/role's Assign): what the tenant was granted is offered, the
 * built-in role is shown read-only, a refusal (beyond the tenant's grant) is shown as the server says it.
 */
import { SafetyCertificateOutlined, UndoOutlined } from '@ant-design/icons';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { Alert, Button, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../../domain';
import { GrantTree } from '../../general/_access/GrantTree';
import { useRoleGrants } from '../../general/_access/use-role-grants';
import '../../general/_access/access.css';
import './permission.css';

/** A role of the tenant as its routes answer it (a type, so also a row: `Row` of the resource page). */
export type TenantRole = {
  id: number;
  code: string;
  name: string;
  terminal: string;
  builtIn: boolean;
};

export function RoleGrants({
  screen,
  roleId,
  canAssign,
  picker,
  onSaved,
  testId,
}: {
  screen: string;
  roleId: number | undefined;
  canAssign: boolean;
  /** what stands first in the bar (the permission screen's role picker) */
  picker?: ReactNode;
  onSaved?: () => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const { menus, role, grants, setGrants, reset, save, saving, error } = useRoleGrants<TenantRole>(screen, roleId, onSaved);
  const locked = !canAssign || !!role?.builtIn;
  const terminal = (v: string) => ENUMS.Terminal?.find((o) => o.value === v)?.label[lang] ?? v;

  return (
    <>
      <div className="people-permission-bar">
        {picker}
        {role && (
          <Space size={4} wrap>
            <Tag>{role.code}</Tag>
            <Tag color="blue">{terminal(role.terminal)}</Tag>
            {role.builtIn && <Tag color="gold">{t('roleAdmin.builtIn')}</Tag>}
          </Space>
        )}
        <Space className="people-permission-actions">
          <Button icon={<UndoOutlined />} disabled={locked || !menus.data} onClick={reset}>
            {t('people.permission.undo')}
          </Button>
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined />}
            loading={saving}
            disabled={locked || !menus.data}
            onClick={save}
            data-testid={`${testId}-save`}
          >
            {t('common.save')}
          </Button>
        </Space>
      </div>
      <Alert
        type={role?.builtIn ? 'warning' : 'info'}
        showIcon
        className="people-permission-hint"
        title={role?.builtIn ? t('people.permission.builtIn') : t('people.permission.hint')}
      />
      {error && <Alert type="error" showIcon className="people-permission-hint" title={error} data-testid={`${testId}-error`} />}
      <GrantTree nodes={menus.data?.tree} loading={menus.isLoading} value={grants} onChange={setGrants} disabled={locked} testId={testId} />
    </>
  );
}
