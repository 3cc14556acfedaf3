/**
 * store/report-stocktaking: the stores' approved counts of a period (filters: period, store) —
 * SKU accuracy by store against the 95 % target, the count status per week (approved, complete,
 * incomplete, not counted), the SKU and SMAPE accuracy and the floors' on-shelf availability per
 * week against the same target, and tables per count, per store (with its OSA) and per category
 * (expected, counted, over, short, SKU and SMAPE accuracy, duration, items an hour); the workbook
 * export holds the same.
 */

import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import type { CountReportWeek } from '@tagloom/domain/stock/count-kpi.ts';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Row as AntRow, Button, Card, Col, DatePicker, Form, Grid, Select, Space, Table, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { Chart, type ChartOption } from '../../../components/Chart';
import { titledColumns } from '../../../components/resource/layout';
import { useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';

type Row = Record<string, unknown>;
interface Report {
  counts: Row[];
  stores: Row[];
  categories: Row[];
  weeks: CountReportWeek[];
  sites: { id: number; name: string }[];
}
interface Filters {
  from?: string;
  to?: string;
  siteId?: number;
}

const TARGET = 95;
const n = (v: unknown) => Number(v ?? 0);
const pct = (v: unknown) => (v === null || v === undefined ? '-' : n(v).toFixed(2));

export default function StocktakingReport() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const message = useMessage();
  const { actions } = useScreen();
  const [form] = Form.useForm<{ period?: [Dayjs, Dayjs]; siteId?: number }>();
  const [filters, setFilters] = useState<Filters>({});
  const [exporting, setExporting] = useState(false);
  const report = useQuery({
    queryKey: ['store/report-stocktaking', filters],
    queryFn: () => fetchData<Report>('/store/report-stocktaking/data', { method: 'POST', data: filters }),
  });
  // the stores the user reaches (the first answer's: a filter by store leaves one)
  const [sites, setSites] = useState<{ value: number; label: string }[]>([]);
  if (report.data?.sites?.length && !sites.length) setSites(report.data.sites.map((s) => ({ value: s.id, label: s.name })));
  const data = report.data;
  const col = (k: string) => t(`countReport.col.${k}`);
  const submit = () => {
    const v = form.getFieldsValue();
    setFilters({
      from: v.period?.[0]?.startOf('day').toISOString(),
      to: v.period?.[1]?.endOf('day').toISOString(),
      siteId: v.siteId,
    });
  };
  const exportSheet = async () => {
    setExporting(true);
    try {
      await request('/store/report-stocktaking/export', { method: 'POST', data: filters });
      message.success(t('countReport.exported'));
    } finally {
      setExporting(false);
    }
  };

  const storesOption = useMemo<ChartOption>(() => {
    const stores = data?.stores ?? [];
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${pct(v)} %` },
      grid: { left: 8, right: 24, top: 24, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: stores.map((s) => String(s.siteName)),
        axisLabel: { interval: 0, rotate: stores.length > 6 ? 30 : 0, width: 90, overflow: 'truncate' },
      },
      yAxis: {
        type: 'value',
        name: t('countReport.accuracyAxis'),
        nameTextStyle: { align: 'left' },
        min: (v: { min: number }) => Math.max(0, Math.floor(v.min / 5) * 5 - 5),
        max: 100,
      },
      series: [
        {
          name: t('countReport.col.accuracySku'),
          type: 'bar',
          barMaxWidth: 28,
          data: stores.map((s) => ({ value: n(s.sku), itemStyle: { color: n(s.sku) >= TARGET ? token.colorPrimary : token.colorError } })),
          markLine: {
            symbol: 'none',
            lineStyle: { color: token.colorSuccess, type: 'dashed' },
            label: { formatter: t('countReport.target'), position: 'insideEndTop' },
            data: [{ yAxis: TARGET }],
          },
        },
      ],
    };
  }, [data, t, token.colorPrimary, token.colorError, token.colorSuccess]);

  const weeksOption = useMemo<ChartOption>(() => {
    const weeks = data?.weeks ?? [];
    const stack = (key: 'approved' | 'complete' | 'incomplete' | 'notCounted', color: string) => ({
      name: col(key),
      type: 'bar',
      stack: 'stores',
      barMaxWidth: 36,
      itemStyle: { color },
      data: weeks.map((w) => w[key]),
    });
    return {
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0, type: 'scroll' },
      grid: { left: 8, right: 16, top: 32, bottom: 36, containLabel: true },
      xAxis: { type: 'category', data: weeks.map((w) => w.week.slice(5)) },
      yAxis: { type: 'value', minInterval: 1, name: t('countReport.storesAxis'), nameTextStyle: { align: 'left' } },
      series: [
        stack('approved', token.colorSuccess),
        stack('complete', token.colorPrimary),
        stack('incomplete', token.colorWarning),
        stack('notCounted', token.colorTextQuaternary),
      ],
    };
  }, [data, t, token.colorSuccess, token.colorPrimary, token.colorWarning, token.colorTextQuaternary]);

  const weeklyAccuracyOption = useMemo<ChartOption>(() => {
    const weeks = data?.weeks ?? [];
    const line = (key: 'accuracySku' | 'accuracySmape' | 'osa', color: string) => ({
      name: col(key),
      type: 'line',
      connectNulls: true,
      symbolSize: 7,
      itemStyle: { color },
      data: weeks.map((w) => w[key]),
    });
    // the axis from a round figure below the lowest week (and the target) to 100, in steps of 5 or 10
    const lowest = Math.min(TARGET, ...weeks.flatMap((w) => [w.accuracySku, w.accuracySmape, w.osa]).filter((v) => v !== null));
    const min = Math.max(0, Math.floor(lowest / 5) * 5 - 5);
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${pct(v)} %` },
      // one line of legend, paged on a narrow screen (three long names would wrap onto the axis)
      legend: { bottom: 0, type: 'scroll' },
      grid: { left: 8, right: 24, top: 32, bottom: 36, containLabel: true },
      xAxis: { type: 'category', data: weeks.map((w) => w.week.slice(5)) },
      yAxis: {
        type: 'value',
        name: t('countReport.accuracyAxis'),
        nameTextStyle: { align: 'left' },
        min,
        max: 100,
        interval: 100 - min <= 30 ? 5 : 10,
      },
      series: [
        {
          ...line('accuracySku', token.colorPrimary),
          markLine: {
            symbol: 'none',
            lineStyle: { color: token.colorSuccess, type: 'dashed' },
            label: { formatter: t('countReport.target'), position: 'insideEndTop' },
            data: [{ yAxis: TARGET }],
          },
        },
        line('accuracySmape', token.colorWarning),
        { ...line('osa', token.purple), lineStyle: { type: 'dotted' } },
      ],
    };
  }, [data, t, token.colorPrimary, token.colorSuccess, token.colorWarning, token.purple]);

  const num = (key: string, width = 90) => ({
    title: col(key),
    dataIndex: key,
    width,
    align: 'right' as const,
    render: (v: unknown) => n(v),
  });
  const rate = (key: string, from: string, width = 120) => ({
    title: col(key),
    dataIndex: from,
    width,
    align: 'right' as const,
    render: (v: unknown) => <span style={{ color: v != null && n(v) < TARGET ? token.colorError : undefined }}>{pct(v)}</span>,
  });
  // the pieces and the three accuracies, under the fields a table's rows name them by
  const figures = (sku: string, smape: string, unit: string) => [
    num('expected'),
    num('counted'),
    num('over', 80),
    num('short', 80),
    rate('accuracySku', sku),
    rate('accuracySmape', smape, 130),
    rate('accuracyUnit', unit, 130),
  ];

  type Column = TableColumnsType<Row>[number];
  // a table of the counts' figures by store or by category (its first column), and its own columns after
  const grouped = (
    key: 'stores' | 'categories',
    rowKey: string,
    rows: Row[] | undefined,
    first: Column,
    x: number,
    more: Column[] = [],
  ) => (
    <Card variant="borderless" size="small" title={t(`countReport.${key}`)}>
      <Table
        size="small"
        rowKey={(r) => String(r[rowKey])}
        loading={report.isLoading}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x }}
        data-testid={`report-${key}`}
        columns={titledColumns<Column>([first, num('counts'), ...figures('sku', 'smape', 'unit'), ...more])}
      />
    </Card>
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" size="small">
        <Form form={form} layout={screens.md ? 'inline' : 'vertical'} onFinish={submit} style={{ rowGap: 8 }}>
          <Form.Item name="period" label={t('countReport.period')}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              style={{ width: 280, maxWidth: '100%' }}
              presets={[
                { label: '4w', value: [dayjs().subtract(28, 'day'), dayjs()] },
                { label: '12w', value: [dayjs().subtract(84, 'day'), dayjs()] },
              ]}
              data-testid="report-period"
            />
          </Form.Item>
          <Form.Item name="siteId" label={t('countReport.store')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('countReport.allStores')}
              style={{ width: 200 }}
              options={sites}
              data-testid="report-store"
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="report-query">
                {t('common.query')}
              </Button>
              {actions.includes('export') && (
                <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportSheet()} data-testid="report-export">
                  {ACTIONS.export[lang]}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <AntRow gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card variant="borderless" size="small" title={t('countReport.byStore')}>
            <Chart option={storesOption} height={300} testId="chart-count-accuracy" />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card variant="borderless" size="small" title={t('countReport.weekly')}>
            <Chart option={weeksOption} height={300} testId="chart-count-weeks" />
          </Card>
        </Col>
        <Col xs={24}>
          <Card variant="borderless" size="small" title={t('countReport.weeklyAccuracy')}>
            <Chart option={weeklyAccuracyOption} height={260} testId="chart-count-week-accuracy" />
          </Card>
        </Col>
      </AntRow>
      <Card variant="borderless" size="small" title={t('countReport.counts')}>
        <Table
          size="small"
          rowKey={(r) => String(r.id)}
          loading={report.isLoading}
          dataSource={data?.counts ?? []}
          locale={{ emptyText: t('countReport.empty') }}
          pagination={{ pageSize: 10, size: 'small', showSizeChanger: false }}
          scroll={{ x: 1230 }}
          data-testid="report-counts"
          columns={titledColumns<TableColumnsType<Row>[number]>([
            {
              title: col('code'),
              dataIndex: 'code',
              width: 150,
              render: (v) => <span style={{ fontFamily: 'monospace' }}>{String(v)}</span>,
            },
            { title: col('siteName'), dataIndex: 'siteName', width: 150, ellipsis: true },
            {
              title: col('finishedAt'),
              dataIndex: 'finishedAt',
              width: 150,
              render: (v) => (v ? dayjs(String(v)).format('YYYY-MM-DD HH:mm') : '-'),
            },
            ...figures('accuracySku', 'accuracySmape', 'accuracyUnit'),
            { ...num('durationS', 100), render: (v: unknown) => `${Math.round(n(v) / 60)} min` },
            num('itemsPerHour', 90),
          ])}
        />
      </Card>
      {grouped('stores', 'siteId', data?.stores, { title: col('siteName'), dataIndex: 'siteName', width: 150, ellipsis: true }, 1250, [
        num('itemsPerHour', 90),
        { title: col('osa'), dataIndex: 'osa', width: 200, align: 'right' as const, render: (v: unknown) => pct(v) },
      ])}
      {grouped('categories', 'category', data?.categories, { title: col('category'), dataIndex: 'category', width: 140 }, 950)}
    </Space>
  );
}
