/**
 * A feed on the server (declared in packages/domain/src/feed): a keyset list on
 * (created_at desc, id desc) inside a bounded time window, without counting; a streamed export;
 * batch writes. The window always cuts created_at, so PostgreSQL reads only its partitions.
 */
import { Readable } from 'node:stream';
import {
  ACTIONS,
  DECLARED_RESOURCES,
  ENUMS,
  type FeedColumn,
  type FeedPageData,
  hasMessage,
  int,
  keysContaining,
  type L10n,
  LANGS,
  type Lang,
  MENU_TREE,
  type PartitionedFeedDef,
  PLATFORM_TENANT_ID,
  parseStoredMessage,
  type ResourceDef,
  STORED_MESSAGE_PREFIX,
  stateEnumOf,
  translate,
} from '@tagloom/domain';
import { and, eq, getTableColumns, getViewSelectedFields, gte, inArray, is, lte, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable, PgView } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.js';
import { tenants } from '../../db/schema/index.js';
import type { SessionInfo } from '../context.js';
import { badRequest, forbidden } from '../errors.js';
import { containing, containsPattern, prefixPattern, startsWith } from '../like.js';
import { EXPORT_MAX_ROWS, ExportPace, xlsxStream, yieldToLoop } from '../xlsx-stream.js';

const DAY_MS = 86_400_000;
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const when = z
  .union([z.string().max(40), z.number()])
  .nullable()
  .optional();

/** The feed's row as the list returns it. */
export type FeedRow = Record<string, unknown> & { id: number; tenantId: number; createdAt: Date };
export interface FeedListQuery {
  pageSize: number;
  cursor?: string;
  createdAt?: [unknown, unknown];
  tenantId?: number;
  format?: 'xlsx' | 'csv';
  estimate?: boolean;
  [filter: string]: unknown;
}

/** The label of a column in every language (for validation messages naming the field). */
export const labelsOf = (key: string): L10n => Object.fromEntries(LANGS.map((l) => [l, translate(l, key)])) as L10n;

/** A column whose values are numbers (an int column, or an enum of numbers). */
function numeric(c: FeedColumn): boolean {
  if (c.kind === 'int') return true;
  if (c.kind !== 'enum') return false;
  const first = c.enum ? ENUMS[c.enum]?.[0]?.value : c.options?.[0]?.value;
  return typeof first === 'number';
}
/** The allowed values of an enum column, when it has a fixed list. */
function choices(c: FeedColumn): (string | number)[] | undefined {
  if (c.enum) return ENUMS[c.enum]?.map((o) => o.value);
  if (c.options) return c.options.map((o) => o.value);
  return undefined;
}

/** The cursor of a page: the last row's exact created_at (microseconds, UTC) and id. */
export function encodeCursor(at: string, id: number): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}
const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export function decodeCursor(cursor: string): { at: string; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at === 'string' && AT.test(at) && Number.isSafeInteger(id) && (id as number) > 0) return { at, id: id as number };
  } catch {
    // fall through
  }
  throw badRequest('feeds.badCursor', { field: { key: 'common.page' } });
}

/** A `localized` column's value in `lang`: a stored catalog message translated, any other text as stored. */
export function readMessage(v: unknown, lang: Lang): unknown {
  const m = parseStoredMessage(v);
  return m ? translate(lang, m.key, m.params) : v;
}

/**
 * A filter a feed's module answers itself (the value as given, never empty): the conditions to add,
 * instead of the declared op's. E.g. the raw reads' EPC, found through EPC state and a GIN index.
 */
/** Screens by their code (the menus' names), for a `screen` column's export. */
const SCREEN_NAMES = new Map<string, L10n>(MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens.map((s) => [s.component, s.names]))));
/** Declarations by their code, for a `resource` column's (and its states') export; a screen's own first. */
const DECLARATIONS = new Map<string, ResourceDef>();
for (const d of DECLARED_RESOURCES) if (!DECLARATIONS.has(d.code) || d.screen === d.code) DECLARATIONS.set(d.code, d);
const declarationOf = (code: string): ResourceDef | undefined => DECLARATIONS.get(code);

export type FeedFilterSql = (value: string, session: SessionInfo) => Promise<SQL> | SQL;

export class FeedService {
  readonly cols: Record<string, PgColumn>;
  readonly exportCap: number;
  constructor(
    readonly db: Tx,
    readonly def: PartitionedFeedDef,
    /** the feed's table, or a view of it (one row of the list a row of the view) */
    readonly table: PgTable | PgView,
    readonly own: {
      filters?: Record<string, FeedFilterSql>;
      /** the rows a session reaches besides its tenant (a bound user's party: core/party.ts) */
      scope?: (session: SessionInfo) => SQL | undefined;
    } = {},
  ) {
    this.cols = (is(table, PgView) ? getViewSelectedFields(table) : getTableColumns(table)) as Record<string, PgColumn>;
    for (const k of ['tenantId', 'id', 'createdAt', ...def.columns.map((c) => c.key), ...(def.detail ?? [])])
      if (!this.cols[k]) throw new Error(`feed ${def.code}: table ${def.table} has no column ${k}`);
    this.exportCap = Math.min(def.exportCap ?? EXPORT_MAX_ROWS, EXPORT_MAX_ROWS);
  }

  /** Field labels (every language) for the validation messages of the list/export body. */
  fieldLabels(): Record<string, L10n> {
    return {
      createdAt: labelsOf('feeds.field.createdAt'),
      tenantId: labelsOf('feeds.field.tenant'),
      ...Object.fromEntries(this.def.columns.map((c) => [c.key, labelsOf(c.label)])),
    };
  }

  /** The list/export body: page size, cursor, window, the declared filters, a tenant (platform feeds). */
  querySchema() {
    const shape: Record<string, z.ZodTypeAny> = {
      pageSize: int(1, 500).default(20),
      cursor: z.string().max(200).optional(),
      createdAt: z.tuple([when, when]).optional(),
      format: z.enum(['xlsx', 'csv']).optional(),
      /** ask the planner's estimate of the matching rows with the first page (costs a planning) */
      estimate: z.boolean().optional(),
    };
    if (this.def.scope === 'platform') shape.tenantId = z.preprocess(blank, int(0).optional());
    for (const f of this.def.filters) {
      const c = this.def.columns.find((x) => x.key === f.key)!;
      shape[f.key] =
        numeric(c) && f.op !== 'like' && f.op !== 'prefix'
          ? z.preprocess(blank, int().optional())
          : z.preprocess(blank, z.union([z.string().max(128), z.number()]).optional());
    }
    return z.object(shape);
  }

  /** The window asked for, or the default one; refused when reversed or longer than the feed allows. */
  window(query: Pick<FeedListQuery, 'createdAt'>, now = new Date()): [Date, Date] {
    const [a, b] = query.createdAt ?? [];
    const field = { key: 'feeds.field.createdAt' };
    const toDate = (v: unknown): Date | undefined => {
      if (v === undefined || v === null || v === '') return undefined;
      const d = new Date(typeof v === 'number' ? v : String(v));
      if (Number.isNaN(d.getTime())) throw badRequest('feeds.badTime', { field });
      return d;
    };
    const to = toDate(b) ?? now;
    const from = toDate(a) ?? new Date(to.getTime() - this.def.window.defaultDays * DAY_MS);
    if (from > to) throw badRequest('feeds.windowReversed', { field });
    // a day of slack: "the last 7 days" from the console runs to the end of today
    if (to.getTime() - from.getTime() > (this.def.window.maxDays + 1) * DAY_MS)
      throw badRequest('feeds.windowTooLong', { field, max: this.def.window.maxDays });
    return [from, to];
  }

  /**
   * "Contains" on a `localized` column, as the reader sees it in `lang`: a device's words as stored;
   * a stored catalog message by its words in `lang` (keysContaining) or by one of its parameters.
   */
  private localizedLike(key: string, text: string, lang: Lang): SQL {
    const col = this.cols[key];
    const doc = sql`substr(${col}, ${STORED_MESSAGE_PREFIX.length + 1})::jsonb`;
    const keys = keysContaining(lang, text);
    const byKey = keys.length ? inArray(sql`(${doc} ->> 'key')`, keys) : sql`false`;
    // a CASE: the cast is tried on stored messages only (a device's words never start with the prefix)
    return sql`(case when ${col} like ${prefixPattern(STORED_MESSAGE_PREFIX)}
      then ${byKey} or exists (select 1 from jsonb_each_text(${doc} -> 'params') p where p.value ilike ${containsPattern(text)})
      else ${col} ilike ${containsPattern(text)} end)`;
  }

  /** The conditions of a query: scope, window, filters (no cursor); `lang` reads localized columns. */
  async where(session: SessionInfo, query: FeedListQuery, lang: Lang = 'zh_CN'): Promise<SQL | undefined> {
    const [from, to] = this.window(query);
    const conds: (SQL | undefined)[] = [gte(this.cols.createdAt, from), lte(this.cols.createdAt, to)];
    if (this.def.scope === 'platform') {
      if (session.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
      if (query.tenantId !== undefined) conds.push(eq(this.cols.tenantId, query.tenantId));
    } else conds.push(eq(this.cols.tenantId, session.tenantId));
    conds.push(this.own.scope?.(session));
    for (const f of this.def.filters) {
      const v = query[f.key];
      if (v === undefined || v === null || v === '') continue;
      const c = this.def.columns.find((x) => x.key === f.key)!;
      const field = { key: c.label };
      const own = this.own.filters?.[f.key];
      if (own) {
        conds.push(await own(String(v), session));
        continue;
      }
      if (f.op === 'like') {
        conds.push(c.localized ? this.localizedLike(f.key, String(v), lang) : containing(this.cols[f.key], String(v)));
        continue;
      }
      if (f.op === 'prefix') {
        // upper(col) like 'X%': the form an index on (upper(col) text_pattern_ops, …) serves
        conds.push(startsWith(this.cols[f.key], String(v)));
        continue;
      }
      const val = numeric(c) ? Number(v) : String(v);
      if (typeof val === 'number' && !Number.isSafeInteger(val)) throw badRequest('feeds.badFilter', { field });
      const allowed = choices(c);
      if (f.op === 'enum' && allowed && !allowed.some((x) => String(x) === String(val))) throw badRequest('feeds.badFilter', { field });
      conds.push(eq(this.cols[f.key], val));
    }
    return and(...conds);
  }

  /**
   * Rows after the cursor: (created_at, id) < (at, id), and created_at <= at besides. The plain
   * bound is what makes a deep page cheap: it prunes the partitions newer than the cursor (with
   * only the row comparison, every one of them is read), and starts the index scan at the cursor
   * rather than at the window's end (PostgreSQL 18 then walks the whole newer part of the index).
   */
  private after(cursor: { at: string; id: number }): SQL {
    const { createdAt, id } = this.cols;
    return sql`${createdAt} <= ${cursor.at}::timestamptz and (${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})`;
  }

  /** Rows newest first after the cursor, with the tenant and the exact time of each row for the next cursor. */
  private async read(where: SQL | undefined, after: { at: string; id: number } | undefined, limit: number) {
    const keep = ['id', 'tenantId', 'createdAt', ...this.def.columns.map((c) => c.key), ...(this.def.detail ?? [])];
    const select: Record<string, PgColumn | SQL.Aliased> = Object.fromEntries(keep.map((k) => [k, this.cols[k]]));
    const atText = sql<string>`to_char(${this.cols.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('__at');
    return (await this.db
      .select({ ...select, tenantCode: tenants.code, tenantName: tenants.name, __at: atText } as never)
      .from(this.table)
      .leftJoin(tenants, eq(tenants.id, this.cols.tenantId))
      .where(after ? and(where, this.after(after)) : where)
      .orderBy(sql`${this.cols.createdAt} desc`, sql`${this.cols.id} desc`)
      .limit(limit)) as unknown as (FeedRow & { __at: string })[];
  }

  /** The planner's estimate of the rows a query matches (no count is run). */
  async estimate(where: SQL | undefined): Promise<number | undefined> {
    try {
      const rows = await queryRows<Record<string, unknown>>(this.db, sql`explain (format json) select 1 from ${this.table} where ${where}`);
      const raw = Object.values(rows[0] ?? {})[0];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
      const n = plan?.[0]?.Plan?.['Plan Rows'];
      return typeof n === 'number' ? Math.round(n) : undefined;
    } catch {
      return undefined;
    }
  }

  /** One page, newest first: `next` continues after its last row; the first page carries an estimate when asked. */
  async list(session: SessionInfo, query: FeedListQuery, lang: Lang = 'zh_CN'): Promise<FeedPageData> {
    const where = await this.where(session, query, lang);
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.read(where, after, query.pageSize + 1);
    const hasMore = rows.length > query.pageSize;
    const page = rows.slice(0, query.pageSize);
    const last = page[page.length - 1];
    const localized = this.def.columns.filter((c) => c.localized);
    const list = page.map(({ __at, ...r }) => {
      for (const c of localized) r[c.key] = readMessage(r[c.key], lang);
      return r;
    });
    return {
      list,
      hasMore,
      next: hasMore && last ? encodeCursor(last.__at, last.id) : null,
      ...(query.estimate && !after ? await this.estimateBeyond(where, rows.length) : {}),
    };
  }

  /**
   * The estimate of a first page, when it says more than the page did: a planner that has not
   * sampled a table yet (a fresh one) may guess fewer rows than were just read — no estimate then.
   */
  private async estimateBeyond(where: SQL | undefined, read: number): Promise<{ estimate?: number }> {
    const n = await this.estimate(where);
    return n !== undefined && n > read ? { estimate: n } : {};
  }

  /**
   * A cell of an export, in the reader's words as the screen shows it: enums by their label, a
   * button by its name (a system move by its message), a screen or a declaration by its name, a
   * document's state by its machine's enum, an empty value by the column's words for it; the rest
   * as stored.
   */
  private cell(c: FeedColumn, v: unknown, lang: Lang, row: Record<string, unknown> = {}): unknown {
    if (v === null || v === undefined || v === '') return c.empty ? translate(lang, c.empty) : (v ?? '');
    if (c.localized) return readMessage(v, lang);
    if (c.kind === 'time' && v instanceof Date) return v.toISOString().replace('T', ' ').slice(0, 23);
    if (c.display === 'action') {
      const button = ACTIONS[String(v) as keyof typeof ACTIONS];
      if (button) return button[lang];
      const key = `${c.otherActions}.${String(v)}`;
      return c.otherActions && hasMessage(key) ? translate(lang, key) : v;
    }
    if (c.display === 'screen') return SCREEN_NAMES.get(String(v))?.[lang] ?? v;
    if (c.display === 'resource') return declarationOf(String(v))?.names[lang] ?? v;
    if (c.stateOf) {
      const states = stateEnumOf(declarationOf(String(row[c.stateOf] ?? '')));
      return (states && ENUMS[states]?.find((x) => String(x.value) === String(v))?.label[lang]) ?? v;
    }
    if (c.kind === 'enum') {
      const o = c.enum ? ENUMS[c.enum]?.find((x) => x.value === v)?.label[lang] : undefined;
      if (o) return o;
      const fixed = c.options?.find((x) => String(x.value) === String(v));
      if (fixed) return translate(lang, fixed.label);
    }
    return v;
  }

  private header(lang: Lang): string[] {
    const t = (k: string) => translate(lang, k);
    return [t('feeds.field.tenant'), t('feeds.field.createdAt'), ...this.def.columns.map((c) => t(c.label))];
  }

  /**
   * The rows of the query in pages read by keyset, at most `cap`; when more remain, a last line says
   * so. Each page is as large as `pace` says (the writer times each page: a slice of the event loop).
   */
  async *pages(where: SQL | undefined, lang: Lang, cap: number, pace = new ExportPace()): AsyncIterable<unknown[][]> {
    let after: { at: string; id: number } | undefined;
    let n = 0;
    while (n < cap) {
      const want = Math.min(pace.size, cap - n);
      const page = await this.read(where, after, want);
      if (!page.length) return;
      n += page.length;
      const last = page[page.length - 1];
      after = { at: last.__at, id: last.id };
      yield page.map((r) => [
        r.tenantCode ? `${r.tenantCode} ${r.tenantName ?? ''}`.trim() : String(r.tenantId),
        r.createdAt.toISOString().replace('T', ' ').slice(0, 19),
        ...this.def.columns.map((c) => this.cell(c, r[c.key], lang, r)),
      ]);
      if (page.length < want) return;
    }
    if (after && (await this.read(where, after, 1)).length) yield [[translate(lang, 'feeds.exportCut', { cap })]];
  }

  /** The export as a stream written while its rows are read: .xlsx (default) or CSV. */
  async export(
    session: SessionInfo,
    query: FeedListQuery,
    lang: Lang,
    cap = this.exportCap,
  ): Promise<{ stream: Readable; type: string; ext: string }> {
    const where = await this.where(session, query, lang);
    const pace = new ExportPace();
    const rows = this.pages(where, lang, Math.min(cap, this.exportCap), pace);
    if (query.format === 'csv') return { stream: csvStream(this.header(lang), rows, pace), type: 'text/csv; charset=utf-8', ext: 'csv' };
    return {
      stream: xlsxStream(translate(lang, this.def.title), this.header(lang), rows, pace),
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ext: 'xlsx',
    };
  }
}

/** A CSV cell: quoted when needed; text a spreadsheet would run as a formula is prefixed with '. */
function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (typeof v === 'string' && /^[=+@\t\r]|^-[^\d]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * A CSV (UTF-8 with a BOM, so spreadsheets read it as UTF-8) written while its pages are read; each
 * page (read and written) timed into `pace`, other work getting a turn between pages.
 */
export function csvStream(header: string[], pages: AsyncIterable<unknown[][]>, pace = new ExportPace()): Readable {
  const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
  return Readable.from(
    (async function* () {
      yield `\uFEFF${line(header)}`;
      const it = pages[Symbol.asyncIterator]();
      for (;;) {
        const m = pace.mark();
        const next = await it.next();
        if (next.done) return;
        const fetched = performance.now();
        const text = next.value.map(line).join('');
        pace.took(next.value.length, m, fetched);
        yield text;
        await yieldToLoop();
      }
    })(),
  );
}
