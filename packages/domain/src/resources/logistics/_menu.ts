import type { MenuModuleDef } from '../../menu/types.js';

/**
 * The logistics module's menu subtree (screens.md): module → group → screen. A screen with a
 * resource declaration lists no buttons here: they are the declaration's (see buttonsOf).
 */
export const logisticsMenu: MenuModuleDef = {
  code: 'logistics',
  icon: 'CarOutlined',
  names: { zh_CN: '物流仓储', zh_TW: '物流倉儲', en_US: 'Logistics and storage' },
  /** the top navigation's label while the module keeps its shipped name */
  short: { zh_CN: '物流', zh_TW: '物流', en_US: 'Logistics' },
  groups: [
    {
      code: 'inbound',
      icon: 'InboxOutlined',
      names: { zh_CN: '入库管理', zh_TW: '入庫管理', en_US: 'Inbound' },
      screens: [
        {
          component: 'logistics/receipt-review',
          side: 'T',
          icon: 'AuditOutlined',
          names: { zh_CN: '收货复核', zh_TW: '收貨複核', en_US: 'Receipt review' },
        },
        {
          component: 'logistics/quality-inspection',
          side: 'T',
          icon: 'FileProtectOutlined',
          names: { zh_CN: '质检', zh_TW: '品檢', en_US: 'Quality inspection' },
        },
      ],
    },
    {
      code: 'outbound',
      icon: 'CarOutlined',
      names: { zh_CN: '出库管理', zh_TW: '出庫管理', en_US: 'Outbound' },
      screens: [
        {
          component: 'logistics/packing',
          side: 'T',
          icon: 'DropboxOutlined',
          names: { zh_CN: '装箱复核', zh_TW: '裝箱複核', en_US: 'Packing review' },
        },
        {
          component: 'logistics/shipment-review',
          side: 'T',
          icon: 'CarOutlined',
          names: { zh_CN: '发货复核', zh_TW: '出貨複核', en_US: 'Shipment review' },
        },
      ],
    },
    {
      code: 'counting',
      icon: 'ReconciliationOutlined',
      names: { zh_CN: '盘点与抽检', zh_TW: '盤點與抽檢', en_US: 'Counts and checks' },
      screens: [
        {
          component: 'logistics/inventory',
          side: 'T',
          icon: 'ReconciliationOutlined',
          names: { zh_CN: '盘点', zh_TW: '盤點', en_US: 'Inventory counts' },
        },
        {
          component: 'logistics/spot-check',
          side: 'T',
          icon: 'CheckSquareOutlined',
          names: { zh_CN: '抽检复核', zh_TW: '抽檢複核', en_US: 'Spot-check review' },
        },
        {
          component: 'logistics/scattered',
          side: 'T',
          icon: 'ScanOutlined',
          names: { zh_CN: '散件复核', zh_TW: '散件複核', en_US: 'Scattered review' },
        },
      ],
    },
    {
      code: 'storage',
      icon: 'ContainerOutlined',
      names: { zh_CN: '仓储作业', zh_TW: '倉儲作業', en_US: 'Storage operations' },
      screens: [
        {
          component: 'logistics/asn-binding',
          side: 'T',
          icon: 'NodeIndexOutlined',
          names: { zh_CN: 'ASN 绑定记录', zh_TW: 'ASN 綁定紀錄', en_US: 'ASN binding record' },
        },
        {
          component: 'logistics/defective',
          side: 'T',
          icon: 'WarningOutlined',
          names: { zh_CN: '次品管理', zh_TW: '瑕疵品管理', en_US: 'Defective products' },
        },
        {
          component: 'logistics/futures',
          side: 'T',
          icon: 'FundOutlined',
          names: { zh_CN: '期货入库', zh_TW: '期貨入庫', en_US: 'Futures warehousing' },
        },
        {
          component: 'logistics/label-reprint',
          side: 'T',
          icon: 'PrinterOutlined',
          names: {
            zh_CN: '标签管理与补打',
            zh_TW: '標籤管理與補印',
            en_US: 'Label management and reprint',
          },
        },
      ],
    },
    {
      code: 'ecommerce',
      icon: 'ShoppingCartOutlined',
      names: { zh_CN: '电商', zh_TW: '電商', en_US: 'E-commerce' },
      screens: [
        {
          component: 'logistics/ecom-delivery',
          side: 'T',
          icon: 'ShoppingCartOutlined',
          names: { zh_CN: '电商发货单', zh_TW: '電商出貨單', en_US: 'E-commerce delivery list' },
        },
        {
          component: 'logistics/ecom-return',
          side: 'T',
          icon: 'RollbackOutlined',
          names: { zh_CN: '电商退货单', zh_TW: '電商退貨單', en_US: 'E-commerce return list' },
        },
      ],
    },
  ],
};
