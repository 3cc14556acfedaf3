/** The RFID cards of the admin dashboard: live counters and the operator's panel. */
import {
  ApiOutlined,
  CloudSyncOutlined,
  DisconnectOutlined,
  QuestionCircleOutlined,
  ScanOutlined,
  StopOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { Badge, Card, Col, List, Row, Statistic, Tag, Tooltip, theme } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../../components/Chart';
import type { StreamState } from '../../rfid/raw-data/sse';
import type { OperatorPanel, RfidCounters } from './rfid-live';

dayjs.extend(relativeTime);

const STATE_COLORS: Record<string, string> = { present: '#52c41a', departed: '#faad14', sold: '#1677ff', unplaced: '#bfbfbf' };
const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');

export function RfidCounterCards({ counters, live }: { counters: RfidCounters; live: StreamState }) {
  const { t } = useTranslation();
  const total = counters.tagsByState.reduce((s, x) => s + x.count, 0);
  const liveBadge = (
    <Tooltip title={t(`rfidDash.stream.${live}`)}>
      <Badge status={live === 'open' ? 'processing' : 'default'} text={t('rfidDash.live')} data-testid="rfid-live-badge" />
    </Tooltip>
  );
  return (
    <Row gutter={[16, 16]} data-testid="rfid-counters">
      <Col xs={24} sm={12} lg={6}>
        <Card variant="borderless" title={t('rfidDash.readsToday')} extra={liveBadge} styles={{ body: { padding: 20 } }}>
          <Statistic value={counters.readsToday} prefix={<ScanOutlined />} data-testid="rfid-reads-today" />
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Card variant="borderless" title={t('rfidDash.readersOnline')} styles={{ body: { padding: 20 } }}>
          <Statistic
            value={counters.readersOnline}
            suffix={`/ ${counters.readersTotal}`}
            prefix={<WifiOutlined />}
            data-testid="rfid-readers-online"
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card variant="borderless" title={t('rfidDash.tagsByState')} styles={{ body: { padding: 20 } }}>
          <div className="rfid-states" data-testid="rfid-tags-by-state">
            {counters.tagsByState.map((s) => (
              <div key={s.state} className="rfid-state">
                <Statistic
                  title={<Badge color={STATE_COLORS[s.state]} text={t(`rfidDash.state.${s.state}`)} />}
                  value={s.count}
                  data-testid={`rfid-state-${s.state}`}
                />
              </div>
            ))}
          </div>
          <div className="rfid-state-bar" aria-hidden>
            {total > 0 &&
              counters.tagsByState.map((s) =>
                s.count ? <span key={s.state} style={{ flex: s.count, background: STATE_COLORS[s.state] }} /> : null,
              )}
          </div>
        </Card>
      </Col>
    </Row>
  );
}

function Section({
  title,
  icon,
  count,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  /** problems listed (a red count, or "all clear"); none for a figure */
  count?: number;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      variant="borderless"
      className="rfid-section"
      title={
        <span>
          {icon} {title}
        </span>
      }
      extra={count === undefined ? null : count ? <Tag color="red">{count}</Tag> : <Tag color="green">{t('rfidDash.allClear')}</Tag>}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

function Nothing() {
  const { t } = useTranslation();
  return <div className="ops-muted rfid-nothing">{t('rfidDash.nothing')}</div>;
}

/** A section listing problems: its count in the corner, one line per item, or "nothing" when all is clear. */
function ListSection<T>({
  items,
  render,
  ...section
}: {
  title: string;
  icon: ReactNode;
  testId: string;
  items: readonly T[];
  render: (item: T) => ReactNode;
}) {
  return (
    <Section {...section} count={items.length}>
      {items.length ? (
        <List
          size="small"
          dataSource={[...items]}
          renderItem={(item) => (
            <List.Item>
              <div className="rfid-item">{render(item)}</div>
            </List.Item>
          )}
        />
      ) : (
        <Nothing />
      )}
    </Section>
  );
}

/** Batches refused today over a reader's or its tenant's quota: the count in the corner, the readers below. */
function RateLimitedSection({ limited }: { limited: OperatorPanel['rateLimited'] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('rfidDash.rateLimited')} icon={<StopOutlined />} count={limited.batches} testId="rfid-rate-limited">
      {limited.readers.length ? (
        <List
          size="small"
          dataSource={limited.readers}
          renderItem={(r) => (
            <List.Item>
              <div className="rfid-item">
                <span className="ops-mono">{r.equipmentCoding}</span>{' '}
                <Tag color="red">{t('rfidDash.rateLimitedCount', { count: r.batches })}</Tag>
                <div className="ops-muted">{t('rfidDash.rateLimitedAt', { when: dayjs(r.at).fromNow() })}</div>
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Nothing />
      )}
    </Section>
  );
}

export function OperatorPanelCard({ panel }: { panel: OperatorPanel }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();

  const rateOption = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 16, top: 10, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        inverse: true,
        data: panel.ratePerSite.map((r) => r.locationName ?? t('rfidDash.unbound')),
        axisLabel: { width: 110, overflow: 'truncate' },
      },
      series: [
        {
          name: t('rfidDash.readsLastHour'),
          type: 'bar',
          barMaxWidth: 18,
          itemStyle: { color: token.colorPrimary, borderRadius: [0, 3, 3, 0] },
          data: panel.ratePerSite.map((r) => r.reads),
        },
      ],
    }),
    [panel.ratePerSite, t, token.colorPrimary],
  );

  return (
    <Card
      variant="borderless"
      title={t('rfidDash.operatorTitle')}
      extra={<span className="ops-muted">{t('rfidDash.operatorHint')}</span>}
      data-testid="rfid-operator"
      className="rfid-operator"
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={8}>
          <ListSection
            title={t('rfidDash.offline')}
            icon={<DisconnectOutlined />}
            testId="rfid-offline"
            items={panel.offline}
            render={(o) => (
              <>
                <span className="ops-mono">{o.equipmentCoding}</span> {o.equipmentName}
                <div className="ops-muted">
                  {o.locationName ?? t('rfidDash.unbound')} ·{' '}
                  {o.since ? t('rfidDash.offlineSince', { when: dayjs(o.since).fromNow() }) : t('rfidDash.neverSeen')}
                </div>
              </>
            )}
          />
        </Col>
        <Col xs={24} lg={8}>
          <ListSection
            title={t('rfidDash.antennaFaults')}
            icon={<ApiOutlined />}
            testId="rfid-antenna"
            items={panel.antennaFaults}
            render={(f) => (
              <>
                <span className="ops-mono">{f.equipmentCoding}</span>{' '}
                {f.antenna != null && <Tag>{t('rfidDash.antenna', { n: f.antenna })}</Tag>}
                <div className="ops-muted">{time(f.at)}</div>
              </>
            )}
          />
        </Col>
        <Col xs={24} lg={8}>
          <ListSection
            title={t('rfidDash.syncFailures')}
            icon={<CloudSyncOutlined />}
            testId="rfid-sync"
            items={panel.syncFailures}
            render={(f) => (
              <>
                <span className="ops-mono">{f.equipmentCoding}</span>{' '}
                <Tag color={f.status === 'rejected' ? 'red' : 'orange'}>{t(`ingest.status.${f.status}`)}</Tag>
                <div className="ops-muted">
                  {time(f.at)}
                  {f.firstError ? ` · ${t(`ingest.reason.${f.firstError}`)}` : ''}
                  {f.invalid ? ` · ${t('rfidDash.invalidEvents', { count: f.invalid })}` : ''}
                </div>
              </>
            )}
          />
        </Col>
        <Col xs={24} lg={8}>
          <RateLimitedSection limited={panel.rateLimited ?? { batches: 0, readers: [] }} />
        </Col>
        <Col xs={24} lg={8}>
          <Section title={t('rfidDash.ratePerSite')} icon={<ScanOutlined />} testId="rfid-rate">
            {panel.ratePerSite.length ? (
              <Chart option={rateOption} height={Math.max(120, panel.ratePerSite.length * 30 + 30)} testId="chart-rfid-rate" />
            ) : (
              <Nothing />
            )}
          </Section>
        </Col>
        <Col xs={24} lg={8}>
          <ListSection
            title={t('rfidDash.unknownEpcs')}
            icon={<QuestionCircleOutlined />}
            testId="rfid-unknown"
            items={panel.unknownEpcs}
            render={(u) => (
              <>
                <span className="ops-mono">{u.epc}</span>
                <div className="ops-muted">
                  <Tag>{t(`rfidDash.unknown.${u.reason}`)}</Tag>
                  {u.equipmentCoding} · {time(u.lastSeenAt)}
                </div>
              </>
            )}
          />
        </Col>
        <Col xs={24} lg={8}>
          <ListSection
            title={t('rfidDash.duplicateEpcs')}
            icon={<QuestionCircleOutlined />}
            testId="rfid-duplicates"
            items={panel.duplicateEpcs}
            render={(d) => (
              <>
                <span className="ops-mono">{d.epc}</span>
                <div className="ops-muted ops-mono">{t('rfidDash.tids', { tids: d.tids.join(', ') })}</div>
              </>
            )}
          />
        </Col>
      </Row>
    </Card>
  );
}
