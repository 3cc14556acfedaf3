import { defineEnums, enumOption as o } from '../../enums.js';
import { L, type L10n } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { defineMachine } from '../../resource/machine.js';
import { partyCode } from '../tenant/places/_party.js';
import { LOCATION_KIND } from '../tenant/places/enums.js';
import { numberedCode } from '../warehouse/bill.js';

/** Values of the CountSheetKind enum (../shared/operations.md E9): who made the sheet. */
export const COUNT_SHEET_KIND = { PLANNED: 1, SELF_BUILT: 2, INSTRUCTION: 3 } as const;
/** Values of the CountMode enum: a whole count (stock_taking) or a cycle count of part of the stock (cycle_counting). */
export const COUNT_MODE = { FULL: 1, CYCLE: 2 } as const;
/** Values of the CountStatus enum. */
export const COUNT_STATUS = { NEW: 1, COUNTING: 2, COUNTED: 3, SUBMITTED: 4, APPROVED: 5, CANCELLED: 9 } as const;
const S = COUNT_STATUS;

/** The store module's count enums (see defineEnums). */
export const countEnums = defineEnums({
  CountSheetKind: [
    o(COUNT_SHEET_KIND.PLANNED, '计划单', '計畫單', 'Planned'),
    o(COUNT_SHEET_KIND.SELF_BUILT, '自建单', '自建單', 'Self-built'),
    o(COUNT_SHEET_KIND.INSTRUCTION, '指令单', '指令單', 'Instruction'),
  ],
  CountMode: [o(COUNT_MODE.FULL, '全盘', '全盤', 'Full count'), o(COUNT_MODE.CYCLE, '循环盘点', '循環盤點', 'Cycle count')],
  CountStatus: [
    o(S.NEW, '新建', '新建', 'New', 'default'),
    o(S.COUNTING, '盘点中', '盤點中', 'Counting', 'processing'),
    o(S.COUNTED, '已盘点', '已盤點', 'Counted', 'warning'),
    o(S.SUBMITTED, '待审核', '待審核', 'Submitted', 'processing'),
    o(S.APPROVED, '已审核', '已審核', 'Approved', 'success'),
    o(S.CANCELLED, '已作废', '已作廢', 'Cancelled', 'error'),
  ],
});

/**
 * The count's machine (E9): started (expected frozen from the book), finished, submitted, approved
 * (the book becomes the count) or sent back; a new sheet may be voided. Refresh and sync are jobs
 * that change no state (extraActions). Edits in NEW only (and only of planned and self-built sheets:
 * the server says so), deletion of a self-built sheet in NEW only.
 */
export const countMachine = defineMachine({
  field: 'status',
  states: 'CountStatus',
  transitions: {
    start: { from: [S.NEW], to: S.COUNTING, label: L('开始盘点', '開始盤點', 'Start count'), done: 'count.done.start' },
    finish: { from: [S.COUNTING], to: S.COUNTED, label: L('完成盘点', '完成盤點', 'Finish count'), done: 'count.done.finish' },
    submit: { from: [S.COUNTED], to: S.SUBMITTED, done: 'count.done.submit' },
    review: {
      from: [S.SUBMITTED],
      to: S.APPROVED,
      label: L('审核通过', '審核通過', 'Approve'),
      confirm: 'count.confirm.review',
      danger: true,
      done: 'count.done.review',
    },
    cancelReview: { from: [S.SUBMITTED], to: S.COUNTED, done: 'count.done.cancelReview' },
    void: { from: [S.NEW], to: S.CANCELLED, danger: true, confirm: 'count.confirm.void', done: 'count.done.void' },
  },
  system: {
    /** the first handheld session uploaded for a new count starts it (expected frozen then) */
    autoStart: { from: [S.NEW], to: S.COUNTING },
  },
  final: [S.APPROVED, S.CANCELLED],
  editIn: [S.NEW],
  deleteIn: [S.NEW],
});

/** Why a count may not be edited or deleted beyond its state (the sheet's kind): an i18n key, or undefined. */
export function countRowRefusal(row: Record<string, unknown>, action: 'edit' | 'delete'): string | undefined {
  const kind = Number(row.sheetKind);
  if (action === 'edit' && kind === COUNT_SHEET_KIND.INSTRUCTION) return 'count.instructionReadOnly';
  if (action === 'delete' && kind !== COUNT_SHEET_KIND.SELF_BUILT) return 'count.onlySelfBuiltDeleted';
  return undefined;
}

/**
 * The places a count is of, picked by name: the tenant's stores (rows of the locations table of kind
 * store); a store's user sees its own store only. logistics/count-site is the warehouses' picker.
 */
export const countSiteOf = (code: string, screen: string, kind: number, names: L10n) =>
  defineResource({
    code,
    screen,
    names,
    owner: 'tenant',
    table: 'locations',
    titleField: 'name',
    defaultSort: { field: 'code', order: 'asc' },
    rowsOf: { code: 'tenant/location', fixed: { kind } },
    crud: ['query'],
    // a store's user picks its own store; a warehouse's user its own warehouse (none of the other kind)
    partyScope: kind === LOCATION_KIND.STORE ? { store: 'id' } : { warehouse: 'id' },
    fields: {
      code: partyCode(L('站点编码', '據點編碼', 'Site code')),
      name: f.text({ label: L('站点名称', '據點名稱', 'Site name'), max: 64, search: 'like', sort: true }),
    },
  });
export const countSiteResource = countSiteOf(
  'store/count-site',
  'store/inventory',
  LOCATION_KIND.STORE,
  L('盘点门店', '盤點門市', 'Count store'),
);

/** A count's tally, written by the server. */
const tally = (label: L10n, extra: { hidden?: boolean; width?: number } = {}) =>
  f.int({ label, min: 0, max: 999_999_999, default: 0, required: false, form: false, editable: false, width: 96, ...extra });
const percent = (label: L10n, extra: { hidden?: boolean; width?: number } = {}) =>
  f.decimal({ label, min: 0, max: 100, scale: 2, required: false, form: false, editable: false, width: 100, ...extra });
const when = (label: L10n, hidden = true) => f.datetime({ label, required: false, form: false, editable: false, hidden, width: 160 });

const isIdList = (v: unknown) => Array.isArray(v) && v.length <= 100 && v.every((x) => Number.isSafeInteger(x) && (x as number) > 0);
const zonesRule = (d: Record<string, unknown>) =>
  d.zoneIds !== undefined && d.zoneIds !== null && !isIdList(d.zoneIds) ? [{ path: ['zoneIds'], message: 'count.badZones' }] : [];

/**
 * The goods a count counts beyond its zones (../shared/operations.md E9 scope): brands, categories
 * (the goods' category), style numbers — each list left empty: any; all empty (or none): every SKU.
 * A cycle count of one category expects and resets that category's SKUs only.
 */
export interface CountScope {
  brandIds?: number[];
  categories?: string[];
  styles?: string[];
}
const SCOPE_KEYS = ['brandIds', 'categories', 'styles'];
const isTextList = (v: unknown) =>
  Array.isArray(v) && v.length <= 100 && v.every((x) => typeof x === 'string' && x.trim().length >= 1 && x.length <= 64);
/** Whether a value is a count's scope (null or undefined: none). */
export const isCountScope = (v: unknown): boolean => {
  if (v === undefined || v === null) return true;
  if (typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return (
    Object.keys(o).every((k) => SCOPE_KEYS.includes(k)) &&
    (o.brandIds === undefined || isIdList(o.brandIds)) &&
    (o.categories === undefined || isTextList(o.categories)) &&
    (o.styles === undefined || isTextList(o.styles))
  );
};
/** Whether a scope limits the goods at all. */
export const scopeLimits = (s: CountScope | null | undefined): s is CountScope =>
  !!s && !!(s.brandIds?.length || s.categories?.length || s.styles?.length);
const scopeRule = (d: Record<string, unknown>) => (isCountScope(d.scope) ? [] : [{ path: ['scope'], message: 'count.badScope' }]);

/** The fields of a count (store/inventory and logistics/inventory alike). */
export const countFields = {
  code: numberedCode(L('盘点单号', '盤點單號', 'Count no.'), 140),
  sheetKind: f.enumOf('CountSheetKind', {
    label: L('单据类型', '單據類型', 'Sheet'),
    search: 'eq',
    default: COUNT_SHEET_KIND.SELF_BUILT,
    editable: false,
    width: 90,
  }),
  // required, the server says (a site's user leaving it blank gets its own site)
  siteId: f.ref('store/count-site', 'name', {
    label: L('站点', '據點', 'Site'),
    required: false,
    search: 'eq',
    width: 130,
    editable: false,
  }),
  // zone ids of the site (none: the whole site)
  zoneIds: f.json({ label: L('盘点区域', '盤點區域', 'Zones'), list: true, exported: false, width: 140, hidden: true }),
  // the goods counted: brands, categories, styles (CountScope; none: all)
  scope: f.json({ label: L('盘点商品', '盤點商品', 'Goods'), list: true, exported: false, width: 160, hidden: true }),
  mode: f.enumOf('CountMode', {
    label: L('盘点方式', '盤點方式', 'Mode'),
    search: 'eq',
    default: COUNT_MODE.FULL,
    width: 90,
    hidden: true,
  }),
  plannedAt: f.datetime({ label: L('计划时间', '計畫時間', 'Planned at'), sort: true, search: 'range', width: 140 }),
  assigneeId: f.ref('tenant/user', 'username', {
    label: L('盘点人', '盤點人', 'Assignee'),
    required: false,
    search: 'eq',
    width: 100,
    hidden: true,
  }),
  status: f.enumOf('CountStatus', {
    label: L('状态', '狀態', 'Status'),
    search: 'eq',
    default: S.NEW,
    required: false,
    form: false,
    width: 90,
  }),
  expectedPieces: tally(L('应盘数', '應盤數', 'Expected'), { width: 90 }),
  countedPieces: tally(L('实盘数', '實盤數', 'Counted'), { width: 90 }),
  overPieces: tally(L('盘盈', '盤盈', 'Over'), { width: 80, hidden: true }),
  shortPieces: tally(L('盘亏', '盤虧', 'Short'), { width: 80, hidden: true }),
  accuracySku: percent(L('SKU 准确率 %', 'SKU 準確率 %', 'SKU acc. %'), { width: 100 }),
  accuracySmape: percent(L('SMAPE 准确率 %', 'SMAPE 準確率 %', 'SMAPE acc. %'), { hidden: true, width: 120 }),
  accuracyUnit: percent(L('件数准确率 %', '件數準確率 %', 'Unit acc. %'), { hidden: true, width: 110 }),
  skuCount: tally(L('SKU 数', 'SKU 數', 'SKUs'), { hidden: true }),
  skuExact: tally(L('准确 SKU 数', '準確 SKU 數', 'Exact SKUs'), { hidden: true }),
  epcCount: tally(L('EPC 数', 'EPC 數', 'EPCs'), { hidden: true }),
  unknownEpcs: tally(L('未知 EPC', '未知 EPC', 'Unknown EPCs'), { hidden: true }),
  devices: tally(L('设备数', '設備數', 'Devices'), { hidden: true }),
  durationS: tally(L('用时(秒)', '用時(秒)', 'Duration (s)'), { hidden: true }),
  snapshotAt: when(L('快照时间', '快照時間', 'Snapshot at')),
  startedAt: when(L('开始时间', '開始時間', 'Started at')),
  finishedAt: when(L('完成时间', '完成時間', 'Finished at')),
  reviewedBy: f.ref('tenant/user', 'username', {
    label: L('审核人', '審核人', 'Reviewed by'),
    required: false,
    form: false,
    editable: false,
    hidden: true,
  }),
  reviewedAt: when(L('审核时间', '審核時間', 'Reviewed at')),
  // the ERP stock the count is compared with (the site's latest taken by its snapshot, then by its end; server-written)
  erpStockId: f.int({
    label: L('ERP 库存', 'ERP 庫存', 'ERP stock'),
    min: 1,
    max: 999_999_999,
    required: false,
    form: false,
    editable: false,
    hidden: true,
    exported: false,
  }),
  // an instruction's reference at HQ or the ERP
  sourceRef: f.text({ label: L('来源单号', '來源單號', 'Source ref.'), max: 64, required: false, hidden: true, editable: false }),
  remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: false }),
};

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

/**
 * Store inventory (E9, store/inventory → Counts): the counts of a store — planned by the store,
 * built on the spot, or pushed as instructions by HQ — counted with handhelds (their read sessions'
 * EPCs) and the overhead readers (the EPCs present in the scope), expected frozen from the book at
 * the start, approved into the book. A store's user sees its store's counts.
 */
export const storeInventoryResource = defineResource({
  code: 'store/inventory',
  names: L('盘点单', '盤點單', 'Count'),
  owner: 'tenant',
  table: 'stock_counts',
  titleField: 'code',
  defaultSort: { field: 'code', order: 'desc' },
  crud: ['query', 'add', 'edit', 'delete', 'export'],
  machine: countMachine,
  // refresh: counted again from the sessions and readers; sync: movements since the snapshot; upload: a handheld's session file
  // import: ERP stock (tab Differences; xlsx or API); approve: a difference list
  extraActions: ['refresh', 'sync', 'upload', 'import', 'approve'],
  // (as a list: the field the server requires, given a site's user's own site when left blank)
  partyScope: { store: ['siteId'] },
  rules: [zonesRule, scopeRule],
  sample: () => ({ plannedAt: tomorrow(), sheetKind: COUNT_SHEET_KIND.SELF_BUILT, zoneIds: [] }),
  fields: countFields,
});
