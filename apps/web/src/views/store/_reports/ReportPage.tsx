/**
 * The frame of the store reports (store/report-shipment, store/report-take-delivery): the filters
 * (a range of days — the server's default is the last 8 weeks —, week or month, a site, a sender),
 * the charts, the table under them, Export (the same filters as an .xlsx) and an empty state that
 * says why nothing shows. The data is the report route's answer for the filters (TanStack Query).
 */

import { DownloadOutlined } from '@ant-design/icons';
import type { ReportPeriod, ReportSite } from '@tagloom/domain/resources/store/report-wire.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, Row, Segmented, Select, Space, Spin, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData, request } from '../../../app/request';
import { titledColumns } from '../../../components/resource/layout';
import { useScreen } from '../../../components/ScreenContext';

export interface ReportFilters {
  from?: string;
  to?: string;
  period: ReportPeriod;
  siteId?: number;
  senderId?: number;
}

interface Answer {
  from: string;
  to: string;
  rows: object[];
}

const DAY = 'YYYY-MM-DD';

export function ReportPage<A extends Answer>(props: {
  code: string;
  testId: string;
  /** the site pickers: [filter key, label, its options from the answer] */
  pickers: readonly { key: 'siteId' | 'senderId'; label: string; options: (a: A) => ReportSite[] }[];
  charts: (a: A) => ReactNode;
  columns: TableColumnsType<A['rows'][number]>;
  rowKey: (row: A['rows'][number]) => string;
  /** why nothing shows for these filters */
  empty: (a: A, filters: ReportFilters) => string;
}) {
  const { t } = useTranslation();
  const screen = useScreen();
  const [filters, setFilters] = useState<ReportFilters>({ period: 'week' });
  const [exporting, setExporting] = useState(false);
  const q = useQuery({
    queryKey: [props.code, filters],
    queryFn: () => fetchData<A>(`/${props.code}/query`, { method: 'POST', data: filters }),
    placeholderData: (prev) => prev,
  });
  const data = q.data;
  const range: [Dayjs, Dayjs] | null = data ? [dayjs(data.from), dayjs(data.to)] : null;
  const set = (patch: Partial<ReportFilters>) => setFilters((f) => ({ ...f, ...patch }));
  return (
    <div className="page-card" data-testid={props.testId}>
      <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          value={range}
          format={DAY}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && set({ from: v[0].format(DAY), to: v[1].format(DAY) })}
          presets={[8, 4, 13].map((weeks) => ({
            label: t('storeReports.lastWeeks', { count: weeks }),
            value: [
              dayjs()
                .startOf('week')
                .subtract(weeks - 1, 'week'),
              dayjs(),
            ] as [Dayjs, Dayjs],
          }))}
          aria-label={t('storeReports.range')}
          data-testid="report-range"
        />
        <Segmented<ReportPeriod>
          value={filters.period}
          onChange={(period) => set({ period })}
          options={[
            { value: 'week', label: t('storeReports.week') },
            { value: 'month', label: t('storeReports.month') },
          ]}
          data-testid="report-period"
        />
        {props.pickers.map((p) => (
          <Select
            key={p.key}
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 180 }}
            placeholder={p.label}
            aria-label={p.label}
            value={filters[p.key]}
            onChange={(v: number | undefined) => set({ [p.key]: v })}
            options={(data ? p.options(data) : []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
            data-testid={`report-${p.key}`}
          />
        ))}
        {screen.actions.includes('export') && (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!data?.rows.length}
            onClick={() => {
              setExporting(true);
              request(`/${props.code}/export`, { method: 'POST', data: filters })
                .catch(() => undefined)
                .finally(() => setExporting(false));
            }}
            data-testid="report-export"
          >
            {t('storeReports.export')}
          </Button>
        )}
      </Space>
      {!data ? (
        <Spin spinning style={{ display: 'block', padding: 48 }} />
      ) : !data.rows.length ? (
        <Empty description={props.empty(data, filters)} style={{ padding: 48 }} data-testid="report-empty" />
      ) : (
        <>
          <Row gutter={[16, 16]}>{props.charts(data)}</Row>
          <Table<A['rows'][number]>
            style={{ marginTop: 16 }}
            size="small"
            rowKey={props.rowKey}
            // each title whole on one line (widths measured in the page's font)
            columns={titledColumns(props.columns)}
            dataSource={data.rows}
            loading={q.isFetching}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            data-testid="report-table"
          />
        </>
      )}
    </div>
  );
}

/** A chart in its card, half the width on a wide screen (unless `wide`). */
export function ChartCard({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <Col xs={24} lg={wide ? 24 : 12}>
      <Card title={title} variant="borderless" size="small">
        {children}
      </Card>
    </Col>
  );
}

/** A number cell, '-' for none. */
export const num = (v: number | null | undefined) => (v == null ? <span className="ops-empty">-</span> : v.toLocaleString());
