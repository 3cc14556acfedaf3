import type { Readable } from 'node:stream';
import {
  type AttrSource,
  defaultOrderOf,
  describeIssues,
  ENUMS,
  fieldSchema,
  type IssueLike,
  inSentence,
  type L10n,
  type Lang,
  type PartyKind,
  PLATFORM_TENANT_ID,
  type ResourceDef,
  translate,
} from '@tagloom/domain';
import { and, asc, count, desc, eq, getTableColumns, gt, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client.js';
import { declarationOf, tableOf } from '../../db/resource-table.js';
import { jobWrites } from '../../db/schema/index.js';
import type { AppContext, SessionInfo } from '../context.js';
import { localizeParams } from '../envelope.js';
import { AppError, conflict, forbidden } from '../errors.js';
import { partyCondition, partyRefCondition, refuseBoundParties } from '../party.js';
import type { Progress } from '../queue/registry.js';
import { checkSheet } from '../sheet/run.js';
import { slices } from '../sheet/slices.js';
import { TenantScope } from '../tenant-scope.js';
import {
  checkExportSize,
  countInChunks,
  EXPORT_MAX_ROWS,
  EXPORT_SYNC_MAX_ROWS,
  ExportPace,
  type KeysetOrder,
  keysetAfter,
  keysetPages,
  keysetValue,
  xlsxStream,
} from '../xlsx-stream.js';
import { type AttrSpec, checkAttrs } from './attrs.js';
import { pageOfLines, readLines, refLabelsOf, splitLines, writeLines } from './children.js';
import { cellIn, cellOut, excelFields, workbookBuffer } from './excel.js';
import { attachFiles, heldIds, releaseFiles } from './file-fields.js';
import { OPTIONS_PAGE, type OptionsQuery } from './options.js';
import { refuseByMachine } from './transitions.js';

type Row = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: tables are built from declarations; columns are looked up by key
type AnyTable = PgTable & Record<string, any>;

/** What a screen adds to the generic behaviour: server rules that need the database. */
export interface ResourceHooks {
  /**
   * runs inside the write transaction, before insert/update; throw AppError to refuse. `data` is
   * the whole row (on update: the stored row merged with the changes). On create and import a hook
   * may adjust `data` before it is written; on update, `changes` (e.g. encrypt a secret).
   */
  beforeWrite?(tx: Tx, data: Row, info: { session: SessionInfo; existing?: Row; changes?: Row; lang?: Lang }): Promise<void>;
  /**
   * runs inside the write transaction right after the row is inserted or updated (create and
   * update, not import): what the body carries beyond the columns goes to other tables here (a
   * tenant's menu grants, a user's roles per terminal). `body` is the whole checked request body.
   */
  afterWrite?(tx: Tx, row: Row, info: { session: SessionInfo; body: Row; existing?: Row }): Promise<void>;
  /**
   * after a document's lines are written (create and update, same transaction): totals kept on the
   * row from its lines, values of the lines derived from the row; answers the row as it is now
   */
  afterLines?(tx: Tx, row: Row, info: { session: SessionInfo }): Promise<Row | undefined>;
  /** runs inside the transaction, before the rows go */
  beforeDelete?(tx: Tx, rows: Row[], info: { session: SessionInfo }): Promise<void>;
  /** runs after a create, update or delete committed (caches to drop, other processes to tell) */
  afterCommit?(info: { action: 'create' | 'update' | 'delete'; session: SessionInfo }): Promise<void>;
  /**
   * a condition every read and write of this resource carries besides the owner's scope (rows
   * that are never shown: the platform's own tenant row …); refuse the session by throwing
   */
  scope?(session: SessionInfo): SQL | undefined;
  /**
   * the rows as the API shows them: joined labels (a user's tenant name), counts, flags for the
   * session (`mine`), columns dropped; `detail` on a single row (/get), which may carry related
   * rows (grants, buttons). Runs after the transaction, on list, get, create, update and export.
   */
  decorate?(rows: Row[], info: { session: SessionInfo; detail: boolean }): Promise<Row[]>;
  /** the response fields `decorate` adds (or loosens), for OpenAPI and response checks */
  rowFields?: Record<string, z.ZodTypeAny>;
  /** for exports: the decorated key holding a ref field's label (groupId → groupName) */
  refLabels?: Record<string, string>;
  /**
   * request bodies carrying more than the columns (a tenant's menu grants, templates picked as a
   * list): build them with fieldRules(def, keys) so no field rule is written twice. Keys that are
   * not columns reach `afterWrite` in `body`. `query` replaces the derived list/export body.
   */
  body?: { create?: z.ZodTypeAny; update?: z.ZodTypeAny; query?: z.ZodTypeAny };
  /** the rows a search box that is not a column finds (a field with `stored: false`), by field key */
  searches?: Record<string, (value: string, session: SessionInfo) => SQL>;
  /** generic routes this resource does not offer (its module serves them its own way, or not at all) */
  omitRoutes?: GenericRoute[];
  /**
   * side effects of the machine's transitions, by action (core/resource/transitions.ts): run in the
   * transition's transaction right after the row moved (throw to undo the move); `row` is the moved
   * row, `before` it as it was. A hook may write the row further (a task's next fire time …).
   */
  transitions?: Record<string, OnTransition>;
}

/** A transition's side effect (ResourceHooks.transitions). */
export type OnTransition = (tx: Tx, row: Row, info: { action: string; session: SessionInfo; before: Row }) => Promise<void>;

/** The routes resourceRoutes registers for a declared resource. */
export type GenericRoute = 'list' | 'get' | 'create' | 'update' | 'delete' | 'export' | 'template' | 'import';

export interface ImportReport {
  total: number;
  inserted: number;
  errors: { row: number; messages: string[] }[];
}

const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;

/** Rows a list counts exactly; past them its total is the planner's estimate (see ResourceService.list). */
export const LIST_COUNT_CAP = 10_000;

/** The planner's estimate of the rows of `table` matching `where` (no row is read). */
async function planEstimate(db: Db, table: AnyTable, where: SQL | undefined): Promise<number | undefined> {
  try {
    const res = (await db.execute(sql`explain (format json) select 1 from ${table} ${where ? sql`where ${where}` : sql``}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const raw = Object.values(res.rows[0] ?? {})[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
    const n = plan?.[0]?.Plan?.['Plan Rows'];
    return typeof n === 'number' ? Math.round(n) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * List, get, create, update, delete, export and import for any declared resource, with the
 * tenant scope applied (tenant-owned rows) or platform users only (platform-owned rows).
 */
export class ResourceService {
  constructor(
    private readonly ctx: AppContext,
    readonly def: ResourceDef,
    readonly table: AnyTable,
    readonly hooks: ResourceHooks = {},
  ) {}

  /** Keys of the table's columns: what of a body is written to the row (the rest is for afterWrite). */
  private get columnKeys(): Set<string> {
    this._columnKeys ??= new Set(Object.keys(getTableColumns(this.table)));
    return this._columnKeys;
  }
  private _columnKeys?: Set<string>;

  columnsOf(data: Row): Row {
    return Object.fromEntries(Object.entries(data).filter(([k]) => this.columnKeys.has(k)));
  }

  /** The rows as the API shows them (the screen's decorate hook, after out()). */
  async shown(rows: Row[], session: SessionInfo, detail: boolean): Promise<Row[]> {
    const out = rows.map((r) => this.out(r));
    return this.hooks.decorate ? this.hooks.decorate(out, { session, detail }) : out;
  }

  private get tenantOwned() {
    return this.def.owner === 'tenant';
  }

  /**
   * The condition every query of this session carries: its tenant (or nothing for platform rows),
   * the screen's own scope hook, the rows this screen shows of a shared table (rowsOf) and, for a
   * user bound to a party, that party's rows (partyScope).
   */
  scope(session: SessionInfo, ...more: (SQL | undefined)[]): SQL | undefined {
    return this.ownerScope(session, this.fixedCondition(), this.partyCondition(session), ...more);
  }

  /** The tenant's (or the platform's) rows of the table, whatever screen or party: what uniqueness is checked against. */
  private ownerScope(session: SessionInfo, ...more: (SQL | undefined)[]): SQL | undefined {
    if (this.hooks.scope) more = [this.hooks.scope(session), ...more];
    if (this.tenantOwned) return new TenantScope(this.ctx.db, session.tenantId).where(this.table as never, ...more);
    if (session.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
    return and(...more);
  }

  /** rowsOf: the column values of the rows this screen shows (stores: locations of kind store). */
  private fixedCondition(): SQL | undefined {
    const fixed = Object.entries(this.def.rowsOf?.fixed ?? {});
    return fixed.length ? and(...fixed.map(([k, v]) => eq(this.table[k], v))) : undefined;
  }

  /**
   * partyScope: a user bound to a party reaches the rows whose party field holds its party; on a
   * screen that names no field for its kind, no row at all. Users bound to no party: every row.
   */
  private partyCondition(session: SessionInfo): SQL | undefined {
    return partyCondition(this.def, this.table, session);
  }

  /**
   * What a new row of this session carries whatever the body says: the screen's fixed values and
   * the bound user's party. A body naming another party is refused on that field; a bound user
   * creates no rows of a party screen (a store user does not open stores).
   */
  private stamp(session: SessionInfo, body: Row, lang: Lang): Row {
    const out: Row = { ...(this.def.rowsOf?.fixed ?? {}) };
    const party = session.party;
    if (party && this.def.partyScope) {
      const field = this.def.partyScope[party.kind];
      if (!field || field === 'id') throw forbidden();
      const given = body[field];
      if (given !== undefined && given !== null && given !== '' && Number(given) !== party.id)
        throw validationError(lang, [{ code: 'custom', path: [field], message: 'validation.partyOnly' }], this.def.labels);
      out[field] = party.id;
    }
    return out;
  }

  /** partyVia: a bound user's row points only at a row it reaches (a tag at one of its party's orders). */
  private async keepVia(tx: Tx, session: SessionInfo, data: Row, lang: Lang) {
    const via = this.def.partyVia;
    const value = via ? data[via] : undefined;
    if (!via || !session.party || value === undefined || value === null || value === '') return;
    const target = this.def.list.find((f) => f.key === via)?.ref?.resource;
    const cond = target && partyRefCondition(sql`${Number(value)}::bigint`, target, session);
    if (!cond) return;
    const [r] = await queryRows<{ ok: boolean }>(tx, sql`select ${cond} as ok`);
    if (!r?.ok) throw validationError(lang, [{ code: 'custom', path: [via], message: 'validation.partyOnly' }], this.def.labels);
  }

  /** An update may not move a bound user's row to another party. */
  private keepParty(session: SessionInfo, changes: Row, lang: Lang) {
    const field = session.party && this.def.partyScope?.[session.party.kind];
    if (!field || field === 'id' || changes[field] === undefined) return;
    if (Number(changes[field]) !== session.party!.id)
      throw validationError(lang, [{ code: 'custom', path: [field], message: 'validation.partyOnly' }], this.def.labels);
  }

  private filters(query: Row, session: SessionInfo): SQL[] {
    const conds: SQL[] = [];
    for (const f of this.def.list) {
      const v = query[f.key];
      if (v === undefined || v === null || v === '' || !f.search) continue;
      if (f.stored === false) {
        // a search box only: the screen says which rows it finds
        const cond = this.hooks.searches?.[f.key]?.(String(v), session);
        if (!cond) throw new Error(`${this.def.code}.${f.key} is a search box without a searches hook`);
        conds.push(cond);
        continue;
      }
      const col = this.table[f.key];
      if (f.search === 'like') conds.push(ilike(col, like(String(v))));
      // from the start, any case: the (tenant_id, upper(col) text_pattern_ops) index answers it
      else if (f.search === 'prefix')
        conds.push(
          sql`upper(${col}) like ${`${String(v)
            .toUpperCase()
            .replace(/[\\%_]/g, '\\$&')}%`}`,
        );
      else if (f.search === 'eq')
        conds.push(eq(col, f.kind === 'enum' || f.kind === 'int' || f.kind === 'ref' ? (cellIn(f, v) as never) : v));
      else if (f.search === 'range' && Array.isArray(v)) {
        const [from, to] = v;
        const val = (x: unknown) => (f.kind === 'date' || f.kind === 'datetime' ? new Date(String(x)) : x);
        if (from !== null && from !== undefined && from !== '') conds.push(gte(col, val(from)));
        if (to !== null && to !== undefined && to !== '') conds.push(lte(col, val(to)));
      }
    }
    return conds;
  }

  /**
   * The sort of a list (or export): the user's column, else the declaration's default order
   * (defaultOrderOf: a document newest first). The id breaks ties: ascending under a column, and
   * descending under a document's created time (rows made together, the later one first).
   */
  private sortOf(query: Row): { col: AnyTable[string]; desc: boolean; idDesc: boolean } {
    const asked = query.sortField as string | undefined;
    const fallback = defaultOrderOf(this.def);
    const field = asked ?? fallback.field;
    const dir = asked ? ((query.sortOrder as string | undefined) ?? 'asc') : fallback.order;
    const col = this.table[field] ?? this.table.id;
    const newest = !asked && field === 'createdAt' && col !== this.table.id;
    return { col, desc: dir === 'desc', idDesc: newest && dir === 'desc' };
  }

  private order(query: Row) {
    const s = this.sortOf(query);
    if (s.col === this.table.id) return [s.desc ? desc(this.table.id) : asc(this.table.id)];
    return [s.desc ? desc(s.col) : asc(s.col), s.idDesc ? desc(this.table.id) : asc(this.table.id)];
  }

  /** A row as the API shows it: no tenant id, no password fields. */
  private out(row: Row): Row {
    const { tenantId: _t, ...rest } = row;
    // a platform resource over every tenant's rows (users, roles) declares tenantId: it is shown
    if (this.def.list.some((f) => f.key === 'tenantId')) rest.tenantId = row.tenantId;
    for (const f of this.def.list) if (f.kind === 'password') delete rest[f.key];
    return rest;
  }

  /**
   * One page and the total. The total is exact up to LIST_COUNT_CAP rows, and needs no count when
   * the page is not full (offset + rows); past the cap it is the planner's estimate (never below
   * the cap + 1) and `estimated` says so: counting a million rows for a pager costs more than the page.
   */
  async list(session: SessionInfo, query: Row & { page: number; pageSize: number }) {
    const where = this.scope(session, ...this.filters(query, session));
    const db = this.ctx.db;
    const offset = (query.page - 1) * query.pageSize;
    const rows = await db
      .select()
      .from(this.table)
      .where(where)
      .orderBy(...this.order(query))
      .limit(query.pageSize)
      .offset(offset);
    let total = offset + rows.length;
    let estimated = false;
    if (rows.length === query.pageSize || (rows.length === 0 && offset > 0)) {
      const capped = db
        .select({ one: sql`1` })
        .from(this.table)
        .where(where)
        .limit(LIST_COUNT_CAP + 1)
        .as('capped');
      [{ total }] = await db.select({ total: count() }).from(capped);
      if (total > LIST_COUNT_CAP) {
        total = Math.max(LIST_COUNT_CAP + 1, (await planEstimate(db, this.table, where)) ?? 0);
        estimated = true;
      }
    }
    const list = await this.shown(rows as Row[], session, false);
    return { list, total, page: query.page, pageSize: query.pageSize, ...(estimated ? { estimated } : {}) };
  }

  async get(session: SessionInfo, id: number): Promise<Row> {
    const [row] = await this.ctx.db
      .select()
      .from(this.table)
      .where(this.scope(session, eq(this.table.id, id)));
    if (!row) throw this.notFound();
    const [shown] = await this.shown([row as Row], session, true);
    // a document's lines (declared children) come with it
    for (const c of this.def.children ?? []) shown[c.key] = (await readLines(this.ctx.db, c, session, [id])).get(id);
    return shown;
  }

  /**
   * One page of the lines (declared child `key`) of one row, in the row's scope: its tenant, its
   * screen's rows and the bound user's party (another party's row, or a row of no party of its own,
   * is not found). The lines as their own screen shows them (its decorate hook, when it has one),
   * and the labels of their ref fields, so a SKU reads by its barcode even to a user who may not
   * open the goods screen.
   */
  async lines(session: SessionInfo, key: string, query: { id: number; page: number; pageSize: number }, lineService?: ResourceService) {
    const c = this.def.children?.find((x) => x.key === key);
    if (!c) throw new Error(`${this.def.code} declares no lines ${key}`);
    const [parent] = await this.ctx.db
      .select({ id: this.table.id })
      .from(this.table)
      .where(this.scope(session, eq(this.table.id, query.id)));
    if (!parent) throw this.notFound();
    const { rows, total } = await pageOfLines(this.ctx.db, c, session, query.id, query);
    const shown = lineService
      ? await lineService.shown(rows, session, false)
      : rows.map((r) =>
          Object.fromEntries(
            Object.entries(r).filter(([k]) => c.resource.list.find((f: { key: string }) => f.key === k)?.kind !== 'password'),
          ),
        );
    const refLabels = await refLabelsOf(this.ctx.db, c.resource, session, shown);
    return { list: shown, total, page: query.page, pageSize: query.pageSize, refLabels };
  }

  /** One page of picker options ({value, label}), searched on the title and unique text fields, or the rows of `ids`. */
  async options(session: SessionInfo, query: OptionsQuery) {
    const searched = this.def.list.filter((f) => f.kind === 'text' && (f.key === this.def.titleField || f.unique));
    const where = query.ids
      ? this.scope(session, inArray(this.table.id, query.ids))
      : this.scope(session, query.q ? or(...searched.map((f) => ilike(this.table[f.key], like(query.q!)))) : undefined);
    const [{ total }] = await this.ctx.db.select({ total: count() }).from(this.table).where(where);
    const rows = await this.ctx.db
      .select({ id: this.table.id, label: this.table[this.def.titleField] })
      .from(this.table)
      .where(where)
      .orderBy(asc(this.table[this.def.titleField]), asc(this.table.id))
      .limit(query.ids ? query.ids.length : OPTIONS_PAGE)
      .offset(query.ids ? 0 : (query.page - 1) * OPTIONS_PAGE);
    const list = rows.map((r) => ({ value: r.id as number, label: String(r.label ?? r.id) }));
    return { list, total, page: query.ids ? 1 : query.page, pageSize: OPTIONS_PAGE };
  }

  private notFound() {
    return new AppError(404, 404, 'common.notFound', { what: this.def.names });
  }

  /** Refuse values of unique fields another row already has, naming the field. */
  private async checkUnique(tx: Tx, session: SessionInfo, data: Row, id?: number, whole: Row = data) {
    for (const f of this.def.list) {
      if (!(f.unique || f.uniqueWithin) || data[f.key] === undefined || data[f.key] === '') continue;
      // unique within another field (a role's code within its tenant): compared with the row's value of it
      const within =
        f.uniqueWithin && whole[f.uniqueWithin] !== undefined ? eq(this.table[f.uniqueWithin], whole[f.uniqueWithin]) : undefined;
      if (f.uniqueWithin && !within) continue;
      const [clash] = await tx
        .select({ id: this.table.id })
        .from(this.table)
        .where(this.ownerScope(session, eq(this.table[f.key], data[f.key]), within, id ? ne(this.table.id, id) : undefined))
        .limit(1);
      if (clash) throw conflict('common.conflict', { what: f.label });
    }
  }

  async create(session: SessionInfo, body: Row, lang: Lang = session.lang): Promise<Row> {
    const data = { ...body, ...this.stamp(session, body, lang) };
    const row = await this.ctx.db.transaction(async (tx) => {
      this.scope(session);
      await this.keepVia(tx, session, data, lang);
      await checkAttrs(tx, this.def, session.tenantId, data, lang, true);
      // the screen's own rules first: they word a refusal better than the generic "already exists"
      await this.hooks.beforeWrite?.(tx, data, { session, lang });
      await this.checkUnique(tx, session, data);
      // declared file fields: files of this screen, not on another row, bytes not repeated (same transaction)
      await attachFiles(tx, this, session, data, undefined, lang);
      const values = this.columnsOf({ ...data, createdBy: session.userId, ...(this.tenantOwned ? { tenantId: session.tenantId } : {}) });
      const [row] = await tx.insert(this.table).values(values).returning();
      await this.hooks.afterWrite?.(tx, row as Row, { session, body: data });
      await writeLines(tx, this.def, session, (row as Row).id as number, splitLines(this.def, body).lines, lang);
      return (await this.hooks.afterLines?.(tx, row as Row, { session })) ?? (row as Row);
    });
    await this.hooks.afterCommit?.({ action: 'create', session });
    return (await this.shown([row], session, false))[0];
  }

  /**
   * The update checked as a whole row: the declared rules of the fields the body sends, and the
   * cross-field rules on the merged row (a new name against the stored login name), reported on
   * their field. Stored values the body leaves alone are not checked again (a row made before a
   * rule existed stays editable), nor rules about fields that are not stored (a password, grants).
   */
  private updateIssues(merged: Row, data: Row): IssueLike[] {
    const checked = (key: string) => data[key] !== undefined;
    const issues: IssueLike[] = [];
    for (const f of this.def.list) {
      if (!f.form || !checked(f.key)) continue;
      const r = fieldSchema(f).safeParse(merged[f.key]);
      if (!r.success) issues.push(...r.error.issues.map((i) => ({ ...i, path: [f.key, ...i.path] })));
    }
    for (const rule of this.def.rules ?? [])
      for (const i of rule(merged))
        if (data[i.path[0]] !== undefined || this.columnKeys.has(i.path[0])) issues.push({ code: 'custom', ...i });
    return issues;
  }

  async update(session: SessionInfo, input: Row & { id: number }, lang: Lang = session.lang): Promise<Row> {
    const { id, ...data } = input;
    let released: number[] = [];
    const row = await this.ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(this.table)
        .where(this.scope(session, eq(this.table.id, id)));
      if (!existing) throw this.notFound();
      this.keepParty(session, data, lang);
      await this.keepVia(tx, session, data, lang);
      // a row in a final state of its machine is no longer edited
      refuseByMachine(this.def, 'edit', existing as Row);
      const merged = { ...(existing as Row), ...data };
      const issues = this.updateIssues(merged, data);
      if (issues.length) throw validationError(lang, issues, this.def.labels);
      await checkAttrs(tx, this.def, session.tenantId, data, lang, false);
      Object.assign(merged, data);
      await this.hooks.beforeWrite?.(tx, merged, { session, existing: existing as Row, changes: data, lang });
      await this.checkUnique(tx, session, data, id, merged);
      released = await attachFiles(tx, this, session, data, existing as Row, lang);
      const [row] = await tx
        .update(this.table)
        .set({ ...this.columnsOf(data), updatedAt: new Date() })
        .where(this.scope(session, eq(this.table.id, id)))
        .returning();
      await this.hooks.afterWrite?.(tx, row as Row, { session, body: data, existing: existing as Row });
      await writeLines(tx, this.def, session, id, splitLines(this.def, input).lines, lang);
      return (await this.hooks.afterLines?.(tx, row as Row, { session })) ?? (row as Row);
    });
    await releaseFiles(this.ctx, this, session, released);
    await this.hooks.afterCommit?.({ action: 'update', session });
    return (await this.shown([row], session, false))[0];
  }

  /** Delete all of the ids or none. */
  async remove(session: SessionInfo, ids: number[]): Promise<number> {
    let released: number[] = [];
    const n = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(this.table)
        .where(this.scope(session, inArray(this.table.id, ids)));
      if (rows.length !== new Set(ids).size) throw this.notFound();
      for (const r of rows) refuseByMachine(this.def, 'delete', r as Row);
      await this.refuseBoundParty(tx, session, rows as Row[]);
      await this.hooks.beforeDelete?.(tx, rows as Row[], { session });
      await tx.delete(this.table).where(this.scope(session, inArray(this.table.id, ids)));
      released = heldIds(this, rows as Row[]);
      return rows.length;
    });
    // the rows' files go with them
    await releaseFiles(this.ctx, this, session, released);
    await this.hooks.afterCommit?.({ action: 'delete', session });
    return n;
  }

  /** A party's own row (partyScope field 'id') a user is bound to is not deleted. */
  private async refuseBoundParty(tx: Tx, session: SessionInfo, rows: Row[]) {
    const kinds = Object.entries(this.def.partyScope ?? {})
      .filter(([, field]) => field === 'id')
      .map(([kind]) => kind as PartyKind);
    await refuseBoundParties(tx, session.tenantId, kinds, rows, this.def);
  }

  /** The sort of a list (or export) for keyset pages: its column (id when none) and direction, id breaking ties as the list does. */
  private keysetOrder(query: Row): KeysetOrder & { idDesc: boolean } {
    const s = this.sortOf(query);
    return s.col === this.table.id
      ? { col: undefined, desc: s.desc, id: this.table.id, idDesc: s.desc }
      : { col: s.col, desc: s.desc, id: this.table.id, idDesc: s.idDesc };
  }

  /** Rows after a keyset key: keysetAfter for (column, id ascending); a (not null) column and the id both descending, or the id alone descending, here. */
  private after(order: KeysetOrder & { idDesc: boolean }, key: { value: string | null; id: number }): SQL {
    if (!order.idDesc) return keysetAfter(order, key);
    if (!order.col) return sql`${order.id} < ${key.id}`;
    const v = sql`cast(${key.value} as ${sql.raw(order.col.getSQLType())})`;
    return sql`(${order.col}, ${order.id}) < (${v}, ${key.id})`;
  }

  /**
   * The filtered rows, in the list's order, as an .xlsx written while they are read: counted in
   * chunks, then read by keyset a page at a time, each page (read, decorated, written, deflated)
   * a slice of about EXPORT_SLICE_MS with other work between slices (xlsx-stream.ts). Answered in
   * a request (not `job`): at most EXPORT_SYNC_MAX_ROWS rows, more are refused, naming the job.
   */
  async exportXlsx(
    session: SessionInfo,
    query: Row,
    lang: Lang,
    progress?: (done: number, total: number) => Promise<void>,
    opts: { job?: boolean } = {},
  ): Promise<Readable> {
    const fields = excelFields(this.def);
    const where = this.scope(session, ...this.filters(query, session));
    const db = this.ctx.db;
    const id = this.table.id;
    const pace = new ExportPace();
    const total = await countInChunks(
      opts.job ? EXPORT_MAX_ROWS : EXPORT_SYNC_MAX_ROWS,
      async (afterId, limit) => {
        const ids = db
          .select({ id })
          .from(this.table)
          .where(and(where, gt(id, afterId)))
          .orderBy(asc(id))
          .limit(limit)
          .as('ids');
        const [r] = await db.select({ n: count(), last: sql<string | number | null>`max(${ids.id})` }).from(ids);
        return { n: Number(r.n), last: r.last === null ? null : Number(r.last) };
      },
      pace,
    );
    checkExportSize(total, !opts.job);
    const order = this.keysetOrder(query);
    const labels = this.hooks.refLabels ?? {};
    const pages = keysetPages(
      async (after, limit) =>
        (await db
          .select({ ...getTableColumns(this.table), __key: keysetValue(order) })
          .from(this.table)
          .where(and(where, after ? this.after(order, after) : undefined))
          .orderBy(...this.order(query))
          .limit(limit)) as (Row & { id: unknown; __key: string | null })[],
      async (page) => {
        const rows = await this.shown(
          page.map(({ __key: _k, ...r }) => r),
          session,
          false,
        );
        // a ref column is written as its row's label (what the import reads back), not as an id
        const refCells = await this.refCellLabels(session, rows);
        return rows.map((r) =>
          fields.map((f) => {
            if (labels[f.key]) return r[labels[f.key]] ?? '';
            const named = refCells.get(f.key)?.get(Number(r[f.key]));
            return named ?? cellOut(f, r[f.key], lang);
          }),
        );
      },
      pace,
    );
    return xlsxStream(
      this.def.names[lang],
      fields.map((f) => f.label[lang]),
      reporting(pages, total, progress),
      pace,
    );
  }

  /** Runs the write hook on one row in a savepoint: its refusal (a message) leaves the rest of the import intact. */
  private async hookRefusal(tx: Tx, data: Row, session: SessionInfo, lang: Lang): Promise<string | undefined> {
    if (!this.hooks.beforeWrite) return undefined;
    try {
      await (tx as Db).transaction(async (sp) => {
        await this.hooks.beforeWrite!(sp, data, { session });
      });
      return undefined;
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return translate(lang, err.key, localizeParams(lang, err.params));
      throw err;
    }
  }

  /** An empty sheet with the importable columns (required ones marked *), and the enum options. */
  template(lang: Lang): Buffer {
    const fields = excelFields(this.def).filter((f) => f.form);
    const header = fields.map((f) => `${f.required && f.default === undefined ? '*' : ''}${f.label[lang]}`);
    const enumRows = fields
      .filter((f) => f.kind === 'enum')
      .map((f) => [f.label[lang], ENUMS[f.enumName!].map((o) => o.label[lang]).join(' / ')]);
    // a list is one cell of JSON: show the shape with the first seeded row's value
    const listRows = fields
      .filter((f) => f.kind === 'json')
      .map((f) => [
        f.label[lang],
        translate(lang, 'resource.jsonCell', { example: JSON.stringify(this.def.seed?.find((r) => r[f.key])?.[f.key] ?? []) }),
      ]);
    return workbookBuffer([
      { name: this.def.names[lang], rows: [header] },
      {
        name: translate(lang, 'resource.allowedValues'),
        rows: [[translate(lang, 'resource.field'), translate(lang, 'resource.allowedValues')], ...enumRows, ...listRows],
      },
    ]);
  }

  /**
   * Import one .xls/.xlsx: every row is validated with the create rules (and uniqueness, in the
   * file and against the database). With any bad row nothing is written, unless `validOnly`.
   *
   * As a job (`opts.job`, the resource.import kind): progress is reported by phase (reading,
   * checking, writing), and the rows are written in chunks of about IMPORT_CHUNK_MS, each in its own
   * transaction that also records the new ids in job_writes, so that other requests run between
   * chunks (embedded PGlite serializes transactions). All-or-nothing holds by compensation: a
   * refusal, a cancel, or a crash before the end deletes the rows the job wrote
   * (undoImport, run by the job kind's undo) — other sessions may see them meanwhile.
   * Without a job, one transaction writes everything.
   */
  async importXlsx(
    session: SessionInfo,
    buf: Buffer,
    opts: { validOnly: boolean; lang: Lang; job?: { id: string; progress: Progress } },
  ): Promise<ImportReport> {
    this.scope(session);
    // the screen's fixed values and the bound user's party, on every row (refused up front when not allowed)
    const stamp = this.stamp(session, {}, opts.lang);
    const progress = opts.job?.progress;
    await progress?.start(0, 'jobs.phase.reading');
    // read and checked in a worker thread (limits on rows, columns, unpacked size, time and memory):
    // the create rules never run on the event loop; what needs the database is done below
    const { total, good, errors } = await checkSheet(buf, this.def, {
      lang: opts.lang,
      start: (n) => progress?.start(n, 'jobs.phase.checking'),
      progress: (done) => progress?.report(done),
    });
    const fields = excelFields(this.def).filter((f) => f.form);
    // embedded PGlite answers on this thread: the loops below give other requests their turn between queries
    const slice = slices();
    await this.resolveRefCells(session, fields, good, errors, opts.lang, slice);
    const conflictWith = (f: (typeof fields)[number], rows: typeof good) => {
      for (const g of rows) errors.push({ row: g.row, messages: [translate(opts.lang, 'common.conflict', { what: f.label[opts.lang] })] });
    };
    // values of unique fields the database already has
    for (const f of fields.filter((x) => x.unique)) {
      const values = good.map((g) => g.data[f.key]).filter((v) => v !== '' && v !== undefined);
      const takenSet = new Set<unknown>();
      for (let k = 0; k < values.length; k += 1000) {
        const taken = await this.ctx.db
          .select({ v: this.table[f.key] })
          .from(this.table)
          .where(this.ownerScope(session, inArray(this.table[f.key], values.slice(k, k + 1000))));
        for (const t of taken) takenSet.add(t.v);
        await slice();
      }
      if (takenSet.size)
        conflictWith(
          f,
          good.filter((g) => takenSet.has(g.data[f.key])),
        );
    }
    // pairs (within, value) of uniqueWithin fields the database already has
    for (const f of fields.filter((x) => x.uniqueWithin)) {
      const within = f.uniqueWithin!;
      const values = [...new Set(good.map((g) => g.data[f.key]).filter((v) => v !== '' && v !== undefined))];
      const takenSet = new Set<string>();
      for (let k = 0; k < values.length; k += 1000) {
        const taken = await this.ctx.db
          .select({ w: this.table[within], v: this.table[f.key] })
          .from(this.table)
          .where(this.ownerScope(session, inArray(this.table[f.key], values.slice(k, k + 1000))));
        for (const t of taken) takenSet.add(JSON.stringify([t.w, t.v]));
        await slice();
      }
      const pair = (g: (typeof good)[number]) => JSON.stringify([g.data[within], g.data[f.key]]);
      if (takenSet.size)
        conflictWith(
          f,
          good.filter((g) => takenSet.has(pair(g))),
        );
    }
    const reject = () => {
      errors.sort((a, b) => a.row - b.row);
      return new AppError(
        400,
        400,
        'resource.importRejected',
        { count: errors.length },
        { total, inserted: 0, errorCount: errors.length, errors: errors.slice(0, IMPORT_ERRORS_KEPT) },
      );
    };
    if (errors.length && !opts.validOnly) throw reject();
    const checked = new Set(errors.map((e) => e.row));
    const todo = good.filter((r) => !checked.has(r.row));
    let inserted = 0;
    let seq = 0;
    await progress?.start(todo.length, 'jobs.phase.writing');
    // the tenant's attribute templates, read once for the whole file
    const attrSpecsOf = new Map<AttrSource, AttrSpec[]>();
    const writeChunk = async (tx: Tx, rows: typeof good) => {
      const chunk: typeof good = [];
      for (const r of rows) {
        // another party's row, from a user bound to a party
        const foreign = Object.keys(stamp).find((k) => r.data[k] !== undefined && r.data[k] !== '' && r.data[k] !== stamp[k]);
        if (foreign) {
          const label = this.def.labels[foreign]?.[opts.lang] ?? foreign;
          errors.push({ row: r.row, messages: [`${label}: ${translate(opts.lang, 'validation.partyOnly')}`] });
          continue;
        }
        r.data = { ...r.data, ...stamp };
        const badAttrs = await checkAttrs(tx, this.def, session.tenantId, r.data, opts.lang, true, attrSpecsOf).then(
          () => undefined,
          (err) => {
            if (err instanceof AppError && err.status < 500) return translate(opts.lang, err.key, localizeParams(opts.lang, err.params));
            throw err;
          },
        );
        if (badAttrs) {
          errors.push({ row: r.row, messages: [badAttrs] });
          continue;
        }
        // the screen's own rules (a product that must exist …) refuse a row, not the whole file
        const refusal = await this.hookRefusal(tx, r.data, session, opts.lang);
        if (refusal) errors.push({ row: r.row, messages: [refusal] });
        else chunk.push(r);
      }
      if (!chunk.length) return;
      const ids = await tx
        .insert(this.table)
        .values(chunk.map((r) => ({ ...r.data, createdBy: session.userId, ...(this.tenantOwned ? { tenantId: session.tenantId } : {}) })))
        .returning({ id: this.table.id });
      if (opts.job)
        await tx.insert(jobWrites).values({
          tenantId: session.tenantId,
          jobId: opts.job.id,
          seq: seq++,
          target: this.def.code,
          rowIds: ids.map((r) => Number(r.id)),
        });
      inserted += chunk.length;
    };
    if (opts.job) {
      // each chunk holds the database (embedded PGlite: every other request) for about
      // IMPORT_CHUNK_MS, whatever the machine's speed: its size follows the last one's time
      let size = IMPORT_CHUNK;
      let reported = performance.now();
      for (let k = 0; k < todo.length; ) {
        const t0 = performance.now();
        const rows = todo.slice(k, k + size);
        await this.ctx.db.transaction((tx) => writeChunk(tx, rows));
        k += rows.length;
        const ms = Math.max(1, performance.now() - t0);
        size = Math.min(IMPORT_CHUNK_MAX, Math.max(IMPORT_CHUNK_MIN, Math.round((rows.length * IMPORT_CHUNK_MS) / ms)));
        // progress (a write too, and the cancel check) a few times a second, not per chunk
        if (k >= todo.length || performance.now() - reported >= 250) {
          await progress?.report(k);
          reported = performance.now();
        }
        // a macrotask between chunks: requests waiting for the database get their turn
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      // a refusal by a hook rejects the whole file as any other bad row does (the job's undo deletes what was written)
      if (errors.length && !opts.validOnly) throw reject();
    } else {
      await this.ctx.db.transaction(async (tx) => {
        for (let k = 0; k < todo.length; k += IMPORT_CHUNK) {
          await writeChunk(tx, todo.slice(k, k + IMPORT_CHUNK));
          await slice();
        }
        if (errors.length && !opts.validOnly) throw reject();
      });
    }
    errors.sort((a, b) => a.row - b.row);
    return { total, inserted, errors };
  }

  /**
   * Import: a ref cell names its row by the target's label field (a SKU's goods by style number,
   * as the export writes it), or by id. Labels are looked up in the session's reach of the target
   * (its tenant, and the rows of a screen over another's table); a label that names no row refuses
   * its line. Rows are changed in place; refused lines go to `errors`.
   */
  private async resolveRefCells(
    session: SessionInfo,
    fields: ReturnType<typeof excelFields>,
    good: { row: number; data: Row }[],
    errors: ImportReport['errors'],
    lang: Lang,
    slice: () => Promise<void>,
  ) {
    for (const f of fields.filter((x) => x.kind === 'ref' && x.ref)) {
      const target = declarationOf(f.ref!.resource);
      const table = tableOf(f.ref!.resource) as AnyTable | undefined;
      if (!target || !table) continue;
      const labels = [...new Set(good.map((g) => g.data[f.key]).filter((v): v is string => typeof v === 'string'))];
      const found = new Map<string, number>();
      for (let k = 0; k < labels.length; k += 1000) {
        const rows = await this.ctx.db
          .select({ id: table.id, label: table[f.ref!.labelField] })
          .from(table)
          .where(
            and(
              target.owner === 'tenant' ? eq(table.tenantId, session.tenantId) : undefined,
              ...Object.entries(target.rowsOf?.fixed ?? {}).map(([c, v]) => eq(table[c], v)),
              inArray(table[f.ref!.labelField], labels.slice(k, k + 1000)),
            ),
          )
          .orderBy(asc(table.id));
        for (const r of rows) if (!found.has(String(r.label))) found.set(String(r.label), Number(r.id));
        await slice();
      }
      // what is not a label may be an id, of a row this tenant has
      const ids = labels.filter((v) => !found.has(v) && /^\d{1,9}$/.test(v)).map(Number);
      const existing = new Set<number>();
      for (let k = 0; k < ids.length; k += 1000) {
        const rows = await this.ctx.db
          .select({ id: table.id })
          .from(table)
          .where(
            and(
              target.owner === 'tenant' ? eq(table.tenantId, session.tenantId) : undefined,
              ...Object.entries(target.rowsOf?.fixed ?? {}).map(([c, v]) => eq(table[c], v)),
              inArray(table.id, ids.slice(k, k + 1000)),
            ),
          );
        for (const r of rows) existing.add(Number(r.id));
        await slice();
      }
      for (const g of good) {
        const v = g.data[f.key];
        if (typeof v !== 'string') continue;
        const id = found.get(v) ?? (existing.has(Number(v)) ? Number(v) : undefined);
        if (id !== undefined) g.data[f.key] = id;
        else
          errors.push({
            row: g.row,
            messages: [
              `${f.label[lang]}: ${translate(lang, 'refs.missingLabel', { what: inSentence(lang, target.names[lang]), label: v })}`,
            ],
          });
      }
    }
  }

  /** Export: each ref column's labels (the target's label field) for the rows of a page, by field key. */
  private async refCellLabels(session: SessionInfo, rows: Row[]): Promise<Map<string, Map<number, unknown>>> {
    const out = new Map<string, Map<number, unknown>>();
    for (const f of excelFields(this.def).filter((x) => x.kind === 'ref' && x.ref && !this.hooks.refLabels?.[x.key])) {
      const target = declarationOf(f.ref!.resource);
      const table = tableOf(f.ref!.resource) as AnyTable | undefined;
      const ids = [...new Set(rows.map((r) => r[f.key]).filter((v) => v !== null && v !== undefined))] as number[];
      if (!target || !table || !ids.length) continue;
      const found = await this.ctx.db
        .select({ id: table.id, label: table[f.ref!.labelField] })
        .from(table)
        .where(and(target.owner === 'tenant' ? eq(table.tenantId, session.tenantId) : undefined, inArray(table.id, ids)));
      out.set(f.key, new Map(found.map((r) => [Number(r.id), r.label])));
    }
    return out;
  }

  /**
   * Compensation of an import job that did not finish: deletes the rows it wrote (job_writes),
   * a batch per transaction, and the record of them. Safe to run twice.
   */
  async undoImport(tenantId: number, jobId: string): Promise<number> {
    const mine = and(eq(jobWrites.tenantId, tenantId), eq(jobWrites.jobId, jobId));
    const batches = await this.ctx.db.select({ seq: jobWrites.seq, rowIds: jobWrites.rowIds }).from(jobWrites).where(mine);
    let deleted = 0;
    for (const b of batches) {
      await this.ctx.db.transaction(async (tx) => {
        const gone = await tx
          .delete(this.table)
          .where(and(this.tenantOwned ? eq(this.table.tenantId, tenantId) : undefined, inArray(this.table.id, b.rowIds)))
          .returning({ id: this.table.id });
        deleted += gone.length;
        await tx.delete(jobWrites).where(and(mine, eq(jobWrites.seq, b.seq)));
      });
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return deleted;
  }

  /** An import job that finished: its record of written rows is no longer needed. */
  async forgetImportWrites(tenantId: number, jobId: string): Promise<void> {
    await this.ctx.db.delete(jobWrites).where(and(eq(jobWrites.tenantId, tenantId), eq(jobWrites.jobId, jobId)));
  }
}

/** rows written per transaction by an import (a job's first chunk; then sized by IMPORT_CHUNK_MS) */
export const IMPORT_CHUNK = 250;
/** how long an import job's chunk may hold the database, about; its row count follows */
export const IMPORT_CHUNK_MS = 25;
const IMPORT_CHUNK_MIN = 20;
const IMPORT_CHUNK_MAX = 2_000;
/** rows with errors kept in an import's answer (the count says how many there were) */
export const IMPORT_ERRORS_KEPT = 1000;

/** The pages of an export, reporting the rows written so far to a job's progress. */
async function* reporting<T extends unknown[]>(
  pages: AsyncIterable<T>,
  total: number,
  progress?: (done: number, total: number) => Promise<void>,
): AsyncIterable<T> {
  let done = 0;
  await progress?.(0, total);
  for await (const page of pages) {
    yield page;
    done += page.length;
    await progress?.(done, total);
  }
}

export function validationError(lang: Lang, issues: Parameters<typeof describeIssues>[1], labels?: Record<string, L10n>) {
  const { fields, summary } = describeIssues(lang, issues, labels);
  return new AppError(400, 400, 'validation.summary', { summary }, { fields });
}
