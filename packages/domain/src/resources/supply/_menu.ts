import type { MenuModuleDef } from '../../menu/types.js';

/**
 * The supply module's menu subtree (screens.md): module → group → screen. A screen with a
 * resource declaration lists no buttons here: they are the declaration's (see buttonsOf).
 */
export const supplyMenu: MenuModuleDef = {
  code: 'supply',
  icon: 'DeploymentUnitOutlined',
  names: { zh_CN: '供应链', zh_TW: '供應鏈', en_US: 'Supply chain' },
  /** the top navigation's label while the module keeps its shipped name */
  short: { zh_CN: '供应链', zh_TW: '供應鏈', en_US: 'Supply' },
  groups: [
    {
      code: 'purchasing',
      icon: 'ShoppingCartOutlined',
      names: { zh_CN: '商品采购', zh_TW: '商品採購', en_US: 'Commodity purchasing' },
      screens: [
        {
          component: 'supply/purchase-order',
          side: 'T',
          icon: 'ShoppingCartOutlined',
          names: { zh_CN: '商品采购单', zh_TW: '商品採購單', en_US: 'Commodity purchase order' },
        },
        {
          component: 'supply/purchase-order-detail',
          side: 'T',
          icon: 'ProfileOutlined',
          names: {
            zh_CN: '商品采购单明细',
            zh_TW: '商品採購單明細',
            en_US: 'Commodity purchase order detail',
          },
        },
        {
          component: 'supply/sample-card',
          side: 'T',
          icon: 'SolutionOutlined',
          names: { zh_CN: '样卡', zh_TW: '樣卡', en_US: 'Sample cards' },
        },
      ],
    },
    {
      code: 'supplier',
      icon: 'TeamOutlined',
      names: { zh_CN: '供应商协同', zh_TW: '供應商協同', en_US: 'Supplier collaboration' },
      screens: [
        {
          component: 'supply/label-order',
          side: 'T',
          icon: 'TagsOutlined',
          names: {
            zh_CN: '标签采购单（供应商）',
            zh_TW: '標籤採購單（供應商）',
            en_US: 'Label purchase order (supplier view)',
          },
        },
        {
          component: 'supply/packing-review',
          side: 'T',
          icon: 'DropboxOutlined',
          names: { zh_CN: '装箱复核', zh_TW: '裝箱複核', en_US: 'Packing review' },
        },
        {
          component: 'supply/submission-detail',
          side: 'T',
          icon: 'FileDoneOutlined',
          names: { zh_CN: '提交单明细', zh_TW: '提交單明細', en_US: 'Submission form detail' },
        },
      ],
    },
  ],
};
