/** The search form: one control per field with `search`, Search / Reset, collapsible past three fields. */
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, type FormInstance, Input, InputNumber, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../domain';
import { COLLAPSED_SEARCH, DATE_FORMAT, enumOptionsOf, searchFields, searchKindOf } from './model';
import type { Field, ResourceDef } from './types';
import { useRefOptions } from './use-resource';

/** from–to number inputs for a 'range' number field */
function NumberRange({
  value,
  onChange,
  field,
}: {
  value?: [number | null, number | null];
  onChange?: (v: unknown) => void;
  field: Field;
}) {
  const { t } = useTranslation();
  const [from, to] = value ?? [null, null];
  const precision = field.kind === 'int' ? 0 : (field.scale ?? 2);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber
        style={{ width: '50%' }}
        value={from}
        precision={precision}
        placeholder={t('resource.from')}
        onChange={(v) => onChange?.([v, to])}
        data-testid={`search-${field.key}-from`}
      />
      <InputNumber
        style={{ width: '50%' }}
        value={to}
        precision={precision}
        placeholder={t('resource.to')}
        onChange={(v) => onChange?.([from, v])}
        data-testid={`search-${field.key}-to`}
      />
    </Space.Compact>
  );
}

function RefFilter({ field, ...rest }: { field: Field; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const { options, denied } = useRefOptions(field);
  if (denied)
    return <InputNumber {...(rest as object)} min={1} precision={0} style={{ width: '100%' }} data-testid={`search-${field.key}`} />;
  return (
    <Select
      {...(rest as object)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      placeholder={t('resource.all')}
      data-testid={`search-${field.key}`}
    />
  );
}

function SearchControl({ field, ...rest }: { field: Field; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const testId = `search-${field.key}`;
  switch (searchKindOf(field)) {
    case 'select':
      return (
        <Select
          {...(rest as object)}
          allowClear
          options={enumOptionsOf(field, lang)}
          placeholder={t('resource.all')}
          data-testid={testId}
        />
      );
    case 'ref':
      return <RefFilter field={field} {...rest} />;
    case 'dateRange':
      return <DatePicker.RangePicker {...(rest as object)} format={DATE_FORMAT} style={{ width: '100%' }} data-testid={testId} />;
    case 'numberRange':
      return <NumberRange field={field} {...(rest as object)} />;
    case 'number':
      return <InputNumber {...(rest as object)} style={{ width: '100%' }} data-testid={testId} />;
    default:
      return <Input {...(rest as object)} allowClear placeholder={t('resource.inputPlaceholder')} data-testid={testId} />;
  }
}

/** The buttons' column sits at the end of the last row at every breakpoint. */
function actionsCol(n: number) {
  const at = (perRow: number) => {
    const span = 24 / perRow;
    return { span, offset: ((perRow - 1 - (n % perRow) + perRow) % perRow) * span };
  };
  return { xs: at(1), sm: at(2), md: at(3), xl: at(4) };
}

export function SearchForm({
  def,
  form,
  onSearch,
}: {
  def: ResourceDef;
  form: FormInstance;
  onSearch: (values: Record<string, unknown>) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const fields = searchFields(def);
  const [expanded, setExpanded] = useState(false);
  if (!fields.length) return null;
  const collapsible = fields.length > COLLAPSED_SEARCH;
  const shown = collapsible && !expanded ? fields.slice(0, COLLAPSED_SEARCH) : fields;
  return (
    <Form form={form} layout="horizontal" className="resource-search" onFinish={onSearch} data-testid="resource-search">
      <Row gutter={[16, 12]}>
        {fields.map((f) => (
          // collapsed fields stay mounted (their values still filter) but are not shown
          <Col key={f.key} xs={24} sm={12} md={8} xl={6} style={shown.includes(f) ? undefined : { display: 'none' }}>
            <Form.Item name={f.key} label={f.label[lang]} style={{ marginBottom: 0 }}>
              <SearchControl field={f} />
            </Form.Item>
          </Col>
        ))}
        <Col {...actionsCol(shown.length)} className="resource-search-actions">
          <Space size={8}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="resource-search-submit">
              {t('common.query')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
              data-testid="resource-search-reset"
            >
              {t('common.reset')}
            </Button>
            {collapsible && (
              <Button type="link" style={{ paddingInline: 4 }} onClick={() => setExpanded(!expanded)} data-testid="resource-search-toggle">
                {expanded ? t('resource.collapse') : t('resource.expand')}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
