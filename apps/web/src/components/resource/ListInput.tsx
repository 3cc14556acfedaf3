/** The form input of a json field declared with `items`: its records as rows of a small editable table. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Select, Switch, Table, Tooltip } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../domain';
import { asItems, blankItem, cellProblem, type Item, isSwitch, itemFields } from './list-items';
import { enumOptionsOf } from './model';
import type { Field } from './types';

interface ListInputProps {
  field: Field;
  disabled?: boolean;
  value?: unknown;
  onChange?: (v: Item[]) => void;
  id?: string;
}

type Row = Item & { __index: number };

export function ListInput({ field, disabled, value, onChange, id }: ListInputProps) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const rows = asItems(value);
  const testId = `field-${field.key}`;
  const set = (index: number, key: string, v: unknown) => onChange?.(rows.map((r, i) => (i === index ? { ...r, [key]: v } : r)));
  const remove = (index: number) => onChange?.(rows.filter((_, i) => i !== index));

  const cell = (item: Field, row: Row) => {
    const v = row[item.key];
    const cellId = `${testId}-${row.__index}-${item.key}`;
    if (isSwitch(item)) {
      return (
        <Switch
          size="small"
          checked={v === true || v === 1}
          disabled={disabled}
          onChange={(on) => set(row.__index, item.key, on)}
          data-testid={cellId}
        />
      );
    }
    const problem = cellProblem(item, v, lang);
    const status = problem && v !== '' && v !== undefined ? 'error' : undefined;
    let input: ReactNode;
    if (item.kind === 'enum') {
      input = (
        <Select
          size="small"
          value={v}
          disabled={disabled}
          options={enumOptionsOf(item, lang)}
          onChange={(x) => set(row.__index, item.key, x)}
          style={{ width: '100%' }}
          popupMatchSelectWidth={false}
          data-testid={cellId}
        />
      );
    } else if (item.kind === 'int' || item.kind === 'decimal') {
      input = (
        <InputNumber
          size="small"
          value={v as number | undefined}
          disabled={disabled}
          status={status}
          min={item.min}
          max={item.max}
          precision={item.kind === 'int' ? 0 : (item.scale ?? 2)}
          onChange={(x) => set(row.__index, item.key, x ?? undefined)}
          style={{ width: '100%' }}
          data-testid={cellId}
        />
      );
    } else {
      input = (
        <Input
          size="small"
          value={String(v ?? '')}
          disabled={disabled}
          status={status}
          maxLength={item.max}
          onChange={(e) => set(row.__index, item.key, e.target.value)}
          placeholder={item.label[lang]}
          data-testid={cellId}
        />
      );
    }
    return status ? (
      <Tooltip title={`${item.label[lang]} ${problem}`} color="red">
        {input}
      </Tooltip>
    ) : (
      input
    );
  };

  const items = itemFields(field);
  const columns: ColumnsType<Row> = [
    { key: '__no', title: '#', width: 40, render: (_v, row) => row.__index + 1 },
    ...items.map((item) => ({
      key: item.key,
      title: item.label[lang],
      width: isSwitch(item) ? 80 : item.kind === 'enum' ? 130 : undefined,
      render: (_v: unknown, row: Row) => cell(item, row),
    })),
  ];
  if (!disabled) {
    columns.push({
      key: '__remove',
      width: 44,
      render: (_v, row) => (
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('resource.listRemove')}
          onClick={() => remove(row.__index)}
          data-testid={`${testId}-${row.__index}-remove`}
        />
      ),
    });
  }

  return (
    <div className="resource-list-input" id={id} data-testid={testId}>
      {/* the field's error is said under the whole list: only the cells that break a rule turn red */}
      <NoFormStyle status override>
        <Table<Row>
          size="small"
          rowKey="__index"
          columns={columns}
          dataSource={rows.map((r, i) => ({ ...r, __index: i }))}
          pagination={false}
          scroll={{ x: 120 * items.length }}
          locale={{ emptyText: t('resource.listEmpty') }}
        />
      </NoFormStyle>
      {!disabled && (
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          onClick={() => onChange?.([...rows, blankItem(field, lang)])}
          className="resource-list-add"
          data-testid={`${testId}-add`}
        >
          {t('resource.listAdd')}
        </Button>
      )}
    </div>
  );
}
