/** The drawer of one EPC (both EPC screens): its state, decode, tag facts and last 20 lifecycle events. */

import type { FeedDef } from '@tagloom/domain/feed/define.ts';
import type { TagEvent } from '@tagloom/domain/resources/label/tags/epcis.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Grid, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { feedQueryKey } from '../../../components/feed/FeedPage';
import { dbm, empty, place, time } from './epc-cells';
import type { EpcRow } from './epc-row';
import { PresenceBadge } from './PresenceBadge';
import './epc.css';

interface Detail {
  epc: string;
  found: boolean;
  state: EpcRow | null;
  decoded: { scheme: string; gtin: string | null; serial: string | null; uri: string | null } | null;
  decodeError: string | null;
  tag: { status: number; gtin: string; serial: string; tid: string } | null;
  withdrawn: boolean;
  order: { id: number; code: string } | null;
  events: TagEvent[];
}

export function EpcDrawer({ feed, epc, onClose }: { feed: FeedDef; epc: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const detail = useQuery({
    queryKey: feedQueryKey(feed, 'detail', epc),
    queryFn: () => fetchData<Detail>(`/${feed.code}/detail`, { params: { epc } }),
    enabled: !!epc,
  });
  const d = detail.data;
  const s = d?.state;
  const row = (key: string, children: ReactNode) => ({ key, label: t(`presence.field.${key}`), children: children ?? empty });
  const items = s
    ? [
        row('epc', <span className="ops-mono epc-break">{s.epc}</span>),
        row('presence', <PresenceBadge value={s.presence} />),
        row('presenceLocation', place(s.presenceLocationCode, s.presenceLocationName)),
        row('presenceSince', time(s.presenceSince) || null),
        ...(s.presence === 'present' ? [row('departDueAt', time(s.departDueAt) || null)] : []),
        ...(s.candidateLocationCode
          ? [
              row(
                'candidate',
                <span>
                  {place(s.candidateLocationCode, s.candidateLocationName)} · {t('presence.since', { time: time(s.candidateSince) })}
                </span>,
              ),
            ]
          : []),
        ...(s.soldAt ? [row('soldAt', time(s.soldAt))] : []),
        row('gtin', d?.decoded?.gtin ? <span className="ops-mono">{d.decoded.gtin}</span> : null),
        row('serial', d?.decoded?.serial ? <span className="ops-mono">{d.decoded.serial}</span> : null),
        row('scheme', d?.decoded?.scheme ? <Tag>{d.decoded.scheme.toUpperCase()}</Tag> : null),
        row('tid', s.tid ? <span className="ops-mono epc-break">{s.tid}</span> : null),
        row('firstSeenAt', time(s.firstSeenAt)),
        row('lastSeenAt', time(s.lastSeenAt)),
        row('readCount', s.readCount.toLocaleString()),
        row('lastEquipment', s.lastEquipment ? <span className="ops-mono">{s.lastEquipment}</span> : null),
        row('lastAntenna', s.lastAntenna),
        row('lastRssi', dbm(s.lastRssiCdbm) ? `${dbm(s.lastRssiCdbm)} dBm` : null),
        row('lastLocation', place(s.lastLocationCode, s.lastLocationName)),
        row('labelOrder', d?.order ? <span className="ops-mono">{d.order.code}</span> : d?.tag ? null : t('presence.notInRegistry')),
      ]
    : [];
  return (
    <Drawer
      title={t('presence.drawerTitle')}
      open={!!epc}
      onClose={onClose}
      size={screens.md ? 600 : '100%'}
      loading={detail.isLoading}
      data-testid="epc-drawer"
    >
      {d && !s && <Alert type="info" showIcon title={t('presence.noState')} />}
      {d?.decodeError && <Alert type="warning" showIcon title={d.decodeError} className="epc-alert" />}
      {s && <Descriptions column={1} bordered size="small" items={items} className="ops-descriptions epc-desc" />}
      {d && (
        <>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('presence.history')}
          </Typography.Title>
          {!d.events.length ? (
            <span className="ops-muted" data-testid="epc-no-events">
              {t('presence.noEvents')}
            </span>
          ) : (
            <Timeline
              className="epc-timeline"
              data-testid="epc-timeline"
              items={d.events.map((e) => ({
                key: e.id,
                children: (
                  <div data-testid="epc-event" data-step={e.bizStep}>
                    <div className="epc-event-title">
                      <Typography.Text strong>{t(`tags.bizStep.${e.bizStep}`, { defaultValue: e.bizStep })}</Typography.Text>
                      {e.disposition && (
                        <Tag color="processing">{t(`tags.disposition.${e.disposition}`, { defaultValue: e.disposition })}</Tag>
                      )}
                    </div>
                    <div className="epc-event-meta">
                      <span>{time(e.eventTime)}</span>
                      {(e.bizLocation || e.readPoint) && <span>{[e.bizLocation, e.readPoint].filter(Boolean).join(' / ')}</span>}
                      {e.orderCode && <span className="ops-mono">{e.orderCode}</span>}
                    </div>
                  </div>
                ),
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
