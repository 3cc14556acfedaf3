/** Modal form adding a dictionary module. */
import { Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../app/request';

interface Values {
  code: string;
  name: string;
  remark?: string;
  seq?: number;
}

export function DictionaryForm({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: (msg: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await request('/dictionary/web/insert', { method: 'POST', data: { ...values, seq: values.seq ?? 0 } });
      form.resetFields();
      onSaved(res.msg);
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={t('dictionary.addTitle')}
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="dict-form">
        <Form.Item
          name="code"
          label={t('dictionary.code')}
          rules={[{ required: true, whitespace: true, message: t('common.required') }, { max: 64 }]}
        >
          <Input data-testid="dict-form-code" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('dictionary.name')}
          rules={[{ required: true, whitespace: true, message: t('common.required') }, { max: 128 }]}
        >
          <Input data-testid="dict-form-name" />
        </Form.Item>
        <Form.Item name="remark" label={t('dictionary.remark')} rules={[{ max: 256 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="seq" label={t('dictionary.seq')}>
          <InputNumber min={0} max={9999} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
