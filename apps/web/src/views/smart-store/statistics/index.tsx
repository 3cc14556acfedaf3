/**
 * smart-store/statistics: each store's fitting rooms over the range — sessions a day, average
 * dwell, garments a session, cabin occupancy (time the cabins were busy over their opening time)
 * and conversions; a chart of sessions a day and occupancy per store, and the table. A store's
 * user sees its own store.
 */
import type {
  FittingReportQuery,
  FittingStatisticsReport,
  FittingStatisticsRow,
} from '@tagloom/domain/resources/smart-store/report-wire.ts';
import { Card, Table, type TableColumnsType, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/Chart';
import { titledColumns } from '../../../components/resource/layout';
import { FittingReportPage } from '../_reports/FittingReportPage';
import { figureColumns, num, pct, pctValue } from '../_reports/format';

export default function FittingStatisticsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const c = (k: string) => t(`fittingReports.col.${k}`);
  const columns: TableColumnsType<FittingStatisticsRow> = [
    { key: 'store', title: c('store'), width: 170, fixed: 'left', render: (_, r) => `${r.storeName} (${r.storeCode})` },
    ...figureColumns<FittingStatisticsRow>(['days', 'sessions', 'sessionsPerDay', 'avgDwellS', 'itemsPerSession'], c, num, 100),
    ...figureColumns<FittingStatisticsRow>(['occupancy', 'itemConversion', 'sessionConversion'], c, pct, 110),
  ];
  return (
    <FittingReportPage<FittingReportQuery, FittingStatisticsReport>
      code="smart-store/statistics"
      testId="fitting-statistics"
      initial={{}}
      has={(a) => a.rows.length > 0}
      empty={(a) => t('fittingReports.empty', { from: a.from, to: a.to })}
    >
      {(a) => (
        <>
          <Card title={t('fittingReports.loadChart')} variant="borderless" size="small">
            <Chart
              testId="chart-fitting-load"
              option={{
                tooltip: { trigger: 'axis' },
                // one line however narrow (a wrapped legend would run into the axes' names)
                legend: { top: 0, type: 'scroll' },
                grid: { left: 8, right: 8, top: 48, bottom: 8, containLabel: true },
                xAxis: { type: 'category', data: a.rows.map((r) => r.storeName || r.storeCode) },
                yAxis: [
                  { type: 'value', name: c('sessionsPerDay'), nameTextStyle: { align: 'left' } },
                  { type: 'value', name: t('fittingReports.axis.percent'), nameTextStyle: { align: 'right' }, splitLine: { show: false } },
                ],
                series: [
                  {
                    name: c('sessionsPerDay'),
                    type: 'bar',
                    itemStyle: { color: token.colorPrimary },
                    data: a.rows.map((r) => r.sessionsPerDay),
                  },
                  {
                    name: c('occupancy'),
                    type: 'line',
                    yAxisIndex: 1,
                    itemStyle: { color: token.colorWarning },
                    data: a.rows.map((r) => pctValue(r.occupancy)),
                  },
                  {
                    name: c('sessionConversion'),
                    type: 'line',
                    yAxisIndex: 1,
                    itemStyle: { color: token.colorSuccess },
                    data: a.rows.map((r) => pctValue(r.sessionConversion)),
                  },
                ],
              }}
            />
          </Card>
          <Table<FittingStatisticsRow>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="storeId"
            columns={titledColumns(columns)}
            dataSource={a.rows}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            data-testid="fitting-statistics-table"
          />
        </>
      )}
    </FittingReportPage>
  );
}
