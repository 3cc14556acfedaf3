/** Admin dashboard: live counts from the server and charts. */
import {
  DatabaseOutlined,
  LoginOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic, theme } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../app/i18n';
import { afterFirstScreen } from '../../../app/prefetch';
import { Chart, type ChartOption } from '../../../components/Chart';
import { KpiStrip } from './KpiStrip';
import { summaryQuery } from './prefetch';
import { OperatorPanelCard, type SiteReads } from './RfidCards';
import { useRfidWidgets } from './rfid-live';
import './rfid.css';

export interface AdminSummary {
  scope: 'platform' | 'tenant';
  tenants: number;
  users: number;
  activeSessions: number;
  loginsToday: number;
  operationsToday: number;
  /** tags registered by the label orders in view */
  tags: number;
  readersOnline: number;
  /** label orders in view by LabelOrderStatus value (only the statuses some order holds) */
  ordersByStatus: { status: number; count: number }[];
  loginsPerDay: { day: string; count: number }[];
  /** the RFID side as the session sees it (a store's or warehouse's user: its site) */
  rfid: {
    readsToday: number;
    lastReadAt: string | null;
    devices: { kind: 'reader' | 'handheld' | 'printer' | 'other'; online: number; offline: number; unregistered: number }[];
    tagsByState: { state: 'present' | 'departed' | 'sold' | 'unplaced'; count: number }[];
    exceptionsByKind: { kind: number; count: number }[];
    sites: SiteReads[];
  };
}

function Kpi({ title, value, icon, color, testId }: { title: string; value: number; icon: ReactNode; color: string; testId: string }) {
  return (
    <Card variant="borderless" styles={{ body: { padding: 20 } }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <div style={{ fontSize: 30, color, background: `${color}1a`, borderRadius: 8, padding: '8px 12px', lineHeight: 1 }}>{icon}</div>
        <Statistic title={title} value={value} data-testid={testId} />
      </div>
    </Card>
  );
}

export default function AdminDashboard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lang = currentLang();
  const { data, isLoading } = useQuery({ ...summaryQuery(), refetchInterval: 60_000 });
  const rfid = useRfidWidgets();
  // the figures are on screen (or the call failed): what the next screens need may load now
  useEffect(() => {
    if (!isLoading) afterFirstScreen();
  }, [isLoading]);

  const loginsOption = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 20, top: 36, bottom: 30 },
      xAxis: { type: 'category', data: data?.loginsPerDay.map((d) => d.day.slice(5)) ?? [], boundaryGap: false },
      yAxis: { type: 'value', minInterval: 1, name: t('dashboard.rfid.loginsAxis'), nameGap: 10, nameTextStyle: { align: 'left' } },
      series: [
        {
          name: t('dashboard.logins'),
          type: 'line',
          areaStyle: { opacity: 0.15 },
          itemStyle: { color: token.colorPrimary },
          data: data?.loginsPerDay.map((d) => d.count) ?? [],
        },
      ],
    }),
    [data, t, token.colorPrimary],
  );

  // one bar per state some order holds, in the order's life order (top to bottom): readable at any width
  const ordersOption = useMemo<ChartOption>(() => {
    const options = ENUMS.LabelOrderStatus ?? [];
    const states = [...(data?.ordersByStatus ?? [])].reverse();
    const nameOf = (status: number) => options.find((o) => Number(o.value) === status)?.label[lang] ?? String(status);
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 36, top: 24, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1, show: states.length > 0, name: t('dashboard.rfid.ordersAxis'), nameGap: 6 },
      yAxis: { type: 'category', data: states.map((s) => nameOf(s.status)), axisTick: { show: false } },
      series: [
        {
          name: t('dashboard.kpi.orders'),
          type: 'bar',
          barMaxWidth: 18,
          itemStyle: { color: token.colorPrimary, borderRadius: [0, 4, 4, 0] },
          label: { show: true, position: 'right' },
          data: states.map((s) => s.count),
        },
      ],
      title: states.length
        ? undefined
        : { text: t('dashboard.noData'), left: 'center', top: '38%', textStyle: { color: '#bfbfbf', fontSize: 14, fontWeight: 'normal' } },
    };
  }, [data, t, lang, token.colorPrimary]);

  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const kpis = [
    ...(data.scope === 'platform' ? [{ key: 'tenants', icon: <ShopOutlined />, color: '#40c9c6', value: data.tenants }] : []),
    { key: 'users', icon: <TeamOutlined />, color: '#36a3f7', value: data.users },
    { key: 'activeSessions', icon: <UserOutlined />, color: '#f4516c', value: data.activeSessions },
    { key: 'loginsToday', icon: <LoginOutlined />, color: '#34bfa3', value: data.loginsToday },
    { key: 'operationsToday', icon: <ThunderboltOutlined />, color: '#9c6ade', value: data.operationsToday },
    { key: 'tags', icon: <TagsOutlined />, color: '#faad14', value: data.tags },
    { key: 'orders', icon: <DatabaseOutlined />, color: '#fa8c16', value: data.ordersByStatus.reduce((a, s) => a + s.count, 0) },
  ];
  // today's reads follow the live stream where there is one (a tenant's dashboard)
  const readsToday = rfid.counters && data.scope === 'tenant' ? rfid.counters.readsToday : data.rfid.readsToday;
  return (
    <div data-testid="dashboard-admin">
      {/* what an operator opens the dashboard for, above the fold; then what needs a look; then the rest */}
      <KpiStrip data={data} readsToday={readsToday} live={rfid.counters && data.scope === 'tenant' ? rfid.live : undefined} />
      {rfid.operator && <OperatorPanelCard panel={rfid.operator} noReads={readsToday === 0} sites={data.rfid.sites} />}
      <Row gutter={[16, 16]}>
        {kpis.map((k) => (
          <Col key={k.key} xs={24} sm={12} lg={6}>
            <Kpi title={t(`dashboard.kpi.${k.key}`)} value={k.value} icon={k.icon} color={k.color} testId={`kpi-${k.key}`} />
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={16}>
          <Card title={t('dashboard.loginsPerDay')} variant="borderless">
            <Chart option={loginsOption} testId="chart-logins" />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('dashboard.ordersByState')} variant="borderless">
            <Chart option={ordersOption} testId="chart-orders" />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
