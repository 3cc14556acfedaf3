import { type IntervalUnit, parseCron } from '../../cron.js';
import { L, type L10n } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { defineMachine } from '../../resource/machine.js';

/**
 * The job handlers a scheduled task can run ("class name" in spec §3). The server registers one
 * implementation per key (a missing one fails its type check); the form offers these.
 */
export const SCHEDULER_HANDLERS = {
  purgeOldLogs: {
    zh_CN: '清理过期日志：删除超过保留期的日志分区，并清除过期会话',
    zh_TW: '清理過期日誌：刪除超過保留期的日誌分割區，並清除過期工作階段',
    en_US: 'Purge old logs: drop log partitions past the retention period and purge expired sessions',
  },
  refreshDictionaryCache: {
    zh_CN: '刷新数据字典缓存（所有服务进程）',
    zh_TW: '重新整理資料字典快取（所有服務程序）',
    en_US: 'Refresh the dictionary cache (in every server process)',
  },
  markReadersOffline: {
    zh_CN: '将长时间无心跳的读写器标记为离线',
    zh_TW: '將長時間無心跳的讀寫器標記為離線',
    en_US: 'Mark readers without a recent heartbeat offline',
  },
} as const satisfies Record<string, L10n>;
export type SchedulerHandlerKey = keyof typeof SCHEDULER_HANDLERS;
export const SCHEDULER_HANDLER_KEYS = Object.keys(SCHEDULER_HANDLERS) as SchedulerHandlerKey[];

/** Values of the SchedulerType, SchedulerState and SchedulerUnit enums. */
export const SCHEDULER_TYPE = { TIME: 1, CRON: 2 } as const;
export const SCHEDULER_STATE = { NORMAL: 1, PAUSED: 2, STOPPED: 3, COMPLETED: 4 } as const;

/**
 * Spec §4: pause, recover, stop. A stopped task is final: it may no longer be modified, only
 * cleared away (a completed one may be modified to run again). The server's onTransition hooks
 * plan the next fire (modules/general/scheduler/service.ts).
 */
export const schedulerMachine = defineMachine({
  field: 'state',
  states: 'SchedulerState',
  transitions: {
    pause: { from: [SCHEDULER_STATE.NORMAL], to: SCHEDULER_STATE.PAUSED, done: 'scheduler.done.pause' },
    recover: { from: [SCHEDULER_STATE.PAUSED], to: SCHEDULER_STATE.NORMAL, done: 'scheduler.done.recover' },
    stop: {
      from: [SCHEDULER_STATE.NORMAL, SCHEDULER_STATE.PAUSED],
      to: SCHEDULER_STATE.STOPPED,
      danger: true,
      confirm: 'scheduler.confirm.stop',
      done: 'scheduler.done.stop',
    },
  },
  // a task with no fire left completes: planned so, recovered so, or claiming its last fire (the scheduler)
  system: { complete: { from: [SCHEDULER_STATE.NORMAL], to: SCHEDULER_STATE.COMPLETED } },
  final: [SCHEDULER_STATE.STOPPED],
  deleteFinal: true,
});
export type SchedulerAction = keyof typeof schedulerMachine.transitions;
export const SCHEDULER_UNITS: Record<number, IntervalUnit> = {
  1: 'second',
  2: 'minute',
  3: 'hour',
  4: 'day',
  5: 'week',
  6: 'month',
  7: 'year',
};

/** Scheduled task (spec §3): a job handler fired by a time (interval) trigger or a cron trigger. */
export const schedulerResource = defineResource({
  code: 'general/scheduler',
  names: L('定时任务', '排程任務', 'Scheduled task'),
  owner: 'platform',
  table: 'scheduler_tasks',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  machine: schedulerMachine,
  seed: [
    {
      name: '清理过期日志',
      taskGroup: 'MAINTENANCE',
      className: 'purgeOldLogs',
      triggerName: 'purgeOldLogsTrigger',
      triggerGroup: 'MAINTENANCE',
      triggerType: SCHEDULER_TYPE.CRON,
      cron: '0 30 3 * * ?',
      remark: '每天 03:30 删除超过保留期的日志分区和过期会话',
    },
    {
      name: '刷新字典缓存',
      taskGroup: 'CACHE',
      className: 'refreshDictionaryCache',
      triggerName: 'refreshDictionaryTrigger',
      triggerGroup: 'CACHE',
      triggerType: SCHEDULER_TYPE.TIME,
      repeatTimes: 0,
      repeatInterval: 30,
      repeatUnit: 2,
      remark: '每 30 分钟刷新一次',
    },
    {
      name: '读写器离线检测',
      taskGroup: 'DEVICE',
      className: 'markReadersOffline',
      triggerName: 'readerHeartbeatTrigger',
      triggerGroup: 'DEVICE',
      triggerType: SCHEDULER_TYPE.CRON,
      cron: '0 */5 * * * ?',
      remark: '每 5 分钟检查读写器心跳',
    },
  ],
  fields: {
    name: f.text({ label: L('任务名称', '任務名稱', 'Task name'), max: 64, unique: true, search: 'like', sort: true }),
    taskGroup: f.text({
      hidden: true,
      label: L('任务分组', '任務分組', 'Group'),
      max: 64,
      required: false,
      default: 'DEFAULT',
      search: 'like',
      sort: true,
    }),
    // the task name says what it runs; the handler stays a column the user can bring back, so the
    // state, next fire and the row's machine actions fit a 1366-pixel screen in every language
    className: f.text({ label: L('类名', '類別名稱', 'Class name'), max: 64, search: 'eq', display: 'code', hidden: true }),
    triggerName: f.text({ label: L('触发器名称', '觸發器名稱', 'Trigger name'), max: 64, required: false, hidden: true }),
    triggerGroup: f.text({
      label: L('触发器分组', '觸發器分組', 'Trigger group'),
      max: 64,
      required: false,
      default: 'DEFAULT',
      hidden: true,
    }),
    triggerType: f.enumOf('SchedulerType', { label: L('类型', '類型', 'Type'), search: 'eq' }),
    startAt: f.datetime({ label: L('开始时间', '開始時間', 'Start time'), required: false, hidden: true }),
    cron: f.text({
      label: L('Cron 表达式', 'Cron 運算式', 'Cron expression'),
      max: 128,
      required: false,
      display: 'code',
      hidden: true,
    }),
    repeatTimes: f.int({
      label: L('重复次数', '重複次數', 'Repeat times'),
      min: 0,
      max: 1_000_000_000,
      required: false,
      default: 0,
      hidden: true,
    }),
    repeatInterval: f.int({
      label: L('重复间隔', '重複間隔', 'Repeat interval'),
      min: 1,
      max: 1_000_000,
      required: false,
      hidden: true,
    }),
    repeatUnit: f.enumOf('SchedulerUnit', { label: L('间隔单位', '間隔單位', 'Interval unit'), required: false, hidden: true }),
    timesTriggered: f.int({
      hidden: true,
      label: L('已触发次数', '已觸發次數', 'Times triggered'),
      form: false,
      required: false,
      default: 0,
      sort: true,
    }),
    state: f.enumOf('SchedulerState', { label: L('状态', '狀態', 'State'), form: false, required: false, default: 1, search: 'eq' }),
    nextFireAt: f.datetime({ label: L('下次触发时间', '下次觸發時間', 'Next fire time'), form: false, required: false, sort: true }),
    lastFireAt: f.datetime({
      label: L('上次触发时间', '上次觸發時間', 'Last fire time'),
      form: false,
      required: false,
      sort: true,
      hidden: true,
    }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, hidden: true }),
  },
  rules: [
    (d) => {
      if (d.triggerType === SCHEDULER_TYPE.CRON) {
        if (!d.cron) return [{ path: ['cron'], message: 'validation.scheduler.cronRequired' }];
        if (!parseCron(String(d.cron)).ok) return [{ path: ['cron'], message: 'validation.scheduler.cronInvalid' }];
      }
      if (d.triggerType === SCHEDULER_TYPE.TIME) {
        const issues: { path: string[]; message: string }[] = [];
        if (!(Number(d.repeatInterval) > 0)) issues.push({ path: ['repeatInterval'], message: 'validation.scheduler.intervalRequired' });
        if (d.repeatUnit === null || d.repeatUnit === undefined)
          issues.push({ path: ['repeatUnit'], message: 'validation.scheduler.unitRequired' });
        return issues;
      }
      return [];
    },
  ],
});
