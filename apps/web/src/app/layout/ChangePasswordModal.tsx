/** Change own password; success revokes every session, so the console signs out and goes to login. */

import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../domain';
import { useMessage } from '../bridge';
import { request } from '../request';
import { useUserStore } from '../stores/user';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const CJK = /[\u4e00-\u9fa5]/;

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await request('/user/updatePassword', { method: 'POST', data: values });
      message.success(res.msg);
      onClose();
      useUserStore.getState().clearLocal();
      navigate('/login', { replace: true });
    } catch {
      // the request layer showed the server's message (e.g. wrong current password)
    } finally {
      setSaving(false);
    }
  };

  const pwdRules = [
    { required: true, message: t('password.required') },
    { min: LIMITS.passwordMin, message: t('password.min', { min: LIMITS.passwordMin }) },
    { validator: (_: unknown, v: string) => (v && CJK.test(v) ? Promise.reject(new Error(t('password.noChinese'))) : Promise.resolve()) },
  ];

  return (
    <Modal
      title={t('navbar.changePassword')}
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('password.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('password.new')} rules={pwdRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.required') },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || getFieldValue('newPassword') === v ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
