/** The location filter of the EPC screens: the places of the user's reach (GET /api/<code>/locations). */
import type { FeedDef } from '@tagloom/domain/feed/define.ts';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { feedQueryKey } from '../../../components/feed/FeedPage';

/** value and onChange come from the search form's item */
export function LocationSelect({ feed, testId, ...props }: SelectProps<number> & { feed: FeedDef; testId: string }) {
  const { t } = useTranslation();
  const locations = useQuery({
    queryKey: feedQueryKey(feed, 'locations'),
    queryFn: () => fetchData<{ list: { id: number; code: string; name: string }[] }>(`/${feed.code}/locations`),
    staleTime: 60_000,
  });
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('presence.all')}
      options={(locations.data?.list ?? []).map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` }))}
      data-testid={`${testId}-filter-location`}
    />
  );
}
