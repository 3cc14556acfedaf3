/**
 * store/inventory → Movements: the journal of the book of the sites the user reaches (feed
 * store/stock-moves), newest first, filtered by site, SKU, document or kind.
 */
import { stockMovesFeed } from '@tagloom/domain/resources/store/stock.ts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { screenName } from '../../../app/screen-names';
import { FeedPage } from '../../../components/feed/FeedPage';
import { resourceOf } from '../../../components/resource/registry';
import { normalizeLang } from '../../../domain';
import type { StockSite } from './site';

export function MovesTab({ sites }: { sites: readonly StockSite[] }) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  return (
    <FeedPage
      feed={stockMovesFeed}
      testId="stock-moves"
      controls={{
        siteName: (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('feeds.all')}
            options={sites.map((s) => ({ value: s.name, label: `${s.code} ${s.name}` }))}
            data-testid="stock-moves-filter-siteName"
          />
        ),
      }}
      render={{
        docType: (row) => resourceOf(String(row.docType))?.names[lang] ?? screenName(String(row.docType), lang) ?? String(row.docType),
      }}
    />
  );
}
