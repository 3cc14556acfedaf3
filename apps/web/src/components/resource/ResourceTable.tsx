/** The paged, sortable table of a resource: columns from fields with list:true, selection, row actions. */
import { Button, Space, Table } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../domain';
import { CellValue } from './field-render';
import { columnWidth, PAGE_SIZES, toSortOrder, VIRTUAL_ABOVE } from './model';
import type { Field, PageResult, Paging, Row } from './types';

export interface ResourceTableProps {
  fields: Field[];
  data: PageResult | undefined;
  loading: boolean;
  paging: Paging;
  onPaging: (p: Paging) => void;
  size: SizeType;
  selectedKeys: number[];
  onSelect: (keys: number[], rows: Row[]) => void;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: Row) => void;
  onDelete: (rows: Row[]) => void;
  columnOverrides?: Record<string, (value: unknown, row: Row) => ReactNode>;
  extraRowActions?: (row: Row) => ReactNode;
  rowRefusal?: (row: Row, action: 'edit' | 'delete') => string | undefined;
}

export function ResourceTable(p: ResourceTableProps) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const hasActions = p.canEdit || p.canDelete || !!p.extraRowActions;
  const columns: ColumnsType<Row> = p.fields.map((f) => ({
    key: f.key,
    dataIndex: f.key,
    title: f.label[lang],
    width: columnWidth(f),
    ellipsis: f.kind === 'textarea' || f.kind === 'json',
    sorter: f.sort,
    sortOrder: p.paging.sortField === f.key ? (p.paging.sortOrder === 'asc' ? 'ascend' : 'descend') : null,
    render: (value: unknown, row: Row) => p.columnOverrides?.[f.key]?.(value, row) ?? <CellValue field={f} value={value} />,
  }));
  if (hasActions) {
    columns.push({
      key: '__actions',
      title: t('resource.actions'),
      fixed: 'right',
      width: 150,
      render: (_: unknown, row: Row) => (
        <Space size={0} wrap={false}>
          {p.canEdit && !p.rowRefusal?.(row, 'edit') && (
            <Button type="link" size="small" onClick={() => p.onEdit(row)} data-testid="row-edit">
              {t('resource.edit')}
            </Button>
          )}
          {p.canDelete && !p.rowRefusal?.(row, 'delete') && (
            <Button type="link" size="small" danger onClick={() => p.onDelete([row])} data-testid="row-delete">
              {t('resource.delete')}
            </Button>
          )}
          {p.extraRowActions?.(row)}
        </Space>
      ),
    });
  }
  const width = columns.reduce((sum, c) => sum + (Number(c.width) || 120), 48);
  const virtual = p.paging.pageSize > VIRTUAL_ABOVE;
  return (
    <Table<Row>
      rowKey="id"
      size={p.size}
      columns={columns}
      dataSource={p.data?.list}
      loading={p.loading}
      virtual={virtual}
      scroll={virtual ? { x: width, y: 560 } : { x: width }}
      rowSelection={
        p.canDelete || p.canEdit
          ? {
              selectedRowKeys: p.selectedKeys,
              onChange: (keys, rows) => p.onSelect(keys as number[], rows),
              preserveSelectedRowKeys: false,
            }
          : undefined
      }
      onChange={(pagination, _filters, sorter, extra) => {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const order = toSortOrder(s?.order);
        const page = extra.action === 'sort' ? 1 : (pagination.current ?? 1);
        p.onPaging({
          page,
          pageSize: pagination.pageSize ?? p.paging.pageSize,
          sortField: order ? String(s.columnKey ?? s.field) : undefined,
          sortOrder: order,
        });
      }}
      pagination={{
        current: p.paging.page,
        pageSize: p.paging.pageSize,
        total: p.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (total) => t('common.total', { total }),
      }}
      data-testid="resource-table"
    />
  );
}
