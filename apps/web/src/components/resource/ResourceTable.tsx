/**
 * The paged, sortable table of a resource: columns from fields with list:true, selection, row
 * actions. Every column is as wide as its header and kind need (layout: fixed, so nothing
 * overlaps); the first column (the row's code or name) stays at the left and the actions at the
 * right while the rest scrolls.
 */
import { Button, Grid, Space, Table } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../domain';
import { CellValue } from './field-render';
import { actionsWidth, columnMinWidthOf, columnWidthOf, EXPAND_WIDTH, fitToRoom, SELECTION_WIDTH, scrollWidth } from './layout';
import { PAGE_SIZES, toSortOrder, VIRTUAL_ABOVE } from './model';
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
  /** the whole content of a row's actions cell (ResourcePage: RowActions, from the state machine and can()) */
  renderActions?: (row: Row) => ReactNode;
  /** rows can be selected (for the toolbar's Edit, Delete and machine actions; default: Edit or Delete granted) */
  selectable?: boolean;
  /** what a row shows when expanded (a document's lines) */
  expandedRow?: (row: Row) => ReactNode;
  /** the column of the row's state (its machine's field): never cut */
  stateKey?: string;
}

/**
 * Cells cut with an ellipsis (their renderers show the whole value in a tooltip): an enum's label
 * too, in a column declared narrower than its longest label (never spilling into the next cell).
 */
const cutsText = (f: Field) => !!f.display || f.kind === 'textarea' || f.kind === 'json' || f.kind === 'enum';

export function ResourceTable(p: ResourceTableProps) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const screens = Grid.useBreakpoint();
  const wrapper = useRef<HTMLDivElement>(null);
  const hasActions = p.canEdit || p.canDelete || !!p.extraRowActions || !!p.renderActions;
  const selectable = p.selectable ?? (p.canDelete || p.canEdit);

  // the actions column fits its links: Edit and Delete by their labels, a screen's extra actions as rendered
  const links = [...(p.canEdit ? [t('resource.edit')] : []), ...(p.canDelete ? [t('resource.delete')] : [])];
  const estimate = actionsWidth(links, t('resource.actions'));
  const [measured, setMeasured] = useState(0);
  // measured when what the cells show can change (the rows, the language, the granted actions), not
  // on every render: reading a width makes the browser lay the page out there and then, and a
  // screen's table renders many times over (its form's keystrokes, its query's states, hidden tabs)
  const rowsShown = p.data?.list;
  useLayoutEffect(() => {
    if (!hasActions || !wrapper.current) return;
    const cells = wrapper.current.querySelectorAll<HTMLElement>('.resource-row-actions');
    let widest = 0;
    for (const c of cells) widest = Math.max(widest, c.scrollWidth);
    const need = widest ? widest + 34 : 0;
    setMeasured((was) => (Math.abs(need - was) > 2 ? need : was));
  }, [rowsShown, lang, hasActions, p.canEdit, p.canDelete, p.size]);
  const actions = hasActions ? Math.max(estimate, measured) : 0;

  // the room the table has (its card's content box): the columns give up slack to fit it
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {
    const el = wrapper.current;
    if (!el) return;
    const seen = () => setRoom(el.clientWidth);
    seen();
    const ro = new ResizeObserver(seen);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const fixedColumns = (selectable ? SELECTION_WIDTH : 0) + actions + (p.expandedRow ? EXPAND_WIDTH : 0);
  const widths = fitToRoom(
    p.fields.map((f) => columnWidthOf(f, lang, f.key === p.stateKey)),
    p.fields.map((f) => columnMinWidthOf(f, lang, f.key === p.stateKey)),
    room - fixedColumns,
  );

  const fixedEnds = !!screens.md;
  const columns: ColumnsType<Row> = p.fields.map((f, i) => ({
    key: f.key,
    dataIndex: f.key,
    title: f.label[lang],
    width: widths[i],
    fixed: i === 0 && fixedEnds ? ('left' as const) : undefined,
    ellipsis: cutsText(f) ? { showTitle: false } : undefined,
    className: f.kind === 'datetime' || f.kind === 'date' || f.kind === 'enum' ? 'resource-nowrap' : undefined,
    sorter: f.sort,
    sortOrder: p.paging.sortField === f.key ? (p.paging.sortOrder === 'asc' ? 'ascend' : 'descend') : null,
    render: (value: unknown, row: Row) => p.columnOverrides?.[f.key]?.(value, row) ?? <CellValue field={f} value={value} />,
  }));
  if (hasActions) {
    columns.push({
      key: '__actions',
      title: t('resource.actions'),
      fixed: screens.sm ? 'right' : undefined,
      width: actions,
      render: (_: unknown, row: Row) => (
        <Space size={0} wrap={false} className="resource-row-actions">
          {p.renderActions?.(row)}
          {!p.renderActions && p.canEdit && !p.rowRefusal?.(row, 'edit') && (
            <Button type="link" size="small" onClick={() => p.onEdit(row)} data-testid="row-edit">
              {t('resource.edit')}
            </Button>
          )}
          {!p.renderActions && p.canDelete && !p.rowRefusal?.(row, 'delete') && (
            <Button type="link" size="small" danger onClick={() => p.onDelete([row])} data-testid="row-delete">
              {t('resource.delete')}
            </Button>
          )}
          {!p.renderActions && p.extraRowActions?.(row)}
        </Space>
      ),
    });
  }
  const width = scrollWidth(widths, selectable, actions) + (p.expandedRow ? EXPAND_WIDTH : 0);
  const virtual = p.paging.pageSize > VIRTUAL_ABOVE;
  return (
    <div ref={wrapper} className="resource-table">
      <Table<Row>
        rowKey="id"
        size={p.size}
        columns={columns}
        dataSource={p.data?.list}
        loading={p.loading}
        virtual={virtual}
        tableLayout="fixed"
        scroll={virtual ? { x: width, y: 560 } : { x: width }}
        expandable={p.expandedRow ? { expandedRowRender: p.expandedRow, columnWidth: EXPAND_WIDTH } : undefined}
        rowSelection={
          selectable
            ? {
                columnWidth: SELECTION_WIDTH,
                fixed: fixedEnds,
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
          showTotal: (total) =>
            p.data?.estimated ? t('resource.totalAbout', { total: total.toLocaleString() }) : t('common.total', { total }),
          size: screens.sm ? undefined : 'small',
        }}
        data-testid="resource-table"
      />
    </div>
  );
}
