/**
 * smart-store/trend: per day or week, the sessions and try-ons (bars) and the item and session
 * conversion (lines); the cabins' load as a heat map of sessions by weekday and hour of their
 * start; the table of the periods. A store's user sees its own store.
 */
import type {
  FittingTrendPeriod,
  FittingTrendQuery,
  FittingTrendReport,
  FittingTrendRow,
} from '@tagloom/domain/resources/smart-store/report-wire.ts';
import { Card, Col, Row, Segmented, Table, type TableColumnsType, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/Chart';
import { titledColumns } from '../../../components/resource/layout';
import { FittingReportPage } from '../_reports/FittingReportPage';
import { figureColumns, num, pct, pctValue } from '../_reports/format';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

export default function FittingTrendPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const c = (k: string) => t(`fittingReports.col.${k}`);
  return (
    <FittingReportPage<FittingTrendQuery, FittingTrendReport>
      code="smart-store/trend"
      testId="fitting-trend"
      initial={{ period: 'day' }}
      filters={(q, set) => (
        <Segmented<FittingTrendPeriod>
          value={q.period}
          onChange={(period) => set({ period })}
          options={[
            { value: 'day', label: t('fittingReports.day') },
            { value: 'week', label: t('fittingReports.week') },
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
          data-testid="fitting-trend-period"
        />
      )}
      has={(a) => a.rows.length > 0}
      empty={(a) => t('fittingReports.empty', { from: a.from, to: a.to })}
    >
      {(a) => {
        const x = a.rows.map((r) => (a.period === 'week' ? t('fittingReports.weekOf', { day: r.period.slice(5) }) : r.period.slice(5)));
        const max = Math.max(1, ...a.heat.map((h) => h.sessions));
        const columns: TableColumnsType<FittingTrendRow> = [
          { key: 'period', dataIndex: 'period', title: c('period'), width: 110, fixed: 'left' },
          ...figureColumns<FittingTrendRow>(['sessions', 'items', 'tries', 'bought', 'sessionsBought'], c, num, 100),
          ...figureColumns<FittingTrendRow>(['itemConversion', 'sessionConversion'], c, pct, 110),
          {
            key: 'avgDwellS',
            dataIndex: 'avgDwellS',
            title: c('avgDwellS'),
            width: 110,
            align: 'right',
            render: (v: number | null) => num(v),
          },
        ];
        return (
          <>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <Card title={t('fittingReports.trendChart')} variant="borderless" size="small">
                  <Chart
                    testId="chart-fitting-trend"
                    option={{
                      tooltip: { trigger: 'axis' },
                      legend: { top: 0, type: 'scroll' },
                      grid: { left: 8, right: 8, top: 48, bottom: 28, containLabel: true },
                      xAxis: { type: 'category', data: x, name: t(`fittingReports.${a.period}`), nameLocation: 'middle', nameGap: 28 },
                      yAxis: [
                        { type: 'value', minInterval: 1, name: t('fittingReports.axis.count'), nameTextStyle: { align: 'left' } },
                        {
                          type: 'value',
                          max: 100,
                          name: t('fittingReports.axis.percent'),
                          nameTextStyle: { align: 'right' },
                          splitLine: { show: false },
                        },
                      ],
                      series: [
                        { name: c('sessions'), type: 'bar', itemStyle: { color: token.colorPrimary }, data: a.rows.map((r) => r.sessions) },
                        { name: c('tries'), type: 'bar', itemStyle: { color: token.colorInfoBorder }, data: a.rows.map((r) => r.tries) },
                        {
                          name: c('itemConversion'),
                          type: 'line',
                          yAxisIndex: 1,
                          connectNulls: true,
                          itemStyle: { color: token.colorSuccess },
                          data: a.rows.map((r) => pctValue(r.itemConversion)),
                        },
                        {
                          name: c('sessionConversion'),
                          type: 'line',
                          yAxisIndex: 1,
                          connectNulls: true,
                          itemStyle: { color: token.colorWarning },
                          data: a.rows.map((r) => pctValue(r.sessionConversion)),
                        },
                      ],
                    }}
                  />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card title={t('fittingReports.heatChart')} variant="borderless" size="small">
                  <Chart
                    testId="chart-fitting-heat"
                    option={{
                      tooltip: { position: 'top' },
                      grid: { left: 8, right: 8, top: 28, bottom: 72, containLabel: true },
                      xAxis: {
                        type: 'category',
                        data: HOURS.map((h) => `${h}`),
                        name: t('fittingReports.axis.hour'),
                        nameLocation: 'middle',
                        nameGap: 24,
                        splitArea: { show: true },
                      },
                      yAxis: {
                        type: 'category',
                        data: WEEKDAYS.map((d) => t(`fittingReports.weekday.${d}`)),
                        name: t('fittingReports.axis.weekday'),
                        nameLocation: 'start',
                        inverse: true,
                        splitArea: { show: true },
                      },
                      visualMap: {
                        min: 0,
                        max,
                        calculable: true,
                        orient: 'horizontal',
                        left: 'center',
                        bottom: 0,
                        itemHeight: 120,
                        inRange: { color: [token.colorBgContainer, token.colorPrimaryBorder, token.colorPrimary] },
                      },
                      series: [
                        {
                          name: c('sessions'),
                          type: 'heatmap',
                          data: a.heat.map((h) => [h.hour, h.weekday - 1, h.sessions]),
                          emphasis: { itemStyle: { borderColor: token.colorText, borderWidth: 1 } },
                        },
                      ],
                    }}
                  />
                </Card>
              </Col>
            </Row>
            <Table<FittingTrendRow>
              style={{ marginTop: 16 }}
              size="small"
              rowKey="period"
              columns={titledColumns(columns)}
              dataSource={a.rows}
              pagination={{ pageSize: 31, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              data-testid="fitting-trend-table"
            />
          </>
        );
      }}
    </FittingReportPage>
  );
}
