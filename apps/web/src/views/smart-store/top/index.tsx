/**
 * smart-store/top: the styles (or SKUs) tried most, tried and left most (a fit or quality
 * problem), or converting best among those tried at least a minimum of times — a bar chart of the
 * ranking's measure and the table: style number, name, SKU barcode (SKU level), sessions, try-ons,
 * bought, tried not bought, conversion. A store's user sees its own store.
 */
import type {
  FittingTopBy,
  FittingTopLevel,
  FittingTopQuery,
  FittingTopReport,
  FittingTopRow,
} from '@tagloom/domain/resources/smart-store/report-wire.ts';
import { Card, InputNumber, Segmented, Select, Table, type TableColumnsType, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/Chart';
import { titledColumns } from '../../../components/resource/layout';
import { FittingReportPage } from '../_reports/FittingReportPage';
import { figureColumns, num, pct, pctValue } from '../_reports/format';

const BY: readonly FittingTopBy[] = ['tries', 'triedNotBought', 'conversion'];

export default function FittingTopPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const c = (k: string) => t(`fittingReports.col.${k}`);
  const label = (r: FittingTopRow) => (r.skuId == null ? r.styleNumber : `${r.skuBarcode}`);
  return (
    <FittingReportPage<FittingTopQuery, FittingTopReport>
      code="smart-store/top"
      testId="fitting-top"
      initial={{ by: 'tries', level: 'style', n: 20, minTries: 20 }}
      filters={(q, set) => (
        <>
          <Segmented<FittingTopBy>
            value={q.by}
            onChange={(by) => set({ by })}
            options={BY.map((b) => ({ value: b, label: t(`fittingReports.by.${b}`) }))}
            style={{ maxWidth: '100%', overflowX: 'auto' }}
            data-testid="fitting-top-by"
          />
          <Segmented<FittingTopLevel>
            value={q.level}
            onChange={(level) => set({ level })}
            options={[
              { value: 'style', label: t('fittingReports.level.style') },
              { value: 'sku', label: t('fittingReports.level.sku') },
            ]}
            data-testid="fitting-top-level"
          />
          <Select<number>
            value={q.n}
            onChange={(n) => set({ n })}
            style={{ width: 110 }}
            aria-label={t('fittingReports.topN')}
            options={[10, 20, 50, 100].map((n) => ({ value: n, label: t('fittingReports.topNOption', { n }) }))}
            data-testid="fitting-top-n"
          />
          {q.by === 'conversion' && (
            <InputNumber<number>
              min={0}
              max={100000}
              precision={0}
              value={q.minTries}
              onChange={(v) => set({ minTries: v ?? 0 })}
              addonBefore={t('fittingReports.minTries')}
              style={{ width: 200 }}
              data-testid="fitting-top-min"
            />
          )}
        </>
      )}
      has={(a) => a.rows.length > 0}
      empty={(a, q) =>
        q.by === 'conversion'
          ? t('fittingReports.emptyConversion', { from: a.from, to: a.to, min: a.minTries })
          : t('fittingReports.empty', { from: a.from, to: a.to })
      }
    >
      {(a) => {
        const measure = (r: FittingTopRow) =>
          a.by === 'tries' ? r.tries : a.by === 'triedNotBought' ? r.triedNotBought : pctValue(r.conversion);
        const shown = [...a.rows].reverse();
        const columns: TableColumnsType<FittingTopRow> = [
          { key: 'rank', dataIndex: 'rank', title: c('rank'), width: 64, align: 'right', fixed: 'left' },
          { key: 'styleNumber', dataIndex: 'styleNumber', title: c('styleNumber'), width: 120 },
          { key: 'goodsName', dataIndex: 'goodsName', title: c('goodsName'), width: 180, ellipsis: true },
          ...(a.level === 'sku'
            ? [
                { key: 'skuBarcode', dataIndex: 'skuBarcode', title: c('skuBarcode'), width: 150 },
                {
                  key: 'variant',
                  title: c('variant'),
                  width: 110,
                  render: (_: unknown, r: FittingTopRow) => [r.colour, r.size].filter(Boolean).join(' / '),
                },
              ]
            : []),
          ...figureColumns<FittingTopRow>(['sessions', 'tries', 'bought', 'triedNotBought'], c, num, 100),
          {
            key: 'conversion',
            dataIndex: 'conversion',
            title: c('conversion'),
            width: 100,
            align: 'right',
            render: (v: number | null) => pct(v),
          },
        ];
        return (
          <>
            <Card title={t(`fittingReports.topChart.${a.by}`)} variant="borderless" size="small">
              <Chart
                testId="chart-fitting-top"
                height={Math.max(240, 28 * shown.length + 60)}
                option={{
                  tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
                  grid: { left: 8, right: 24, top: 32, bottom: 32, containLabel: true },
                  xAxis: {
                    type: 'value',
                    name: t(`fittingReports.axis.${a.by}`),
                    nameLocation: 'middle',
                    nameGap: 28,
                    minInterval: a.by === 'conversion' ? undefined : 1,
                    max: a.by === 'conversion' ? 100 : undefined,
                  },
                  yAxis: {
                    type: 'category',
                    name: t(`fittingReports.level.${a.level}`),
                    data: shown.map(label),
                    axisLabel: { width: 110, overflow: 'truncate' },
                  },
                  series: [
                    {
                      name: t(`fittingReports.axis.${a.by}`),
                      type: 'bar',
                      itemStyle: { color: a.by === 'triedNotBought' ? token.colorWarning : token.colorPrimary },
                      data: shown.map(measure),
                    },
                  ],
                }}
              />
            </Card>
            <Table<FittingTopRow>
              style={{ marginTop: 16 }}
              size="small"
              rowKey={(r) => `${r.styleId}|${r.skuId ?? ''}`}
              columns={titledColumns(columns)}
              dataSource={a.rows}
              pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              data-testid="fitting-top-table"
            />
          </>
        );
      }}
    </FittingReportPage>
  );
}
