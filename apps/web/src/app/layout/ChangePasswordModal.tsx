/**
 * Change own password. Success revokes every session, so the console signs out and goes to login
 * (or, for the forced change of an initial password, signs in again with the new one).
 *
 * The new password is checked before it is sent with the rule the server applies (the system
 * parameter PASSWORD_STRENGTH, read from /user/passwordPolicy, through the domain's passwordIssue),
 * and the rule is shown under the input. Validation never throws: a form left empty only marks its
 * fields ("Please enter …"); a refused change marks the field the server names.
 */

import { translate } from '@tagloom/domain/i18n/index.ts';
import { type PasswordRule, passwordHint, passwordIssue } from '@tagloom/domain/password.ts';
import { fieldMessage, requiredMessage } from '@tagloom/domain/validation.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS, normalizeLang } from '../../domain';
import { useMessage } from '../bridge';
import { fetchData, RequestError, request } from '../request';
import { useUserStore } from '../stores/user';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** The password rule in force, as the server reads it (undefined until it is known). */
export function usePasswordRule(enabled = true): PasswordRule | undefined {
  const { data } = useQuery({
    queryKey: ['passwordPolicy'],
    queryFn: () => fetchData<PasswordRule>('/user/passwordPolicy', { silent: true }),
    staleTime: 60_000,
    enabled,
  });
  return data;
}

/** The rule in the console's language, for the hint under a new-password input. */
export function usePasswordHint(rule: PasswordRule | undefined): string | undefined {
  const { i18n } = useTranslation();
  if (!rule) return undefined;
  const hint = passwordHint(rule);
  return translate(normalizeLang(i18n.language), hint.key, hint.params);
}

/** Field errors of a refused change (400 with data.fields), in the form's terms. */
function serverFields(err: unknown): { name: keyof Values; errors: string[] }[] {
  if (!(err instanceof RequestError) || err.kind !== 'business') return [];
  const fields = (err.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
  return fields
    .filter((f): f is { field: keyof Values; message: string } => ['oldPassword', 'newPassword', 'confirmPassword'].includes(f.field))
    .map((f) => ({ name: f.field, errors: [f.message] }));
}

export interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
  /**
   * the forced change of an initial password: no way to close the dialog but signing out;
   * `onChanged` gets the new password once the server took it
   */
  forced?: { onSignOut: () => void; onChanged: (newPassword: string) => Promise<void> | void };
}

export function ChangePasswordModal({ open, onClose, forced }: ChangePasswordModalProps) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const rule = usePasswordRule(open);
  const hint = usePasswordHint(rule);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      // the form marks the fields it refused
      return;
    }
    setSaving(true);
    try {
      const res = await request('/user/updatePassword', { method: 'POST', data: values, silent: true });
      if (forced) {
        await forced.onChanged(values.newPassword);
        return;
      }
      message.success(res.msg);
      onClose();
      useUserStore.getState().clearLocal();
      navigate('/login', { replace: true });
    } catch (err) {
      const marked = serverFields(err);
      if (marked.length) form.setFields(marked);
      else if (err instanceof RequestError && err.kind === 'business') message.error(err.message);
      // network and session failures were reported by the request layer
    } finally {
      setSaving(false);
    }
  };

  const label = {
    oldPassword: t('password.old'),
    newPassword: t('password.new'),
    confirmPassword: t('password.confirm'),
  };
  const required = (name: keyof Values): Rule => ({ required: true, message: requiredMessage(lang, label[name]) });
  const newRules: Rule[] = [
    required('newPassword'),
    {
      validator: async (_, v: string | undefined) => {
        if (!v) return;
        if (CJK.test(v)) throw new Error(t('password.noChinese'));
        const issue = rule
          ? passwordIssue(v, rule)
          : v.length < LIMITS.passwordMin
            ? { key: 'validation.tooShort', params: { min: LIMITS.passwordMin } }
            : undefined;
        if (issue) throw new Error(fieldMessage(lang, label.newPassword, translate(lang, issue.key, issue.params)));
      },
    },
  ];

  const footer = forced ? (
    <Space>
      <Button onClick={forced.onSignOut} data-testid="password-sign-out">
        {t('password.signOut')}
      </Button>
      <Button type="primary" loading={saving} onClick={submit} data-testid="password-submit">
        {t('password.submit')}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={onClose} data-testid="password-cancel">
        {t('common.cancel')}
      </Button>
      <Button type="primary" loading={saving} onClick={submit} data-testid="password-submit">
        {t('common.confirm')}
      </Button>
    </Space>
  );

  return (
    <Modal
      title={forced ? t('password.forcedTitle') : t('navbar.changePassword')}
      open={open}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      maskClosable={!forced}
      keyboard={!forced}
      footer={footer}
      destroyOnHidden
      rootClassName="change-password-modal"
      data-testid="change-password"
    >
      {forced && (
        <Typography.Paragraph type="secondary" data-testid="password-forced-hint">
          {t('password.forcedHint')}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false} requiredMark={false} data-testid="change-password-form">
        <Form.Item name="oldPassword" label={label.oldPassword} rules={[required('oldPassword')]}>
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item name="newPassword" label={label.newPassword} rules={newRules} extra={hint} validateFirst>
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={label.confirmPassword}
          dependencies={['newPassword']}
          rules={[
            required('confirmPassword'),
            ({ getFieldValue }) => ({
              validator: async (_, v) => {
                if (v && getFieldValue('newPassword') !== v) throw new Error(t('password.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
