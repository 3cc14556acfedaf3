/**
 * store/inventory → Stock: "what is here now" — the site's goods per option (style and colour),
 * sizes across, each size with its three numbers: ERP stock (the ERP's last import), RFID stock (the
 * book: the last count plus documents since) and present now by the readers (sales floor / stock
 * room where the store has both), with when it was last counted and read. A present count opens its
 * EPCs and where each was last seen.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Drawer, Grid, Input, List, Row, Space, Statistic, Table, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { DATETIME_FORMAT } from '../../../components/resource/model';
import type { StockSite } from './site';
import './stock.css';

interface Size {
  skuId: number;
  size: string;
  skuBarcode: string;
  erp: number | null;
  book: number;
  present: number;
  floor: number;
  room: number;
}
interface Option {
  goodsId: number;
  styleNumber: string;
  goodsName: string;
  colour: string;
  sizes: Size[];
  lastCountedAt: string | null;
  lastReadAt: string | null;
}
interface StockPage {
  site: { id: number; code: string; name: string; zoned: boolean };
  erp: { at: string; ref: string } | null;
  total: number;
  totals: { options: number; skus: number; erp: number; book: number; present: number; floor: number; room: number };
  list: Option[];
}
interface PresentEpc {
  epc: string;
  zoneName: string;
  zoneType: number | null;
  lastSeenAt: string;
  presenceSince: string | null;
}

const when = (v: string | null) => (v ? dayjs(v).format(DATETIME_FORMAT) : '-');

export function StockTab({ site }: { site: StockSite }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [q, setQ] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [shown, setShown] = useState<{ size: Size; option: Option }>();
  const stock = useQuery({
    queryKey: ['store', 'stock', site.id, q, page],
    queryFn: () => fetchData<StockPage>('/store/stock', { params: { siteId: site.id, q: q || undefined, ...page } }),
    placeholderData: (prev) => prev,
  });
  const data = stock.data?.site.id === site.id ? stock.data : undefined;
  const totals = data?.totals;
  const zoned = site.zoned;
  const rows = [
    { key: 'erp', label: t('stockView.erp'), value: (s: Size) => s.erp },
    { key: 'book', label: t('stockView.book'), value: (s: Size) => s.book },
    { key: 'present', label: t('stockView.present'), value: (s: Size) => s.present },
  ];
  const grid = (o: Option) => (
    <table className="stock-sizes" data-testid="stock-sizes">
      <thead>
        <tr>
          <th />
          {o.sizes.map((s) => (
            <th key={s.skuId} title={s.skuBarcode}>
              {s.size}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={`stock-row-${r.key}`}>
            <th>{r.label}</th>
            {o.sizes.map((s) => {
              const v = r.value(s);
              // the book differs from the ERP: the difference list's business
              const off = r.key === 'book' && s.erp !== null && s.erp !== s.book;
              return (
                <td key={s.skuId} className={off ? 'stock-off' : undefined} data-testid={`stock-${r.key}-${s.skuBarcode}`}>
                  {r.key === 'present' && v ? (
                    <a
                      href={`#epcs-${s.skuId}`}
                      onClick={(e) => {
                        e.preventDefault();
                        setShown({ size: s, option: o });
                      }}
                    >
                      {v}
                    </a>
                  ) : v === null ? (
                    <Tooltip title={t('stockView.notInErp')}>
                      <span className="stock-none">–</span>
                    </Tooltip>
                  ) : (
                    v
                  )}
                </td>
              );
            })}
          </tr>
        ))}
        {zoned && (
          <tr className="stock-row-split">
            <th>{t('stockView.floorRoom')}</th>
            {o.sizes.map((s) => (
              <td key={s.skuId} className={s.present && !s.floor ? 'stock-gap' : undefined}>
                {s.floor} / {s.room}
              </td>
            ))}
          </tr>
        )}
      </tbody>
    </table>
  );
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="stock-tab">
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockView.erpTotal')} value={data?.erp ? totals?.erp : '-'} />
            <Typography.Text type="secondary" className="stock-note">
              {data?.erp ? t('stockView.erpAt', { at: when(data.erp.at), ref: data.erp.ref }) : t('stockView.erpNone')}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockView.bookTotal')} value={totals?.book ?? '-'} />
            <Typography.Text type="secondary" className="stock-note">
              {t('stockView.bookNote')}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockView.presentTotal')} value={totals?.present ?? '-'} />
            <Typography.Text type="secondary" className="stock-note">
              {zoned && totals ? t('stockView.split', { floor: totals.floor, room: totals.room }) : t('stockView.presentNote')}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('stockView.options')} value={totals?.options ?? '-'} />
            <Typography.Text type="secondary" className="stock-note">
              {t('stockView.skus', { n: totals?.skus ?? 0 })}
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <Space wrap>
        <Input.Search
          allowClear
          maxLength={64}
          placeholder={t('stockView.search')}
          onSearch={(v) => {
            setQ(v.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: screens.sm ? 320 : '100%' }}
          data-testid="stock-search"
        />
        <Tooltip title={t('stockView.reload')}>
          <Button icon={<ReloadOutlined />} onClick={() => stock.refetch()} aria-label={t('stockView.reload')} />
        </Tooltip>
      </Space>
      {screens.md ? (
        <Table<Option>
          size="small"
          rowKey={(o) => `${o.goodsId} ${o.colour}`}
          loading={stock.isFetching}
          dataSource={data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50],
            showTotal: (n) => t('stockView.optionsTotal', { n }),
            onChange: (p, s) => setPage({ page: s === page.pageSize ? p : 1, pageSize: s }),
          }}
          columns={[
            {
              key: 'style',
              title: t('stockView.style'),
              width: 200,
              render: (_, o) => (
                <div>
                  <span className="resource-mono">{o.styleNumber}</span>
                  <div className="stock-name">{o.goodsName}</div>
                </div>
              ),
            },
            { key: 'colour', title: t('stockView.colour'), dataIndex: 'colour', width: 80 },
            { key: 'sizes', title: t('stockView.sizes'), render: (_, o) => grid(o) },
            { key: 'counted', title: t('stockView.lastCounted'), width: 150, render: (_, o) => when(o.lastCountedAt) },
            { key: 'read', title: t('stockView.lastRead'), width: 150, render: (_, o) => when(o.lastReadAt) },
          ]}
        />
      ) : (
        // a phone: each option a card, its sizes across the screen's width
        <List<Option>
          loading={stock.isFetching}
          dataSource={data?.list ?? []}
          rowKey={(o) => `${o.goodsId} ${o.colour}`}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            size: 'small',
            showTotal: (n) => t('stockView.optionsTotal', { n }),
            onChange: (p, s) => setPage({ page: s === page.pageSize ? p : 1, pageSize: s }),
          }}
          renderItem={(o) => (
            <List.Item>
              <Card size="small" style={{ width: '100%' }} data-testid="stock-card">
                <Space size={8} wrap>
                  <span className="resource-mono">{o.styleNumber}</span>
                  <span>{o.colour}</span>
                </Space>
                <div className="stock-name">{o.goodsName}</div>
                <div className="stock-scroll">{grid(o)}</div>
                <Typography.Text type="secondary" className="stock-note">
                  {t('stockView.lastCounted')} {when(o.lastCountedAt)} · {t('stockView.lastRead')} {when(o.lastReadAt)}
                </Typography.Text>
              </Card>
            </List.Item>
          )}
        />
      )}
      <PresentDrawer site={site} shown={shown} onClose={() => setShown(undefined)} />
    </Space>
  );
}

function PresentDrawer({ site, shown, onClose }: { site: StockSite; shown?: { size: Size; option: Option }; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const epcs = useQuery({
    queryKey: ['store', 'stock', 'epcs', site.id, shown?.size.skuId],
    queryFn: () => fetchData<PresentEpc[]>('/store/stock/epcs', { params: { siteId: site.id, skuId: shown?.size.skuId } }),
    enabled: !!shown,
  });
  return (
    <Drawer
      open={!!shown}
      onClose={onClose}
      size={screens.md ? 560 : '100%'}
      title={shown && t('stockView.epcsTitle', { style: shown.option.styleNumber, colour: shown.option.colour, size: shown.size.size })}
      data-testid="stock-epcs"
    >
      <Table<PresentEpc>
        size="small"
        rowKey="epc"
        loading={epcs.isLoading}
        dataSource={epcs.data ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'epc', title: 'EPC', dataIndex: 'epc', render: (v: string) => <span className="resource-mono">{v}</span> },
          { key: 'zone', title: t('stockView.zone'), dataIndex: 'zoneName' },
          { key: 'seen', title: t('stockView.lastRead'), dataIndex: 'lastSeenAt', render: (v: string) => when(v) },
        ]}
      />
    </Drawer>
  );
}
