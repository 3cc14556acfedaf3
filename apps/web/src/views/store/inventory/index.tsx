/**
 * store/inventory: what a store holds and how it is counted — its stock now (three numbers per
 * SKU), its count sheets, the refill of its sales floor, its ERP stock against its book (difference lists) and the
 * journal of its book's movements, for one site at a time (a store's user: its own store).
 */
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { Empty, Select, Space, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountsTab } from './CountsTab';
import { DifferencesTab } from './DifferencesTab';
import { MovesTab } from './MovesTab';
import { RefillTab } from './RefillTab';
import { StockTab } from './StockTab';
import { useStockSites } from './site';

const counts = RESOURCES.find((r) => r.code === 'store/inventory')!;

export default function StoreInventory() {
  const { t } = useTranslation();
  const sites = useStockSites();
  const [siteId, setSiteId] = useState<number>();
  const list = sites.data ?? [];
  useEffect(() => {
    if (siteId === undefined && list.length) setSiteId(list[0].id);
  }, [list, siteId]);
  const site = list.find((s) => s.id === siteId);
  const picker = (
    <Space size={8} wrap>
      <Typography.Text type="secondary">{t('stockView.site')}</Typography.Text>
      <Select
        data-testid="stock-site"
        value={siteId}
        onChange={setSiteId}
        disabled={list.length < 2}
        loading={sites.isLoading}
        showSearch
        optionFilterProp="label"
        style={{ minWidth: 200 }}
        options={list.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
      />
    </Space>
  );
  const [tab, setTab] = useState('stock');
  if (sites.isSuccess && !list.length) return <Empty description={t('stockView.noSite')} />;
  return (
    <Tabs
      data-testid="store-inventory-tabs"
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      // the count sheets and the journal list every site the user reaches (their own filters): no site picker there
      tabBarExtraContent={tab === 'moves' || tab === 'counts' ? undefined : picker}
      items={[
        { key: 'stock', label: t('stockView.tab.stock'), children: site && <StockTab site={site} /> },
        { key: 'counts', label: t('count.tabs.counts'), children: <CountsTab def={counts} /> },
        { key: 'refill', label: t('stockView.tab.refill'), children: site && <RefillTab site={site} /> },
        { key: 'differences', label: t('differences.tab'), children: site && <DifferencesTab key={site.id} siteId={site.id} /> },
        { key: 'moves', label: t('stockView.tab.moves'), children: <MovesTab sites={list} /> },
      ]}
    />
  );
}
