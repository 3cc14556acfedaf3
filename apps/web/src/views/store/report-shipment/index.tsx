/**
 * store/report-shipment: what each site shipped, per week or month and bill type — bills, cartons
 * and pieces shipped, received and their difference (finished receipts), bills still in transit and
 * their age (p50 / p90 hours); charts of shipped vs received pieces by week and of the bills in
 * transit by age. A store's clerk sees its store's bills, a warehouse's keeper its warehouse's.
 */
import type { ShipmentReport, ShipmentReportRow } from '@tagloom/domain/resources/store/report-wire.ts';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/Chart';
import { EnumValue } from '../../../components/resource/field-render';
import { ChartCard, num, ReportPage } from '../_reports/ReportPage';

const BUCKETS = ['0-24', '24-48', '48-72', '72-168', '168+'];

export default function ShipmentReportPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const c = (k: string) => t(`storeReports.col.${k}`);
  return (
    <ReportPage<ShipmentReport>
      code="store/report-shipment"
      testId="report-shipment"
      pickers={[{ key: 'siteId', label: t('storeReports.sender'), options: (a) => a.sites }]}
      rowKey={(r: ShipmentReportRow) => `${r.period}|${r.siteId}|${r.kind}`}
      empty={(a, f) => t(f.siteId ? 'storeReports.emptyShipmentSite' : 'storeReports.emptyShipment', { from: a.from, to: a.to })}
      charts={(a) => (
        <>
          <ChartCard title={t('storeReports.shippedVsReceived')}>
            <Chart
              testId="chart-shipped-received"
              option={{
                tooltip: { trigger: 'axis' },
                legend: { top: 0 },
                grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
                xAxis: {
                  type: 'category',
                  data: a.weekly.map((w) => w.week.slice(5)),
                },
                yAxis: { type: 'value', minInterval: 1, name: t('storeReports.pieces'), nameTextStyle: { align: 'left' } },
                series: [
                  { name: c('piecesShipped'), type: 'bar', itemStyle: { color: token.colorPrimary }, data: a.weekly.map((w) => w.shipped) },
                  {
                    name: c('piecesReceived'),
                    type: 'bar',
                    itemStyle: { color: token.colorSuccess },
                    data: a.weekly.map((w) => w.received),
                  },
                ],
              }}
            />
          </ChartCard>
          <ChartCard title={t('storeReports.ageing')}>
            <Chart
              testId="chart-ageing"
              option={{
                tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
                grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
                xAxis: {
                  type: 'category',
                  data: BUCKETS.map((b) => t(`storeReports.age.${b}`)),
                },
                yAxis: { type: 'value', minInterval: 1, name: c('inTransit'), nameTextStyle: { align: 'left' } },
                series: [
                  {
                    name: c('inTransit'),
                    type: 'bar',
                    itemStyle: { color: token.colorWarning },
                    data: BUCKETS.map((b) => a.ageing.find((x) => x.bucket === b)?.bills ?? 0),
                  },
                ],
              }}
            />
          </ChartCard>
        </>
      )}
      columns={[
        { key: 'period', dataIndex: 'period', title: c('period'), width: 110, fixed: 'left' },
        { key: 'site', title: c('site'), width: 150, render: (_, r) => `${r.siteName} (${r.siteCode})` },
        { key: 'kind', dataIndex: 'kind', title: c('kind'), width: 110, render: (v) => <EnumValue enumName="BillKind" value={v} /> },
        ...(
          [
            'bills',
            'cartonsShipped',
            'cartonsReceived',
            'cartonsDiff',
            'piecesShipped',
            'piecesReceived',
            'piecesDiff',
            'inTransit',
            'transitP50H',
            'transitP90H',
          ] as const
        ).map((k) => ({ key: k, dataIndex: k, title: c(k), align: 'right' as const, width: 110, render: (v: number | null) => num(v) })),
      ]}
    />
  );
}
