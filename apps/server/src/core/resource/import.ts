import { type AttrSource, ENUMS, inSentence, type Lang, translate } from '@tagloom/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { workNow } from '../../db/lanes.js';
import { declarationOf, tableOf } from '../../db/resource-table.js';
import { jobWrites } from '../../db/schema/index.js';
import type { SessionInfo } from '../context.js';
import { localizeParams } from '../envelope.js';
import { AppError, badRequest } from '../errors.js';
import type { Progress } from '../queue/registry.js';
import { checkSheet } from '../sheet/run.js';
import { slices } from '../sheet/slices.js';
import { type AttrSpec, checkAttrs } from './attrs.js';
import { excelFields, workbookBuffer } from './excel.js';
import type { ResourceService } from './service.js';

type Row = Record<string, unknown>;

/** rows written per transaction by an import (a job's first chunk; then sized by IMPORT_CHUNK_MS) */
export const IMPORT_CHUNK = 250;
/** how long an import job's chunk may hold the database, about; its row count follows */
export const IMPORT_CHUNK_MS = 25;
const IMPORT_CHUNK_MIN = 20;
const IMPORT_CHUNK_MAX = 2_000;
/** rows with errors kept in an import's answer (the count says how many there were) */
export const IMPORT_ERRORS_KEPT = 1000;

export interface ImportReport {
  total: number;
  inserted: number;
  errors: { row: number; messages: string[] }[];
}

/** An empty sheet with the importable columns (required ones marked *), and the enum options. */
export function sheetTemplate(service: ResourceService, lang: Lang): Buffer {
  const fields = excelFields(service.def).filter((f) => f.form);
  const header = fields.map((f) => `${f.required && f.default === undefined ? '*' : ''}${f.label[lang]}`);
  const enumRows = fields
    .filter((f) => f.kind === 'enum')
    .map((f) => [f.label[lang], ENUMS[f.enumName!].map((o) => o.label[lang]).join(' / ')]);
  // a list is one cell of JSON: show the shape with the first seeded row's value
  const listRows = fields
    .filter((f) => f.kind === 'json')
    .map((f) => [
      f.label[lang],
      translate(lang, 'resource.jsonCell', { example: JSON.stringify(service.def.seed?.find((r) => r[f.key])?.[f.key] ?? []) }),
    ]);
  return workbookBuffer([
    { name: service.def.names[lang], rows: [header] },
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
export async function importXlsx(
  service: ResourceService,
  session: SessionInfo,
  buf: Buffer,
  opts: { validOnly: boolean; lang: Lang; job?: { id: string; progress: Progress } },
): Promise<ImportReport> {
  service.scope(session);
  // the screen's fixed values and the bound user's party, on every row (refused up front when not allowed)
  const stamp = service.stamp(session, {}, opts.lang);
  const progress = opts.job?.progress;
  await progress?.start(0, 'jobs.phase.reading');
  // read and checked in a worker thread (limits on rows, columns, unpacked size, time and memory):
  // the create rules never run on the event loop; what needs the database is done below
  const { total, good, errors } = await checkSheet(buf, service.def, {
    lang: opts.lang,
    start: (n) => progress?.start(n, 'jobs.phase.checking'),
    progress: (done) => progress?.report(done),
  });
  const fields = excelFields(service.def).filter((f) => f.form);
  // embedded PGlite answers on this thread: the loops below give other requests their turn between queries
  const slice = slices();
  await resolveRefCells(service, session, fields, good, errors, opts.lang, slice);
  const conflictWith = (f: (typeof fields)[number], rows: typeof good) => {
    for (const g of rows) errors.push({ row: g.row, messages: [translate(opts.lang, 'common.conflict', { what: f.label[opts.lang] })] });
  };
  // values of unique fields the database already has
  for (const f of fields.filter((x) => x.unique)) {
    const values = good.map((g) => g.data[f.key]).filter((v) => v !== '' && v !== undefined);
    const takenSet = new Set<unknown>();
    for (let k = 0; k < values.length; k += 1000) {
      const taken = await service.ctx.db
        .select({ v: service.table[f.key] })
        .from(service.table)
        .where(service.ownerScope(session, inArray(service.table[f.key], values.slice(k, k + 1000))));
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
      const taken = await service.ctx.db
        .select({ w: service.table[within], v: service.table[f.key] })
        .from(service.table)
        .where(service.ownerScope(session, inArray(service.table[f.key], values.slice(k, k + 1000))));
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
    return badRequest(
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
        const label = service.def.labels[foreign]?.[opts.lang] ?? foreign;
        errors.push({ row: r.row, messages: [`${label}: ${translate(opts.lang, 'validation.partyOnly')}`] });
        continue;
      }
      r.data = { ...r.data, ...stamp };
      const badAttrs = await checkAttrs(tx, service.def, session.tenantId, r.data, opts.lang, true, attrSpecsOf).then(
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
      const refusal = await hookRefusal(service, tx, r.data, session, opts.lang);
      if (refusal) errors.push({ row: r.row, messages: [refusal] });
      else chunk.push(r);
    }
    if (!chunk.length) return;
    const ids = await tx
      .insert(service.table)
      .values(chunk.map((r) => ({ ...r.data, createdBy: session.userId, ...(service.tenantOwned ? { tenantId: session.tenantId } : {}) })))
      .returning({ id: service.table.id });
    if (opts.job)
      await tx.insert(jobWrites).values({
        tenantId: session.tenantId,
        jobId: opts.job.id,
        seq: seq++,
        target: service.def.code,
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
      const t0 = workNow();
      const rows = todo.slice(k, k + size);
      await service.ctx.db.transaction(async (tx) => {
        // its commit does not wait for the disk (PostgreSQL with fsync: a wait a chunk, most of
        // its time): the job's end commits durably, and a crash before it undoes the whole job
        await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
        await writeChunk(tx, rows);
      });
      k += rows.length;
      const ms = Math.max(1, workNow() - t0);
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
    await service.ctx.db.transaction(async (tx) => {
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
async function resolveRefCells(
  service: ResourceService,
  session: SessionInfo,
  fields: ReturnType<typeof excelFields>,
  good: { row: number; data: Row }[],
  errors: ImportReport['errors'],
  lang: Lang,
  slice: () => Promise<void>,
) {
  for (const f of fields.filter((x) => x.kind === 'ref' && x.ref)) {
    const target = declarationOf(f.ref!.resource);
    const table = tableOf(f.ref!.resource);
    if (!target || !table) continue;
    const labels = [...new Set(good.map((g) => g.data[f.key]).filter((v): v is string => typeof v === 'string'))];
    const found = new Map<string, number>();
    for (let k = 0; k < labels.length; k += 1000) {
      const rows = await service.ctx.db
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
      const rows = await service.ctx.db
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
          messages: [`${f.label[lang]}: ${translate(lang, 'refs.missingLabel', { what: inSentence(lang, target.names[lang]), label: v })}`],
        });
    }
  }
}

/** Runs the write hook on one row in a savepoint: its refusal (a message) leaves the rest of the import intact. */
async function hookRefusal(service: ResourceService, tx: Tx, data: Row, session: SessionInfo, lang: Lang): Promise<string | undefined> {
  if (!service.hooks.beforeWrite) return undefined;
  try {
    await (tx as Db).transaction(async (sp) => {
      await service.hooks.beforeWrite!(sp, data, { session });
    });
    return undefined;
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return translate(lang, err.key, localizeParams(lang, err.params));
    throw err;
  }
}

/**
 * Compensation of an import job that did not finish: deletes the rows it wrote (job_writes),
 * a batch per transaction, and the record of them. Safe to run twice.
 */
export async function undoImport(service: ResourceService, tenantId: number, jobId: string): Promise<number> {
  const mine = and(eq(jobWrites.tenantId, tenantId), eq(jobWrites.jobId, jobId));
  const batches = await service.ctx.db.select({ seq: jobWrites.seq, rowIds: jobWrites.rowIds }).from(jobWrites).where(mine);
  let deleted = 0;
  for (const b of batches) {
    await service.ctx.db.transaction(async (tx) => {
      const gone = await tx
        .delete(service.table)
        .where(and(service.tenantOwned ? eq(service.table.tenantId, tenantId) : undefined, inArray(service.table.id, b.rowIds)))
        .returning({ id: service.table.id });
      deleted += gone.length;
      await tx.delete(jobWrites).where(and(mine, eq(jobWrites.seq, b.seq)));
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return deleted;
}

/** An import job that finished: its record of written rows is no longer needed. */
export async function forgetImportWrites(db: Db, tenantId: number, jobId: string): Promise<void> {
  await db.delete(jobWrites).where(and(eq(jobWrites.tenantId, tenantId), eq(jobWrites.jobId, jobId)));
}
