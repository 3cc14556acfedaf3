/**
 * Table structure (general/table-structure): the database catalog as a schema → table tree with
 * search on the left; the chosen table's facts and columns (PK / unique / FK) on the right;
 * Export current table / Export all (granted 'export').
 */
import { DatabaseOutlined, DownloadOutlined, KeyOutlined, LinkOutlined, ReloadOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Descriptions, Empty, Grid, Input, Row, Space, Spin, Table, Tag, Tooltip, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData, request } from '../../../app/request';
import { useCan } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';
import { filterTree, firstTable, leaves, type SchemaNode } from './tree-filter';
import '../_shared/ops.css';
import './table-structure.css';

interface ColumnInfo {
  position: number;
  name: string;
  type: string;
  nullable: boolean;
  default: string | null;
  comment: string;
  primaryKey: boolean;
  unique: boolean;
  references: string | null;
}
interface Detail {
  schema: string;
  name: string;
  columns: ColumnInfo[];
}

export default function TableStructure() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const canExport = useCan('export');
  const screens = Grid.useBreakpoint();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string | undefined>();
  const [opened, setOpened] = useState<string[]>(['public']);
  const [exporting, setExporting] = useState<'one' | 'all' | undefined>();

  const tree = useQuery({
    queryKey: ['table-structure', 'tree', lang],
    queryFn: () => fetchData<SchemaNode[]>('/table/web/tableTree', { method: 'POST', data: {} }),
  });
  const nodes = tree.data ?? [];
  const current = chosen ?? firstTable(nodes)?.key;
  const leaf = leaves(nodes).find((l) => l.key === current);
  const shown = useMemo(() => filterTree(tree.data ?? [], text), [tree.data, text]);

  const detail = useQuery({
    queryKey: ['table-structure', 'detail', current],
    queryFn: () => fetchData<Detail>('/table/web/tableDetail', { method: 'POST', data: { tableName: current } }),
    enabled: !!current,
  });

  const doExport = async (which: 'one' | 'all') => {
    setExporting(which);
    try {
      await request('/table/web/ExportTableDetail', { method: 'POST', data: which === 'one' ? { tableName: current } : {} });
    } catch {
      // the request layer showed the server's message
    } finally {
      setExporting(undefined);
    }
  };

  const treeData = shown.map((s) => ({
    key: s.key,
    selectable: false,
    icon: <DatabaseOutlined />,
    title: (
      <span className="ts-schema">
        <b>{s.title}</b>
        <span className="ops-muted"> ({s.children.length})</span>
      </span>
    ),
    children: s.children.map((c) => ({
      key: c.key,
      isLeaf: true,
      icon: <TableOutlined />,
      title: (
        <span className="ts-node" data-testid="ts-node" data-key={c.key}>
          <span className="ops-mono">{c.name}</span>
          {c.comment && <span className="ts-node-comment">{c.comment}</span>}
        </span>
      ),
    })),
  }));

  const yes = t('tableStructure.yes');
  const columns = [
    { key: 'position', dataIndex: 'position', title: '#', width: 56, align: 'right' as const },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('tableStructure.col.column'),
      width: 240,
      render: (v: string, c: ColumnInfo) => (
        <Space size={4} wrap>
          <span className="ops-mono ts-col-name">{v}</span>
          {c.primaryKey && (
            <Tag color="gold" icon={<KeyOutlined />} data-testid="badge-pk">
              PK
            </Tag>
          )}
          {c.unique && (
            <Tag color="blue" data-testid="badge-uq">
              UQ
            </Tag>
          )}
          {c.references && (
            <Tooltip title={t('tableStructure.referencesTip', { target: c.references })}>
              <Tag color="purple" icon={<LinkOutlined />} data-testid="badge-fk">
                FK
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('tableStructure.col.type'),
      width: 190,
      render: (v: string) => <span className="ops-mono">{v}</span>,
    },
    {
      key: 'nullable',
      dataIndex: 'nullable',
      title: t('tableStructure.col.nullable'),
      width: 100,
      align: 'center' as const,
      render: (v: boolean) => (v ? yes : <span className="ops-muted">{t('tableStructure.no')}</span>),
    },
    {
      key: 'default',
      dataIndex: 'default',
      title: t('tableStructure.col.default'),
      width: 200,
      ellipsis: { showTitle: false },
      render: (v: string | null) =>
        v ? (
          <Tooltip title={v} placement="topLeft">
            <span className="ops-mono">{v}</span>
          </Tooltip>
        ) : (
          <span className="ops-empty">-</span>
        ),
    },
    {
      key: 'references',
      dataIndex: 'references',
      title: t('tableStructure.col.references'),
      width: 180,
      render: (v: string | null) => (v ? <span className="ops-mono">{v}</span> : <span className="ops-empty">-</span>),
    },
    {
      key: 'comment',
      dataIndex: 'comment',
      title: t('tableStructure.col.comment'),
      render: (v: string) => v || <span className="ops-empty">-</span>,
    },
  ];
  const cols = detail.data?.columns ?? [];

  return (
    <div className="ops-page" data-testid="table-structure">
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={8} xxl={6}>
          <div className="page-card ts-tree-card">
            <div className="ops-toolbar">
              <span className="ops-toolbar-title">{t('tableStructure.tables')}</span>
              <Tooltip title={t('tableStructure.reload')}>
                <Button
                  type="text"
                  icon={<ReloadOutlined />}
                  onClick={() => void tree.refetch()}
                  aria-label={t('tableStructure.reload')}
                  data-testid="ts-reload"
                />
              </Tooltip>
            </div>
            <Input.Search
              allowClear
              placeholder={t('tableStructure.searchPlaceholder')}
              onChange={(e) => setText(e.target.value)}
              onSearch={setText}
              style={{ marginBottom: 12 }}
              data-testid="ts-search"
            />
            <Spin spinning={tree.isFetching}>
              {treeData.length ? (
                <Tree
                  showIcon
                  blockNode
                  expandedKeys={text ? shown.map((s) => s.key) : opened}
                  onExpand={(keys) => !text && setOpened(keys.map(String))}
                  height={screens.lg ? 600 : 300}
                  selectedKeys={current ? [current] : []}
                  onSelect={(keys) => keys[0] && setChosen(String(keys[0]))}
                  treeData={treeData}
                  data-testid="ts-tree"
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tree.isFetching ? ' ' : t('tableStructure.noMatch')} />
              )}
            </Spin>
          </div>
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          <div className="page-card" data-testid="ts-detail">
            <div className="ops-toolbar">
              <Space wrap size={8}>
                <span className="ops-toolbar-title ops-mono" data-testid="ts-title">
                  {leaf ? `${leaf.schema}.${leaf.name}` : '-'}
                </span>
                {leaf?.partitioned && <Tag color="cyan">{t('tableStructure.partitioned', { count: leaf.partitions })}</Tag>}
              </Space>
              {canExport && (
                <Space wrap size={8}>
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={() => doExport('one')}
                    loading={exporting === 'one'}
                    disabled={!current}
                    data-testid="ts-export-one"
                  >
                    {t('tableStructure.exportOne')}
                  </Button>
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={() => doExport('all')}
                    loading={exporting === 'all'}
                    data-testid="ts-export-all"
                  >
                    {t('tableStructure.exportAll')}
                  </Button>
                </Space>
              )}
            </div>
            {leaf && (
              <Descriptions
                size="small"
                bordered
                column={{ xs: 1, sm: 2, xl: 3 }}
                className="ops-descriptions ts-facts"
                items={[
                  { key: 'schema', label: t('tableStructure.col.schema'), children: leaf.schema },
                  { key: 'table', label: t('tableStructure.col.table'), children: <span className="ops-mono">{leaf.name}</span> },
                  { key: 'comment', label: t('tableStructure.col.comment'), children: leaf.comment || '-' },
                  {
                    key: 'rows',
                    label: t('tableStructure.col.rowEstimate'),
                    children: leaf.rowEstimate === null ? t('tableStructure.notAnalyzed') : leaf.rowEstimate.toLocaleString(),
                  },
                  { key: 'partitions', label: t('tableStructure.col.partitions'), children: leaf.partitioned ? leaf.partitions : '-' },
                  { key: 'columns', label: t('tableStructure.columnCount'), children: cols.length },
                ]}
              />
            )}
            <Table<ColumnInfo>
              rowKey="name"
              size="small"
              columns={columns}
              dataSource={cols}
              loading={detail.isFetching}
              pagination={false}
              scroll={{ x: 1100 }}
              style={{ marginTop: 16 }}
              data-testid="ts-columns"
            />
          </div>
        </Col>
      </Row>
    </div>
  );
}
