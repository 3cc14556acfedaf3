/**
 * Modal form adding or editing a dictionary module with its details as lines (the declaration's
 * children: one save writes the module and its lines in one transaction). A half-filled Add
 * survives closing and tag switches.
 */
import { dictionaryModuleResource } from '@tagloom/domain/resources/general/dictionary.ts';
import { Form, Grid, Input, InputNumber, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData, request } from '../../../app/request';
import { ChildTable, linesIn, linesOut } from '../../../components/resource/ChildTable';
import type { Row } from '../../../components/resource/types';
import { CODE_PATTERN } from './dictionary-logic';

/** The module's details, edited as lines of its form. */
const DETAILS = dictionaryModuleResource.children![0];

interface Values {
  code: string;
  name: string;
  remark?: string;
  seq?: number;
  details?: unknown[];
}

export interface ModuleRow {
  id: number;
  code: string;
  name: string;
  remark: string;
  seq: number;
}

export function DictionaryForm({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** the module being edited; undefined: adding */
  editing?: ModuleRow;
  onClose: () => void;
  onSaved: (msg: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const lastMode = useRef<'add' | 'edit'>('add');
  const screens = Grid.useBreakpoint();

  useEffect(() => {
    if (!open) return;
    if (editing) {
      form.resetFields();
      form.setFieldsValue({ code: editing.code, name: editing.name, remark: editing.remark, seq: editing.seq, details: [] });
      lastMode.current = 'edit';
      // the module's details come with the module read whole
      void fetchData<Row>(`/${dictionaryModuleResource.code}/get?id=${editing.id}`).then((full) =>
        form.setFieldValue('details', linesIn(DETAILS, full.details)),
      );
    } else if (lastMode.current === 'edit') {
      // an Add after an Edit starts empty; an Add after an Add keeps its draft
      form.resetFields();
      lastMode.current = 'add';
    }
  }, [open, editing, form]);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    setSaving(true);
    try {
      const data = { ...values, remark: values.remark ?? '', seq: values.seq ?? 0, details: linesOut(DETAILS, values.details) };
      const base = `/${dictionaryModuleResource.code}`;
      const res = editing
        ? await request(`${base}/update`, { method: 'POST', data: { ...data, id: editing.id } })
        : await request(`${base}/create`, { method: 'POST', data });
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
      title={editing ? t('dictionary.editTitle') : t('dictionary.addTitle')}
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'dict-form-save' }}
      forceRender
      maskClosable={false}
      width={screens.md ? 860 : undefined}
    >
      <Form form={form} layout="vertical" data-testid="dict-form">
        <Form.Item
          name="code"
          label={t('dictionary.code')}
          extra={t('dictionary.codeHint')}
          rules={[
            { required: true, whitespace: true, message: t('common.required') },
            { max: 64 },
            { pattern: CODE_PATTERN, message: t('dictionary.codeFormat') },
          ]}
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
          <Input.TextArea rows={3} data-testid="dict-form-remark" />
        </Form.Item>
        <Form.Item name="seq" label={t('dictionary.seq')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} data-testid="dict-form-seq" />
        </Form.Item>
        <Form.Item name="details" label={t('dictionary.details')} className="dict-form-details">
          <ChildTable child={DETAILS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
