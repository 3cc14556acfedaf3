/**
 * A reference to another screen's row (a tenant's template, a parameter's product) shown and picked
 * by its name in the user's language when that row is shipped (see ./shipped.ts).
 */
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CellValue, FieldInput, type InputProps } from '../../../components/resource/field-render';
import type { Field } from '../../../components/resource/types';
import { useRefOptions } from '../../../components/resource/use-resource';
import { useShipped } from './use-shipped';

function useLocalizedOptions(field: Field) {
  const shipped = useShipped();
  const ref = useRefOptions(field);
  const screen = field.ref?.resource ?? '';
  const labelField = field.ref?.labelField ?? 'name';
  const options = ref.options.map((o) => ({ ...o, label: shipped.byText(screen, labelField, o.label) }));
  return { ...ref, options, labelOf: (id: unknown) => options.find((o) => o.value === Number(id))?.label };
}

/** Whether a field refers to a screen with shipped names. */
export const refsShipped = (field: Field, shippedFieldsOf: (screen: string) => string[]) =>
  field.kind === 'ref' && !!field.ref && shippedFieldsOf(field.ref.resource).includes(field.ref.labelField ?? 'name');

export function ShippedRefCell({ field, value }: { field: Field; value: unknown }) {
  const { labelOf } = useLocalizedOptions(field);
  const label = value === null || value === undefined || value === '' ? undefined : labelOf(value);
  return label ? <span data-testid={`cell-${field.key}`}>{label}</span> : <CellValue field={field} value={value} />;
}

export function ShippedRefSelect({ field, mode, disabled, ...rest }: InputProps) {
  const { t } = useTranslation();
  const { options, denied, loading } = useLocalizedOptions(field);
  if (denied) return <FieldInput field={field} mode={mode} disabled={disabled} {...rest} />;
  return (
    <Select
      {...(rest as object)}
      disabled={disabled}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      placeholder={t('resource.selectPlaceholder')}
      data-testid={`field-${field.key}`}
    />
  );
}
