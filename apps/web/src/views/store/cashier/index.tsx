/**
 * Cashier / transaction details (store/cashier, E11): the till's transactions newest first on the
 * feed's screen — period, store, kind and txn no. filters, export — and a transaction's drawer with
 * its lines, each EPC opening its lifecycle (label/lifecycle). A store's user sees its own store.
 */
import { posFeed } from '@tagloom/domain/resources/store/cashier.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Grid, Select, type SelectProps, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchData } from '../../../app/request';
import { FeedPage, type FeedRow, feedQueryKey } from '../../../components/feed/FeedPage';
import { EnumValue } from '../../../components/resource/field-render';
import { DAYJS_DATE_FORMAT } from '../../../domain';
import './cashier.css';

interface Line {
  lineNo: number;
  skuId: number | null;
  skuCode: string;
  epc: string | null;
  qty: number;
  unitPrice: string;
  discount: string;
  amount: string;
  originalTxnNo: string;
}

const money = (v: unknown, currency?: unknown) => {
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v ?? '');
  const text = n.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${text} ${String(currency)}` : text;
};

/** The store filter: the stores the user reaches, by code (value and onChange from the search form). */
function StoreSelect(props: SelectProps<string>) {
  const { t } = useTranslation();
  const stores = useQuery({
    queryKey: feedQueryKey(posFeed, 'stores'),
    queryFn: () =>
      fetchData<{ list: { id: number; code: string; name: string }[] }>('/tenant/store/list', {
        method: 'POST',
        data: { page: 1, pageSize: 500 },
        silent: true,
      }),
    staleTime: 60_000,
    retry: false,
  });
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('pos.ui.allStores')}
      options={(stores.data?.list ?? []).map((s) => ({ value: s.code, label: `${s.code} · ${s.name}` }))}
      data-testid="cashier-filter-store"
    />
  );
}

function TransactionDrawer({ row, close }: { row: FeedRow | undefined; close: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const detail = useQuery({
    queryKey: feedQueryKey(posFeed, 'txn', row?.id, row?.createdAt),
    queryFn: () =>
      fetchData<{ txn: FeedRow; lines: Line[] }>(
        `/store/pos/transactions/${String(row!.id)}?at=${encodeURIComponent(new Date(String(row!.createdAt)).toISOString())}`,
      ),
    enabled: !!row,
  });
  const currency = row?.currency;
  const columns: ColumnsType<Line> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: t('pos.line.lineNo'), width: 56, align: 'right' },
    {
      key: 'epc',
      dataIndex: 'epc',
      title: t('pos.line.epc'),
      width: 220,
      render: (epc: string | null, l) =>
        epc ? (
          <Button
            type="link"
            size="small"
            className="ops-mono cashier-epc"
            title={t('pos.ui.lifecycle')}
            onClick={() => navigate(`/label/lifecycle?epc=${epc}`)}
            data-testid="cashier-line-epc"
          >
            {epc}
          </Button>
        ) : (
          <span className="cashier-untagged">
            <Tag>{t('pos.ui.untagged')}</Tag>
            <span className="ops-mono">{l.skuCode}</span>
          </span>
        ),
    },
    {
      key: 'skuCode',
      dataIndex: 'skuCode',
      title: t('pos.line.skuCode'),
      width: 140,
      render: (v: string) => <span className="ops-mono">{v || '-'}</span>,
    },
    { key: 'qty', dataIndex: 'qty', title: t('pos.line.qty'), width: 60, align: 'right' },
    { key: 'unitPrice', dataIndex: 'unitPrice', title: t('pos.line.unitPrice'), width: 100, align: 'right', render: (v) => money(v) },
    { key: 'discount', dataIndex: 'discount', title: t('pos.line.discount'), width: 80, align: 'right', render: (v) => money(v) },
    { key: 'amount', dataIndex: 'amount', title: t('pos.line.amount'), width: 90, align: 'right', render: (v) => money(v) },
    {
      key: 'originalTxnNo',
      dataIndex: 'originalTxnNo',
      title: t('pos.line.originalTxnNo'),
      width: 150,
      render: (v: string) => (v ? <span className="ops-mono">{v}</span> : <span className="ops-empty">-</span>),
    },
  ];
  const items = row
    ? [
        { key: 'at', label: t('feeds.field.createdAt'), children: dayjs(String(row.createdAt)).format(DAYJS_DATE_FORMAT) },
        { key: 'store', label: t('pos.field.storeCode'), children: `${String(row.storeCode)} · ${String(row.storeName ?? '')}` },
        { key: 'pos', label: t('pos.field.posCode'), children: <span className="ops-mono">{String(row.posCode || '-')}</span> },
        { key: 'cashier', label: t('pos.field.cashier'), children: String(row.cashier || '-') },
        { key: 'kind', label: t('pos.field.kind'), children: <EnumValue enumName="PosKind" value={row.kind} /> },
        { key: 'total', label: t('pos.field.total'), children: money(row.total, currency) },
        { key: 'eas', label: t('pos.field.eas'), children: <EnumValue enumName="PosEas" value={row.eas} /> },
        { key: 'source', label: t('pos.field.source'), children: <EnumValue enumName="PosSource" value={row.source} /> },
      ]
    : [];
  return (
    <Drawer
      title={row ? t('pos.ui.drawerTitle', { txnNo: String(row.txnNo) }) : ''}
      open={!!row}
      onClose={close}
      size={screens.lg ? 940 : screens.md ? 760 : '100%'}
      data-testid="cashier-drawer"
    >
      <Descriptions column={screens.md ? 2 : 1} bordered size="small" items={items} className="ops-descriptions" />
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('pos.ui.lines')}
      </Typography.Title>
      <Table<Line>
        rowKey="lineNo"
        size="small"
        columns={columns}
        dataSource={detail.data?.lines ?? []}
        loading={detail.isFetching}
        pagination={false}
        scroll={{ x: columns.reduce((s, c) => s + Number(c.width ?? 100), 0) }}
        locale={{ emptyText: t('pos.ui.noLines') }}
        data-testid="cashier-lines"
      />
    </Drawer>
  );
}

export default function Cashier() {
  return (
    <FeedPage
      feed={posFeed}
      testId="cashier"
      controls={{ storeCode: <StoreSelect /> }}
      render={{
        storeCode: (row) => (
          <span className="cashier-store">
            <span className="ops-mono">{String(row.storeCode)}</span>
            <small>{String(row.storeName ?? '')}</small>
          </span>
        ),
        total: (row) => (
          <span className={Number(row.total) < 0 ? 'cashier-amount cashier-negative' : 'cashier-amount'}>
            {money(row.total, row.currency)}
          </span>
        ),
      }}
      drawer={(row, close) => <TransactionDrawer row={row} close={close} />}
    />
  );
}
