/** The operator's panel of the admin dashboard: what needs a look first. */
import { ApiOutlined, CloudSyncOutlined, DisconnectOutlined, QuestionCircleOutlined, ScanOutlined, StopOutlined } from '@ant-design/icons';
import { Card, Col, Row, Tag, theme } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../../components/Chart';
import type { OperatorPanel } from './rfid-live';

dayjs.extend(relativeTime);

const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');

function Section({
  title,
  icon,
  count,
  noData,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  /** problems listed (a red count, or "all clear"); none for a figure */
  count?: number;
  /** nothing to judge by (no reads today): said so, never "all clear" */
  noData?: boolean;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const tag =
    count === undefined ? null : count ? (
      <Tag color="red">{count}</Tag>
    ) : noData ? (
      <Tag data-testid="no-data">{t('dashboard.rfid.noData')}</Tag>
    ) : (
      <Tag color="green">{t('rfidDash.allClear')}</Tag>
    );
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
      extra={tag}
      data-testid={testId}
      data-state={count ? 'problems' : noData ? 'noData' : count === 0 ? 'clear' : undefined}
    >
      {children}
    </Card>
  );
}

function Nothing({ noData }: { noData?: boolean }) {
  const { t } = useTranslation();
  return <div className="ops-muted rfid-nothing">{noData ? t('dashboard.rfid.noDataHint') : t('rfidDash.nothing')}</div>;
}

/**
 * A list in the look of antd's small List: antd's List brings Pagination and Select with it, which
 * the first screen has no use for.
 */
function PlainList<T>({ items, render }: { items: readonly T[]; render: (item: T) => ReactNode }) {
  return (
    <ul className="rfid-list">
      {items.map((item, i) => (
        // the items have no id of their own, and the list is replaced whole
        <li key={i}>{render(item)}</li>
      ))}
    </ul>
  );
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
  noData?: boolean;
  items: readonly T[];
  render: (item: T) => ReactNode;
}) {
  return (
    <Section {...section} count={items.length}>
      {items.length ? (
        <PlainList items={items} render={(item) => <div className="rfid-item">{render(item)}</div>} />
      ) : (
        <Nothing noData={section.noData} />
      )}
    </Section>
  );
}

/** Batches refused today over a reader's or its tenant's quota: the count in the corner, the readers below. */
function RateLimitedSection({ limited, noData }: { limited: OperatorPanel['rateLimited']; noData: boolean }) {
  const { t } = useTranslation();
  return (
    <Section title={t('rfidDash.rateLimited')} icon={<StopOutlined />} count={limited.batches} noData={noData} testId="rfid-rate-limited">
      {limited.readers.length ? (
        <PlainList
          items={limited.readers}
          render={(r) => (
            <div className="rfid-item">
              <span className="ops-mono">{r.equipmentCoding}</span>{' '}
              <Tag color="red">{t('rfidDash.rateLimitedCount', { count: r.batches })}</Tag>
              <div className="ops-muted">{t('rfidDash.rateLimitedAt', { when: dayjs(r.at).fromNow() })}</div>
            </div>
          )}
        />
      ) : (
        <Nothing noData={noData} />
      )}
    </Section>
  );
}

/** A site with registered readers and its reads (the dashboard summary's rfid.sites). */
export interface SiteReads {
  locationId: number;
  locationName: string;
  readers: number;
  online: number;
  readsToday: number;
  readsLastHour: number;
}

/**
 * The operator's panel. `noReads`: no read came today, so the sections judged on reads say "no
 * data", not "all clear"; `sites`: every site with a registered reader, a silent one counted as a problem.
 */
export function OperatorPanelCard({ panel, noReads, sites }: { panel: OperatorPanel; noReads: boolean; sites: SiteReads[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const silent = sites.filter((s) => s.readsLastHour === 0);

  // every site, a silent one at 0 (in red), with the unit on the axis
  const rateOption = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 24, top: 8, bottom: 24, containLabel: true },
      xAxis: { type: 'value', minInterval: 1, name: t('dashboard.rfid.readsAxis'), nameLocation: 'middle', nameGap: 24 },
      yAxis: {
        type: 'category',
        inverse: true,
        data: sites.map((r) => r.locationName),
        axisLabel: { width: 110, overflow: 'truncate' },
      },
      series: [
        {
          name: t('rfidDash.readsLastHour'),
          type: 'bar',
          barMaxWidth: 18,
          barMinHeight: 2,
          itemStyle: { borderRadius: [0, 3, 3, 0] },
          label: { show: true, position: 'right' },
          data: sites.map((r) => ({
            value: r.readsLastHour,
            itemStyle: { color: r.readsLastHour ? token.colorPrimary : token.colorError },
          })),
        },
      ],
    }),
    [sites, t, token.colorPrimary, token.colorError],
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
            noData={noReads}
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
            noData={noReads}
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
          <RateLimitedSection limited={panel.rateLimited ?? { batches: 0, readers: [] }} noData={noReads} />
        </Col>
        <Col xs={24} lg={8}>
          <Section
            title={t('rfidDash.ratePerSite')}
            icon={<ScanOutlined />}
            testId="rfid-rate"
            count={silent.length}
            noData={!sites.length}
          >
            {sites.length ? (
              <>
                <Chart option={rateOption} height={Math.max(120, sites.length * 30 + 40)} testId="chart-rfid-rate" />
                {silent.length > 0 && (
                  <div className="ops-muted" data-testid="rfid-silent-sites">
                    {t('dashboard.rfid.silentSites')}: {silent.map((s) => s.locationName).join(t('resource.listSeparator'))}
                  </div>
                )}
              </>
            ) : (
              <div className="ops-muted rfid-nothing">{t('dashboard.rfid.noReaders')}</div>
            )}
          </Section>
        </Col>
        <Col xs={24} lg={8}>
          <ListSection
            title={t('rfidDash.unknownEpcs')}
            icon={<QuestionCircleOutlined />}
            testId="rfid-unknown"
            noData={noReads}
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
            noData={noReads}
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
