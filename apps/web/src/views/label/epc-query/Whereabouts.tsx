/**
 * Where a tag is, beside its identity card on the EPC query: its presence (present, departed,
 * sold, never placed) and since when, the location, when it was last seen, by which reader and in
 * which scene — from the RFID EPC state (GET /label/epc-query/whereabouts, party-scoped).
 */
import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Descriptions, Empty, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { DAYJS_DATE_FORMAT } from '../../../domain';

type Place = { code: string; name: string } | null;

export interface WhereaboutsData {
  epc: string;
  found: boolean;
  presence?: string;
  presenceSince?: string | null;
  soldAt?: string | null;
  firstSeenAt?: string;
  lastSeenAt?: string;
  readCount?: number;
  location?: Place;
  reader?: Place;
  scene?: Place;
}

/** A presence's badge tone (as on the EPC state screen). */
const BADGE: Record<string, 'success' | 'default' | 'warning' | 'processing'> = {
  present: 'success',
  departed: 'default',
  sold: 'warning',
  unplaced: 'processing',
};

const time = (v: unknown) => (v ? dayjs(String(v)).format(DAYJS_DATE_FORMAT) : '-');
const named = (p: Place | undefined) =>
  p ? (
    <span className="tags-place">
      <span>{p.name}</span>
      {p.name !== p.code && <small className="tags-mono">{p.code}</small>}
    </span>
  ) : (
    '-'
  );

export function Whereabouts({ epc }: { epc: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['epc-whereabouts', epc],
    queryFn: () => fetchData<WhereaboutsData>('/label/epc-query/whereabouts', { params: { epc } }),
  });
  const w = q.data;
  return (
    <Card
      size="small"
      className="tags-whereabouts"
      title={
        <span>
          <EnvironmentOutlined /> {t('presence.whereabouts')}
        </span>
      }
      data-testid="epc-query-whereabouts"
    >
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !w?.found ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('presence.noState')} data-testid="epc-query-unread" />
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'presence',
              label: t('presence.field.presence'),
              children: (
                <span className="tags-presence">
                  <Badge
                    status={BADGE[w.presence ?? 'unplaced'] ?? 'default'}
                    text={t(`presence.state.${w.presence ?? 'unplaced'}`)}
                    data-testid="epc-query-presence"
                    data-presence={w.presence}
                  />
                  {w.presenceSince && <span className="tags-muted">{t('presence.since', { time: time(w.presenceSince) })}</span>}
                </span>
              ),
            },
            { key: 'location', label: t('presence.field.presenceLocation'), children: named(w.location) },
            {
              key: 'lastSeen',
              label: t('presence.field.lastSeenAt'),
              children: <span data-testid="epc-query-last-seen">{time(w.lastSeenAt)}</span>,
            },
            {
              key: 'reader',
              label: t('presence.field.lastEquipment'),
              children: <span data-testid="epc-query-reader">{named(w.reader)}</span>,
            },
            { key: 'scene', label: t('presence.field.scene'), children: <span data-testid="epc-query-scene">{named(w.scene)}</span> },
            ...(w.presence === 'sold' && w.soldAt ? [{ key: 'sold', label: t('presence.field.soldAt'), children: time(w.soldAt) }] : []),
            { key: 'reads', label: t('presence.field.readCount'), children: (w.readCount ?? 0).toLocaleString() },
            { key: 'first', label: t('presence.field.firstSeenAt'), children: time(w.firstSeenAt) },
          ]}
        />
      )}
    </Card>
  );
}
