/** A tag's presence as a status badge (never placed when it has none). */
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

export type PresenceFilter = 'present' | 'departed' | 'sold' | 'unplaced';
export const PRESENCE_FILTERS: PresenceFilter[] = ['present', 'departed', 'sold', 'unplaced'];
export const PRESENCE_BADGE: Record<string, 'success' | 'default' | 'warning' | 'processing'> = {
  present: 'success',
  departed: 'default',
  sold: 'warning',
  unplaced: 'processing',
};

export function PresenceBadge({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  const key = value ?? 'unplaced';
  return (
    <Badge status={PRESENCE_BADGE[key] ?? 'default'} text={t(`presence.state.${key}`)} data-testid="epc-presence" data-presence={key} />
  );
}
