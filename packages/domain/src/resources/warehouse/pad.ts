import { L, type L10n } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { defineMachine } from '../../resource/machine.js';
import { READ_SESSION_KIND, READ_SESSION_STATE as S } from '../../rfid/sessions.js';

/** The kind of read session this screen shows (its server scope keeps the others out). */
export const PAD_SESSION_KIND = READ_SESSION_KIND.HANDHELD;

/** A column the devices write (a session is made by its handheld, never in a form). */
const read = <T extends object>(o: T) => ({ form: false, editable: false, required: false, ...o });
const when = (label: L10n, extra: { hidden?: boolean; sort?: boolean; search?: 'range' } = {}) =>
  f.datetime(read({ label, width: 150, ...extra }));

/**
 * The pad session's machine (../shared/operations.md E4, states of packages/domain/src/rfid/sessions.ts):
 * a handheld's session announced (RECORDED: its header came, its reads are still on the device),
 * uploaded (UPLOADED), then reviewed — its reads applied to its subject (a carton's check, a count) —
 * or rejected with a reason. The device's moves (announce, upload; a streaming handheld's open and
 * close) are the rfid module's (F3, F4), not buttons.
 */
export const padMachine = defineMachine({
  field: 'state',
  states: 'ReadSessionState',
  transitions: {
    review: { from: [S.UPLOADED], to: S.REVIEWED, done: 'pad.done.review' },
    reject: {
      from: [S.UPLOADED],
      to: S.REJECTED,
      danger: true,
      confirm: 'pad.confirm.reject',
      fields: ['rejectReason'],
      done: 'pad.done.reject',
    },
  },
  system: {
    uploaded: { from: [S.RECORDED], to: S.UPLOADED },
    closed: { from: [S.OPEN], to: S.CLOSED },
  },
  final: [S.REVIEWED, S.REJECTED],
});

/**
 * Pad review (E4, warehouse/pad-review): the read sessions of handhelds (kind HANDHELD) — their
 * device, subject, times, EPCs and reads — to review or reject once uploaded, and the upload of a
 * session document as a file for a device that cannot post (F4). The rows are rfid_read_sessions,
 * written by the devices (the rfid module's table and routes): no add, edit or delete here. A
 * warehouse's user sees the sessions read at its warehouse or one of its zones (the reader's place
 * when the session began).
 */
export const padReviewResource = defineResource({
  code: 'warehouse/pad-review',
  names: L('PAD 会话', 'PAD 會話', 'Pad session'),
  owner: 'tenant',
  table: 'rfid_read_sessions',
  titleField: 'code',
  defaultSort: { field: 'startedAt', order: 'desc' },
  crud: ['query', 'export'],
  machine: padMachine,
  extraActions: ['upload'],
  partyVia: 'locationId',
  fields: {
    code: f.text(
      read({ label: L('会话编号', '會話編號', 'Session no.'), display: 'code' as const, max: 32, search: 'eq' as const, width: 140 }),
    ),
    equipmentCoding: f.text(
      read({ label: L('设备编码', '設備編碼', 'Device'), display: 'code' as const, max: 64, search: 'eq' as const, width: 100 }),
    ),
    locationId: f.ref(
      'tenant/location',
      'name',
      read({ label: L('读取位置', '讀取位置', 'Location'), search: 'eq' as const, width: 120, hidden: true }),
    ),
    // a column of the settings (the list keeps its columns within 1,366 px); searched
    subjectType: f.text(
      read({ label: L('主体类型', '主體類型', 'Subject type'), max: 32, search: 'eq' as const, width: 110, hidden: true }),
    ),
    subjectCode: f.text(
      read({ label: L('主体编号', '主體編號', 'Subject'), display: 'code' as const, max: 64, search: 'eq' as const, width: 140 }),
    ),
    deviceSessionId: f.text(
      read({
        label: L('设备会话号', '設備會話號', 'Device session'),
        display: 'code' as const,
        max: 100,
        search: 'eq' as const,
        width: 170,
        hidden: true,
      }),
    ),
    startedAt: when(L('开始时间', '開始時間', 'Started at'), { sort: true, search: 'range' }),
    endedAt: when(L('结束时间', '結束時間', 'Ended at'), { hidden: true }),
    epcCount: f.int(read({ label: L('EPC 数', 'EPC 數', 'EPCs'), width: 72 })),
    readCount: f.int(read({ label: L('读取次数', '讀取次數', 'Reads'), width: 90, hidden: true })),
    state: f.enumOf(
      'ReadSessionState',
      read({ label: L('状态', '狀態', 'State'), search: 'eq' as const, default: S.RECORDED, width: 100 }),
    ),
    uploadedAt: when(L('上传时间', '上傳時間', 'Uploaded at'), { sort: true }),
    rejectReason: f.textarea(read({ label: L('驳回原因', '駁回原因', 'Rejection reason'), max: 256, list: false })),
  },
});
