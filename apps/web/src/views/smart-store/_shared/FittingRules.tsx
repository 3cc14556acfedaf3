/**
 * The fitting rules in force (../shared/operations.md §8: "shown on every fitting-room screen"):
 * how long a garment stays to count as tried, how long a cabin stays silent before its session
 * ends, how long after a session a sale counts as bought, and the opening hours — the one store's
 * line for a store's user, else a line with each store's rules on hover. From the archives the
 * user may read (its own store's only, for a store's user).
 */
import { InfoCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Popover, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';

interface Archive {
  id: number;
  storeId: number;
  name: string;
  minDwellS: number;
  mergeGapS: number;
  conversionWindowH: number;
  opensAt: string;
  closesAt: string;
  status: number;
}

/** The archives the user may read (a store's user: its own), with their stores' names. */
function useArchives() {
  return useQuery({
    queryKey: ['smart-store/archive', 'rules'],
    queryFn: async () => {
      const page = await fetchData<{ list: Archive[] }>('/smart-store/archive/list', {
        method: 'POST',
        data: { page: 1, pageSize: 100 },
        silent: true,
      });
      const ids = [...new Set(page.list.map((a) => a.storeId))];
      const names = ids.length
        ? await fetchData<{ list: { value: number; label: string }[] }>(`/tenant/store/options?ids=${ids.join(',')}`, {
            silent: true,
          }).catch(() => ({ list: [] }))
        : { list: [] };
      const nameOf = new Map(names.list.map((o) => [o.value, o.label]));
      return page.list.map((a) => ({ ...a, storeName: nameOf.get(a.storeId) ?? '' }));
    },
    staleTime: 60_000,
  });
}

export function FittingRules() {
  const { t } = useTranslation();
  const q = useArchives();
  const list = q.data ?? [];
  if (!q.data) return null;
  const line = (a: Archive) =>
    t('fitting.rules', {
      dwell: a.minDwellS,
      gap: a.mergeGapS,
      window: a.conversionWindowH,
      opens: a.opensAt,
      closes: a.closesAt,
    });
  return (
    <Typography.Paragraph type="secondary" className="fitting-rules" data-testid="fitting-rules" style={{ marginBottom: 12 }}>
      <Space size={6} wrap>
        <InfoCircleOutlined />
        {!list.length ? (
          t('fitting.noArchive')
        ) : list.length === 1 ? (
          <span>
            {list[0].storeName ? `${list[0].storeName}：` : ''}
            {line(list[0])}
          </span>
        ) : (
          <Popover
            content={
              <div data-testid="fitting-rules-stores">
                {list.map((a) => (
                  <div key={a.id}>
                    <Typography.Text strong>{a.storeName}</Typography.Text> {line(a)}
                  </div>
                ))}
              </div>
            }
          >
            <Typography.Link>{t('fitting.rulesMany', { count: list.length })}</Typography.Link>
          </Popover>
        )}
      </Space>
    </Typography.Paragraph>
  );
}

/** A dwell in seconds as minutes and seconds, 3′20″ (45″ under a minute): one short token, no unit words to translate. */
export const duration = (s: unknown): string => {
  if (s === null || s === undefined || s === '') return '-';
  const n = Math.max(0, Math.round(Number(s)));
  const m = Math.floor(n / 60);
  return m ? `${m}′${String(n % 60).padStart(2, '0')}″` : `${n}″`;
};
