/** The search form: one control per field with `search`, in the shared SearchLayout. */
import { DatePicker, Form, type FormInstance, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../domain';
import { DATE_FORMAT, enumOptionsOf, searchFields, searchKindOf } from './model';
import { RefSelect } from './RefSelect';
import { SearchLayout } from './SearchLayout';
import type { Field, ResourceDef, ResourcePageExtensions } from './types';

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
  return <RefSelect field={field} {...rest} placeholder={t('resource.all')} testId={`search-${field.key}`} />;
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
      return (
        <InputNumber {...(rest as object)} style={{ width: '100%' }} placeholder={t('resource.inputPlaceholder')} data-testid={testId} />
      );
    default:
      return (
        <Input
          {...(rest as object)}
          allowClear
          placeholder={t(field.search === 'prefix' ? 'feeds.prefixPlaceholder' : 'resource.inputPlaceholder')}
          data-testid={testId}
        />
      );
  }
}

export function SearchForm({
  def,
  form,
  onSearch,
  overrides,
}: {
  def: ResourceDef;
  form: FormInstance;
  onSearch: (values: Record<string, unknown>) => void;
  /** a screen's own control for a field (e.g. a picker where the declaration has a plain number) */
  overrides?: ResourcePageExtensions['searchOverrides'];
}) {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const fields = searchFields(def);
  if (!fields.length) return null;
  return (
    <SearchLayout
      form={form}
      onSearch={onSearch}
      onReset={() => {
        form.resetFields();
        onSearch({});
      }}
      items={fields.map((f) => ({
        key: f.key,
        node: (
          <Form.Item name={f.key} label={f.label[lang]}>
            {overrides?.[f.key]?.({ field: f }) ?? <SearchControl field={f} />}
          </Form.Item>
        ),
      }))}
    />
  );
}
