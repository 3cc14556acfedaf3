import type { Readable } from 'node:stream';
import type { Lang } from '@tagloom/domain';
import { and, asc, count, eq, getTableColumns, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { declarationOf, tableOf } from '../../db/resource-table.js';
import type { SessionInfo } from '../context.js';
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
import { cellOut, excelFields } from './excel.js';
import type { ResourceService } from './service.js';

type Row = Record<string, unknown>;

/** The sort of a list (or export) for keyset pages: its column (id when none) and direction, id breaking ties as the list does. */
function keysetOrder(service: ResourceService, query: Row): KeysetOrder & { idDesc: boolean } {
  const s = service.sortOf(query);
  const id = service.table.id;
  return s.col === id ? { col: undefined, desc: s.desc, id, idDesc: s.desc } : { col: s.col, desc: s.desc, id, idDesc: s.idDesc };
}

/** Rows after a keyset key: keysetAfter for (column, id ascending); a (not null) column and the id both descending, or the id alone descending, here. */
function after(order: KeysetOrder & { idDesc: boolean }, key: { value: string | null; id: number }): SQL {
  if (!order.idDesc) return keysetAfter(order, key);
  if (!order.col) return sql`${order.id} < ${key.id}`;
  const v = sql`cast(${key.value} as ${sql.raw(order.col.getSQLType())})`;
  return sql`(${order.col}, ${order.id}) < (${v}, ${key.id})`;
}

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

/** Export: each ref column's labels (the target's label field) for the rows of a page, by field key. */
async function refCellLabels(service: ResourceService, session: SessionInfo, rows: Row[]): Promise<Map<string, Map<number, unknown>>> {
  const out = new Map<string, Map<number, unknown>>();
  for (const f of excelFields(service.def).filter((x) => x.kind === 'ref' && x.ref && !service.hooks.refLabels?.[x.key])) {
    const target = declarationOf(f.ref!.resource);
    const table = tableOf(f.ref!.resource);
    const ids = [...new Set(rows.map((r) => r[f.key]).filter((v) => v !== null && v !== undefined))] as number[];
    if (!target || !table || !ids.length) continue;
    const found = await service.ctx.db
      .select({ id: table.id, label: table[f.ref!.labelField] })
      .from(table)
      .where(and(target.owner === 'tenant' ? eq(table.tenantId, session.tenantId) : undefined, inArray(table.id, ids)));
    out.set(f.key, new Map(found.map((r) => [Number(r.id), r.label])));
  }
  return out;
}

/**
 * The filtered rows of a declared resource, in the list's order, as an .xlsx written while they
 * are read: counted in chunks, then read by keyset a page at a time, each page (read, decorated,
 * written, deflated) a slice of about EXPORT_SLICE_MS with other work between slices
 * (xlsx-stream.ts). Answered in a request (not `job`): at most EXPORT_SYNC_MAX_ROWS rows, more are
 * refused, naming the job.
 */
export async function exportXlsx(
  service: ResourceService,
  session: SessionInfo,
  query: Row,
  lang: Lang,
  progress?: (done: number, total: number) => Promise<void>,
  opts: { job?: boolean } = {},
): Promise<Readable> {
  const { def, table } = service;
  const fields = excelFields(def);
  const where = service.scope(session, ...service.filters(query, session));
  const db = service.ctx.db;
  const id = table.id;
  const pace = new ExportPace();
  const total = await countInChunks(
    opts.job ? EXPORT_MAX_ROWS : EXPORT_SYNC_MAX_ROWS,
    async (afterId, limit) => {
      const ids = db
        .select({ id })
        .from(table)
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
  const order = keysetOrder(service, query);
  const labels = service.hooks.refLabels ?? {};
  const pages = keysetPages(
    async (key, limit) =>
      (await db
        .select({ ...getTableColumns(table), __key: keysetValue(order) })
        .from(table)
        .where(and(where, key ? after(order, key) : undefined))
        .orderBy(...service.order(query))
        .limit(limit)) as (Row & { id: unknown; __key: string | null })[],
    async (page) => {
      const rows = await service.shown(
        page.map(({ __key: _k, ...r }) => r),
        session,
        false,
      );
      // a ref column is written as its row's label (what the import reads back), not as an id
      const refCells = await refCellLabels(service, session, rows);
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
    def.names[lang],
    fields.map((f) => f.label[lang]),
    reporting(pages, total, progress),
    pace,
  );
}
