/**
 * store/inventory → Refill: the store's on-shelf availability of its last 28 days, each day the mean
 * of its hourly samples (GET /store/refill/osa), against the last sample's options full on the floor.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { Chart, type ChartOption } from '../../../components/Chart';

interface OsaDay {
  day: string;
  osa: number;
  samples: number;
  options: number;
  full: number;
}

const DAYS = 28;

export function OsaTrend({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const days = useQuery({
    queryKey: ['store', 'refill', siteId, 'osa'],
    queryFn: () => fetchData<OsaDay[]>('/store/refill/osa', { params: { siteId, days: DAYS } }),
  });
  const list = days.data ?? [];
  const option = useMemo<ChartOption>(() => {
    // the axis from a round figure below the lowest day to 100, in steps of 10 (or 20 over a wide range)
    const lowest = Math.min(100, ...list.map((d) => d.osa));
    const step = 100 - Math.floor(lowest / 10) * 10 > 50 ? 20 : 10;
    const min = Math.max(0, (Math.ceil(lowest / step) - 1) * step);
    return {
      tooltip: {
        trigger: 'axis',
        formatter: (ps: { dataIndex: number }[]) => {
          const d = list[ps[0]?.dataIndex ?? -1];
          if (!d) return '';
          return [
            `<b>${d.day}</b>`,
            `${t('stockView.refill.trendDay')}: ${d.osa.toFixed(1)} %`,
            t('stockView.refill.trendSamples', { n: d.samples }),
            t('stockView.refill.trendFull', { full: d.full, options: d.options }),
          ].join('<br/>');
        },
      },
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: list.map((d) => d.day.slice(5)), boundaryGap: false },
      yAxis: { type: 'value', name: t('stockView.refill.trendAxis'), nameTextStyle: { align: 'left' }, min, max: 100, interval: step },
      series: [
        {
          name: t('stockView.refill.trendDay'),
          type: 'line',
          smooth: true,
          symbolSize: 5,
          itemStyle: { color: token.colorPrimary },
          areaStyle: { color: token.colorPrimaryBg },
          data: list.map((d) => d.osa),
        },
      ],
    };
  }, [list, t, token.colorPrimary, token.colorPrimaryBg]);
  return (
    <Card size="small" title={t('stockView.refill.trend')} data-testid="osa-trend">
      {days.isSuccess && !list.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stockView.refill.trendNone')} />
      ) : (
        <Chart option={option} height={220} testId="chart-osa-trend" />
      )}
    </Card>
  );
}
