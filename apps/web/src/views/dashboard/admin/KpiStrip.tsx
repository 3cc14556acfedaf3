/**
 * What an operator opens the dashboard for, in one row above the fold: reads today (no reads is
 * said, never shown as a calm zero), readers online of those registered (handhelds and printers
 * apart), tags by state, label orders by state and label exceptions waiting, by kind.
 */
import { ENUMS } from '@tagloom/domain/enums.ts';
import { Badge, Card, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../app/i18n';
import type { StreamState } from '../../rfid/raw-data/sse';
import type { AdminSummary } from './index';

dayjs.extend(relativeTime);

const STATE_COLORS: Record<string, string> = { present: '#52c41a', departed: '#faad14', sold: '#1677ff', unplaced: '#bfbfbf' };

function Box({ title, testId, extra, children }: { title: string; testId: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="borderless" size="small" title={title} extra={extra} className="dash-kpi" data-testid={testId}>
      {children}
    </Card>
  );
}

function Big({ value, suffix, testId }: { value: number; suffix?: string; testId: string }) {
  return (
    <div className="dash-kpi-big">
      <span data-testid={testId}>{value.toLocaleString()}</span>
      {suffix && <span className="dash-kpi-suffix">{suffix}</span>}
    </div>
  );
}

/** `live`: the state of the stream keeping today's reads current, when there is one */
export function KpiStrip({ data, readsToday, live }: { data: AdminSummary; readsToday: number; live?: StreamState }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const rfid = data.rfid;
  const kind = (k: string) => rfid.devices.find((d) => d.kind === k) ?? { kind: k, online: 0, offline: 0, unregistered: 0 };
  const readers = kind('reader');
  const registered = readers.online + readers.offline;
  const unregistered = rfid.devices.reduce((a, d) => a + d.unregistered, 0);
  const others = rfid.devices.filter((d) => d.kind !== 'reader' && d.online + d.offline > 0);
  const orderName = (s: number) => ENUMS.LabelOrderStatus?.find((o) => Number(o.value) === s)?.label[lang] ?? String(s);
  const exceptionName = (k: number) => ENUMS.TagExceptionKind?.find((o) => Number(o.value) === k)?.label[lang] ?? String(k);
  const orders = [...data.ordersByStatus].sort((a, b) => b.count - a.count);
  const ordersTotal = orders.reduce((a, s) => a + s.count, 0);
  const tagsTotal = rfid.tagsByState.reduce((a, s) => a + s.count, 0);
  const exceptions = rfid.exceptionsByKind.reduce((a, s) => a + s.count, 0);

  return (
    <div className="dash-kpis" data-testid="dash-kpis">
      <Box
        title={t('dashboard.rfid.readsToday')}
        testId="kpi-reads-today"
        extra={
          <span className="dash-kpi-extra">
            {readsToday === 0 && (
              <Tag color="warning" data-testid="kpi-no-reads">
                {t('dashboard.rfid.noReadsToday')}
              </Tag>
            )}
            {live && (
              <Tooltip title={t(`rfidDash.stream.${live}`)}>
                <Badge status={live === 'open' ? 'processing' : 'default'} data-testid="rfid-live-badge" />
              </Tooltip>
            )}
          </span>
        }
      >
        <Big value={readsToday} testId="rfid-reads-today" />
        <Typography.Text type="secondary" className="dash-kpi-line" data-testid="kpi-last-read">
          {rfid.lastReadAt ? t('dashboard.rfid.lastRead', { when: dayjs(rfid.lastReadAt).fromNow() }) : t('dashboard.rfid.neverRead')}
        </Typography.Text>
      </Box>
      <Box
        title={t('dashboard.rfid.readersOnline')}
        testId="kpi-readers"
        extra={readers.offline ? <Tag color="red">{t('dashboard.rfid.offline', { count: readers.offline })}</Tag> : null}
      >
        {registered ? (
          <Big value={readers.online} suffix={`/ ${registered}`} testId="kpi-readers-online" />
        ) : (
          <div className="dash-kpi-empty">{t('dashboard.rfid.noReaders')}</div>
        )}
        {others.map((d) => (
          <div key={d.kind} className="dash-kpi-line" data-testid={`kpi-devices-${d.kind}`}>
            {t(`dashboard.rfid.kind.${d.kind}`)}: {t('dashboard.rfid.onlineOf', { online: d.online, total: d.online + d.offline })}
          </div>
        ))}
        {unregistered > 0 && (
          <div className="dash-kpi-line" data-testid="kpi-devices-unregistered">
            <Typography.Text type="secondary">{t('dashboard.rfid.unregistered', { count: unregistered })}</Typography.Text>
          </div>
        )}
      </Box>
      <Box title={t('dashboard.rfid.tagsByState')} testId="kpi-tags-by-state">
        {tagsTotal === 0 ? (
          <div className="dash-kpi-empty">{t('dashboard.rfid.noTags')}</div>
        ) : (
          rfid.tagsByState.map((s) => (
            <div key={s.state} className="dash-kpi-row" data-testid={`kpi-tag-${s.state}`}>
              <Badge color={STATE_COLORS[s.state]} text={t(`rfidDash.state.${s.state}`)} />
              <span className="dash-kpi-num">{s.count.toLocaleString()}</span>
            </div>
          ))
        )}
      </Box>
      <Box title={t('dashboard.rfid.ordersByState')} testId="kpi-orders-by-state">
        {ordersTotal === 0 ? (
          <div className="dash-kpi-empty">{t('dashboard.rfid.noOrders')}</div>
        ) : (
          <>
            {orders.slice(0, 4).map((s) => (
              <div key={s.status} className="dash-kpi-row">
                <span className="dash-kpi-name">{orderName(s.status)}</span>
                <span className="dash-kpi-num">{s.count}</span>
              </div>
            ))}
            {orders.length > 4 && (
              <Typography.Text type="secondary" className="dash-kpi-line">
                {t('dashboard.rfid.moreStates', { count: orders.length - 4 })}
              </Typography.Text>
            )}
          </>
        )}
      </Box>
      <Box title={t('dashboard.rfid.exceptions')} testId="kpi-exceptions" extra={exceptions ? <Tag color="red">{exceptions}</Tag> : null}>
        {exceptions === 0 ? (
          <div className="dash-kpi-empty">{t('dashboard.rfid.noExceptions')}</div>
        ) : (
          rfid.exceptionsByKind.map((e) => (
            <div key={e.kind} className="dash-kpi-row" data-testid={`kpi-exception-${e.kind}`}>
              <span className="dash-kpi-name">{exceptionName(e.kind)}</span>
              <span className="dash-kpi-num">{e.count}</span>
            </div>
          ))
        )}
      </Box>
    </div>
  );
}
