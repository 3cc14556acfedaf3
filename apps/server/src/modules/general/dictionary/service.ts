import type { DictionaryDetailRow } from '@tagloom/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { Cached } from '../../../core/bus.js';
import type { AppContext } from '../../../core/context.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { dictionaryDetails, dictionaryModules } from '../../../db/schema/index.js';

export const DICTIONARY_CHANGED = 'dictionary';

/**
 * The dictionary modules' and details' hooks on their generic services (the registry's): the cache
 * is dropped in every process after each committed change.
 */
export const dictionaryHooks = (ctx: AppContext): ResourceHooks => ({ afterCommit: () => ctx.bus.emit(DICTIONARY_CHANGED) });

/**
 * Platform dictionaries: modules with their details (lines), served by the generic resource
 * services (the module registry's); the details of every module are cached per process and dropped
 * in every process after each committed change.
 */
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
      list.push({ ...d, moduleCode } as DictionaryDetailRow);
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

  /** The id of the module with this code (undefined: none). */
  async moduleIdOf(code: string): Promise<number | undefined> {
    const [m] = await this.ctx.db.select({ id: dictionaryModules.id }).from(dictionaryModules).where(eq(dictionaryModules.code, code));
    return m?.id;
  }

  /** Detail rows as the spec's calls answer them: with their module's code. */
  async withModuleCode<R extends Record<string, unknown>>(rows: R[]): Promise<(R & { moduleCode: string })[]> {
    const ids = [...new Set(rows.map((r) => r.moduleId as number))];
    const mods = ids.length
      ? await this.ctx.db
          .select({ id: dictionaryModules.id, code: dictionaryModules.code })
          .from(dictionaryModules)
          .where(inArray(dictionaryModules.id, ids))
      : [];
    const code = new Map(mods.map((m) => [m.id, m.code]));
    return rows.map((r) => ({ ...r, moduleCode: code.get(r.moduleId as number) ?? '' }));
  }
}
