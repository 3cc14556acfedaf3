import {
  defaultOrderOf,
  fieldSchema,
  type IssueLike,
  type Lang,
  type PartyKind,
  PLATFORM_TENANT_ID,
  partyFieldsOf,
  type ResourceDef,
  type RowOf,
} from '@tagloom/domain';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.js';
import type { AnyTable } from '../../db/resource-table.js';
import type { AppContext, SessionInfo } from '../context.js';
import { conflict, forbidden, notFound, validationError } from '../errors.js';
import { containing, startsWith } from '../like.js';
import { ownPartyRef, partyCondition, partyRefCondition, refuseBoundParties } from '../party.js';
import { TenantScope } from '../tenant-scope.js';
import { checkAttrs } from './attrs.js';
import {
  deleteLinesOf,
  type LineHooksOf,
  type LineWrites,
  linesCommitted,
  pageOfLines,
  readLines,
  refLabelsOf,
  splitLines,
  writeLines,
} from './children.js';
import { pageTotal } from './count.js';
import { cellIn } from './excel.js';
import { attachFiles, heldIds, releaseFiles } from './file-fields.js';
import { OPTIONS_PAGE, type OptionsQuery } from './options.js';
import { keptState, onMoveHooks, refuseByMachine } from './transitions.js';

export { LIST_COUNT_CAP } from './count.js';

type Row = Record<string, unknown>;
/** Whether a body names a value (an empty field names none). */
const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The row a hook of the declaration D is handed: typed from D's fields (RowOf<D>) when the hooks
 * name their declaration (`ResourceHooks<typeof labelOrderResource>`), a record for hooks over any.
 */
export type HookRow<D extends ResourceDef> = ResourceDef extends D ? Row : RowOf<D>;

/**
 * What a screen adds to the generic behaviour: server rules that need the database. Hooks that name
 * their declaration (`ResourceHooks<typeof schedulerResource>`) see its rows typed: R, its HookRow.
 */
export interface ResourceHooks<D extends ResourceDef = ResourceDef, R = HookRow<D>> {
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
  transitions?: Record<string, OnTransition<R>>;
  /**
   * after EVERY move of the machine, in the move's transaction: a button's (after its `transitions`
   * hook, `row` as that hook left it) and a system one's (move(), `system` true, no session; `by`
   * the mover, a job's without a user). What every move of a declaration does alike (a log row, a
   * grant asked) without naming its actions; throw to undo the move.
   */
  onTransition?: OnAnyTransition<R>;
}

/** ResourceHooks.onTransition: any move of the machine, a user's or the system's. */
export type OnAnyTransition<R = Row> = {
  run(
    tx: Tx,
    row: R,
    info: {
      action: string;
      before: R;
      code: string;
      system: boolean;
      session?: SessionInfo;
      by: { tenantId: number; userId: number | null; username: string };
    },
  ): Promise<void>;
}['run'];

/**
 * A transition's side effect (ResourceHooks.transitions) over rows R (a declaration's HookRow).
 * Written as a method, like ResourceHooks' other hooks, so that the hooks of one declaration stand
 * among those of any (the registry's): a method's row is compared both ways, and a typed row is a
 * record.
 */
export type OnTransition<R = Row> = {
  run(tx: Tx, row: R, info: { action: string; session: SessionInfo; before: R; code: string }): Promise<void>;
}['run'];

/** The routes resourceRoutes registers for a declared resource. */
export type GenericRoute = 'list' | 'get' | 'create' | 'update' | 'delete' | 'export' | 'template' | 'import';

/** The routes a screen whose rows its documents make omits: it lists, shows and exports them only. */
export const READ_ONLY_ROUTES: GenericRoute[] = ['create', 'update', 'delete', 'import', 'template'];

/**
 * Scope, list, get, options, create, update and delete for any declared resource, with the tenant
 * scope applied (tenant-owned rows) or platform users only (platform-owned rows). Its sheets are
 * beside it: export.ts (exportXlsx), import.ts (importXlsx, the template, an import job's undo);
 * a list's total past the cap, count.ts.
 */
export class ResourceService {
  readonly table: AnyTable;
  constructor(
    readonly ctx: AppContext,
    readonly def: ResourceDef,
    table: PgTable,
    readonly hooks: ResourceHooks = {},
    /** the registry's services (core/module.ts): the hooks of this declaration's lines are theirs */
    private readonly registry?: ReadonlyMap<string, ResourceService>,
  ) {
    this.table = table as AnyTable;
    // system moves (move()) find the declaration's hook by its code
    if (hooks.onTransition) onMoveHooks.set(def.code, hooks.onTransition);
  }

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

  get tenantOwned(): boolean {
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
  ownerScope(session: SessionInfo, ...more: (SQL | undefined)[]): SQL | undefined {
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
  stamp(session: SessionInfo, body: Row, lang: Lang): Row {
    const out: Row = { ...(this.def.rowsOf?.fixed ?? {}) };
    const party = session.party;
    // a row reached through a ref to the party's own rows, naming none: the party's (a reader made by a store's user is at its store)
    const own = ownPartyRef(this.def, session);
    if (own && party && !given(body[own])) out[own] = party.id;
    if (party && this.def.partyScope) {
      // a party's own row is the tenant's to open
      const fields = partyFieldsOf(this.def, party.kind);
      if (!fields.length || fields.includes('id')) throw forbidden();
      // with several party fields (a bill's source and destination) naming its party in one is enough;
      // else the first is its party's, and a body naming another there is refused on it
      if (fields.some((f) => given(body[f]) && Number(body[f]) === party.id)) return out;
      const [field] = fields;
      if (given(body[field]))
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

  /** An update may not move a bound user's row to another party: one of its party fields keeps its party. */
  private keepParty(session: SessionInfo, changes: Row, existing: Row, lang: Lang) {
    const fields = session.party ? partyFieldsOf(this.def, session.party.kind) : [];
    const moved = fields.filter((f) => changes[f] !== undefined);
    if (!moved.length || fields.includes('id')) return;
    if (!fields.some((f) => Number(changes[f] ?? existing[f]) === session.party!.id))
      throw validationError(lang, [{ code: 'custom', path: [moved[0]], message: 'validation.partyOnly' }], this.def.labels);
  }

  /** The conditions of a list's (or export's) search boxes. */
  filters(query: Row, session: SessionInfo): SQL[] {
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
      if (f.search === 'like') conds.push(containing(col, String(v)));
      // from the start, any case: the (tenant_id, upper(col) text_pattern_ops) index answers it
      else if (f.search === 'prefix') conds.push(startsWith(col, String(v)));
      else if (f.search === 'eq') conds.push(eq(col, f.kind === 'enum' || f.kind === 'int' || f.kind === 'ref' ? cellIn(f, v) : v));
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
  sortOf(query: Row): { col: AnyTable[string]; desc: boolean; idDesc: boolean } {
    const asked = query.sortField as string | undefined;
    const fallback = defaultOrderOf(this.def);
    const field = asked ?? fallback.field;
    const dir = asked ? ((query.sortOrder as string | undefined) ?? 'asc') : fallback.order;
    const col = this.table[field] ?? this.table.id;
    const newest = !asked && field === 'createdAt' && col !== this.table.id;
    return { col, desc: dir === 'desc', idDesc: newest && dir === 'desc' };
  }

  /** The ORDER BY of a list (or export). */
  order(query: Row) {
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

  /** One page and its total (exact up to LIST_COUNT_CAP rows, then the planner's estimate: count.ts). */
  async list(session: SessionInfo, query: Row & { page: number; pageSize: number }) {
    const where = this.scope(session, ...this.filters(query, session));
    const offset = (query.page - 1) * query.pageSize;
    const rows = await this.ctx.db
      .select()
      .from(this.table)
      .where(where)
      .orderBy(...this.order(query))
      .limit(query.pageSize)
      .offset(offset);
    const { total, estimated } = await pageTotal(this.ctx.db, this.table, where, { offset, rows: rows.length, pageSize: query.pageSize });
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
      : this.scope(session, query.q ? or(...searched.map((f) => containing(this.table[f.key], query.q!))) : undefined);
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
    return notFound(this.def.names);
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

  /** The hooks of this declaration's lines (their services' in the registry): a line write runs them. */
  private readonly lineHooks: LineHooksOf = (code) => this.registry?.get(code)?.hooks;

  async create(session: SessionInfo, body: Row, lang: Lang = session.lang): Promise<Row> {
    const data = { ...body, ...this.stamp(session, body, lang) };
    let lines: LineWrites = new Map();
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
      lines = await writeLines(tx, this.def, session, (row as Row).id as number, splitLines(this.def, body).lines, lang, this.lineHooks);
      const shown = (await this.hooks.afterLines?.(tx, row as Row, { session })) ?? (row as Row);
      await this.keptState(tx, session, row as Row);
      return shown;
    });
    await this.hooks.afterCommit?.({ action: 'create', session });
    await linesCommitted(lines, session, this.lineHooks);
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
    let lines: LineWrites = new Map();
    const row = await this.ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(this.table)
        .where(this.scope(session, eq(this.table.id, id)));
      if (!existing) throw this.notFound();
      this.keepParty(session, data, existing as Row, lang);
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
      lines = await writeLines(tx, this.def, session, id, splitLines(this.def, input).lines, lang, this.lineHooks);
      const shown = (await this.hooks.afterLines?.(tx, row as Row, { session })) ?? (row as Row);
      await this.keptState(tx, session, row as Row);
      return shown;
    });
    await releaseFiles(this.ctx, this, session, released);
    await this.hooks.afterCommit?.({ action: 'update', session });
    await linesCommitted(lines, session, this.lineHooks);
    return (await this.shown([row], session, false))[0];
  }

  /**
   * A document's write hooks (afterWrite, afterLines) leave its state as the write left it: a state
   * moves by the machine only (a button's transition, or move() for the system's), see keptState.
   */
  private async keptState(tx: Tx, session: SessionInfo, written: Row) {
    if (!this.def.machine || !(this.hooks.afterWrite || this.hooks.afterLines)) return;
    const [now] = (await tx
      .select()
      .from(this.table)
      .where(this.ownerScope(session, eq(this.table.id, written.id as number)))) as Row[];
    keptState(tx, this.def, written, now, 'its write hooks');
  }

  /** Delete all of the ids or none. */
  async remove(session: SessionInfo, ids: number[]): Promise<number> {
    let released: number[] = [];
    let lines: LineWrites = new Map();
    const n = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(this.table)
        .where(this.scope(session, inArray(this.table.id, ids)));
      if (rows.length !== new Set(ids).size) throw this.notFound();
      for (const r of rows) refuseByMachine(this.def, 'delete', r as Row);
      await this.refuseBoundParty(tx, session, rows as Row[]);
      await this.hooks.beforeDelete?.(tx, rows as Row[], { session });
      // the lines that go with them (their ref cascades) are deleted rows of their own declaration
      lines = await deleteLinesOf(tx, this.def, session, ids, this.lineHooks);
      await tx.delete(this.table).where(this.scope(session, inArray(this.table.id, ids)));
      released = heldIds(this, rows as Row[]);
      return rows.length;
    });
    // the rows' files go with them
    await releaseFiles(this.ctx, this, session, released);
    await this.hooks.afterCommit?.({ action: 'delete', session });
    await linesCommitted(lines, session, this.lineHooks);
    return n;
  }

  /** A party's own row (partyScope field 'id') a user is bound to is not deleted. */
  private async refuseBoundParty(tx: Tx, session: SessionInfo, rows: Row[]) {
    const kinds = Object.keys(this.def.partyScope ?? {}).filter((kind) =>
      partyFieldsOf(this.def, kind as PartyKind).includes('id'),
    ) as PartyKind[];
    await refuseBoundParties(tx, session.tenantId, kinds, rows, this.def);
  }
}
