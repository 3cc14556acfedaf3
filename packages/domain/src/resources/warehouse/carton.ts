import { checkDigit } from '../../epc/chars.js';
import { L, type L10n } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { defineMachine } from '../../resource/machine.js';
import { CARTON_RESULT } from '../../rfid/reconcile.js';
import { CODE } from '../supply/chain/_shared.js';
import { CARTON_STATUS as C, CARTON_DIRECTION, SPOT_RULE, SPOT_STATE } from './enums.js';

/** A count a carton keeps from its reads (the server writes it). */
const count = (label: L10n, extra: { hidden?: boolean; width?: number } = {}) =>
  f.int({ label, min: 0, max: 999_999, default: 0, required: false, form: false, editable: false, width: 70, ...extra });

/**
 * An SSCC (GS1 AI 00, 18 digits): extension digit, GS1 company prefix, serial reference filling the
 * 17 digits, then the check digit. `prefix` is the company prefix (6–12 digits), `serial` a number
 * the prefix's owner never gives twice (a carton's id).
 */
export function makeSscc(prefix: string, serial: number, extension = 0): string {
  if (!/^\d{6,12}$/.test(prefix)) throw new RangeError(`not a GS1 company prefix: ${prefix}`);
  const room = 16 - prefix.length;
  const ref = String(serial % 10 ** room).padStart(room, '0');
  const body = `${extension}${prefix}${ref}`;
  return `${body}${checkDigit(body)}`;
}

/**
 * The SSCC pure-identity URI of an 18-digit SSCC (TDS 2.0 §6.3.2): `urn:epc:id:sscc:<company
 * prefix>.<extension digit><serial reference>`, the check digit dropped. `companyPrefixLength` is
 * where the company prefix ends (makeSscc's prefix: 7 for the cartons the platform numbers).
 */
export function ssccUri(sscc: string, companyPrefixLength = 7): string {
  if (!/^\d{18}$/.test(sscc) || Number(sscc[17]) !== checkDigit(sscc.slice(0, 17))) throw new RangeError(`not an SSCC: ${sscc}`);
  if (!Number.isInteger(companyPrefixLength) || companyPrefixLength < 6 || companyPrefixLength > 12)
    throw new RangeError(`company prefix length out of range: ${companyPrefixLength}`);
  return `urn:epc:id:sscc:${sscc.slice(1, 1 + companyPrefixLength)}.${sscc[0]}${sscc.slice(1 + companyPrefixLength, 17)}`;
}

/**
 * The inbound carton's machine (../shared/operations.md E2): a carton expected on an advance
 * shipping notice is checked when the read session of its scan closes (or its pad session is
 * reviewed): its reads reconciled against what it should hold. A checked carton is accepted as
 * read, held with a reason (a supervisor's decision) or read again; a matched one is accepted at
 * once. Accepted cartons are put away when their pieces are read in storage (or by hand, where no
 * storage reader reads them), whatever became of the bill since; every other move is refused once
 * the bill is reviewed or zero-cleared (the server's hook says so).
 */
const transitions = {
  review: {
    from: [C.CHECKED, C.HELD],
    to: C.ACCEPTED,
    label: L('接收', '接收', 'Accept'),
    done: 'carton.done.accept',
  },
  hold: {
    from: [C.CHECKED],
    to: C.HELD,
    fields: ['holdReason'],
    done: 'carton.done.hold',
  },
  reread: {
    from: [C.CHECKED, C.HELD],
    to: C.EXPECTED,
    danger: true,
    confirm: 'carton.confirm.reread',
    done: 'carton.done.reread',
  },
  /** by hand: its pieces stored where no storage reader reads them */
  putAway: {
    from: [C.ACCEPTED],
    to: C.PUT_AWAY,
    label: L('上架', '上架', 'Put away'),
    confirm: 'carton.confirm.putAway',
    done: 'carton.done.putAway',
  },
} as const;

const cartonStates = {
  field: 'status',
  states: 'CartonStatus',
  system: {
    /**
     * its session closed (or its pad session reviewed): reconciled — a carton a DC packed and shipped
     * (SHIPPED) is checked at its receiver as one expected there
     */
    check: { from: [C.EXPECTED, C.CHECKED, C.HELD, C.SHIPPED], to: C.CHECKED },
    /** a matched carton accepted as it was read */
    autoAccept: { from: [C.CHECKED], to: C.ACCEPTED },
    /** its pieces read in a storage zone of its site (PUT_AWAY_SHARE of them) */
    autoPutAway: { from: [C.ACCEPTED], to: C.PUT_AWAY },
  },
  final: [C.PUT_AWAY, C.RESET],
  editIn: [],
  deleteIn: [],
} as const;

/** The whole carton machine (the receiving check's buttons and the system's moves). */
export const cartonMachine = defineMachine({ ...cartonStates, transitions });
/** The box list's: no buttons, the system's moves only (the cartons move on the receiving screens). */
const boxMachine = defineMachine({ ...cartonStates, transitions: {} });

/**
 * The outbound carton's machine (../shared/operations.md §7, the spec's packing rules): a carton is
 * packing from its first scan at a pack station and packed when that read session closes, its reads
 * reconciled against its pick list (pack certification: only a matched carton goes further). A
 * packed box is reviewed, then audited onto its shipment ("select reviewed boxes to audit"); an
 * audited box is never reviewed again nor reset. Cancelling a review clears the box's read: it is
 * read again before another review. A reset empties the carton for good (its EPCs freed, its number
 * free for a new packing): the user types the carton's number to confirm it.
 */
const packTransitions = {
  review: {
    from: [C.PACKED],
    to: C.REVIEWED,
    guard: (row: Record<string, unknown>) =>
      Number(row.result) === CARTON_RESULT.MATCHED
        ? undefined
        : Number(row.result) === CARTON_RESULT.PENDING
          ? 'packing.readAgain'
          : { key: 'packing.mismatch', params: { short: Number(row.short ?? 0), over: Number(row.over ?? 0) } },
    done: 'packing.done.review',
  },
  audit: {
    from: [C.PACKED, C.REVIEWED],
    to: C.AUDITED,
    guard: (row: Record<string, unknown>) => (Number(row.status) === C.REVIEWED ? undefined : 'packing.notReviewed'),
    confirm: 'packing.confirm.audit',
    done: 'packing.done.audit',
  },
  cancelReview: {
    from: [C.REVIEWED],
    to: C.PACKED,
    danger: true,
    confirm: 'packing.confirm.cancelReview',
    done: 'packing.done.cancelReview',
  },
  reset: {
    from: [C.PACKING, C.PACKED, C.REVIEWED],
    to: C.RESET,
    danger: true,
    confirm: 'packing.confirm.reset',
    fields: ['resetConfirm'],
    done: 'packing.done.reset',
  },
} as const;

/** The outbound carton's machine: packing's buttons and the system's moves (the pack read, the shipment's audit and its void). */
/** What the outbound machines share: the carton's status, a reset carton final, nothing edited nor deleted by hand. */
const outboundStates = { field: 'status', states: 'CartonStatus', final: [C.RESET], editIn: [], deleteIn: [] } as const;

export const outboundCartonMachine = defineMachine({
  ...outboundStates,
  transitions: packTransitions,
  system: {
    /** its pack station's read session closed: reconciled against its pick list (again, after a cancelled review) */
    pack: { from: [C.PACKING, C.PACKED], to: C.PACKED },
    /** its shipment audited: on its way (its receiver checks it as an expected carton) */
    ship: { from: [C.AUDITED], to: C.SHIPPED },
    /** its shipment voided before the receiver read anything: back on the dock */
    unship: { from: [C.SHIPPED], to: C.AUDITED },
  },
});

/**
 * The loose pieces' machine (scattered review): a bill's pieces without a carton, read together at a
 * pack station as one loose lot, are packed (certified against the bill's carton-less lines) and
 * reviewed — a reviewed lot is its shipment's as an audited carton is, shipped with it.
 */
export const looseLotMachine = defineMachine({
  ...outboundStates,
  transitions: { review: packTransitions.review },
  system: {
    pack: { from: [C.PACKING, C.PACKED], to: C.PACKED },
    ship: { from: [C.REVIEWED], to: C.SHIPPED },
    unship: { from: [C.SHIPPED], to: C.REVIEWED },
  },
});

/** The fields of a carton, as the box list shows them. */
export const cartonFields = {
  cartonNo: f.text({
    label: L('箱号', '箱號', 'Carton no.'),
    display: 'code',
    max: 32,
    uniqueWithin: 'billId',
    search: 'prefix',
    sort: true,
    pattern: CODE,
    width: 140,
  }),
  sscc: f.text({
    label: L('SSCC', 'SSCC', 'SSCC'),
    display: 'code',
    max: 18,
    required: false,
    search: 'eq',
    pattern: { source: '^[0-9]{18}$', message: 'validation.ssccShape' },
    width: 160,
  }),
  billId: f.ref('warehouse/bill', 'code', {
    label: L('单据号', '單據號', 'Bill no.'),
    onDelete: 'cascade',
    search: 'eq',
    sort: true,
    width: 140,
  }),
  direction: f.enumOf('CartonDirection', {
    label: L('方向', '方向', 'Direction'),
    search: 'eq',
    default: CARTON_DIRECTION.IN,
    width: 76,
    hidden: true,
  }),
  status: f.enumOf('CartonStatus', {
    label: L('状态', '狀態', 'Status'),
    search: 'eq',
    default: C.EXPECTED,
    required: false,
    form: false,
    width: 90,
  }),
  result: f.enumOf('CartonResult', {
    label: L('核对结果', '核對結果', 'Result'),
    search: 'eq',
    default: 0,
    required: false,
    form: false,
    editable: false,
    width: 90,
  }),
  expectedPieces: count(L('应收', '應收', 'Expected')),
  readPieces: count(L('读取', '讀取', 'Read'), { hidden: true }),
  matched: count(L('一致', '一致', 'Matched'), { hidden: true }),
  short: count(L('短少', '短少', 'Short')),
  over: count(L('多出', '多出', 'Over')),
  foreign: count(L('他单', '他單', 'Foreign'), { hidden: true }),
  unknown: count(L('未知', '未知', 'Unknown'), { hidden: true }),
  siteId: f.ref('tenant/location', 'name', {
    label: L('收货站点', '收貨據點', 'Receiving site'),
    required: false,
    form: false,
    editable: false,
    search: 'eq',
    width: 120,
    hidden: true,
  }),
  locationId: f.ref('tenant/location', 'name', {
    label: L('所在库区', '所在庫區', 'Zone'),
    required: false,
    form: false,
    editable: false,
    width: 120,
    hidden: true,
  }),
  sessionCode: f.text({
    label: L('读取会话', '讀取會話', 'Read session'),
    display: 'code',
    max: 32,
    required: false,
    form: false,
    editable: false,
    search: 'eq',
    width: 150,
    hidden: true,
  }),
  deviceNo: f.text({
    label: L('设备号', '設備號', 'Device no.'),
    max: 64,
    required: false,
    form: false,
    editable: false,
    width: 110,
    hidden: true,
  }),
  checkedAt: f.datetime({
    label: L('核对时间', '核對時間', 'Checked at'),
    required: false,
    form: false,
    editable: false,
    sort: true,
    width: 160,
    hidden: true,
  }),
  checkedBy: f.text({ label: L('核对人', '核對人', 'Checked by'), max: 64, required: false, form: false, editable: false, hidden: true }),
  holdReason: f.textarea({ label: L('挂起原因', '掛起原因', 'Hold reason'), max: 256, required: false, form: false, list: false }),
  uniqueCode: f.text({ label: L('唯一码', '唯一碼', 'Unique code'), max: 32, required: false, search: 'eq', hidden: true }),
  originalPackageNo: f.text({
    label: L('原包装号', '原包裝號', 'Original package no.'),
    max: 32,
    required: false,
    search: 'eq',
    hidden: true,
  }),
  weightKg: f.decimal({ label: L('重量 kg', '重量 kg', 'Weight kg'), min: 0, max: 9999, scale: 2, required: false, hidden: true }),
  // an outbound carton's steps (packing)
  packedAt: f.datetime({
    label: L('装箱时间', '裝箱時間', 'Packed at'),
    required: false,
    form: false,
    editable: false,
    sort: true,
    width: 160,
    hidden: true,
  }),
  reviewedAt: f.datetime({
    label: L('复核时间', '複核時間', 'Reviewed at'),
    required: false,
    form: false,
    editable: false,
    width: 160,
    hidden: true,
  }),
  auditedAt: f.datetime({
    label: L('审核时间', '審核時間', 'Audited at'),
    required: false,
    form: false,
    editable: false,
    width: 160,
    hidden: true,
  }),
  // a spot check (logistics/spot-check): picked by a rule for an item-level re-read, its re-read's counts, its review
  spotCheck: f.enumOf('YesNo', {
    label: L('抽检', '抽檢', 'Spot check'),
    default: 0,
    required: false,
    form: false,
    editable: false,
    width: 70,
    hidden: true,
  }),
  spotRule: f.enumOf('SpotRule', {
    label: L('抽检规则', '抽檢規則', 'Spot rule'),
    search: 'eq',
    default: SPOT_RULE.NONE,
    required: false,
    form: false,
    editable: false,
    width: 120,
    hidden: true,
  }),
  spotState: f.enumOf('SpotState', {
    label: L('抽检状态', '抽檢狀態', 'Spot state'),
    search: 'eq',
    default: SPOT_STATE.NONE,
    required: false,
    form: false,
    width: 90,
    hidden: true,
  }),
  spotResult: f.enumOf('CartonResult', {
    label: L('抽检结果', '抽檢結果', 'Spot result'),
    search: 'eq',
    default: 0,
    required: false,
    form: false,
    editable: false,
    width: 90,
    hidden: true,
  }),
  spotExpected: count(L('抽检应有', '抽檢應有', 'Spot expected'), { hidden: true }),
  spotRead: count(L('抽检读取', '抽檢讀取', 'Spot read'), { hidden: true }),
  spotShort: count(L('抽检短少', '抽檢短少', 'Spot short'), { hidden: true }),
  spotOver: count(L('抽检多出', '抽檢多出', 'Spot over'), { hidden: true }),
  spotCheckedAt: f.datetime({
    label: L('抽检时间', '抽檢時間', 'Spot-checked at'),
    required: false,
    form: false,
    editable: false,
    sort: true,
    width: 160,
    hidden: true,
  }),
  spotCheckedBy: f.text({
    label: L('抽检人', '抽檢人', 'Spot-checked by'),
    max: 64,
    required: false,
    form: false,
    editable: false,
    hidden: true,
  }),
  // a reset's typed confirmation: the carton's number, as the user typed it
  resetConfirm: f.text({
    label: L('输入箱号确认重置', '輸入箱號確認重設', 'Type the carton no. to confirm'),
    max: 32,
    required: false,
    form: false,
    list: false,
  }),
};

/** The fields of a carton's EPC binding. */
export const cartonEpcFields = {
  epc: f.text({ label: L('EPC', 'EPC', 'EPC'), display: 'code', max: 64, uniqueWithin: 'cartonId', search: 'prefix', width: 230 }),
  skuId: f.ref('tenant/goods-sku', 'skuBarcode', {
    label: L('SKU 条码', 'SKU 條碼', 'SKU barcode'),
    required: false,
    search: 'eq',
    width: 140,
  }),
  cartonId: f.ref('warehouse/box', 'cartonNo', { label: L('箱号', '箱號', 'Carton no.'), onDelete: 'cascade', search: 'eq', width: 150 }),
  sscc: f.text({ label: L('SSCC', 'SSCC', 'SSCC'), display: 'code', max: 18, required: false, search: 'eq', width: 170, hidden: true }),
  billId: f.ref('warehouse/bill', 'code', { label: L('单据号', '單據號', 'Bill no.'), onDelete: 'cascade', search: 'eq', width: 140 }),
  source: f.enumOf('CartonEpcSource', { label: L('来源', '來源', 'Source'), search: 'eq', width: 100 }),
  result: f.enumOf('EpcClass', { label: L('核对', '核對', 'Check'), search: 'eq', required: false, default: 0, width: 80 }),
  boundAt: f.datetime({ label: L('绑定时间', '綁定時間', 'Bound at'), required: false, sort: true, width: 160, hidden: true }),
  boundBy: f.text({ label: L('绑定人', '綁定人', 'Bound by'), max: 64, required: false, hidden: true }),
  unboundAt: f.datetime({ label: L('解绑时间', '解綁時間', 'Unbound at'), required: false, width: 160, hidden: true }),
  // the AggregationEvent that made the binding (a packing's ADD) or ended it (an unpacking's DELETE): its GS1 eventID
  eventId: f.text({
    label: L('聚合事件 ID', '聚合事件 ID', 'Aggregation event ID'),
    display: 'code',
    max: 128,
    required: false,
    width: 320,
    hidden: true,
  }),
};

/**
 * The box list (E2, warehouse/box): every carton of every bill, in and out — its SSCC, the bill it
 * travels on, its state and what its last read found (expected, read, matched, short, over,
 * foreign, unknown). Cartons are made by their bill (an ASN's cartons when it ships) and moved by
 * the receiving screens; here they are found, exported and their SSCC labels printed. A store's or
 * warehouse's user sees the cartons of its bills.
 */
export const cartonResource = defineResource({
  code: 'warehouse/box',
  names: L('箱', '箱', 'Carton'),
  owner: 'tenant',
  table: 'wms_cartons',
  titleField: 'cartonNo',
  defaultSort: { field: 'billId', order: 'desc' },
  machine: boxMachine,
  partyVia: 'billId',
  crud: ['query', 'export'],
  extraActions: ['print'],
  // the result column says over; the count is back with the column settings
  fields: { ...cartonFields, over: { ...cartonFields.over, hidden: true } },
});

/**
 * A carton list of one direction, where cartons are checked (the receiving check, packing): its
 * direction fixed, the carton's number what the checker reads off it — its SSCC, session and check
 * time in the column settings — and a bill's number and the longest result ("Not checked") on one line.
 */
export const checkListFields = {
  ...cartonFields,
  direction: { ...cartonFields.direction, search: undefined },
  sscc: { ...cartonFields.sscc, hidden: true },
  cartonNo: { ...cartonFields.cartonNo, width: 130 },
  billId: { ...cartonFields.billId, width: 152 },
  result: { ...cartonFields.result, width: 120 },
};

/**
 * The receiving check (E2 inbound, warehouse/receiving-check): the cartons of the bills being
 * received, each checked as its read session closes at a dock tunnel (or its pad session is
 * reviewed); the checker accepts a carton as read, holds it with a reason or has it read again.
 */
export const receivingCheckResource = defineResource({
  code: 'warehouse/receiving-check',
  names: L('收货箱', '收貨箱', 'Inbound carton'),
  owner: 'tenant',
  table: 'wms_cartons',
  titleField: 'cartonNo',
  defaultSort: { field: 'cartonNo', order: 'asc' },
  rowsOf: { code: 'warehouse/box', fixed: { direction: CARTON_DIRECTION.IN } },
  machine: cartonMachine,
  partyVia: 'billId',
  crud: ['query', 'export'],
  fields: checkListFields,
});

/**
 * Which EPC travels in which carton (E3, `wms_carton_epcs`), of which bill, and how that was learnt
 * (the factory's pack reads, an ASN import, a tunnel or a handheld at the DC), with what the
 * receiving check found of it. Written by the documents only; the box list's (a carton's EPCs),
 * listed on logistics/asn-binding.
 */
export const cartonEpcResource = defineResource({
  code: 'warehouse/carton-epc',
  screen: 'warehouse/box',
  names: L('箱码绑定', '箱碼綁定', 'Carton binding'),
  owner: 'tenant',
  table: 'wms_carton_epcs',
  titleField: 'epc',
  defaultSort: { field: 'boundAt', order: 'desc' },
  partyVia: 'billId',
  crud: ['query'],
  fields: cartonEpcFields,
});
