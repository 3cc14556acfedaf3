/** The header of EPC state: tags per presence state (at the chosen location), each a toggle of the list's presence filter. */
import { rfidEpcStateFeed } from '@tagloom/domain/feed/epc.ts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { feedQueryKey } from '../../../components/feed/FeedPage';
import { PRESENCE_BADGE, PRESENCE_FILTERS, type PresenceFilter } from '../_epc/PresenceBadge';
import '../_epc/epc.css';

export function EpcCounts({
  locationId,
  presence,
  onPresence,
}: {
  locationId: number | undefined;
  presence: PresenceFilter | undefined;
  onPresence: (p: PresenceFilter | undefined) => void;
}) {
  const { t } = useTranslation();
  const counts = useQuery({
    queryKey: feedQueryKey(rfidEpcStateFeed, 'counts', locationId),
    queryFn: () => fetchData<Record<PresenceFilter | 'total', number>>('/rfid/epc-state/counts', { params: { locationId } }),
  });
  return (
    <div className="epc-counts" data-testid="epc-counts">
      <Tag.CheckableTag checked={!presence} onChange={() => onPresence(undefined)} data-testid="epc-count-all">
        {t('presence.all')} <b>{(counts.data?.total ?? 0).toLocaleString()}</b>
      </Tag.CheckableTag>
      {PRESENCE_FILTERS.map((p) => (
        <Tag.CheckableTag key={p} checked={presence === p} onChange={(on) => onPresence(on ? p : undefined)} data-testid={`epc-count-${p}`}>
          <Badge status={PRESENCE_BADGE[p]} /> {t(`presence.state.${p}`)} <b>{(counts.data?.[p] ?? 0).toLocaleString()}</b>
        </Tag.CheckableTag>
      ))}
    </div>
  );
}
