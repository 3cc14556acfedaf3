import { defineEnums, enumOption as o } from '../../enums.js';
import { defineFeed, type FeedColumn } from '../../feed/define.js';
import { L, type L10n } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { DEFAULT_FITTING_RULES } from '../../rfid/fitting.js';

/** Values of the FittingSessionStatus enum: a cabin's session while garments keep it present, then closed. */
export const FITTING_SESSION_STATUS = { OPEN: 1, CLOSED: 2 } as const;

/** The fitting rooms' enums (see defineEnums). */
export const fittingEnums = defineEnums({
  FittingSessionStatus: [
    o(FITTING_SESSION_STATUS.OPEN, '试衣中', '試衣中', 'In the cabin', 'processing'),
    o(FITTING_SESSION_STATUS.CLOSED, '已结束', '已結束', 'Closed', 'default'),
  ],
});

/** A store's fitting rules within these bounds (s, s, h). */
export const FITTING_BOUNDS = {
  minDwellS: { min: 10, max: 600 },
  mergeGapS: { min: 5, max: 300 },
  conversionWindowH: { min: 1, max: 72 },
  cabinCount: { min: 1, max: 30 },
} as const;

/** "HH:mm", 00:00–23:59: a store's opening and closing time. */
export const CLOCK = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

const rule = (label: L10n, key: keyof typeof FITTING_BOUNDS, dflt: number, width: number) =>
  f.int({ label, ...FITTING_BOUNDS[key], default: dflt, width });

/**
 * Fitting-room archives (E13, smart-store/archive): each store's fitting area — a FITTING_AREA zone
 * with its FITTING_CABIN zones, the readers bound to each cabin (a FITTING-scene reader a cabin) —
 * and the store's fitting rules, shown on every fitting-room screen: how long a garment stays in a
 * cabin to count as tried (minimum dwell), how long a cabin stays without a read before its session
 * closes (merge gap), how long after a session a sale of its garment counts as bought (conversion
 * window), and the opening hours the cabins' occupancy is measured over. One archive a store; saving
 * one makes its area and cabins (more cabins: more zones; the readers are bound on the equipment
 * screen). A store's user sees and keeps its own store's.
 */
export const fittingArchiveResource = defineResource({
  code: 'smart-store/archive',
  names: L('试衣间档案', '試衣間檔案', 'Fitting-room archive'),
  owner: 'tenant',
  table: 'fr_areas',
  titleField: 'name',
  defaultSort: { field: 'storeId', order: 'asc' },
  partyScope: { store: 'storeId' },
  sample: (salt) => ({ name: `试衣区 ${salt}`, cabinCount: 2 }),
  // one archive a store: the generic rows all point at the tenant's first store, which has its own
  // (test/fitting-rooms.test.ts makes, changes, refuses and scopes archives, another tenant's too)
  unproven: {
    crud: 'one archive a store: the generic rows would all be the first store’s, which has one',
    isolation: 'one archive a store (fitting-rooms.test.ts proves another tenant reaches none)',
    dbChecks: 'one archive a store: no second row of the first store to check',
    import: 'one archive a store: the generic rows would all be the first store’s',
  },
  fields: {
    // a store's user names none (its store is stamped); others choose it
    storeId: f.ref('tenant/store', 'name', { label: L('门店', '門市', 'Store'), required: false, unique: true, search: 'eq', width: 150 }),
    // (named 试衣区 mostly: with the column settings)
    name: f.text({ label: L('试衣区名称', '試衣區名稱', 'Fitting area'), max: 64, search: 'like', hidden: true, width: 120 }),
    cabinCount: f.int({
      label: L('试衣间数', '試衣間數', 'Cabins'),
      ...FITTING_BOUNDS.cabinCount,
      default: 3,
      width: 150,
    }),
    minDwellS: rule(L('试穿≥（秒）', '試穿≥（秒）', 'Try-on ≥ (s)'), 'minDwellS', DEFAULT_FITTING_RULES.minDwellS, 100),
    mergeGapS: rule(L('离开（秒）', '離開（秒）', 'Leave (s)'), 'mergeGapS', DEFAULT_FITTING_RULES.mergeGapS, 90),
    conversionWindowH: rule(
      L('成交窗口（时）', '成交窗口（時）', 'Sale window (h)'),
      'conversionWindowH',
      DEFAULT_FITTING_RULES.conversionWindowH,
      120,
    ),
    opensAt: f.text({
      label: L('营业开始', '營業開始', 'Opens'),
      max: 5,
      default: '10:00',
      pattern: { source: CLOCK, message: 'validation.clock' },
      width: 80,
    }),
    closesAt: f.text({
      label: L('营业结束', '營業結束', 'Closes'),
      max: 5,
      default: '22:00',
      pattern: { source: CLOCK, message: 'validation.clock' },
      width: 80,
    }),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), search: 'eq', default: 1, required: false, width: 90 }),
    // the FITTING_AREA zone the archive keeps (made by the server)
    zoneId: f.ref('tenant/location', 'name', {
      label: L('试衣区区域', '試衣區區域', 'Area zone'),
      required: false,
      form: false,
      editable: false,
      hidden: true,
    }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: false }),
  },
});

const read = <T extends object>(o: T) => ({ form: false, editable: false, required: false, ...o });
const count = (label: L10n, width = 70) => f.int(read({ label, min: 0, max: 1_000_000, default: 0, width }));
const when = (label: L10n, extra: { hidden?: boolean; search?: 'range'; sort?: boolean } = {}) =>
  f.datetime(read({ label, width: 160, ...extra }));

/** A garment of a fitting session: when the cabin first and last read it, its dwell, tried, and what the till says. */
export const fittingItemResource = defineResource({
  code: 'smart-store/data-item',
  screen: 'smart-store/data',
  names: L('试穿单品', '試穿單品', 'Garment'),
  owner: 'tenant',
  table: 'fr_session_items',
  titleField: 'epc',
  defaultSort: { field: 'firstAt', order: 'asc' },
  crud: ['query', 'export'],
  fields: {
    sessionId: f.ref('smart-store/data', 'code', read({ label: L('试衣记录', '試衣記錄', 'Session'), onDelete: 'cascade', list: false })),
    epc: f.text(read({ label: L('EPC', 'EPC', 'EPC'), max: 64, display: 'code', uniqueWithin: 'sessionId', width: 230 })),
    skuId: f.ref('tenant/goods-sku', 'skuBarcode', read({ label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'), width: 150 })),
    styleId: f.ref('tenant/goods', 'goodsName', read({ label: L('款式', '款式', 'Style'), width: 150 })),
    firstAt: when(L('进入', '進入', 'In')),
    lastAt: when(L('最后读取', '最後讀取', 'Last read')),
    leftAt: when(L('移至他间', '移至他間', 'Moved away'), { hidden: true }),
    reads: count(L('读取次数', '讀取次數', 'Reads'), 80),
    dwellS: count(L('停留（秒）', '停留（秒）', 'Dwell (s)'), 90),
    tried: f.enumOf('YesNo', read({ label: L('试穿', '試穿', 'Tried'), default: 0, width: 70 })),
    bought: f.enumOf('YesNo', read({ label: L('成交', '成交', 'Bought'), default: 0, width: 70 })),
    swapped: f.enumOf('YesNo', read({ label: L('换码购买', '換碼購買', 'Other size bought'), default: 0, width: 110 })),
    soldAt: when(L('销售时间', '銷售時間', 'Sold at')),
    txnNo: f.text(read({ label: L('小票号', '小票號', 'Receipt no.'), max: 64, width: 150 })),
    amount: f.decimal(read({ label: L('金额', '金額', 'Amount'), scale: 2, min: 0, max: 99_999_999, width: 90 })),
  },
});

/**
 * Fitting-room data (E16, smart-store/data): the cabins' sessions as the readers make them — a
 * session opens at a cabin's first garment, takes every garment read there while it is open, and
 * closes once no garment kept the cabin present for the store's merge gap (within seconds of the
 * last one leaving); walk-bys and staff tidying (shorter than a try-on, nothing tried) are dropped.
 * Each lists its garments (a drawer): dwell, tried, and bought when the till sold the same piece
 * at the store within the conversion window, or another size of its style instead. Query and
 * export; a store's user sees its own store's sessions.
 */
export const fittingSessionResource = defineResource({
  code: 'smart-store/data',
  names: L('试衣记录', '試衣記錄', 'Fitting session'),
  owner: 'tenant',
  table: 'fr_sessions',
  titleField: 'code',
  defaultSort: { field: 'startedAt', order: 'desc' },
  partyScope: { store: 'storeId' },
  crud: ['query', 'export'],
  unproven: { crud: 'sessions are made by the cabins’ readers (the fitting fold), never by a form' },
  children: [{ key: 'garments', resource: fittingItemResource, parentField: 'sessionId' }],
  fields: {
    // its cabin and start, which the columns show: the number with the column settings (a row opens by its expander)
    code: f.text(
      read({
        label: L('记录号', '記錄號', 'Session no.'),
        max: 32,
        display: 'code',
        search: 'prefix',
        sort: true,
        hidden: true,
        width: 215,
      }),
    ),
    storeId: f.ref('tenant/store', 'name', read({ label: L('门店', '門市', 'Store'), search: 'eq', width: 150 })),
    cabinId: f.ref('tenant/location', 'name', read({ label: L('试衣间', '試衣間', 'Cabin'), search: 'eq', width: 100 })),
    startedAt: when(L('开始', '開始', 'Started'), { search: 'range', sort: true }),
    // (the dwell says how long: the end with the column settings)
    endedAt: when(L('结束', '結束', 'Ended'), { hidden: true }),
    lastAt: when(L('最后读取', '最後讀取', 'Last read'), { hidden: true }),
    dwellS: count(L('时长', '時長', 'Dwell'), 80),
    items: count(L('件数', '件數', 'Items'), 64),
    tried: count(L('试穿', '試穿', 'Tried'), 64),
    bought: count(L('成交', '成交', 'Bought'), 70),
    swapped: f.int(read({ label: L('换码', '換碼', 'Swapped'), min: 0, max: 1_000_000, default: 0, hidden: true, width: 80 })),
    amountBought: f.decimal(read({ label: L('成交金额', '成交金額', 'Amount'), scale: 2, min: 0, max: 999_999_999, width: 100 })),
    status: f.enumOf('FittingSessionStatus', read({ label: L('状态', '狀態', 'Status'), search: 'eq', width: 100 })),
    convertedAt: when(L('成交核对', '成交核對', 'Till checked'), { hidden: true }),
  },
});

const R = (key: string, kind: FeedColumn['kind'] = 'text', more: Partial<FeedColumn> = {}): FeedColumn => ({
  key,
  label: `fitting.raw.${key}`,
  kind,
  ...more,
});

/**
 * Raw data (E17, smart-store/raw-data): the reads of the fitting-scene readers — a cabin's reader
 * reads the garments in it every second or two — newest first, with the cabin, the EPC, the SKU its
 * tag names and the signal. The rfid module's raw reads (kept 30 days), the cabins' only; a store's
 * user sees its own store's.
 */
export const fittingRawFeed = defineFeed({
  code: 'smart-store/raw-data',
  title: 'fitting.raw.title',
  table: 'rfid_read_batches',
  scope: 'tenant',
  columns: [
    R('readAt', 'time', { width: 200 }),
    R('equipmentCoding', 'text', { display: 'mono', width: 150 }),
    R('locationName', 'text', { display: 'long', width: 130 }),
    R('epc', 'text', { display: 'mono', width: 240 }),
    R('skuBarcode', 'text', { display: 'mono', width: 150 }),
    R('rssiCdbm', 'int', { width: 130 }),
    R('antenna', 'int', { width: 80 }),
  ],
  filters: [
    { key: 'equipmentCoding', op: 'prefix' },
    { key: 'epc', op: 'prefix' },
  ],
  partition: { by: 'day', retention: { days: 30 }, ahead: 3 },
  window: { defaultDays: 1, maxDays: 31 },
});
