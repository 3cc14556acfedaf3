/**
 * A tenant's own users (tenant/user): the platform user screen's parts (login switch, reset
 * password, roles per terminal, password rule) over this tenant's users, and the party binding — a
 * kind (store, warehouse, factory, label supplier) and a row of that kind picked on the server.
 */
import { PARTY_SCREENS, type PartyKind } from '@tagloom/domain/resource/define.ts';
import { tenantUserResource } from '@tagloom/domain/resources/tenant/people/user.ts';
import { Form, Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePasswordHint, usePasswordRule } from '../../../app/layout/ChangePasswordModal';
import { EnumValue, FieldInput, TokenValue } from '../../../components/resource/field-render';
import { RefSelect } from '../../../components/resource/RefSelect';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { Field, Mode, Row } from '../../../components/resource/types';
import { useRowAction } from '../../general/_access/useRowAction';
import { FlagSwitch, PolicyPassword, RolesInput, useResetPassword, useUserPageParts, withRule } from '../../general/user';
import '../../general/_access/access.css';
import './user.css';

const CODE = 'tenant/user';
// declared with its own routes (peopleCustom), not in the generic registry
const declared = tenantUserResource;

interface InputCtx {
  field: Field;
  mode: Mode;
  disabled: boolean;
  value?: unknown;
  onChange?: (v: unknown) => void;
  onBlur?: () => void;
  id?: string;
}

/** The kind: changing it clears the row picked for the previous kind. */
function PartyKindInput({ onChange, ...props }: InputCtx) {
  const form = Form.useFormInstance();
  return (
    <FieldInput
      {...props}
      onChange={(v) => {
        onChange?.(v ?? null);
        form.setFieldValue('partyId', null);
      }}
    />
  );
}

/** The party row: a server-searched select over the chosen kind's screen (its options route). */
function PartyInput({ field, disabled, value, onChange, onBlur, id }: InputCtx) {
  const { t } = useTranslation();
  const kind = Form.useWatch('partyKind', Form.useFormInstance()) as PartyKind | null | undefined;
  if (!kind)
    return <Select id={id} disabled placeholder={t('people.pickKindFirst')} style={{ width: '100%' }} data-testid={`field-${field.key}`} />;
  const target: Field = { ...field, kind: 'ref', ref: { resource: PARTY_SCREENS[kind], labelField: 'name', onDelete: 'restrict' } };
  return <RefSelect key={kind} field={target} value={value} onChange={onChange} onBlur={onBlur} id={id} disabled={disabled} />;
}

export default function TenantUsers() {
  const { run, holder, modal } = useRowAction(CODE);
  const { reset, dialog } = useResetPassword(CODE, modal);
  const rule = usePasswordRule();
  const hint = usePasswordHint(rule);
  const def = useMemo(() => withRule(rule, declared), [rule]);
  const parts = useUserPageParts(def, run, reset);

  return (
    <div data-testid="tenant-user-admin">
      {holder}
      <ResourcePage
        def={def}
        columnOverrides={{
          ...parts.columnOverrides,
          // the bound party's kind, name and code, on one line (the id means nothing on screen)
          partyId: (_v, row: Row) =>
            row.partyName ? (
              <span className="people-party" data-testid="user-party">
                <Tag>
                  <EnumValue enumName="PartyKind" value={row.partyKind} />
                </Tag>
                <TokenValue text={String(row.partyName)} mono={false} />
              </span>
            ) : (
              <span className="resource-empty">-</span>
            ),
        }}
        formOverrides={{
          roles: ({ field, disabled }) => <RolesInput field={field} disabled={disabled} url={`/${CODE}/roles`} />,
          password: () => <PolicyPassword hint={hint} />,
          mustChangePassword: () => <FlagSwitch />,
          partyKind: (ctx) => <PartyKindInput {...ctx} />,
          partyId: (ctx) => <PartyInput {...ctx} />,
        }}
        extraRowActions={parts.extraRowActions}
      />
      {dialog}
    </div>
  );
}
