/**
 * The fitting rules of the stores a screen shows (smart-store/archive), as one small line a set of
 * rules: the stores that keep them, the minimum try-on, the merge gap, the sale window, the cabins
 * and the opening hours. The figures depend on them, so every fitting-room screen shows them (../shared/operations.md §8):
 * the reports from their answer, the sessions' and reads' screens from their own `…/rules` route.
 */
import type { FittingStoreRules } from '@tagloom/domain/resources/smart-store/report-wire.ts';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';

/** Stores named in a line before "+ n more". */
const NAMED = 3;

export function RulesLine({ rules }: { rules: readonly FittingStoreRules[] }) {
  const { t } = useTranslation();
  if (!rules.length)
    return (
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 12 }} data-testid="fitting-rules">
        {t('fittingReports.noRules')}
      </Typography.Paragraph>
    );
  const groups = new Map<string, FittingStoreRules[]>();
  for (const r of rules) {
    const key = [r.minDwellS, r.mergeGapS, r.conversionWindowH, r.opensAt, r.closesAt].join('|');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return (
    <div style={{ marginBottom: 12 }} data-testid="fitting-rules">
      {[...groups.values()].map((g) => {
        const r = g[0];
        const names = g.slice(0, NAMED).map((s) => s.storeName || s.storeCode);
        const who =
          g.length > NAMED
            ? t('fittingReports.rules.storesMore', { names: names.join(t('fittingReports.listSep')), count: g.length - NAMED })
            : names.join(t('fittingReports.listSep'));
        const cabins = g.reduce((n, s) => n + s.cabins, 0);
        return (
          <Typography.Text key={`${r.storeId}`} type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {t('fittingReports.rules.line', {
              who,
              minDwell: r.minDwellS,
              mergeGap: r.mergeGapS,
              window: r.conversionWindowH,
              cabins,
              hours: r.opensAt && r.closesAt ? `${r.opensAt}–${r.closesAt}` : t('fittingReports.rules.noHours'),
            })}
          </Typography.Text>
        );
      })}
    </div>
  );
}

/** The rules line of a screen without a report of its own (smart-store/data, smart-store/raw-data): the stores the user sees. */
export function ScreenRulesLine({ screen }: { screen: 'smart-store/data' | 'smart-store/raw-data' }) {
  const q = useQuery({
    queryKey: [screen, 'rules'],
    queryFn: () => fetchData<{ rules: FittingStoreRules[] }>(`/${screen}/rules`, { silent: true }),
    staleTime: 60_000,
  });
  return q.data ? <RulesLine rules={q.data.rules} /> : null;
}

/** A dwell in seconds as minutes and seconds, 3′20″ (45″ under a minute): one short token, no unit words to translate. */
export const duration = (s: unknown): string => {
  if (s === null || s === undefined || s === '') return '-';
  const n = Math.max(0, Math.round(Number(s)));
  const m = Math.floor(n / 60);
  return m ? `${m}′${String(n % 60).padStart(2, '0')}″` : `${n}″`;
};
