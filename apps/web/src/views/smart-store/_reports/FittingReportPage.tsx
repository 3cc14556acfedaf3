/**
 * The frame of the fitting-room reports (smart-store/top, trend, turnover, statistics): the filters
 * (a range of days — the server's default is the last 4 weeks —, a store when the user sees more
 * than one, and the screen's own), Export (the same filters as an .xlsx, shown when the screen
 * grants it), the rules of the stores shown, then the screen's figures, or an empty state that says
 * why nothing shows. The data is the report route's answer for the filters (TanStack Query).
 */

import { DownloadOutlined } from '@ant-design/icons';
import type { FittingReportBase, FittingReportQuery } from '@tagloom/domain/resources/smart-store/report-wire.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData, request } from '../../../app/request';
import { useScreen } from '../../../components/ScreenContext';
import { RulesLine } from './RulesLine';

const DAY = 'YYYY-MM-DD';

export function FittingReportPage<Q extends FittingReportQuery, A extends FittingReportBase>(props: {
  code: string;
  testId: string;
  initial: Q;
  /** the screen's own filters, beside the range and the store */
  filters?: (q: Q, set: (patch: Partial<Q>) => void) => ReactNode;
  /** whether the answer has figures to show */
  has: (a: A) => boolean;
  /** why nothing shows for these filters */
  empty: (a: A, q: Q) => string;
  /** the figures: charts and tables */
  children: (a: A, q: Q) => ReactNode;
}) {
  const { t } = useTranslation();
  const screen = useScreen();
  const [query, setQuery] = useState<Q>(props.initial);
  const [exporting, setExporting] = useState(false);
  const q = useQuery({
    queryKey: [props.code, query],
    queryFn: () => fetchData<A>(`/${props.code}/query`, { method: 'POST', data: query }),
    placeholderData: (prev) => prev,
  });
  const data = q.data;
  const range: [Dayjs, Dayjs] | null = data ? [dayjs(data.from), dayjs(data.to)] : null;
  const set = (patch: Partial<Q>) => setQuery((f) => ({ ...f, ...patch }));
  const stores = data?.stores ?? [];
  return (
    <div className="page-card" data-testid={props.testId}>
      <Space wrap size={[12, 12]} style={{ marginBottom: 8 }}>
        <DatePicker.RangePicker
          value={range}
          format={DAY}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && set({ from: v[0].format(DAY), to: v[1].format(DAY) } as Partial<Q>)}
          presets={[1, 4, 13].map((weeks) => ({
            label: t('fittingReports.lastWeeks', { count: weeks }),
            value: [dayjs().subtract(weeks * 7 - 1, 'day'), dayjs()] as [Dayjs, Dayjs],
          }))}
          aria-label={t('fittingReports.range')}
          data-testid="fitting-range"
        />
        {stores.length > 1 && (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 180 }}
            placeholder={t('fittingReports.allStores')}
            aria-label={t('fittingReports.store')}
            value={query.storeId}
            onChange={(v: number | undefined) => set({ storeId: v } as Partial<Q>)}
            options={stores.map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
            data-testid="fitting-store"
          />
        )}
        {props.filters?.(query, set)}
        {screen.actions.includes('export') && (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!data || !props.has(data)}
            onClick={() => {
              setExporting(true);
              request(`/${props.code}/export`, { method: 'POST', data: query })
                .catch(() => undefined)
                .finally(() => setExporting(false));
            }}
            data-testid="fitting-export"
          >
            {t('fittingReports.export')}
          </Button>
        )}
      </Space>
      {data && <RulesLine rules={data.rules} />}
      {!data ? (
        <Spin spinning style={{ display: 'block', padding: 48 }} />
      ) : !props.has(data) ? (
        <Empty description={props.empty(data, query)} style={{ padding: 48 }} data-testid="fitting-empty" />
      ) : (
        <Spin spinning={q.isFetching} delay={300}>
          {props.children(data, query)}
        </Spin>
      )}
    </div>
  );
}
