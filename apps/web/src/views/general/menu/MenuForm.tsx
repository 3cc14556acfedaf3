/**
 * Modal form adding (module or sub-menu) or editing a menu. Its labels and rules come from the
 * menu's one declaration (resources/general/menu.ts), as the server's bodies do (menuCreate/menuUpdate).
 */

import { ENUMS } from '@tagloom/domain/enums.ts';
import { menuCreate, menuUpdate } from '@tagloom/domain/schemas/general.ts';
import { describeIssues } from '@tagloom/domain/validation.ts';
import { Col, Form, Row as GridRow, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../app/request';
import { normalizeLang } from '../../../domain';
import { IconPicker } from './IconPicker';
import {
  isScreen,
  type MenuFormValues,
  type MenuNode,
  menuField,
  menuFieldRules,
  menuNameRules,
  nameOf,
  toFormValues,
  toWire,
} from './menu-logic';

export type MenuTarget = { mode: 'create'; parent?: MenuNode } | { mode: 'edit'; row: MenuNode };

export function MenuForm({ target, onClose, onSaved }: { target?: MenuTarget; onClose: () => void; onSaved: (msg: string) => void }) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const [form] = Form.useForm<MenuFormValues>();
  const [saving, setSaving] = useState(false);
  const level = !target ? 1 : target.mode === 'edit' ? target.row.level : (target.parent?.level ?? 0) + 1;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'edit') form.setFieldsValue(toFormValues(target.row));
    else form.setFieldsValue({ terminal: 'web', hidden: true, seq: 0 });
  }, [target, form]);

  const submit = async () => {
    let values: MenuFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    const wire = toWire(values, level);
    const data = target?.mode === 'edit' ? { ...wire, id: target.row.id } : { ...wire, parentId: target?.parent?.id };
    const parsed = (target?.mode === 'edit' ? menuUpdate : menuCreate).safeParse(data);
    if (!parsed.success) {
      const { fields } = describeIssues(lang, parsed.error.issues);
      form.setFields(fields.map((e) => ({ name: e.field.split('.') as never, errors: [e.message] })));
      return;
    }
    setSaving(true);
    try {
      const res = await request(`/general/menu/${target?.mode === 'edit' ? 'update' : 'create'}`, { method: 'POST', data });
      onSaved(res.msg);
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const title =
    target?.mode === 'edit'
      ? t('menuAdmin.editTitle', { name: nameOf(target.row.names, lang, target.row.code) })
      : target?.parent
        ? t('menuAdmin.addSubTitle', { name: nameOf(target.parent.names, lang, target.parent.code) })
        : t('menuAdmin.addTitle');
  const terminals = ENUMS.Terminal.map((o) => ({ value: o.value, label: o.label[lang] }));
  const label = (key: string) => menuField(key).label[lang];
  const rules = (key: string) => menuFieldRules(key, { required: t('common.required') });

  return (
    <Modal
      title={title}
      open={!!target}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'menu-form-save' }}
      width={720}
      forceRender
      maskClosable={false}
    >
      <Form form={form} layout="vertical" data-testid="menu-form">
        <GridRow gutter={12}>
          {(['zh_CN', 'zh_TW', 'en_US'] as const).map((l) => (
            <Col xs={24} md={8} key={l}>
              <Form.Item name={['names', l]} label={t(`menuAdmin.name_${l}`)} rules={menuNameRules(l, t('common.required'))}>
                <Input data-testid={`menu-form-name-${l}`} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Form.Item
              name="code"
              label={label('code')}
              rules={menuFieldRules('code', { required: t('common.required'), pattern: t('menuAdmin.codeFormat') })}
            >
              <Input data-testid="menu-form-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="alias" label={label('alias')} rules={rules('alias')}>
              <Input data-testid="menu-form-alias" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="terminal" label={label('terminal')}>
              <Select options={terminals} data-testid="menu-form-terminal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="hidden" label={label('hidden')} valuePropName="checked">
              <Switch data-testid="menu-form-visible" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="seq" label={label('seq')}>
              <InputNumber
                min={menuField('seq').min}
                max={menuField('seq').max}
                precision={0}
                style={{ width: '100%' }}
                data-testid="menu-form-seq"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="path" label={label('path')} rules={rules('path')}>
              <Input data-testid="menu-form-path" />
            </Form.Item>
          </Col>
          {isScreen(level) && (
            <Col xs={24} md={12}>
              <Form.Item name="component" label={label('component')} rules={rules('component')}>
                <Input data-testid="menu-form-component" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="icon" label={label('icon')} extra={t('menuAdmin.iconHint')} rules={rules('icon')}>
              <IconPicker />
            </Form.Item>
          </Col>
        </GridRow>
      </Form>
    </Modal>
  );
}
