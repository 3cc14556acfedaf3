/**
 * store/inventory → Differences (../shared/operations.md §9): a site's ERP stock (the latest
 * imported, by API or sheet) against its RFID stock, as difference lists. For a store's or
 * warehouse's user its own site (siteId), for a tenant user a site picker. The site's latest ERP
 * stock on top, Import ERP stock, New difference list (only differences or every SKU), the site's
 * lists with their state, totals and accuracy; a list opens in a drawer (DifferencesDetail).
 */
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Select, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { useCan } from '../../../components/ScreenContext';
import { DifferencesDetail } from './DifferencesDetail';
import { type ListHead, money, pct, StatusBadge } from './DifferencesModel';
import { ErpStockImport } from './ErpStockImport';
import './Differences.css';

interface SiteRow {
  id: number;
  code: string;
  name: string;
  erp: { id: number; externRef: string; time: string; skuCount: number; totalQty: number } | null;
}

export function DifferencesTab({ siteId }: { siteId?: number }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const canAdd = useCan('add');
  const canImport = useCan('import');
  const [sites, setSites] = useState<SiteRow[]>([]);
  const [site, setSite] = useState<number | undefined>(siteId);
  const [rows, setRows] = useState<ListHead[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<number>();
  const [onlyDiff, setOnlyDiff] = useState(true);
  const [creating, setCreating] = useState(false);
  const locale = i18n.language.replace('_', '-');
  const nf = new Intl.NumberFormat(locale);

  const loadSites = useCallback(async () => {
    const { list } = await fetchData<{ list: SiteRow[] }>('/store/erp-stocks/sites');
    setSites(list);
    // a user of one site: that one
    setSite((s) => s ?? (list.length === 1 ? list[0].id : undefined));
  }, []);
  const loadLists = useCallback(async () => {
    setLoading(true);
    try {
      const data = await fetchData<{ list: ListHead[]; total: number }>('/store/difference-lists', {
        params: { siteId: site, page, pageSize: 10 },
      });
      setRows(data.list);
      setTotal(data.total);
    } finally {
      setLoading(false);
    }
  }, [site, page]);
  useEffect(() => {
    void loadSites().catch(() => undefined);
  }, [loadSites]);
  useEffect(() => {
    if (siteId) setSite(siteId);
  }, [siteId]);
  useEffect(() => {
    void loadLists().catch(() => undefined);
  }, [loadLists]);

  const current = sites.find((s) => s.id === site);
  const create = async () => {
    if (!site) return;
    setCreating(true);
    try {
      const env = await request<{ id: number; code: string }>('/store/difference-lists', {
        data: { siteId: site, onlyDifferences: onlyDiff },
      });
      message.success(env.msg);
      setPage(1);
      await loadLists();
      setOpen(env.data.id);
    } catch {
      // the request showed the server's message
    } finally {
      setCreating(false);
    }
  };
  const refresh = () => {
    void loadSites().catch(() => undefined);
    void loadLists().catch(() => undefined);
  };

  return (
    <div data-testid="differences-tab">
      <div className="diff-toolbar">
        {!siteId && (
          <Select
            className="diff-site"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('differences.allSites')}
            value={site}
            onChange={(v) => {
              setSite(v);
              setPage(1);
            }}
            options={sites.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
            aria-label={t('differences.site')}
            data-testid="diff-site"
          />
        )}
        {canAdd && (
          <Space.Compact>
            <Popover
              content={
                <Checkbox checked={onlyDiff} onChange={(e) => setOnlyDiff(e.target.checked)} data-testid="diff-new-only">
                  {t('differences.onlyDifferences')}
                </Checkbox>
              }
            >
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!current?.erp}
                loading={creating}
                onClick={() => void create()}
                title={current && !current.erp ? t('differences.noErp') : !site ? t('differences.pickSite') : undefined}
                data-testid="diff-new"
              >
                {t('differences.new')}
              </Button>
            </Popover>
          </Space.Compact>
        )}
        {canImport && <ErpStockImport onDone={refresh} />}
        <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('differences.refresh')} title={t('differences.refresh')} />
      </div>
      {current && (
        <Typography.Paragraph type="secondary" className="diff-erp" data-testid="diff-erp">
          {current.erp
            ? t('differences.erpLatest', {
                site: `${current.code} ${current.name}`,
                ref: current.erp.externRef,
                time: new Date(current.erp.time).toLocaleString(locale),
                skus: nf.format(current.erp.skuCount),
                pieces: nf.format(current.erp.totalQty),
              })
            : t('differences.noErp')}
        </Typography.Paragraph>
      )}
      <Table<ListHead>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 900 }}
        pagination={{ current: page, total, pageSize: 10, showSizeChanger: false, onChange: setPage }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
        data-testid="diff-lists"
        columns={[
          {
            title: t('differences.code'),
            dataIndex: 'code',
            width: 150,
            fixed: 'left',
            render: (v: string, r) => (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(r.id)}>
                {v}
              </Button>
            ),
          },
          {
            title: t('differences.site'),
            dataIndex: 'siteCode',
            width: 140,
            ellipsis: true,
            render: (v: string, r) => `${v} ${r.siteName}`,
          },
          { title: t('differences.status'), dataIndex: 'status', width: 110, render: (v: number) => <StatusBadge status={v} /> },
          { title: t('differences.plus'), dataIndex: 'plusQty', width: 70, align: 'right', render: (v: number) => nf.format(v) },
          { title: t('differences.minus'), dataIndex: 'minusQty', width: 70, align: 'right', render: (v: number) => nf.format(v) },
          { title: t('differences.ignoredSkus'), dataIndex: 'ignoredSkus', width: 80, align: 'right' },
          {
            title: t('differences.value'),
            dataIndex: 'diffValue',
            width: 120,
            align: 'right',
            render: (v: number, r) => money(v, r.currency, i18n.language),
          },
          { title: t('differences.smape'), dataIndex: 'accuracySmape', width: 110, align: 'right', render: (v: number) => pct(v) },
          { title: t('differences.skuAccuracy'), dataIndex: 'accuracySku', width: 100, align: 'right', render: (v: number) => pct(v) },
          { title: t('differences.erpRef'), dataIndex: 'erpRef', width: 170, ellipsis: true },
          {
            title: t('differences.createdAt'),
            dataIndex: 'createdAt',
            width: 160,
            render: (v: string) => new Date(v).toLocaleString(locale),
          },
        ]}
      />
      <DifferencesDetail id={open} onClose={() => setOpen(undefined)} onChanged={() => void loadLists().catch(() => undefined)} />
    </div>
  );
}
