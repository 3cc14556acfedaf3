/**
 * What each log screen shows and searches (mirrors LOG_DEFS of the server's logs module), and the
 * pure helpers turning the search form into the list/export body.
 */

export type LogKind = 'login' | 'operation' | 'sync' | 'device';

/** A search control: free text, a fixed enum (domain ENUMS), an action code, a login type. */
export interface LogFilter {
  key: string;
  control: 'text' | 'enum' | 'action' | 'loginType';
  enumName?: string;
}

/** A table column; an enum column shows a state (its options have tones) as a status badge, an attribute as text. */
export interface LogColumn {
  key: string;
  kind: 'text' | 'int' | 'enum' | 'mono';
  enumName?: string;
  width?: number;
  /** long text: one line with ellipsis (full text in the details drawer) */
  long?: boolean;
}

export interface LogView {
  kind: LogKind;
  code: string;
  filters: LogFilter[];
  columns: LogColumn[];
  /** the rows carry a request body worth showing (operation log) */
  body?: boolean;
}

const text = (key: string): LogFilter => ({ key, control: 'text' });
const enumF = (key: string, enumName: string): LogFilter => ({ key, control: 'enum', enumName });

export const LOG_VIEWS: Record<LogKind, LogView> = {
  login: {
    kind: 'login',
    code: 'general/log-login',
    filters: [text('username'), text('ip'), enumF('result', 'LoginResult'), { key: 'loginType', control: 'loginType' }],
    columns: [
      { key: 'username', kind: 'text', width: 130 },
      { key: 'ip', kind: 'mono', width: 140 },
      { key: 'result', kind: 'enum', enumName: 'LoginResult', width: 100 },
      { key: 'loginType', kind: 'text', width: 120 },
      { key: 'userAgent', kind: 'text', width: 260, long: true },
      { key: 'message', kind: 'text', width: 220, long: true },
    ],
  },
  operation: {
    kind: 'operation',
    code: 'general/log-operation',
    filters: [
      text('username'),
      text('screen'),
      { key: 'action', control: 'action' },
      text('url'),
      enumF('result', 'RunResult'),
      text('ip'),
    ],
    columns: [
      { key: 'username', kind: 'text', width: 120 },
      { key: 'screen', kind: 'mono', width: 190 },
      { key: 'action', kind: 'text', width: 100 },
      { key: 'method', kind: 'mono', width: 90 },
      { key: 'url', kind: 'mono', width: 260, long: true },
      { key: 'target', kind: 'text', width: 140, long: true },
      { key: 'result', kind: 'enum', enumName: 'RunResult', width: 90 },
      { key: 'status', kind: 'int', width: 90 },
      { key: 'message', kind: 'text', width: 200, long: true },
      { key: 'ip', kind: 'mono', width: 130 },
      { key: 'durationMs', kind: 'int', width: 120 },
    ],
    body: true,
  },
  sync: {
    kind: 'sync',
    code: 'general/log-sync',
    filters: [
      enumF('direction', 'SyncDirection'),
      text('system'),
      text('businessType'),
      text('documentNo'),
      enumF('result', 'RunResult'),
      text('message'),
    ],
    columns: [
      { key: 'direction', kind: 'enum', enumName: 'SyncDirection', width: 100 },
      { key: 'system', kind: 'text', width: 100 },
      { key: 'businessType', kind: 'text', width: 140 },
      { key: 'documentNo', kind: 'mono', width: 200 },
      { key: 'result', kind: 'enum', enumName: 'RunResult', width: 90 },
      { key: 'message', kind: 'text', width: 260, long: true },
      { key: 'durationMs', kind: 'int', width: 120 },
    ],
  },
  device: {
    kind: 'device',
    code: 'general/log-device',
    filters: [text('deviceCode'), enumF('eventType', 'DeviceEventType'), enumF('level', 'LogLevel'), text('message')],
    columns: [
      { key: 'deviceCode', kind: 'mono', width: 140 },
      { key: 'eventType', kind: 'enum', enumName: 'DeviceEventType', width: 140 },
      { key: 'level', kind: 'enum', enumName: 'LogLevel', width: 100 },
      { key: 'message', kind: 'text', width: 320, long: true },
    ],
  },
};

/** The default time window of every log screen, in days (the server's default too). */
export const DEFAULT_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** [now − 7 days (to the minute), end of today]: rows written later today still show on reload. */
export function defaultWindow(now = new Date()): [Date, Date] {
  const from = new Date(now.getTime() - DEFAULT_WINDOW_DAYS * DAY_MS);
  from.setSeconds(0, 0);
  const to = new Date(now);
  to.setHours(23, 59, 59, 999);
  return [from, to];
}

type DateLike = { toISOString(): string } | null | undefined;

/** Search form values → the list/export body: blank filters dropped, texts trimmed, range as ISO strings. */
export function toLogQuery(
  view: LogView,
  values: Record<string, unknown>,
  paging: { page: number; pageSize: number },
): Record<string, unknown> {
  const body: Record<string, unknown> = { page: paging.page, pageSize: paging.pageSize };
  for (const f of view.filters) {
    const v = values[f.key];
    if (v === undefined || v === null) continue;
    if (typeof v === 'string') {
      const s = v.trim();
      if (s) body[f.key] = s.slice(0, 128);
    } else body[f.key] = v;
  }
  const tenantId = values.tenantId;
  if (typeof tenantId === 'number' && Number.isInteger(tenantId) && tenantId >= 0) body.tenantId = tenantId;
  const range = values.createdAt as [DateLike, DateLike] | null | undefined;
  if (range && (range[0] || range[1])) body.createdAt = [range[0]?.toISOString() ?? null, range[1]?.toISOString() ?? null];
  return body;
}

/** A request body for display: pretty JSON, or '' when there is none. */
export function formatBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'string') {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  }
  return JSON.stringify(body, null, 2);
}
