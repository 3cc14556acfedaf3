import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { FITTING_SCENE_DEFAULTS, RFID_SCENE_TYPE, SCENE_DEFAULTS } from './enums.js';

/** a duration in seconds or a rate, at most two decimals (spec §3 Scene) */
const amount = (label: ReturnType<typeof L>, hidden = false) =>
  f.decimal({ label, min: 0, max: 86_400, scale: 2, search: 'range', sort: true, hidden });
/** a presence timing in whole seconds (how the scene's readers decide arrived / moved / departed / sold) */
const seconds = (label: ReturnType<typeof L>, dflt: number, min: number, max: number) =>
  f.int({ label, min, max, default: dflt, required: false, hidden: true, width: 120 });

const GEN = RFID_SCENE_TYPE.GENERAL;
/**
 * A scene (spec §3): how readers of a use read and report, named by code; its type and timings
 * say how their reads become presence (a tag departs after `departAfter` seconds of silence, moves
 * to another location read consistently stronger for `moveHoldoff` seconds, and a point of sale's
 * sold tag read again within `returnGuard` seconds is not a return). The timings' defaults are a
 * general scene's for every type (a field's default is one value): a fitting scene should have
 * FITTING_SCENE_DEFAULTS (30 s, 3 s), as the seeded one has.
 */
export const sceneResource = defineResource({
  code: 'rfid/scene',
  names: L('场景', '場景', 'Scene'),
  owner: 'tenant',
  table: 'rfid_scenes',
  titleField: 'sceneName',
  defaultSort: { field: 'sceneCode', order: 'asc' },
  seed: [
    {
      sceneCode: 'RECEIVE',
      sceneName: '收货',
      sceneType: RFID_SCENE_TYPE.GATE,
      minPeriod: 1,
      intervalPeriod: 2,
      maxPeriod: 10,
      readPower: 20,
      reportInterval: 5,
    },
    {
      sceneCode: 'SHIP',
      sceneName: '发货',
      sceneType: RFID_SCENE_TYPE.GATE,
      minPeriod: 1,
      intervalPeriod: 2,
      maxPeriod: 10,
      readPower: 20,
      reportInterval: 5,
    },
    {
      sceneCode: 'STORE',
      sceneName: '门店卖场',
      sceneAlias: '门店盘点',
      sceneType: GEN,
      minPeriod: 5,
      intervalPeriod: 30,
      maxPeriod: 300,
      readPower: 50,
      reportInterval: 10,
      departAfter: 1800,
      moveHoldoff: 30,
    },
    {
      sceneCode: 'FITTING',
      sceneName: '试衣间',
      sceneType: RFID_SCENE_TYPE.FITTING,
      minPeriod: 1,
      intervalPeriod: 2,
      maxPeriod: 30,
      readPower: 10,
      reportInterval: 2,
      ...FITTING_SCENE_DEFAULTS,
    },
    {
      sceneCode: 'POS',
      sceneName: '收银台',
      sceneAlias: '收银',
      sceneType: RFID_SCENE_TYPE.POINT_OF_SALE,
      minPeriod: 0.5,
      intervalPeriod: 1,
      maxPeriod: 5,
      readPower: 5,
      reportInterval: 1,
      returnGuard: 600,
    },
  ],
  fields: {
    sceneCode: f.text({
      display: 'code',
      label: L('场景编码', '場景編碼', 'Scene code'),
      max: 32,
      unique: true,
      search: 'like',
      sort: true,
      editable: false,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: 'validation.codeChars' },
    }),
    sceneName: f.text({ label: L('场景名称', '場景名稱', 'Scene name'), max: 64, unique: true, search: 'like', sort: true }),
    sceneAlias: f.text({ label: L('场景别名', '場景別名', 'Scene alias'), max: 64, required: false, hidden: true }),
    sceneType: f.enumOf('RfidSceneType', {
      label: L('场景类型', '場景類型', 'Scene type'),
      search: 'eq',
      default: GEN,
      required: false,
      width: 110,
    }),
    minPeriod: amount(L('最小周期（秒）', '最小週期（秒）', 'Min period (s)')),
    intervalPeriod: amount(L('间隔周期（秒）', '間隔週期（秒）', 'Interval period (s)'), true),
    maxPeriod: amount(L('最大周期（秒）', '最大週期（秒）', 'Max period (s)')),
    readPower: amount(L('有效读取功率（次/秒）', '有效讀取功率（次/秒）', 'Effective read power (reads/s)'), true),
    reportInterval: amount(L('上报间隔（秒）', '上報間隔（秒）', 'Reporting interval (s)'), true),
    departAfter: seconds(L('离场判定（秒）', '離場判定（秒）', 'Depart after (s)'), SCENE_DEFAULTS.departAfter, 10, 604_800),
    moveHoldoff: seconds(L('移位保持（秒）', '移位保持（秒）', 'Move hold-off (s)'), SCENE_DEFAULTS.moveHoldoff, 0, 3_600),
    returnGuard: seconds(L('退货保护（秒）', '退貨保護（秒）', 'Return guard (s)'), SCENE_DEFAULTS.returnGuard, 0, 86_400),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});
