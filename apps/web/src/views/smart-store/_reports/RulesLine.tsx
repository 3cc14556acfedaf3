/**
 * The fitting rules of the stores a report shows (smart-store/archive), as one small line a set of
 * rules: the stores that keep them, the minimum try-on, the merge gap, the sale window, the cabins
 * and the opening hours. The figures depend on them, so every fitting-room screen shows them.
 */
import type { FittingStoreRules } from '@tagloom/domain/resources/smart-store/report-wire.ts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

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
