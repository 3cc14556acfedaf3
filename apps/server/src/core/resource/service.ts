import type { Readable } from 'node:stream';
import { describeIssues, ENUMS, type L10n, type Lang, PLATFORM_TENANT_ID, type ResourceDef, translate } from '@tagloom/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import type { AppContext, SessionInfo } from '../context.js';
import { localizeParams } from '../envelope.js';
import { AppError, conflict, forbidden } from '../errors.js';
import { readSheet } from '../sheet/run.js';
import { slices } from '../sheet/slices.js';
import { TenantScope } from '../tenant-scope.js';
import { checkExportSize, EXPORT_MAX_ROWS, pagesByIds, xlsxStream } from '../xlsx-stream.js';
import { cellIn, cellOut, checkSheet, excelFields, workbookBuffer } from './excel.js';

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
  beforeWrite?(tx: Tx, data: Row, info: { session: SessionInfo; existing?: Row; changes?: Row }): Promise<void>;
  /** runs inside the transaction, before the rows go */
  beforeDelete?(tx: Tx, rows: Row[], info: { session: SessionInfo }): Promise<void>;
}

export interface ImportReport {
  total: number;
  inserted: number;
  errors: { row: number; messages: string[] }[];
}

const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * List, get, create, update, delete, export and import for any declared resource, with the
 * tenant scope applied (tenant-owned rows) or platform users only (platform-owned rows).
 */
export class ResourceService {
  constructor(
    private readonly ctx: AppContext,
    readonly def: ResourceDef,
    private readonly table: AnyTable,
    private readonly hooks: ResourceHooks = {},
  ) {}

  private get tenantOwned() {
    return this.def.owner === 'tenant';
  }

  /** The condition every query of this session carries: its tenant, or nothing for platform rows. */
  private scope(session: SessionInfo, ...more: (SQL | undefined)[]): SQL | undefined {
    if (this.tenantOwned) return new TenantScope(this.ctx.db, session.tenantId).where(this.table as never, ...more);
    if (session.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
    return and(...more);
  }

  private filters(query: Row): SQL[] {
    const conds: SQL[] = [];
    for (const f of this.def.list) {
      const v = query[f.key];
      if (v === undefined || v === null || v === '' || !f.search) continue;
      const col = this.table[f.key];
      if (f.search === 'like') conds.push(ilike(col, like(String(v))));
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

  private order(query: Row) {
    const field = (query.sortField as string | undefined) ?? this.def.defaultSort?.field;
    const dir = (query.sortOrder as string | undefined) ?? this.def.defaultSort?.order ?? 'asc';
    const col = field ? this.table[field] : this.table.id;
    return [dir === 'desc' ? desc(col) : asc(col), asc(this.table.id)];
  }

  /** A row as the API shows it: no tenant id, no password fields. */
  private out(row: Row): Row {
    const { tenantId: _t, ...rest } = row;
    for (const f of this.def.list) if (f.kind === 'password') delete rest[f.key];
    return rest;
  }

  async list(session: SessionInfo, query: Row & { page: number; pageSize: number }) {
    const where = this.scope(session, ...this.filters(query));
    const db = this.ctx.db;
    const [{ total }] = await db.select({ total: count() }).from(this.table).where(where);
    const rows = await db
      .select()
      .from(this.table)
      .where(where)
      .orderBy(...this.order(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { list: rows.map((r) => this.out(r as Row)), total, page: query.page, pageSize: query.pageSize };
  }

  async get(session: SessionInfo, id: number): Promise<Row> {
    const [row] = await this.ctx.db
      .select()
      .from(this.table)
      .where(this.scope(session, eq(this.table.id, id)));
    if (!row) throw this.notFound();
    return this.out(row as Row);
  }

  private notFound() {
    return new AppError(404, 404, 'common.notFound', { what: this.def.names });
  }

  /** Refuse values of unique fields another row already has, naming the field. */
  private async checkUnique(tx: Tx, session: SessionInfo, data: Row, id?: number) {
    for (const f of this.def.list) {
      if (!f.unique || data[f.key] === undefined || data[f.key] === '') continue;
      const [clash] = await tx
        .select({ id: this.table.id })
        .from(this.table)
        .where(this.scope(session, eq(this.table[f.key], data[f.key]), id ? ne(this.table.id, id) : undefined))
        .limit(1);
      if (clash) throw conflict('common.conflict', { what: f.label });
    }
  }

  async create(session: SessionInfo, data: Row): Promise<Row> {
    return this.ctx.db.transaction(async (tx) => {
      this.scope(session);
      await this.checkUnique(tx, session, data);
      await this.hooks.beforeWrite?.(tx, data, { session });
      const values = { ...data, createdBy: session.userId, ...(this.tenantOwned ? { tenantId: session.tenantId } : {}) };
      const [row] = await tx.insert(this.table).values(values).returning();
      return this.out(row as Row);
    });
  }

  async update(session: SessionInfo, input: Row & { id: number }, lang: Lang = session.lang): Promise<Row> {
    const { id, ...data } = input;
    return this.ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(this.table)
        .where(this.scope(session, eq(this.table.id, id)));
      if (!existing) throw this.notFound();
      await this.checkUnique(tx, session, data, id);
      const merged = { ...(existing as Row), ...data };
      const full = this.def.createSchema.safeParse(
        Object.fromEntries(this.def.list.filter((f) => f.form).map((f) => [f.key, merged[f.key]])),
      );
      if (!full.success) throw validationError(lang, full.error.issues, this.def.labels);
      await this.hooks.beforeWrite?.(tx, merged, { session, existing: existing as Row, changes: data });
      const [row] = await tx
        .update(this.table)
        .set({ ...data, updatedAt: new Date() })
        .where(this.scope(session, eq(this.table.id, id)))
        .returning();
      return this.out(row as Row);
    });
  }

  /** Delete all of the ids or none. */
  async remove(session: SessionInfo, ids: number[]): Promise<number> {
    return this.ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(this.table)
        .where(this.scope(session, inArray(this.table.id, ids)));
      if (rows.length !== new Set(ids).size) throw this.notFound();
      await this.hooks.beforeDelete?.(tx, rows as Row[], { session });
      await tx.delete(this.table).where(this.scope(session, inArray(this.table.id, ids)));
      return rows.length;
    });
  }

  /** The filtered rows, in the list's order, as an .xlsx written while they are read. */
  async exportXlsx(session: SessionInfo, query: Row, lang: Lang): Promise<Readable> {
    const fields = excelFields(this.def);
    const where = this.scope(session, ...this.filters(query));
    const ids = (
      await this.ctx.db
        .select({ id: this.table.id })
        .from(this.table)
        .where(where)
        .orderBy(...this.order(query))
        .limit(EXPORT_MAX_ROWS + 1)
    ).map((r) => r.id);
    checkExportSize(ids.length);
    const pages = pagesByIds(
      ids,
      async (slice) =>
        (await this.ctx.db
          .select()
          .from(this.table)
          .where(this.scope(session, inArray(this.table.id, slice)))) as Row[] & { id: unknown }[],
      (r: Row) => fields.map((f) => cellOut(f, r[f.key], lang)),
    );
    return xlsxStream(
      this.def.names[lang],
      fields.map((f) => f.label[lang]),
      pages,
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
   * Progress goes to the jobs table under `jobId` while rows are checked.
   */
  async importXlsx(session: SessionInfo, buf: Buffer, opts: { validOnly: boolean; jobId?: string; lang: Lang }): Promise<ImportReport> {
    this.scope(session);
    const job = opts.jobId ? new JobProgress(this.ctx.db, session, opts.jobId, `import:${this.def.code}`) : undefined;
    // read in a worker thread (limits on rows, columns, unpacked size, time and memory), then checked in slices
    const sheet = await readSheet(buf, { lang: opts.lang });
    const { total, good, errors } = await checkSheet(this.def, sheet, opts.lang, {
      start: (n) => job?.start(n),
      progress: (done) => job?.progress(done),
    });
    const fields = excelFields(this.def).filter((f) => f.form);
    // embedded PGlite answers on this thread: the loops below give other requests their turn between queries
    const slice = slices();
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
          .where(this.scope(session, inArray(this.table[f.key], values.slice(k, k + 1000))));
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
          .where(this.scope(session, inArray(this.table[f.key], values.slice(k, k + 1000))));
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
    const reject = async () => {
      errors.sort((a, b) => a.row - b.row);
      await job?.finish('failed', { total, inserted: 0, errors: errors.slice(0, 200) });
      return new AppError(400, 400, 'resource.importRejected', { count: errors.length }, { total, inserted: 0, errors });
    };
    if (errors.length && !opts.validOnly) throw await reject();
    const checked = new Set(errors.map((e) => e.row));
    let inserted = 0;
    await this.ctx.db.transaction(async (tx) => {
      for (let k = 0; k < good.length; k += 500) {
        const chunk: typeof good = [];
        for (const r of good.slice(k, k + 500)) {
          if (checked.has(r.row)) continue;
          // the screen's own rules (a product that must exist …) refuse a row, not the whole file
          const refusal = await this.hookRefusal(tx, r.data, session, opts.lang);
          if (refusal) errors.push({ row: r.row, messages: [refusal] });
          else chunk.push(r);
          await slice();
        }
        if (!chunk.length) continue;
        await tx
          .insert(this.table)
          .values(
            chunk.map((r) => ({ ...r.data, createdBy: session.userId, ...(this.tenantOwned ? { tenantId: session.tenantId } : {}) })),
          );
        inserted += chunk.length;
        await slice();
      }
      // a refusal by a hook rejects the whole file as any other bad row does, unless only valid rows are wanted
      if (errors.length && !opts.validOnly) throw await reject();
    });
    errors.sort((a, b) => a.row - b.row);
    const report = { total, inserted, errors };
    await job?.finish('done', { ...report, errors: errors.slice(0, 200) });
    return report;
  }
}

export function validationError(lang: Lang, issues: Parameters<typeof describeIssues>[1], labels?: Record<string, L10n>) {
  const { fields, summary } = describeIssues(lang, issues, labels);
  return new AppError(400, 400, 'validation.summary', { summary }, { fields });
}

/** Progress of one job row, written outside any transaction so that pollers see it. */
export class JobProgress {
  constructor(
    private readonly db: Tx,
    private readonly session: SessionInfo,
    private readonly id: string,
    private readonly kind: string,
  ) {}
  private scope() {
    return new TenantScope(this.db, this.session.tenantId);
  }
  async start(total: number) {
    await this.scope().delete(jobs, eq(jobs.id, this.id));
    await this.scope().insert(jobs, { id: this.id, kind: this.kind, total, createdBy: this.session.userId });
  }
  async progress(done: number) {
    await this.scope().update(jobs, { done, updatedAt: new Date() }, eq(jobs.id, this.id));
  }
  async finish(state: 'done' | 'failed', result: unknown) {
    await this.scope().update(jobs, { state, result, updatedAt: new Date() }, eq(jobs.id, this.id));
  }
}
