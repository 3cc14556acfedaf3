/** What the Differences tab's parts share: a list's head as the server answers it, its state badge, numbers as the language writes them. */
import { ENUMS } from '@tagloom/domain/enums.ts';
import '@tagloom/domain/resources/store/differences.ts';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../../domain';

export interface ListHead {
  id: number;
  code: string;
  siteId: number;
  siteCode: string;
  siteName: string;
  erpStockId: number;
  erpRef: string;
  erpTime: string;
  /** the approved count the RFID stock stands on (null: the site was never counted) */
  countCode: string | null;
  /** DifferenceSource: 1 the book then, 2 the approved count's counted pieces */
  source: number;
  countAt: string | null;
  onlyDifferences: boolean;
  status: number;
  skuCount: number;
  plusQty: number;
  minusQty: number;
  absQty: number;
  ignoredSkus: number;
  diffValue: number;
  absValue: number;
  currency: string;
  comparedSkus: number;
  exactSkus: number;
  accuracySmape: number;
  accuracySku: number;
  rfidAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
  exportedAt: string | null;
  exportMessage: string;
  createdAt: string;
}

export const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
export const money = (n: number, currency: string, lang: string) =>
  new Intl.NumberFormat(lang.replace('_', '-'), { style: 'currency', currency, maximumFractionDigits: 2 }).format(n);

/** A list's state as a coloured badge in the user's language. */
export function StatusBadge({ status }: { status: number }) {
  const { i18n } = useTranslation();
  const o = ENUMS.DifferenceListStatus?.find((x) => x.value === status);
  const label = o?.label[normalizeLang(i18n.language)] ?? String(status);
  return <Badge status={o?.tone ?? 'default'} text={label} title={label} data-testid="diff-status" />;
}
