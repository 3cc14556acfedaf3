import { defineEnums, enumOption as o } from '../../../enums.js';

/** Values of the LocationKind enum: stores and warehouses are the locations parties are bound to. */
export const LOCATION_KIND = { STORE: 1, WAREHOUSE: 2, OFFICE: 3, SHOWROOM: 4, OTHER: 9 } as const;

/** The places area's enums (see defineEnums): what kind of place a location is; a training document's category. */
export const placesEnums = defineEnums({
  LocationKind: [
    o(LOCATION_KIND.STORE, '门店', '門市', 'Store'),
    o(LOCATION_KIND.WAREHOUSE, '仓库', '倉庫', 'Warehouse'),
    o(LOCATION_KIND.OFFICE, '办公室', '辦公室', 'Office'),
    o(LOCATION_KIND.SHOWROOM, '展厅', '展示廳', 'Showroom'),
    o(LOCATION_KIND.OTHER, '其他', '其他', 'Other'),
  ],
  TrainingCategory: [
    o(1, '操作手册', '操作手冊', 'User manual'),
    o(2, '设备指南', '設備指南', 'Device guide'),
    o(3, '业务流程', '業務流程', 'Business process'),
    o(4, '规章制度', '規章制度', 'Policy'),
    o(9, '其他', '其他', 'Other'),
  ],
});
