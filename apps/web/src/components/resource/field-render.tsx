/** How one field's value is shown in a cell and edited in the form, by kind. */
import { ENUMS, isStateEnum } from '@tagloom/domain/enums.ts';
import { Badge, DatePicker, Input, InputNumber, Radio, Select, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../domain';
import { AttrsCell } from './AttrsInput';
import { FileCell, FileField } from './FileField';
import { ListInput } from './ListInput';
import { itemLabels } from './list-items';
import { DATE_FORMAT, DATETIME_FORMAT, enumOptionsOf, inputKindOf, showCount } from './model';
import { RefLabel, RefSelect } from './RefSelect';
import type { Field, Mode } from './types';

/**
 * One value of a declared enum: a state (its options carry tones) as a status badge of its tone,
 * an attribute as plain text, an unknown value as itself.
 */
export function EnumValue({ enumName, value, testId }: { enumName: string | undefined; value: unknown; testId?: string }) {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const option = ENUMS[enumName ?? '']?.find((o) => String(o.value) === String(value));
  if (!option) return <span data-testid={testId}>{String(value ?? '')}</span>;
  // the whole label as the element's title: a narrow column cuts it with an ellipsis
  if (isStateEnum(enumName))
    return (
      <Badge
        status={option.tone ?? 'default'}
        text={option.label[lang]}
        title={option.label[lang]}
        className="resource-status"
        data-testid={testId}
      />
    );
  return (
    <span title={option.label[lang]} data-testid={testId}>
      {option.label[lang]}
    </span>
  );
}

/** A code or an address: one line, cut with an ellipsis by its cell, the whole value in a tooltip. */
export function TokenValue({ text, mono = true }: { text: string; mono?: boolean }) {
  return (
    <Tooltip title={text} placement="topLeft">
      <span className={mono ? 'resource-token resource-mono' : 'resource-token'}>{text}</span>
    </Tooltip>
  );
}

/** A table cell: states as badges, other enums as text, codes and addresses on one line, dates formatted, refs by their label. */
export function CellValue({ field, value }: { field: Field; value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="resource-empty">-</span>;
  switch (field.kind) {
    case 'enum':
      return <EnumValue enumName={field.enumName} value={value} />;
    case 'date':
      return <>{dayjs(value as string).format(DATE_FORMAT)}</>;
    case 'datetime':
      return <>{dayjs(value as string).format(DATETIME_FORMAT)}</>;
    case 'ref':
      return <RefLabel field={field} value={value} />;
    case 'file':
      return <FileCell field={field} value={value} />;
    case 'json': {
      if (field.items) return <ItemTags field={field} value={value} />;
      if (field.attrs) return <AttrsCell field={field} value={value} />;
      const text = JSON.stringify(value);
      return (
        <Tooltip title={text}>
          <code>{text.length > 40 ? `${text.slice(0, 40)}…` : text}</code>
        </Tooltip>
      );
    }
    case 'decimal':
      return <>{typeof value === 'number' ? value.toFixed(field.scale ?? 2) : String(value)}</>;
    default:
      if (field.display) return <TokenValue text={String(value)} mono={field.display === 'code'} />;
      return <>{String(value)}</>;
  }
}

const MAX_TAGS = 4;

/** A list field in a cell: its rows' names as tags, the rest counted. */
function ItemTags({ field, value }: { field: Field; value: unknown }) {
  const labels = itemLabels(field, value);
  if (!labels.length) return <span className="resource-empty">-</span>;
  const more = labels.length - MAX_TAGS;
  return (
    <Tooltip title={labels.join(' / ')}>
      <span className="resource-item-tags">
        {labels.slice(0, MAX_TAGS).map((l, i) => (
          <Tag key={i}>{l}</Tag>
        ))}
        {more > 0 && <Tag>+{more}</Tag>}
      </span>
    </Tooltip>
  );
}

/** What a form control for one declared field receives (also the props of a screen's own controls). */
export interface InputProps {
  field: Field;
  mode: Mode;
  disabled?: boolean;
  value?: unknown;
  onChange?: (v: unknown) => void;
  onBlur?: () => void;
  id?: string;
}

/** The form input of a field (antd Form.Item passes value/onChange/id). */
export function FieldInput(props: InputProps) {
  const { field, mode, ...rest } = props;
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const placeholder = field.placeholder?.[lang];
  const testId = `field-${field.key}`;
  switch (inputKindOf(field)) {
    case 'input':
      return (
        <Input
          {...(rest as object)}
          maxLength={field.max}
          showCount={showCount(field)}
          placeholder={placeholder ?? t('resource.inputPlaceholder')}
          data-testid={testId}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          {...(rest as object)}
          maxLength={field.max}
          showCount={showCount(field)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={placeholder ?? t('resource.inputPlaceholder')}
          data-testid={testId}
        />
      );
    case 'password':
      return (
        <Input.Password
          {...(rest as object)}
          maxLength={field.max}
          autoComplete="new-password"
          placeholder={mode === 'edit' ? t('resource.passwordKeep') : placeholder}
          data-testid={testId}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...(rest as object)}
          min={field.min}
          max={field.max}
          // a whole number is typed as one; a decimal is taken as typed (never rounded behind the user's
          // back): more decimals than the field's scale are refused under it by the shared rule
          {...(field.kind === 'int' ? { precision: 0 } : { step: 10 ** -(field.scale ?? 2) })}
          style={{ width: '100%' }}
          placeholder={placeholder}
          data-testid={testId}
        />
      );
    case 'radio':
      return <Radio.Group {...(rest as object)} options={enumOptionsOf(field, lang)} data-testid={testId} />;
    case 'select':
      return (
        <Select
          {...(rest as object)}
          allowClear={!field.required}
          showSearch={{ optionFilterProp: 'label' }}
          options={enumOptionsOf(field, lang)}
          placeholder={placeholder ?? t('resource.selectPlaceholder')}
          data-testid={testId}
        />
      );
    case 'date':
      return <DatePicker {...(rest as object)} style={{ width: '100%' }} format={DATE_FORMAT} data-testid={testId} />;
    case 'datetime':
      return <DatePicker {...(rest as object)} showTime style={{ width: '100%' }} format={DATETIME_FORMAT} data-testid={testId} />;
    case 'json':
      return (
        <Input.TextArea
          {...(rest as object)}
          autoSize={{ minRows: 3, maxRows: 10 }}
          className="resource-json"
          placeholder="{ }"
          data-testid={testId}
        />
      );
    case 'list':
      return <ListInput field={field} {...(rest as object)} />;
    case 'ref':
      return <RefSelect field={field} {...(rest as object)} />;
    case 'file':
      return <FileField field={field} mode={mode} {...rest} />;
  }
}
