/**
 * store/o2o-delivery: the online orders a store fulfils (the declaration's list: accept, ship,
 * ready, hand over, reject); an order's number opens its pick list — per line the SKU, pieces
 * ordered and picked, and where the store's readers see that SKU's pieces now (sales floor, stock
 * room …), so the clerk walks to them. The list follows the clerk's pick reads while orders wait for them.
 */
import { ORDER_STATUS } from '@tagloom/domain/resources/logistics/customer-order.ts';
import { o2oDeliveryResource } from '@tagloom/domain/resources/store/o2o.ts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Grid, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { whileIn } from '../../logistics/ecom-delivery/reading';

const CODE = o2oDeliveryResource.code;
/** orders waiting for the clerk's pick read: the list follows it */
const reading = whileIn([ORDER_STATUS.ACCEPTED, ORDER_STATUS.PICKING]);

interface PickLine {
  skuId: number;
  skuBarcode: string;
  goodsName: string;
  colour: string;
  size: string;
  qty: number;
  pickedQty: number;
  places: { locationId: number; name: string; present: number }[];
}

function PickList({ order, onClose }: { order: { id: number; orderNo: string } | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const found = useQuery({
    queryKey: ['resource', CODE, 'find', order?.id],
    queryFn: () => fetchData<{ lines: PickLine[] }>(`/${CODE}/find`, { params: { id: order?.id } }),
    enabled: !!order,
  });
  return (
    <Drawer
      open={!!order}
      onClose={onClose}
      title={t('o2o.find.title', { code: order?.orderNo ?? '' })}
      size={screens.md ? 760 : '100%'}
      destroyOnHidden
      data-testid="o2o-find"
    >
      <Typography.Paragraph type="secondary">{t('o2o.find.hint')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="skuId"
        loading={found.isLoading}
        dataSource={found.data?.lines ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        data-testid="o2o-find-table"
        columns={[
          {
            title: t('o2o.find.sku'),
            dataIndex: 'skuBarcode',
            width: 200,
            render: (v: string, r: PickLine) => (
              <Space direction="vertical" size={0}>
                <span className="resource-mono">{v}</span>
                <Typography.Text type="secondary">
                  {r.goodsName} {r.colour} / {r.size}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('o2o.find.qty'), dataIndex: 'qty', width: 70, align: 'right' },
          { title: t('o2o.find.picked'), dataIndex: 'pickedQty', width: 70, align: 'right' },
          {
            title: t('o2o.find.where'),
            dataIndex: 'places',
            render: (places: PickLine['places']) =>
              places.length ? (
                <Space size={[4, 4]} wrap>
                  {places.map((p) => (
                    <Tag key={p.locationId} color="blue" data-testid="o2o-find-place">
                      {t('o2o.find.place', { name: p.name, n: p.present })}
                    </Tag>
                  ))}
                </Space>
              ) : (
                <Tag color="warning">{t('o2o.find.notSeen')}</Tag>
              ),
          },
        ]}
      />
    </Drawer>
  );
}

export default function O2oDelivery() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ id: number; orderNo: string }>();
  return (
    <>
      <ResourcePage
        def={o2oDeliveryResource}
        refreshEvery={reading}
        columnOverrides={{
          orderNo: (value, row) => (
            <Tooltip title={t('o2o.find.open')}>
              <a
                href={`#order-${String(row.id)}`}
                className="resource-token resource-mono"
                onClick={(e) => {
                  e.preventDefault();
                  setShown({ id: Number(row.id), orderNo: String(value) });
                }}
                data-testid="o2o-find-open"
              >
                {String(value)}
              </a>
            </Tooltip>
          ),
        }}
      />
      <PickList order={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
