/** Add/edit form of a resource in a modal (a drawer past eight fields), validated with the shared zod rules. */
import { Button, Col, Drawer, Form, Grid, Row as GridRow, Modal, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../app/bridge';
import { fetchData, RequestError } from '../../app/request';
import { normalizeLang } from '../../domain';
import { AttrsInput, useAttrsRule } from './AttrsInput';
import { ChildTable, linesIn, linesOut } from './ChildTable';
import { FieldInput } from './field-render';
import { initialValues, serverFieldErrors, toPayload, validateForm, validateValue } from './form-values';
import { formFields, opensInDrawer } from './model';
import type { Mode, ResourceDef, ResourcePageExtensions, Row } from './types';
import { useResourceMutations } from './use-resource';

export interface ResourceFormProps {
  def: ResourceDef;
  /** undefined: closed */
  target: { mode: Mode; row?: Row } | undefined;
  onClose: () => void;
  formOverrides?: ResourcePageExtensions['formOverrides'];
  lineOverrides?: ResourcePageExtensions['lineOverrides'];
  onSaved?: ResourcePageExtensions['onSaved'];
}

export function ResourceForm({ def, target, onClose, formOverrides, lineOverrides, onSaved }: ResourceFormProps) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const [form] = Form.useForm();
  const { save } = useResourceMutations(def);
  const [saving, setSaving] = useState(false);
  // attribute fields (f.attrs) are checked against the tenant's template too
  const attrsRule = useAttrsRule();
  const screens = Grid.useBreakpoint();
  // while the dialog closes (target gone) it keeps the title and fields it had: no flash of "Add"
  const lastMode = useRef<Mode>('create');
  if (target) lastMode.current = target.mode;
  const mode = lastMode.current;
  const fields = formFields(def, mode);
  // a document with lines opens wide enough for its lines table
  const drawer = opensInDrawer(def) || !!def.children?.length;
  const title = t(mode === 'create' ? 'resource.addTitle' : 'resource.editTitle', { name: def.names[lang] });

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(initialValues(def, target.mode, target.row));
    // a document's lines come with the row read by /get
    for (const c of def.children ?? []) form.setFieldValue(c.key, []);
    if (def.children?.length && target.mode === 'edit' && target.row)
      void fetchData<Row>(`/${def.code}/get?id=${target.row.id}`).then((full) => {
        for (const c of def.children ?? []) form.setFieldValue(c.key, linesIn(c, full[c.key]));
      });
  }, [target, def, form]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const problems = validateForm(def, values, mode, lang);
    if (problems.length) {
      form.setFields(problems.map((p) => ({ name: p.field.split('.')[0], errors: [p.message] })));
      form.scrollToField(problems[0].field.split('.')[0]);
      return;
    }
    setSaving(true);
    try {
      const body = toPayload(def, values, mode, target?.row?.id);
      for (const c of def.children ?? []) body[c.key] = linesOut(c, values[c.key]);
      const res = await save.mutateAsync({ body, mode });
      message.success(res.msg || t('common.success'));
      onClose();
      if (res.data) onSaved?.(res.data, mode);
    } catch (err) {
      if (!(err instanceof RequestError) || err.kind !== 'business') return;
      const mapped = serverFieldErrors(def, { code: err.code, message: err.message, data: err.data }, lang);
      if (mapped.length) {
        form.setFields(mapped.map((m) => ({ name: m.field, errors: [m.message] })));
        form.scrollToField(mapped[0].field);
      } else message.error(err.message);
    } finally {
      setSaving(false);
    }
  };

  const twoColumns = drawer && screens.md;
  const body = (
    <Form form={form} layout="vertical" validateTrigger="onBlur" data-testid="resource-form" className="resource-form">
      <GridRow gutter={16}>
        {fields.map((f) => {
          const disabled = mode === 'edit' && !f.editable;
          const override = formOverrides?.[f.key];
          return (
            <Col key={f.key} span={twoColumns && f.kind !== 'textarea' && f.kind !== 'json' ? 12 : 24}>
              <Form.Item
                name={f.key}
                label={f.label[lang]}
                required={f.required && f.default === undefined && !disabled}
                rules={
                  disabled
                    ? []
                    : [
                        {
                          validator: async (_rule, value) => {
                            const msg = validateValue(f, value, lang) ?? attrsRule(f, value, lang);
                            if (msg) throw new Error(msg);
                          },
                        },
                      ]
                }
              >
                {override ? (
                  override({ field: f, mode, disabled, row: target?.row })
                ) : f.attrs ? (
                  <AttrsInput field={f} disabled={disabled} />
                ) : (
                  <FieldInput field={f} mode={mode} disabled={disabled} />
                )}
              </Form.Item>
            </Col>
          );
        })}
      </GridRow>
      {def.children?.map((c) => (
        <Form.Item key={c.key} name={c.key} label={c.resource.names[lang]} className="child-table-item">
          <ChildTable child={c} overrides={lineOverrides} parent={target?.row} />
        </Form.Item>
      ))}
    </Form>
  );

  const footer = (
    <Space>
      <Button onClick={onClose} data-testid="resource-form-cancel">
        {t('common.cancel')}
      </Button>
      <Button type="primary" loading={saving} onClick={submit} data-testid="resource-form-save">
        {t('common.save')}
      </Button>
    </Space>
  );

  if (drawer) {
    return (
      <Drawer
        title={title}
        open={!!target}
        onClose={onClose}
        size={screens.md ? 720 : '100%'}
        forceRender
        footer={<div style={{ textAlign: 'right' }}>{footer}</div>}
        rootClassName="resource-form-panel"
      >
        {body}
      </Drawer>
    );
  }
  return (
    <Modal
      title={title}
      open={!!target}
      onCancel={onClose}
      footer={footer}
      width={560}
      forceRender
      maskClosable={false}
      rootClassName="resource-form-panel"
    >
      {body}
    </Modal>
  );
}
