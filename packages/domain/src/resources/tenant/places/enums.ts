import { defineEnums, enumOption as o } from '../../../enums.js';

/**
 * Values of the LocationKind enum: stores and warehouses are the locations parties are bound to (the
 * sites); a zone is a place inside a site (a store's sales floor, a warehouse's dock), which readers
 * bind to.
 */
export const LOCATION_KIND = { STORE: 1, WAREHOUSE: 2, OFFICE: 3, SHOWROOM: 4, ZONE: 5, OTHER: 9 } as const;

/**
 * Values of the ZoneType enum (../shared/operations.md F1): what a zone is for. The store's are
 * Nedap's sublocation types (sales floor, stock room) with the fitting area, its cabins and the exit;
 * the warehouse's follow the inbound and outbound flow.
 */
export const ZONE_TYPE = {
  SALES_FLOOR: 1,
  STOCK_ROOM: 2,
  FITTING_AREA: 3,
  FITTING_CABIN: 4,
  DOCK_IN: 5,
  DOCK_OUT: 6,
  QI_AREA: 7,
  PACK_STATION: 8,
  STORAGE: 9,
  STAGING: 10,
  DEFECT_AREA: 11,
  ECOM_AREA: 12,
  EXIT: 13,
} as const;

/** The zone types a store's zones take, and a warehouse's. */
export const STORE_ZONE_TYPES: readonly number[] = [
  ZONE_TYPE.SALES_FLOOR,
  ZONE_TYPE.STOCK_ROOM,
  ZONE_TYPE.FITTING_AREA,
  ZONE_TYPE.FITTING_CABIN,
  ZONE_TYPE.EXIT,
];
export const WAREHOUSE_ZONE_TYPES: readonly number[] = [
  ZONE_TYPE.DOCK_IN,
  ZONE_TYPE.DOCK_OUT,
  ZONE_TYPE.QI_AREA,
  ZONE_TYPE.PACK_STATION,
  ZONE_TYPE.STORAGE,
  ZONE_TYPE.STAGING,
  ZONE_TYPE.DEFECT_AREA,
  ZONE_TYPE.ECOM_AREA,
];

/** The zone types a site of this kind holds (none for a kind that is no site). */
export function zoneTypesOf(siteKind: number): readonly number[] {
  if (siteKind === LOCATION_KIND.STORE) return STORE_ZONE_TYPES;
  if (siteKind === LOCATION_KIND.WAREHOUSE) return WAREHOUSE_ZONE_TYPES;
  return [];
}

/** Whether a location kind is a site (a store or a warehouse: what zones belong to and parties are bound to). */
export const isSiteKind = (kind: number): boolean => kind === LOCATION_KIND.STORE || kind === LOCATION_KIND.WAREHOUSE;

/** A zone's use, as it reads (ZoneType). */
const ZONE_OPTIONS = [
  o(ZONE_TYPE.SALES_FLOOR, '卖场', '賣場', 'Sales floor'),
  o(ZONE_TYPE.STOCK_ROOM, '仓储间', '倉儲間', 'Stock room'),
  o(ZONE_TYPE.FITTING_AREA, '试衣区', '試衣區', 'Fitting area'),
  o(ZONE_TYPE.FITTING_CABIN, '试衣间', '試衣間', 'Fitting cabin'),
  o(ZONE_TYPE.DOCK_IN, '收货月台', '收貨月台', 'Receiving dock'),
  o(ZONE_TYPE.DOCK_OUT, '发货月台', '出貨月台', 'Shipping dock'),
  o(ZONE_TYPE.QI_AREA, '质检区', '品檢區', 'QI area'),
  o(ZONE_TYPE.PACK_STATION, '装箱台', '裝箱台', 'Pack station'),
  o(ZONE_TYPE.STORAGE, '存储区', '儲存區', 'Storage'),
  o(ZONE_TYPE.STAGING, '暂存区', '暫存區', 'Staging'),
  o(ZONE_TYPE.DEFECT_AREA, '次品区', '次品區', 'Defect area'),
  o(ZONE_TYPE.ECOM_AREA, '电商区', '電商區', 'E-commerce'),
  o(ZONE_TYPE.EXIT, '出口', '出口', 'Exit'),
];

/** The places area's enums (see defineEnums): what kind of place a location is, a zone's use; a training document's category. */
export const placesEnums = defineEnums({
  LocationKind: [
    o(LOCATION_KIND.STORE, '门店', '門市', 'Store'),
    o(LOCATION_KIND.WAREHOUSE, '仓库', '倉庫', 'Warehouse'),
    o(LOCATION_KIND.OFFICE, '办公室', '辦公室', 'Office'),
    o(LOCATION_KIND.SHOWROOM, '展厅', '展示廳', 'Showroom'),
    o(LOCATION_KIND.ZONE, '区域', '區域', 'Zone'),
    o(LOCATION_KIND.OTHER, '其他', '其他', 'Other'),
  ],
  ZoneType: ZONE_OPTIONS,
  /** the zone types a store's zones take, and a warehouse's (the zone screens of each pick from these) */
  StoreZoneType: ZONE_OPTIONS.filter((z) => STORE_ZONE_TYPES.includes(Number(z.value))),
  WarehouseZoneType: ZONE_OPTIONS.filter((z) => WAREHOUSE_ZONE_TYPES.includes(Number(z.value))),
  TrainingCategory: [
    o(1, '操作手册', '操作手冊', 'User manual'),
    o(2, '设备指南', '設備指南', 'Device guide'),
    o(3, '业务流程', '業務流程', 'Business process'),
    o(4, '规章制度', '規章制度', 'Policy'),
    o(9, '其他', '其他', 'Other'),
  ],
});
