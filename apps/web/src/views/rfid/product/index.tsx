/**
 * rfid/product: the reader models of the platform's product list (general/product, kept by the
 * platform), shown to the tenant read-only: search by code or name, and each model's description
 * and parameters (general/product-param: transmit power, antenna ports …) in a drawer.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Grid, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { normalizeLang } from '../../../domain';
import '../scene/readers.css';
import { titledColumns } from '../../../components/resource/layout';

interface Param {
  code: string;
  name: string;
  unit: string;
  type: number;
  defaultValue: string;
  minValue: number | null;
  maxValue: number | null;
}
interface Product {
  id: number;
  code: string;
  name: string;
  category: number;
  nodeType: number;
  networkMode: number;
  dataFormat: number;
  authMethod: number;
  supplier: string;
  description: string;
  params: Param[];
}

export default function Products() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const screens = Grid.useBreakpoint();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<Product>();
  const list = useQuery({
    queryKey: ['rfid', 'products', q],
    queryFn: () => fetchData<Product[]>(`/rfid/product/list${q ? `?q=${encodeURIComponent(q)}` : ''}`),
  });
  const enumLabel = (name: string, v: unknown) => ENUMS[name]?.find((o) => String(o.value) === String(v))?.label[lang] ?? String(v ?? '');
  const range = (p: Param) =>
    p.minValue === null && p.maxValue === null ? '' : `${p.minValue ?? '−∞'} ~ ${p.maxValue ?? '+∞'}${p.unit ? ` ${p.unit}` : ''}`;

  return (
    <div className="resource-page" data-testid="rfid-products">
      <div className="page-card resource-body">
        <Space wrap className="readers-config-buttons">
          <Input.Search
            allowClear
            placeholder={t('readers.productSearch')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => setQ(v.trim())}
            style={{ width: screens.md ? 320 : '100%' }}
            data-testid="products-search"
          />
          <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
            {t('readers.refresh')}
          </Button>
        </Space>
        <Table<Product>
          rowKey="id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          data-testid="products-table"
          columns={titledColumns([
            {
              title: t('readers.productCode'),
              dataIndex: 'code',
              width: 120,
              fixed: 'left',
              render: (v: string) => <span className="readers-code readers-nowrap">{v}</span>,
            },
            { title: t('readers.productName'), dataIndex: 'name', width: 240 },
            { title: t('readers.category'), dataIndex: 'category', width: 140, render: (v) => enumLabel('ProductCategory', v) },
            { title: t('readers.networking'), dataIndex: 'networkMode', width: 120, render: (v) => enumLabel('NetworkMode', v) },
            { title: t('readers.supplier'), dataIndex: 'supplier', ellipsis: true },
            { title: t('readers.paramCount'), key: 'n', width: 100, render: (_v, r) => r.params.length },
            {
              title: t('readers.actions'),
              key: 'a',
              width: 100,
              fixed: 'right',
              render: (_v, r) => (
                <Button type="link" size="small" onClick={() => setOpen(r)} data-testid="product-details">
                  {t('readers.details')}
                </Button>
              ),
            },
          ])}
        />
      </div>
      <Drawer
        open={!!open}
        onClose={() => setOpen(undefined)}
        size={screens.md ? 640 : '100%'}
        title={open ? `${open.name} (${open.code})` : ''}
        data-testid="product-drawer"
      >
        {open && (
          <>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'c', label: t('readers.category'), children: enumLabel('ProductCategory', open.category) },
                { key: 'n', label: t('readers.nodeType'), children: enumLabel('NodeType', open.nodeType) },
                { key: 'w', label: t('readers.networking'), children: enumLabel('NetworkMode', open.networkMode) },
                { key: 'f', label: t('readers.dataFormat'), children: enumLabel('DataFormat', open.dataFormat) },
                { key: 'a', label: t('readers.auth'), children: enumLabel('AuthMethod', open.authMethod) },
                { key: 's', label: t('readers.supplier'), children: open.supplier },
                { key: 'd', label: t('readers.description'), children: open.description },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 20 }}>
              {t('readers.params')}
            </Typography.Title>
            <Table<Param>
              rowKey="code"
              size="small"
              pagination={false}
              dataSource={open.params}
              locale={{ emptyText: t('readers.noParams') }}
              scroll={{ x: 520 }}
              data-testid="product-params"
              columns={titledColumns([
                {
                  title: t('readers.paramCode'),
                  dataIndex: 'code',
                  width: 140,
                  render: (v: string) => <span className="readers-code">{v}</span>,
                },
                { title: t('readers.paramName'), dataIndex: 'name', width: 120 },
                {
                  title: t('readers.paramDefault'),
                  dataIndex: 'defaultValue',
                  width: 90,
                  render: (v: string, p) => `${v}${v && p.unit ? ` ${p.unit}` : ''}`,
                },
                { title: t('readers.paramRange'), key: 'r', render: (_v, p) => range(p) },
              ])}
            />
          </>
        )}
      </Drawer>
    </div>
  );
}
