import type { DictionaryDetailRow } from '@tagloom/domain';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { Cached } from '../../../core/bus.js';
import type { AppContext } from '../../../core/context.js';
import { conflict, notFound } from '../../../core/errors.js';
import { dictionaryDetails, dictionaryModules } from '../../../db/schema/index.js';

export const DICTIONARY_CHANGED = 'dictionary';

type ModuleInput = { code: string; name: string; remark: string; seq: number };
type DetailInput = {
  moduleId: number;
  num: string;
  name: string;
  nameTw: string;
  nameEn: string;
  seq: number;
  status: number;
  remark: string;
};

const like = (v: string | undefined) => (v ? `%${v.replace(/[\\%_]/g, '\\$&')}%` : undefined);

/** Platform dictionaries: modules with details, cached per process, invalidated on every change. */
export class DictionaryService {
  private byCode: Cached<'all', Map<string, DictionaryDetailRow[]>>;

  constructor(private readonly ctx: AppContext) {
    this.byCode = new Cached(ctx.bus, DICTIONARY_CHANGED, () => this.loadAll());
  }

  private async loadAll(): Promise<Map<string, DictionaryDetailRow[]>> {
    const rows = await this.ctx.db
      .select({ d: dictionaryDetails, moduleCode: dictionaryModules.code })
      .from(dictionaryDetails)
      .innerJoin(dictionaryModules, eq(dictionaryModules.id, dictionaryDetails.moduleId))
      .orderBy(asc(dictionaryDetails.seq), asc(dictionaryDetails.id));
    const map = new Map<string, DictionaryDetailRow[]>();
    for (const { d, moduleCode } of rows) {
      const list = map.get(moduleCode) ?? [];
      list.push(toRow(d, moduleCode));
      map.set(moduleCode, list);
    }
    return map;
  }

  /** Enabled details of one module (by its code), from the cache. */
  async listByCode(code: string): Promise<DictionaryDetailRow[]> {
    const all = await this.byCode.get('all');
    return (all.get(code) ?? []).filter((d) => d.status === 1);
  }

  /** Drop the cache in every process. */
  refresh(): Promise<void> {
    return this.ctx.bus.emit(DICTIONARY_CHANGED);
  }

  async modules(filter: { code?: string; name?: string; page: number; pageSize: number }) {
    const where = and(
      filter.code ? ilike(dictionaryModules.code, like(filter.code)!) : undefined,
      filter.name ? ilike(dictionaryModules.name, like(filter.name)!) : undefined,
    );
    const [{ total }] = await this.ctx.db.select({ total: count() }).from(dictionaryModules).where(where);
    const list = await this.ctx.db
      .select()
      .from(dictionaryModules)
      .where(where)
      .orderBy(asc(dictionaryModules.seq), asc(dictionaryModules.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
    return { list, total, page: filter.page, pageSize: filter.pageSize };
  }

  async createModule(input: ModuleInput) {
    const [row] = await this.ctx.db.insert(dictionaryModules).values(input).onConflictDoNothing().returning();
    if (!row) throw conflict('common.conflict', { what: { key: 'dictionary.module' } });
    await this.refresh();
    return row;
  }

  async updateModule(id: number, input: ModuleInput) {
    const clash = await this.ctx.db
      .select({ id: dictionaryModules.id })
      .from(dictionaryModules)
      .where(eq(dictionaryModules.code, input.code));
    if (clash.some((c) => c.id !== id)) throw conflict('common.conflict', { what: { key: 'dictionary.module' } });
    const [row] = await this.ctx.db
      .update(dictionaryModules)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(dictionaryModules.id, id))
      .returning();
    if (!row) throw notFound('dictionary.module');
    await this.refresh();
    return row;
  }

  async deleteModules(ids: number[]) {
    const n = await this.ctx.db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(dictionaryDetails).where(inArray(dictionaryDetails.moduleId, ids));
      if (n > 0) throw conflict('dictionary.hasDetails');
      const gone = await tx.delete(dictionaryModules).where(inArray(dictionaryModules.id, ids)).returning({ id: dictionaryModules.id });
      if (gone.length !== ids.length) throw notFound('dictionary.module');
      return gone.length;
    });
    await this.refresh();
    return n;
  }

  async details(filter: { moduleId?: number; moduleCode?: string; num?: string; name?: string; page: number; pageSize: number }) {
    const conds: (SQL | undefined)[] = [
      filter.moduleId ? eq(dictionaryDetails.moduleId, filter.moduleId) : undefined,
      filter.moduleCode ? eq(dictionaryModules.code, filter.moduleCode) : undefined,
      filter.num ? ilike(dictionaryDetails.num, like(filter.num)!) : undefined,
      filter.name ? ilike(dictionaryDetails.name, like(filter.name)!) : undefined,
    ];
    const where = and(...conds);
    const base = () =>
      this.ctx.db
        .select({ d: dictionaryDetails, moduleCode: dictionaryModules.code })
        .from(dictionaryDetails)
        .innerJoin(dictionaryModules, eq(dictionaryModules.id, dictionaryDetails.moduleId))
        .where(where);
    const [{ total }] = await this.ctx.db
      .select({ total: count() })
      .from(dictionaryDetails)
      .innerJoin(dictionaryModules, eq(dictionaryModules.id, dictionaryDetails.moduleId))
      .where(where);
    const rows = await base()
      .orderBy(asc(dictionaryDetails.seq), asc(dictionaryDetails.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
    return { list: rows.map((r) => toRow(r.d, r.moduleCode)), total, page: filter.page, pageSize: filter.pageSize };
  }

  private async moduleCode(moduleId: number): Promise<string> {
    const [m] = await this.ctx.db
      .select({ code: dictionaryModules.code })
      .from(dictionaryModules)
      .where(eq(dictionaryModules.id, moduleId));
    if (!m) throw notFound('dictionary.module');
    return m.code;
  }

  async createDetail(input: DetailInput) {
    const code = await this.moduleCode(input.moduleId);
    const [row] = await this.ctx.db.insert(dictionaryDetails).values(input).onConflictDoNothing().returning();
    if (!row) throw conflict('common.conflict', { what: { key: 'dictionary.detail' } });
    await this.refresh();
    return toRow(row, code);
  }

  async updateDetail(id: number, input: DetailInput) {
    const code = await this.moduleCode(input.moduleId);
    const clash = await this.ctx.db
      .select({ id: dictionaryDetails.id })
      .from(dictionaryDetails)
      .where(and(eq(dictionaryDetails.moduleId, input.moduleId), eq(dictionaryDetails.num, input.num)));
    if (clash.some((c) => c.id !== id)) throw conflict('common.conflict', { what: { key: 'dictionary.detail' } });
    const [row] = await this.ctx.db
      .update(dictionaryDetails)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(dictionaryDetails.id, id))
      .returning();
    if (!row) throw notFound('dictionary.detail');
    await this.refresh();
    return toRow(row, code);
  }

  async deleteDetails(ids: number[]) {
    const n = await this.ctx.db.transaction(async (tx) => {
      const gone = await tx.delete(dictionaryDetails).where(inArray(dictionaryDetails.id, ids)).returning({ id: dictionaryDetails.id });
      if (gone.length !== ids.length) throw notFound('dictionary.detail');
      return gone.length;
    });
    await this.refresh();
    return n;
  }
}

function toRow(d: typeof dictionaryDetails.$inferSelect, moduleCode: string): DictionaryDetailRow {
  return {
    id: d.id,
    moduleId: d.moduleId,
    moduleCode,
    num: d.num,
    name: d.name,
    nameTw: d.nameTw,
    nameEn: d.nameEn,
    seq: d.seq,
    status: d.status,
    remark: d.remark,
  };
}
