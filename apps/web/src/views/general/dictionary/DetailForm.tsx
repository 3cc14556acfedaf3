/** Modal form adding or editing one detail (entry) of a dictionary module. */
import { Col, Form, Input, InputNumber, Modal, Radio, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../app/request';
import { CODE_PATTERN } from './dictionary-logic';

export interface DetailRow {
  id: number;
  moduleId: number;
  moduleCode: string;
  num: string;
  name: string;
  nameTw: string;
  nameEn: string;
  seq: number;
  status: number;
  remark: string;
}

type Values = Omit<DetailRow, 'id' | 'moduleId' | 'moduleCode'>;

export function DetailForm({
  target,
  moduleId,
  onClose,
  onSaved,
}: {
  /** undefined: closed; 'add' or the row being edited */
  target: 'add' | DetailRow | undefined;
  moduleId: number | undefined;
  onClose: () => void;
  onSaved: (msg: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const editing = target && target !== 'add' ? target : undefined;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (editing) form.setFieldsValue(editing);
  }, [target, editing, form]);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    setSaving(true);
    try {
      const data = {
        ...values,
        nameTw: values.nameTw ?? '',
        nameEn: values.nameEn ?? '',
        remark: values.remark ?? '',
        seq: values.seq ?? 0,
        moduleId: editing?.moduleId ?? moduleId,
      };
      const res = editing
        ? await request('/dictionaryDetail/web/updateDicContent', { method: 'POST', data: { ...data, id: editing.id } })
        : await request('/dictionaryDetail/web/addDicContent', { method: 'POST', data });
      onSaved(res.msg);
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };
  const required = { required: true, whitespace: true, message: t('common.required') };
  return (
    <Modal
      title={editing ? t('dictionary.editDetailTitle') : t('dictionary.addDetailTitle')}
      open={!!target}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'detail-form-save' }}
      width={600}
      maskClosable={false}
    >
      <Form form={form} layout="vertical" initialValues={{ status: 1, seq: 0 }} data-testid="detail-form">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="num"
              label={t('dictionary.num')}
              rules={[required, { max: 64 }, { pattern: CODE_PATTERN, message: t('dictionary.codeFormat') }]}
            >
              <Input data-testid="detail-form-num" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('dictionary.nameCn')} rules={[required, { max: 128 }]}>
              <Input data-testid="detail-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nameTw" label={t('dictionary.nameTw')} rules={[{ max: 128 }]}>
              <Input data-testid="detail-form-nameTw" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nameEn" label={t('dictionary.nameEn')} rules={[{ max: 128 }]}>
              <Input data-testid="detail-form-nameEn" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="seq" label={t('dictionary.seq')}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} data-testid="detail-form-seq" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('dictionary.status')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('dictionary.enabled') },
                  { value: 0, label: t('dictionary.disabled') },
                ]}
                data-testid="detail-form-status"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('dictionary.remark')} rules={[{ max: 256 }]}>
              <Input.TextArea rows={2} data-testid="detail-form-remark" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
