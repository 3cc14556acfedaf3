import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';

const L = (zh_CN: string, zh_TW: string, en_US: string) => ({ zh_CN, zh_TW, en_US });
/** a duration in seconds or a rate, at most two decimals (spec §3 Scene) */
const amount = (label: ReturnType<typeof L>, hidden = false) =>
  f.decimal({ label, min: 0, max: 86_400, scale: 2, search: 'range', sort: true, hidden });

/** A scene (spec §3): how readers of a use read and report, named by code. */
export const sceneResource = defineResource({
  code: 'rfid/scene',
  names: L('场景', '場景', 'Scene'),
  owner: 'tenant',
  table: 'rfid_scenes',
  titleField: 'sceneName',
  defaultSort: { field: 'sceneCode', order: 'asc' },
  seed: [
    { sceneCode: 'RECEIVE', sceneName: '收货', minPeriod: 1, intervalPeriod: 2, maxPeriod: 10, readPower: 20, reportInterval: 5 },
    { sceneCode: 'SHIP', sceneName: '发货', minPeriod: 1, intervalPeriod: 2, maxPeriod: 10, readPower: 20, reportInterval: 5 },
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
    minPeriod: amount(L('最小周期（秒）', '最小週期（秒）', 'Min period (s)')),
    intervalPeriod: amount(L('间隔周期（秒）', '間隔週期（秒）', 'Interval period (s)'), true),
    maxPeriod: amount(L('最大周期（秒）', '最大週期（秒）', 'Max period (s)')),
    readPower: amount(L('有效读取功率（次/秒）', '有效讀取功率（次/秒）', 'Effective read power (reads/s)'), true),
    reportInterval: amount(L('上报间隔（秒）', '上報間隔（秒）', 'Reporting interval (s)'), true),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
});
