/**
 * store/report-take-delivery: what the stores received, per week or month, sender and store —
 * pieces should / real / difference, the difference ratio, the share of checked cartons that
 * matched, the receiving time; the chart of shipment reliability (% of checked cartons matched) per
 * sender and week (operations.md §9). A store's clerk sees its store's receipts, a warehouse's keeper
 * those of the bills its warehouse sent.
 */
import type { TakeDeliveryReport, TakeDeliveryReportRow } from '@tagloom/domain/resources/store/report-wire.ts';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/Chart';
import { ChartCard, num, ReportPage } from '../_reports/ReportPage';

/** Senders drawn at most (the busiest); the table has them all. */
const MAX_SENDERS = 8;

export default function TakeDeliveryReportPage() {
  const { t } = useTranslation();
  const c = (k: string) => t(`storeReports.col.${k}`);
  return (
    <ReportPage<TakeDeliveryReport>
      code="store/report-take-delivery"
      testId="report-take-delivery"
      pickers={[
        { key: 'siteId', label: t('storeReports.store'), options: (a) => a.stores },
        { key: 'senderId', label: t('storeReports.sender'), options: (a) => a.senders },
      ]}
      rowKey={(r: TakeDeliveryReportRow) => `${r.period}|${r.senderId}|${r.storeId}`}
      empty={(a, f) =>
        t(f.siteId || f.senderId ? 'storeReports.emptyTakeDeliverySite' : 'storeReports.emptyTakeDelivery', { from: a.from, to: a.to })
      }
      charts={(a) => {
        const weeks = [...new Set(a.reliability.map((r) => r.week))].sort();
        const bills = new Map<number, number>();
        for (const r of a.rows) bills.set(r.senderId, (bills.get(r.senderId) ?? 0) + r.bills);
        const senders = [...bills.entries()]
          .sort((x, y) => y[1] - x[1])
          .slice(0, MAX_SENDERS)
          .map(([id]) => id);
        return (
          <ChartCard wide title={t('storeReports.reliability')}>
            <Chart
              testId="chart-reliability"
              height={320}
              option={{
                tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (v == null ? '-' : `${v} %`) },
                legend: { top: 0, type: 'scroll' },
                grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
                xAxis: {
                  type: 'category',
                  data: weeks.map((w) => w.slice(5)),
                },
                yAxis: {
                  type: 'value',
                  min: (v: { min: number }) => Math.max(0, Math.floor(v.min / 10) * 10),
                  max: 100,
                  name: t('storeReports.matchedAxis'),
                  nameTextStyle: { align: 'left' },
                },
                series: senders.map((id) => ({
                  name: a.senders.find((s) => s.id === id)?.name ?? String(id),
                  type: 'line',
                  connectNulls: true,
                  data: weeks.map((w) => a.reliability.find((r) => r.senderId === id && r.week === w)?.matchedPct ?? null),
                })),
              }}
            />
          </ChartCard>
        );
      }}
      columns={[
        { key: 'period', dataIndex: 'period', title: c('period'), width: 110, fixed: 'left' },
        { key: 'sender', title: c('sender'), width: 150, render: (_, r) => `${r.senderName} (${r.senderCode})` },
        { key: 'store', title: c('store'), width: 150, render: (_, r) => `${r.storeName} (${r.storeCode})` },
        ...(['bills', 'piecesShould', 'piecesReal', 'piecesDiff', 'diffRatio', 'cartonsChecked', 'matchedPct', 'receivingH'] as const).map(
          (k) => ({
            key: k,
            dataIndex: k,
            title: c(k),
            align: 'right' as const,
            width: 110,
            render: (v: number | null) => num(v),
          }),
        ),
      ]}
    />
  );
}
