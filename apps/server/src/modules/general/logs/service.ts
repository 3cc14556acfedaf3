import type { Readable } from 'node:stream';
import { ENUMS, int, type L10n, type Lang } from '@tagloom/domain';
import { and, count, desc, eq, getTableColumns, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { SessionInfo } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { PlatformScope } from '../../../core/tenant-scope.js';
import { checkExportSize, EXPORT_MAX_ROWS, xlsxStream } from '../../../core/xlsx-stream.js';
import type { Db, Tx } from '../../../db/client.js';
import { deviceLog, loginLog, operationLog, syncLog, tenants } from '../../../db/schema/index.js';

/** A column of a log screen: shown, exported, and searched when `search` is set. */
export interface LogColumn {
  key: string;
  label: L10n;
  kind: 'text' | 'int' | 'enum';
  enumName?: string;
  search?: 'like' | 'eq';
}

export interface LogDef {
  code: string;
  names: L10n;
  table: PgTable;
  columns: LogColumn[];
  /** fields the list returns for a detail view, neither shown as columns nor exported */
  detail?: string[];
}

const l = (zh_CN: string, zh_TW: string, en_US: string): L10n => ({ zh_CN, zh_TW, en_US });
const col = (key: string, label: L10n, kind: LogColumn['kind'] = 'text', extra: Partial<LogColumn> = {}): LogColumn => ({
  key,
  label,
  kind,
  ...extra,
});
const RESULT = l('结果', '結果', 'Result');
const MESSAGE = l('信息', '訊息', 'Message');
const USERNAME = l('用户名', '使用者名稱', 'User name');
const IP = l('IP 地址', 'IP 位址', 'IP address');
const DURATION = l('耗时(ms)', '耗時(ms)', 'Duration (ms)');

/** The four log screens: which table, which columns. */
export const LOG_DEFS: LogDef[] = [
  {
    code: 'general/log-login',
    names: l('登录日志', '登入日誌', 'Login log'),
    table: loginLog,
    columns: [
      col('username', USERNAME, 'text', { search: 'like' }),
      col('ip', IP, 'text', { search: 'like' }),
      col('result', RESULT, 'enum', { enumName: 'LoginResult', search: 'eq' }),
      col('loginType', l('登录方式', '登入方式', 'Login type'), 'text', { search: 'eq' }),
      col('userAgent', l('客户端', '用戶端', 'User agent')),
      col('message', MESSAGE),
    ],
  },
  {
    code: 'general/log-operation',
    names: l('操作日志', '操作日誌', 'Operation log'),
    table: operationLog,
    columns: [
      col('username', USERNAME, 'text', { search: 'like' }),
      col('screen', l('页面', '頁面', 'Screen'), 'text', { search: 'like' }),
      col('action', l('操作', '操作', 'Action'), 'text', { search: 'eq' }),
      col('method', l('请求方法', '請求方法', 'Method')),
      col('url', l('请求地址', '請求位址', 'URL'), 'text', { search: 'like' }),
      col('target', l('操作对象', '操作對象', 'Target')),
      col('result', RESULT, 'enum', { enumName: 'RunResult', search: 'eq' }),
      col('status', l('状态码', '狀態碼', 'Status'), 'int'),
      col('message', MESSAGE),
      col('ip', IP, 'text', { search: 'like' }),
      col('durationMs', DURATION, 'int'),
    ],
    detail: ['body'],
  },
  {
    code: 'general/log-sync',
    names: l('同步日志', '同步日誌', 'Sync log'),
    table: syncLog,
    columns: [
      col('direction', l('方向', '方向', 'Direction'), 'enum', { enumName: 'SyncDirection', search: 'eq' }),
      col('system', l('对接系统', '對接系統', 'System'), 'text', { search: 'like' }),
      col('businessType', l('业务类型', '業務類型', 'Business type'), 'text', { search: 'like' }),
      col('documentNo', l('单据号', '單據號', 'Document number'), 'text', { search: 'like' }),
      col('result', RESULT, 'enum', { enumName: 'RunResult', search: 'eq' }),
      col('message', MESSAGE, 'text', { search: 'like' }),
      col('durationMs', DURATION, 'int'),
    ],
  },
  {
    code: 'general/log-device',
    names: l('设备日志', '設備日誌', 'Device log'),
    table: deviceLog,
    columns: [
      col('deviceCode', l('设备编码', '設備編碼', 'Device code'), 'text', { search: 'like' }),
      col('eventType', l('事件类型', '事件類型', 'Event type'), 'enum', { enumName: 'DeviceEventType', search: 'eq' }),
      col('level', l('级别', '級別', 'Level'), 'enum', { enumName: 'LogLevel', search: 'eq' }),
      col('message', MESSAGE, 'text', { search: 'like' }),
    ],
  },
];

const DAY_MS = 86_400_000;
/** Without a time range a log query covers the last 7 days (partition-friendly). */
export const DEFAULT_WINDOW_DAYS = 7;
const PAGE = 1000;
const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;
const TENANT = l('租户', '租戶', 'Tenant');
const CREATED = l('时间', '時間', 'Time');

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const when = z
  .union([z.string().max(40), z.number()])
  .nullable()
  .optional();

/** The list/export body of a log screen: paging, time range, its search fields, a tenant. */
export function logQuerySchema(def: LogDef) {
  const shape: Record<string, z.ZodTypeAny> = {
    page: int(1).default(1),
    pageSize: int(1, 500).default(20),
    createdAt: z.tuple([when, when]).optional(),
    tenantId: z.preprocess(blank, int(0).optional()),
  };
  for (const c of def.columns) {
    if (!c.search) continue;
    const numeric = c.kind === 'int' || (c.kind === 'enum' && typeof ENUMS[c.enumName!]?.[0]?.value === 'number');
    // a number column is compared with a whole number (int4), a text column with text
    shape[c.key] =
      numeric && c.search !== 'like' ? z.preprocess(blank, int().optional()) : z.union([z.string().max(128), z.number()]).optional();
  }
  return z.object(shape);
}
export type LogQuery = Record<string, unknown> & { page: number; pageSize: number; createdAt?: [unknown, unknown] };

const toDate = (v: unknown, key: string): Date | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const d = new Date(typeof v === 'number' ? v : String(v));
  if (Number.isNaN(d.getTime())) throw new AppError(400, 400, 'logs.badTime', { field: key });
  return d;
};

/**
 * Query and export of the partitioned log tables. The generic ResourceService assumes an id
 * primary key, tenant scoping and writes; logs are read-only, keyed by (tenant, created_at, id),
 * seen across tenants by the platform, and must always be cut by created_at so that PostgreSQL
 * only reads the partitions of the range.
 */
export class LogQueryService {
  private readonly cols: Record<string, PgColumn>;
  constructor(
    private readonly db: Db,
    readonly def: LogDef,
  ) {
    this.cols = getTableColumns(def.table) as Record<string, PgColumn>;
  }

  /** The time range asked for, or the last 7 days up to now. */
  range(query: LogQuery, now = new Date()): [Date, Date] {
    const [a, b] = query.createdAt ?? [];
    const to = toDate(b, 'createdAt') ?? now;
    const from = toDate(a, 'createdAt') ?? new Date(to.getTime() - DEFAULT_WINDOW_DAYS * DAY_MS);
    return [from, to];
  }

  private where(session: SessionInfo, query: LogQuery): SQL | undefined {
    const platform = PlatformScope.of(session, this.db);
    const [from, to] = this.range(query);
    const conds: (SQL | undefined)[] = [gte(this.cols.createdAt, from), lte(this.cols.createdAt, to)];
    for (const c of this.def.columns) {
      const v = query[c.key];
      if (!c.search || v === undefined || v === null || v === '') continue;
      if (c.search === 'like') conds.push(ilike(this.cols[c.key], like(String(v))));
      else {
        const numeric = c.kind === 'int' || (c.kind === 'enum' && typeof ENUMS[c.enumName!]?.[0]?.value === 'number');
        const val = numeric ? Number(v) : String(v);
        if (numeric && !Number.isFinite(val)) throw new AppError(400, 400, 'logs.badFilter', { field: c.label });
        conds.push(eq(this.cols[c.key], val));
      }
    }
    return platform.where(this.def.table as never, query.tenantId as number | undefined, ...conds);
  }

  private select(where: SQL | undefined) {
    return this.db
      .select({ ...this.cols, tenantCode: tenants.code, tenantName: tenants.name })
      .from(this.def.table)
      .leftJoin(tenants, eq(tenants.id, this.cols.tenantId))
      .where(where)
      .orderBy(desc(this.cols.createdAt), desc(this.cols.id));
  }

  async list(session: SessionInfo, query: LogQuery) {
    const where = this.where(session, query);
    const [{ total }] = await this.db.select({ total: count() }).from(this.def.table).where(where);
    const rows = await this.select(where)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const keep = new Set([
      'id',
      'tenantId',
      'tenantCode',
      'tenantName',
      'createdAt',
      ...this.def.columns.map((c) => c.key),
      ...(this.def.detail ?? []),
    ]);
    const list = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => keep.has(k))));
    return { list, total, page: query.page, pageSize: query.pageSize };
  }

  private cell(c: LogColumn, v: unknown, lang: Lang): unknown {
    if (v === null || v === undefined) return '';
    if (c.kind === 'enum') return ENUMS[c.enumName!]?.find((o) => o.value === v)?.label[lang] ?? v;
    return v;
  }

  /** The filtered rows, newest first, in pages that continue after the last row (no OFFSET scans). */
  private async *pages(where: SQL | undefined, lang: Lang): AsyncIterable<unknown[][]> {
    let after: { at: Date; id: number } | undefined;
    for (let n = 0; n < EXPORT_MAX_ROWS; n += PAGE) {
      const cond = after
        ? and(where, sql`(${this.cols.createdAt}, ${this.cols.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`)
        : where;
      const page = (await this.select(cond).limit(Math.min(PAGE, EXPORT_MAX_ROWS - n))) as Record<string, unknown>[];
      if (!page.length) return;
      const last = page[page.length - 1];
      after = { at: last.createdAt as Date, id: last.id as number };
      yield page.map((r) => [
        r.tenantCode ? `${r.tenantCode} ${r.tenantName ?? ''}`.trim() : String(r.tenantId),
        (r.createdAt as Date).toISOString().replace('T', ' ').slice(0, 19),
        ...this.def.columns.map((c) => this.cell(c, r[c.key], lang)),
      ]);
      if (page.length < PAGE) return;
    }
  }

  /** The filtered rows as an .xlsx written while they are read (tenant, time, then the screen's columns). */
  async exportXlsx(session: SessionInfo, query: LogQuery, lang: Lang): Promise<Readable> {
    const where = this.where(session, query);
    const [{ total }] = await this.db.select({ total: count() }).from(this.def.table).where(where);
    checkExportSize(total);
    const header = [TENANT[lang], CREATED[lang], ...this.def.columns.map((c) => c.label[lang])];
    return xlsxStream(this.def.names[lang], header, this.pages(where, lang));
  }
}

export interface SyncLogEntry {
  tenantId: number;
  /** 1 inbound, 2 outbound */
  direction: 1 | 2;
  system: string;
  businessType?: string;
  documentNo?: string;
  /** true when the exchange succeeded */
  ok: boolean;
  message?: string;
  durationMs?: number;
  createdAt?: Date;
}

/** Record one exchange with an outside system (ERP, WMS, label suppliers' systems …). */
export async function writeSyncLog(db: Tx, e: SyncLogEntry): Promise<void> {
  await db.insert(syncLog).values({
    tenantId: e.tenantId,
    direction: e.direction,
    system: e.system.slice(0, 64),
    businessType: (e.businessType ?? '').slice(0, 64),
    documentNo: (e.documentNo ?? '').slice(0, 128),
    result: e.ok ? 1 : 0,
    message: (e.message ?? '').slice(0, 2000),
    durationMs: Math.max(0, Math.round(e.durationMs ?? 0)),
    ...(e.createdAt ? { createdAt: e.createdAt } : {}),
  });
}

export interface DeviceLogEntry {
  tenantId: number;
  deviceCode: string;
  /** a DeviceEventType value: online, offline, read, config, firmware, error */
  eventType: string;
  level?: 'info' | 'warn' | 'error';
  message?: string;
  createdAt?: Date;
}

/** Record one event reported by (or about) a device. */
export async function writeDeviceLog(db: Tx, e: DeviceLogEntry): Promise<void> {
  await db.insert(deviceLog).values({
    tenantId: e.tenantId,
    deviceCode: e.deviceCode.slice(0, 64),
    eventType: e.eventType,
    level: e.level ?? 'info',
    message: (e.message ?? '').slice(0, 2000),
    ...(e.createdAt ? { createdAt: e.createdAt } : {}),
  });
}
