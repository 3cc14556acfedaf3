/**
 * store/inventory → Refill: the options on the sales floor missing a size the stock room holds —
 * what to bring, the most urgent first (sizes missing × last week's sales) — with the floor's
 * on-shelf availability now and once done, and its days over the last four weeks (OsaTrend);
 * "Start refill" makes a task the readers close as the pieces reach the floor. A store without a
 * sales floor and a stock room has nothing to say here.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Progress, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { DATETIME_FORMAT } from '../../../components/resource/model';
import { useCan } from '../../../components/ScreenContext';
import { OsaTrend } from './OsaTrend';
import type { StockSite } from './site';

interface RefillSize {
  skuId: number;
  size: string;
  floor: number;
  room: number;
  move: number;
}
interface RefillOption {
  goodsId: number;
  styleNumber: string;
  goodsName: string;
  colour: string;
  sizes: RefillSize[];
  missing: number;
  sold7d: number;
  priority: number;
  pieces: number;
}
interface RefillTask {
  id: number;
  code: string;
  status: number;
  pieces: number;
  moved: number;
  createdBy: string;
  createdAt: string;
  doneAt: string | null;
}
interface Refill {
  zoned: boolean;
  osa: number | null;
  osaAfter: number | null;
  optionsInStock: number;
  /** options to refill and their pieces, all pages */
  total: number;
  pieces: number;
  list: RefillOption[];
  tasks: RefillTask[];
}

/** Options a page of the list shows. */
const PAGE_SIZE = 20;

const pct = (v: number | null) => (v === null ? '-' : `${(v * 100).toFixed(1)} %`);

export function RefillTab({ site }: { site: StockSite }) {
  const { t } = useTranslation();
  const message = useMessage();
  const client = useQueryClient();
  const canStart = useCan('add');
  // the page asked, of the site it was asked at (another site starts at its first page)
  const [at, setAt] = useState({ siteId: site.id, page: 1 });
  const page = at.siteId === site.id ? at.page : 1;
  const setPage = (p: number) => setAt({ siteId: site.id, page: p });
  const key = ['store', 'refill', site.id];
  // one page of the options at a time (a store's list runs to thousands); the figures are the whole list's
  const refill = useQuery({
    queryKey: [...key, page],
    queryFn: () => fetchData<Refill>('/store/refill', { params: { siteId: site.id, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const start = useMutation({
    mutationFn: () => request<{ code: string; pieces: number }>('/store/refill/start', { method: 'POST', data: { siteId: site.id } }),
    onSuccess: (r) => {
      void client.invalidateQueries({ queryKey: key });
      message.success(r.msg);
    },
  });
  const data = refill.data;
  if (data && !data.zoned) return <Empty description={t('stockView.refill.notZoned', { site: `${site.code} ${site.name}` })} />;
  const pieces = data?.pieces ?? 0;
  const open = data?.tasks.some((x) => x.status === 1);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="refill-tab">
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockView.refill.osa')} value={pct(data?.osa ?? null)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockView.refill.osaAfter')} value={pct(data?.osaAfter ?? null)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockView.refill.options')} value={data?.total ?? '-'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockView.refill.pieces')} value={data ? pieces : '-'} />
          </Card>
        </Col>
      </Row>
      <Space wrap>
        {canStart && (
          <Button type="primary" disabled={!pieces} loading={start.isPending} onClick={() => start.mutate()} data-testid="refill-start">
            {t('stockView.refill.start')}
          </Button>
        )}
        {open && <Typography.Text type="secondary">{t('stockView.refill.openTask')}</Typography.Text>}
      </Space>
      <Table<RefillOption>
        size="small"
        rowKey={(o) => `${o.goodsId} ${o.colour}`}
        loading={refill.isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (n) => t('stockView.optionsTotal', { n }),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stockView.refill.none')} /> }}
        columns={[
          {
            key: 'style',
            title: t('stockView.style'),
            render: (_, o) => (
              <div>
                <span className="resource-mono">{o.styleNumber}</span>
                <div className="stock-name">{o.goodsName}</div>
              </div>
            ),
          },
          { key: 'colour', title: t('stockView.colour'), dataIndex: 'colour' },
          {
            key: 'bring',
            title: t('stockView.refill.bring'),
            render: (_, o) => (
              <Space size={4} wrap>
                {o.sizes
                  .filter((s) => s.move > 0)
                  .map((s) => (
                    <Tag key={s.skuId} color="blue">
                      {s.size} × {s.move}
                    </Tag>
                  ))}
              </Space>
            ),
          },
          {
            key: 'onFloor',
            title: t('stockView.refill.onFloor'),
            render: (_, o) =>
              o.sizes
                .filter((s) => s.floor > 0)
                .map((s) => s.size)
                .join(' / ') || '-',
          },
          { key: 'sold', title: t('stockView.refill.sold7d'), dataIndex: 'sold7d', align: 'right' },
        ]}
      />
      <OsaTrend siteId={site.id} />
      <Card size="small" title={t('stockView.refill.tasks')}>
        <Table<RefillTask>
          size="small"
          rowKey="id"
          dataSource={data?.tasks ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 5, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stockView.refill.noTasks')} /> }}
          columns={[
            {
              key: 'code',
              title: t('stockView.refill.code'),
              dataIndex: 'code',
              render: (v: string) => <span className="resource-mono">{v}</span>,
            },
            {
              key: 'status',
              title: t('stockView.refill.status'),
              render: (_, x) => (
                <Tag color={x.status === 2 ? 'success' : x.status === 1 ? 'processing' : 'default'}>
                  {t(`stockView.refill.state.${x.status === 2 ? 'done' : x.status === 1 ? 'open' : 'cancelled'}`)}
                </Tag>
              ),
            },
            {
              key: 'progress',
              title: t('stockView.refill.progress'),
              render: (_, x) => (
                <Progress
                  percent={x.pieces ? Math.round((100 * x.moved) / x.pieces) : 0}
                  size="small"
                  format={() => `${x.moved} / ${x.pieces}`}
                />
              ),
            },
            { key: 'by', title: t('stockView.refill.by'), dataIndex: 'createdBy' },
            { key: 'at', title: t('stockView.refill.at'), dataIndex: 'createdAt', render: (v: string) => dayjs(v).format(DATETIME_FORMAT) },
          ]}
        />
      </Card>
    </Space>
  );
}
