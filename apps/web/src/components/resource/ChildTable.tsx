/**
 * The lines of a document inside its form (a declaration's `children`): a small table with one
 * input per line field, add and remove. The value is the list of lines; a line read from the
 * server keeps its id, so the server updates it rather than adding a new one. Also the lines shown
 * under a parent row of the table (ChildRows).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ChildSpec } from '@tagloom/domain/resource/define.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../app/request';
import { normalizeLang } from '../../domain';
import { CellValue, FieldInput } from './field-render';
import { toWire } from './form-values';
import { enumOptionsOf } from './model';
import type { Field, LineOverride, PageResult, ResourceDef, Row } from './types';
import './refs.css';

type Line = Record<string, unknown> & { _key: string };

let seq = 0;
const newKey = () => `line-${++seq}`;

/**
 * The line fields the form edits: the line declaration's form fields but the ref to the parent and
 * those left out of its default columns (a line read back keeps their stored values).
 */
export const lineFields = (c: ChildSpec): Field[] =>
  (c.resource as ResourceDef).list.filter((f) => f.form && f.key !== c.parentField && f.kind !== 'password' && !f.hidden);

/** Lines as the form holds them (from a row read with /get), each with a stable React key. */
export function linesIn(c: ChildSpec, rows: unknown): Line[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((r) => {
    const line: Line = { _key: newKey() };
    const row = r as Row;
    if (row.id) line.id = row.id;
    for (const f of lineFields(c)) {
      const v = row[f.key];
      line[f.key] = (f.kind === 'date' || f.kind === 'datetime') && v ? dayjs(v as string) : v;
    }
    return line;
  });
}

/** Lines as the API takes them: {id?, …fields}. */
export function linesOut(c: ChildSpec, lines: unknown): Record<string, unknown>[] {
  if (!Array.isArray(lines)) return [];
  return (lines as Line[]).map((l) => {
    const out: Record<string, unknown> = l.id ? { id: l.id } : {};
    for (const f of lineFields(c)) {
      let wire: unknown;
      try {
        wire = toWire(f, l[f.key]);
      } catch {
        wire = l[f.key];
      }
      if (wire !== undefined) out[f.key] = wire;
    }
    return out;
  });
}

export interface ChildTableProps {
  child: ChildSpec;
  value?: Line[];
  onChange?: (v: Line[]) => void;
  disabled?: boolean;
  id?: string;
  /** inputs of line fields by `<child key>.<field key>` (the screen's lineOverrides) */
  overrides?: Record<string, LineOverride>;
  /** the edited parent row (none while adding) */
  parent?: Row;
}

/** The editable lines (a Form.Item's child: value/onChange). */
export function ChildTable({ child, value = [], onChange, disabled, id, overrides, parent }: ChildTableProps) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const fields = lineFields(child);
  const set = (key: string, field: string, v: unknown) => onChange?.(value.map((l) => (l._key === key ? { ...l, [field]: v } : l)));
  const add = () => {
    const line: Line = { _key: newKey() };
    for (const f of fields) if (f.default !== undefined) line[f.key] = f.default;
    onChange?.([...value, line]);
  };
  const columns: ColumnsType<Line> = [
    { title: '#', key: '_n', width: 44, align: 'center', render: (_v, _l, i) => i + 1 },
    ...fields.map((f) => ({
      title: <span className={f.required && f.default === undefined ? 'child-table-required' : undefined}>{f.label[lang]}</span>,
      key: f.key,
      width: f.kind === 'enum' ? 120 : (f.width ?? (f.kind === 'int' ? 100 : 130)),
      render: (_v: unknown, l: Line) =>
        overrides?.[`${child.key}.${f.key}`] ? (
          overrides[`${child.key}.${f.key}`]({
            field: f,
            value: l[f.key],
            onChange: (v) => set(l._key, f.key, v),
            disabled: !!disabled || (!!l.id && !f.editable),
            row: parent,
          })
        ) : // a choice in a cell is a select (a radio group does not fit)
        f.kind === 'enum' ? (
          <Select
            value={l[f.key] as number}
            onChange={(v) => set(l._key, f.key, v)}
            options={enumOptionsOf(f, lang)}
            disabled={disabled || (!!l.id && !f.editable)}
            data-testid={`field-${f.key}`}
          />
        ) : (
          <FieldInput
            field={f}
            mode={l.id ? 'edit' : 'create'}
            disabled={disabled || (!!l.id && !f.editable)}
            value={l[f.key]}
            onChange={(e: unknown) => {
              const v = e && typeof e === 'object' && 'target' in (e as object) ? (e as { target: { value: unknown } }).target.value : e;
              set(l._key, f.key, v);
            }}
          />
        ),
    })),
    {
      title: '',
      key: '_remove',
      width: 48,
      fixed: 'right',
      render: (_v, l, i) => (
        <Tooltip title={t('refs.removeLine')}>
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={t('refs.removeLine')}
            data-testid={`child-remove-${i + 1}`}
            onClick={() => onChange?.(value.filter((x) => x._key !== l._key))}
          />
        </Tooltip>
      ),
    },
  ];
  return (
    <div className="child-table" id={id} data-testid={`child-table-${child.key}`}>
      <Table<Line>
        rowKey="_key"
        size="small"
        columns={columns}
        dataSource={value}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('refs.noLines') }}
      />
      <Button type="dashed" block icon={<PlusOutlined />} onClick={add} disabled={disabled} data-testid={`child-add-${child.key}`}>
        {t('refs.addLine')}
      </Button>
    </div>
  );
}

/** A page of a row's lines (POST /api/<parent>/<key>/list): the lines and the labels of their ref fields by field and id. */
interface LinesPage extends PageResult {
  refLabels: Record<string, Record<string, string>>;
}

/**
 * The lines of one parent row, read-only, under the row in the table (its expanded part), headed by
 * their name when the parent has several kinds of lines: listed under the parent (in the parent's
 * scope, so whoever sees the row sees its lines), a ref shown by its label (a SKU by its barcode),
 * never by its id.
 */
export function ChildRows({
  parentCode,
  child,
  parent,
  titled = false,
}: {
  parentCode: string;
  child: ChildSpec;
  parent: Row;
  /** headed by the lines' name (a parent with several kinds of lines) */
  titled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  // what a line shows, the values the server keeps too (a picked quantity, a garment's dwell): no form needed to read
  const fields = (child.resource as ResourceDef).list.filter(
    (f) => f.key !== child.parentField && f.kind !== 'password' && !f.hidden && f.list,
  );
  const q = useQuery({
    // under the parent's key: saving the parent reloads them
    queryKey: ['resource', parentCode, 'lines', child.key, parent.id],
    queryFn: () => fetchData<LinesPage>(`/${parentCode}/${child.key}/list`, { method: 'POST', data: { id: parent.id } }),
  });
  const labels = q.data?.refLabels ?? {};
  const columns: ColumnsType<Row> = [
    { title: '#', key: '_n', width: 44, align: 'center', render: (_v, _l, i) => i + 1 },
    ...fields
      .filter((f) => f.list)
      .map((f) => ({
        title: f.label[lang],
        key: f.key,
        dataIndex: f.key,
        ellipsis: true,
        render: (v: unknown) =>
          f.kind === 'ref' && v !== null && v !== undefined ? (
            <span data-testid={`line-ref-${f.key}`}>{labels[f.key]?.[String(v)] ?? t('refs.unknownRow')}</span>
          ) : (
            <CellValue field={f} value={v} />
          ),
      })),
  ];
  return (
    <div className="child-rows" data-testid={`child-rows-${parent.id}-${child.key}`}>
      {titled && <div className="child-rows-title">{(child.label ?? child.resource.names)[lang]}</div>}
      <Table<Row>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={q.data?.list ?? []}
        loading={q.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: q.isError ? t('refs.linesUnavailable') : t('refs.noLines') }}
      />
      {!!q.data && q.data.total > q.data.list.length && (
        <div className="child-rows-more">{t('refs.moreLines', { count: q.data.total - q.data.list.length })}</div>
      )}
    </div>
  );
}
