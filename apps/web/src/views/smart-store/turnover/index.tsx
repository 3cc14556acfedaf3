/**
 * smart-store/turnover: how trying turns into buying — the funnel garments brought in → tried →
 * bought (and bought in another size), its conversions beside the industry's figures, then the
 * conversion of each store and of each category (the goods' big type), charted and tabled. A
 * store's user sees its own store.
 */
import type {
  FittingReportQuery,
  FittingTurnoverCategoryRow,
  FittingTurnoverReport,
  FittingTurnoverStoreRow,
} from '@tagloom/domain/resources/smart-store/report-wire.ts';
import { Alert, Card, Col, Row, Statistic, Table, type TableColumnsType, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/Chart';
import { titledColumns } from '../../../components/resource/layout';
import { FittingReportPage } from '../_reports/FittingReportPage';
import { figureColumns, num, pct, pctValue } from '../_reports/format';

type Funnel = FittingTurnoverCategoryRow;

export default function FittingTurnoverPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const c = (k: string) => t(`fittingReports.col.${k}`);
  const figures = <R extends Funnel | FittingTurnoverStoreRow>(): TableColumnsType<R> => [
    ...figureColumns<R>(['items', 'tries', 'bought', 'triedNotBought', 'swapped'], c, num, 100),
    ...figureColumns<R>(['itemConversion', 'sizeSwapRate'], c, pct, 110),
  ];
  return (
    <FittingReportPage<FittingReportQuery, FittingTurnoverReport>
      code="smart-store/turnover"
      testId="fitting-turnover"
      initial={{}}
      has={(a) => a.rows.length > 0}
      empty={(a) => t('fittingReports.empty', { from: a.from, to: a.to })}
    >
      {(a) => {
        const f = a.funnel;
        const stores: TableColumnsType<FittingTurnoverStoreRow> = [
          { key: 'store', title: c('store'), width: 170, fixed: 'left', render: (_, r) => `${r.storeName} (${r.storeCode})` },
          { key: 'sessions', dataIndex: 'sessions', title: c('sessions'), width: 100, align: 'right', render: (v: number) => num(v) },
          {
            key: 'sessionConversion',
            dataIndex: 'sessionConversion',
            title: c('sessionConversion'),
            width: 110,
            align: 'right',
            render: (v: number | null) => pct(v),
          },
          ...figures<FittingTurnoverStoreRow>(),
        ];
        const categories: TableColumnsType<Funnel> = [
          {
            key: 'category',
            dataIndex: 'category',
            title: c('category'),
            width: 140,
            fixed: 'left',
            render: (v: string) => v || t('fittingReports.noCategory'),
          },
          ...figures<Funnel>(),
        ];
        const conv = (rows: { itemConversion: number | null; sessionConversion?: number | null }[]) => ({
          item: rows.map((r) => pctValue(r.itemConversion)),
          session: rows.map((r) => pctValue(r.sessionConversion ?? null)),
        });
        const byStore = conv(a.rows);
        return (
          <>
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('fittingReports.context')} data-testid="fitting-context" />
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={12}>
                <Card title={t('fittingReports.funnel')} variant="borderless" size="small">
                  <Chart
                    testId="chart-fitting-funnel"
                    height={260}
                    option={{
                      tooltip: { trigger: 'item' },
                      series: [
                        {
                          name: t('fittingReports.funnel'),
                          type: 'funnel',
                          sort: 'none',
                          left: '10%',
                          width: '80%',
                          minSize: '20%',
                          label: { position: 'inside', formatter: '{b}: {c}', color: token.colorTextLightSolid },
                          data: [
                            { name: c('items'), value: f.items, itemStyle: { color: token.colorPrimaryBorder } },
                            { name: c('tries'), value: f.tries, itemStyle: { color: token.colorPrimary } },
                            { name: c('bought'), value: f.bought, itemStyle: { color: token.colorSuccess } },
                          ],
                        },
                      ],
                    }}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={12}>
                <Card variant="borderless" size="small" title={t('fittingReports.kpis')}>
                  <Row gutter={[16, 16]}>
                    {(
                      [
                        ['itemConversion', f.itemConversion],
                        ['sessionConversion', f.sessionConversion],
                        ['sizeSwapRate', f.sizeSwapRate],
                      ] as const
                    ).map(([k, v]) => (
                      <Col xs={12} md={8} key={k}>
                        <Statistic title={c(k)} value={v == null ? '-' : (pctValue(v) ?? 0)} suffix={v == null ? undefined : '%'} />
                      </Col>
                    ))}
                    <Col xs={12} md={8}>
                      <Statistic title={c('swapped')} value={f.swapped} />
                    </Col>
                    <Col xs={12} md={8}>
                      <Statistic title={c('triedNotBought')} value={f.triedNotBought} />
                    </Col>
                    <Col xs={12} md={8}>
                      <Statistic title={c('sessions')} value={f.sessions} />
                    </Col>
                  </Row>
                </Card>
              </Col>
              <Col xs={24}>
                <Card title={t('fittingReports.byStore')} variant="borderless" size="small">
                  <Chart
                    testId="chart-fitting-stores"
                    option={{
                      tooltip: { trigger: 'axis' },
                      legend: { top: 0, type: 'scroll' },
                      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
                      xAxis: { type: 'category', data: a.rows.map((r) => r.storeName || r.storeCode), name: c('store') },
                      yAxis: { type: 'value', max: 100, name: t('fittingReports.axis.percent'), nameTextStyle: { align: 'left' } },
                      series: [
                        { name: c('itemConversion'), type: 'bar', itemStyle: { color: token.colorPrimary }, data: byStore.item },
                        { name: c('sessionConversion'), type: 'bar', itemStyle: { color: token.colorSuccess }, data: byStore.session },
                      ],
                    }}
                  />
                </Card>
              </Col>
            </Row>
            <Table<FittingTurnoverStoreRow>
              style={{ marginTop: 16 }}
              size="small"
              title={() => t('fittingReports.byStore')}
              rowKey="storeId"
              columns={titledColumns(stores)}
              dataSource={a.rows}
              pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              data-testid="fitting-turnover-stores"
            />
            <Table<Funnel>
              style={{ marginTop: 16 }}
              size="small"
              title={() => t('fittingReports.byCategory')}
              rowKey="category"
              columns={titledColumns(categories)}
              dataSource={a.categories}
              pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              data-testid="fitting-turnover-categories"
            />
          </>
        );
      }}
    </FittingReportPage>
  );
}
