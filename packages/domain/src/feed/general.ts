/** The four logs of the General module as feeds (platform screens: every tenant's rows). */
import { LOGIN_TYPE } from '../constants.js';
import { defineFeed, type FeedColumn } from './define.js';

const F = (key: string, kind: FeedColumn['kind'] = 'text', more: Partial<FeedColumn> = {}): FeedColumn => ({
  key,
  label: `feeds.field.${key}`,
  kind,
  ...more,
});
const WINDOW = { defaultDays: 7, maxDays: 93 };

export const loginLogFeed = defineFeed({
  code: 'general/log-login',
  title: 'feeds.title.login',
  table: 'login_log',
  scope: 'platform',
  columns: [
    F('username', 'text', { width: 130 }),
    F('ip', 'text', { display: 'mono', width: 140 }),
    F('result', 'enum', { enum: 'LoginResult', width: 100 }),
    F('loginType', 'enum', {
      options: [
        { value: LOGIN_TYPE.PASSWORD, label: 'feeds.loginType.password' },
        { value: LOGIN_TYPE.SSO, label: 'feeds.loginType.sso' },
      ],
      width: 120,
    }),
    F('userAgent', 'text', { display: 'long', width: 260 }),
    F('message', 'text', { display: 'long', width: 220 }),
  ],
  filters: [
    { key: 'username', op: 'like' },
    { key: 'ip', op: 'like' },
    { key: 'result', op: 'enum' },
    { key: 'loginType', op: 'enum' },
  ],
  partition: { by: 'month', retention: { months: 6 }, logs: true },
  window: WINDOW,
});

export const operationLogFeed = defineFeed({
  code: 'general/log-operation',
  title: 'feeds.title.operation',
  table: 'operation_log',
  scope: 'platform',
  columns: [
    F('username', 'text', { width: 120 }),
    F('screen', 'text', { display: 'screen', width: 190 }),
    F('action', 'enum', { display: 'action', width: 100 }),
    F('method', 'text', { display: 'mono', width: 90 }),
    F('url', 'text', { display: 'long', width: 260 }),
    F('target', 'text', { display: 'long', width: 140 }),
    F('result', 'enum', { enum: 'RunResult', width: 90 }),
    F('status', 'int', { width: 90 }),
    F('message', 'text', { display: 'long', width: 200 }),
    F('ip', 'text', { display: 'mono', width: 130 }),
    F('durationMs', 'int', { width: 120 }),
  ],
  filters: [
    { key: 'username', op: 'like' },
    { key: 'screen', op: 'like' },
    { key: 'action', op: 'eq' },
    { key: 'url', op: 'like' },
    { key: 'result', op: 'enum' },
    { key: 'ip', op: 'like' },
  ],
  detail: ['body'],
  partition: { by: 'month', retention: { months: 6 }, logs: true },
  window: WINDOW,
});

export const syncLogFeed = defineFeed({
  code: 'general/log-sync',
  title: 'feeds.title.sync',
  table: 'sync_log',
  scope: 'platform',
  columns: [
    F('direction', 'enum', { enum: 'SyncDirection', width: 100 }),
    F('system', 'text', { width: 100 }),
    F('businessType', 'text', { width: 140 }),
    F('documentNo', 'text', { display: 'mono', width: 200 }),
    F('result', 'enum', { enum: 'RunResult', width: 90 }),
    F('message', 'text', { display: 'long', width: 260 }),
    F('durationMs', 'int', { width: 120 }),
  ],
  filters: [
    { key: 'direction', op: 'enum' },
    { key: 'system', op: 'like' },
    { key: 'businessType', op: 'like' },
    { key: 'documentNo', op: 'like' },
    { key: 'result', op: 'enum' },
    { key: 'message', op: 'like' },
  ],
  partition: { by: 'month', retention: { months: 6 }, logs: true },
  window: WINDOW,
});

/** Device events: the busiest feed, by day, kept 30 days; written by devices through POST /api/ingest/device-log. */
export const deviceLogFeed = defineFeed({
  code: 'general/log-device',
  title: 'feeds.title.device',
  table: 'device_log',
  scope: 'platform',
  columns: [
    F('deviceCode', 'text', { display: 'mono', width: 140 }),
    F('eventType', 'enum', { enum: 'DeviceEventType', width: 140 }),
    F('level', 'enum', { enum: 'LogLevel', width: 100 }),
    F('message', 'text', { display: 'long', width: 320 }),
  ],
  filters: [
    // device codes are searched by their start (any case): the planner may answer it from the
    // (upper(device_code) text_pattern_ops, created_at, id) index instead of reading the window
    { key: 'deviceCode', op: 'prefix' },
    { key: 'eventType', op: 'enum' },
    { key: 'level', op: 'enum' },
    { key: 'message', op: 'like' },
  ],
  partition: { by: 'day', retention: { days: 30 }, ahead: 3, logs: true },
  window: { defaultDays: 7, maxDays: 31 },
});

export const GENERAL_FEEDS = [loginLogFeed, operationLogFeed, syncLogFeed, deviceLogFeed] as const;
