import {
  describeIssues,
  type FieldDef,
  type FileRules,
  fieldMessage,
  type IssueLike,
  type Lang,
  PLATFORM_TENANT_ID,
  type ResourceDef,
  translate,
} from '@tagloom/domain';
import { and, eq, inArray, lt, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import type { AppContext, SessionInfo } from '../context.js';
import { localizeParams } from '../envelope.js';
import { type AppError, badRequest, conflict } from '../errors.js';
import { FileService, lockBytes, type StoredFile } from '../files.js';
import { TenantScope } from '../tenant-scope.js';

// biome-ignore lint/suspicious/noExplicitAny: tables are built from declarations; columns are looked up by key
type AnyTable = PgTable & Record<string, any>;
type Row = Record<string, unknown>;

/** A declared file field (`f.file`). */
export type FileField = FieldDef & { key: string; file: FileRules };

/** Where a screen's rows are: its declaration, its table and, when several screens share it, its part of the table. */
export interface FileTarget {
  readonly def: ResourceDef;
  readonly table: AnyTable;
  /** the screen's rows within the table (e.g. one version type) */
  readonly where?: SQL;
}

/**
 * The scope a screen's files are stored under: its declaration's code, or for a screen over another
 * declaration's rows (rowsOf: half-finished orders, receive / send) that declaration's — one row's
 * files are the same files whichever screen shows the row.
 */
export const fileScope = (target: FileTarget): string => target.def.rowsOf?.code ?? target.def.code;

export const fileFields = (def: ResourceDef): FileField[] => def.list.filter((f): f is FileField => f.kind === 'file' && !!f.file);

/** The files of a screen are the tenant's for tenant rows, the platform's (tenant 0) for platform rows. */
export const fileTenant = (target: FileTarget, session: SessionInfo) =>
  target.def.owner === 'tenant' ? session.tenantId : PLATFORM_TENANT_ID;

/** The file ids a field's value holds (one id or a list). */
export function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  return list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** A row of the target in tenant `tenantId` whose field holds file `fileId` (an id, or a column of the outer query). */
function holds(target: FileTarget, field: FileField, tenantId: number | SQLWrapper, fileId: number | SQLWrapper): SQL {
  const col = target.table[field.key];
  const has = field.file.max > 1 ? sql`${col} @> jsonb_build_array(${fileId}::bigint)` : sql`${col} = ${fileId}`;
  return and(target.def.owner === 'tenant' ? sql`${target.table.tenantId} = ${tenantId}` : undefined, target.where, has) as SQL;
}

/** Condition: some row of the target (other than `exceptRow`) holds the file in any of its file fields. */
function heldBy(target: FileTarget, tenantId: number | SQLWrapper, fileId: number | SQLWrapper, exceptRow?: number): SQL {
  const any = or(...fileFields(target.def).map((f) => holds(target, f, tenantId, fileId)));
  return sql`exists (select 1 from ${target.table} where ${and(any, exceptRow ? ne(target.table.id, exceptRow) : undefined)})`;
}

/**
 * Whether a row of the screen, in the session's tenant, holds the file; with `visible`, a row
 * meeting that condition too (the rows the session reaches through the screen's scope).
 */
export const isHeld = (db: Tx, target: FileTarget, session: SessionInfo, fileId: number, visible?: SQL): Promise<boolean> =>
  isHeldIn(db, target, fileTenant(target, session), fileId, undefined, visible);

/** A file of the screen with the same bytes that a row (other than `exceptRow`) already holds. */
export function heldDuplicate(target: FileTarget, exceptRow?: number) {
  return async (tx: TenantScope, sha256: string): Promise<StoredFile | undefined> =>
    tx.first(files, eq(files.scope, fileScope(target)), eq(files.sha256, sha256), heldBy(target, tx.tenantId, files.id, exceptRow));
}

/** A 400 naming the field, with the refusal's own words ("File: Wrong file format, …"). */
export function fieldRefusal(
  lang: Lang,
  field: Pick<FieldDef, 'label'> & { key: string },
  key: string,
  params: Record<string, unknown> = {},
): AppError {
  const message = fieldMessage(lang, field.label[lang], translate(lang, key, localizeParams(lang, params)));
  return badRequest('validation.summary', { summary: message }, { fields: [{ field: field.key, message }] });
}

/** The declared rules checked on a row's file values: the zod rule (count), then here what needs the files table. */
function countRefusal(lang: Lang, field: FileField, count: number): AppError | undefined {
  if (count <= field.file.max) return undefined;
  // zod's own issue for a list too long, with the parameters its message names
  const tooMany: IssueLike & { maximum: number; origin: 'array' } = {
    code: 'too_big',
    path: [field.key],
    maximum: field.file.max,
    origin: 'array',
    message: '',
  };
  const { fields, summary } = describeIssues(lang, [tooMany], { [field.key]: field.label });
  return badRequest('validation.summary', { summary }, { fields });
}

/**
 * Checks, inside the row's write transaction, the files a create or update puts on a row: each is
 * a file uploaded for this screen in the tenant, held by no other row, and — for `unique` fields —
 * its bytes are held by no other row (checked under a lock on those bytes, so a duplicate refusal
 * and the row's insert are one transaction: two rows can never both get the same bytes).
 * Returns the ids the row lets go (replaced or removed), to unlink once the transaction commits.
 */
export async function attachFiles(
  tx: Tx,
  target: FileTarget,
  session: SessionInfo,
  data: Row,
  existing?: Row,
  lang: Lang = session.lang,
): Promise<number[]> {
  const scope = new TenantScope(tx, fileTenant(target, session));
  const released: number[] = [];
  for (const field of fileFields(target.def)) {
    if (!(field.key in data)) continue;
    const next = idsOf(data[field.key]);
    const before = existing ? idsOf(existing[field.key]) : [];
    const tooMany = countRefusal(lang, field, next.length);
    if (tooMany) throw tooMany;
    for (const fileId of next.filter((x) => !before.includes(x))) {
      const file = await scope.first(files, eq(files.id, fileId), eq(files.scope, fileScope(target)));
      if (!file) throw fieldRefusal(lang, field, 'file.notUploaded');
      if (await isHeldIn(tx, target, scope.tenantId, fileId, existing?.id as number | undefined))
        throw fieldRefusal(lang, field, 'file.inUse');
      if (field.file.unique) {
        await lockBytes(scope, fileScope(target), file.sha256);
        const same = await heldDuplicate(target, existing?.id as number | undefined)(scope, file.sha256);
        if (same && same.id !== fileId) throw conflict('file.duplicate', { name: same.name });
      }
    }
    released.push(...before.filter((x) => !next.includes(x)));
  }
  return released;
}

async function isHeldIn(tx: Tx, target: FileTarget, tenantId: number, fileId: number, exceptRow?: number, visible?: SQL): Promise<boolean> {
  const any = or(...fileFields(target.def).map((f) => holds(target, f, tenantId, fileId)));
  const rows = await (tx as Db)
    .select({ id: target.table.id })
    .from(target.table)
    .where(and(any, exceptRow ? ne(target.table.id, exceptRow) : undefined, visible))
    .limit(1);
  return rows.length > 0;
}

/** The file ids some rows hold, in every file field. */
export const heldIds = (target: FileTarget, rows: Row[]): number[] =>
  fileFields(target.def).flatMap((f) => rows.flatMap((r) => idsOf(r[f.key])));

/** Drops files a committed write let go (their rows, then their bytes and thumbnails). */
export async function releaseFiles(ctx: AppContext, target: FileTarget, session: SessionInfo, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const service = new FileService(ctx);
  const scope = new TenantScope(ctx.db, fileTenant(target, session));
  const gone = await scope.delete(files, inArray(files.id, ids), eq(files.scope, fileScope(target)));
  for (const f of gone) await service.unlink(f);
}

/** Screens with file fields, known once their routes are registered (for the orphan sweep). */
const TARGETS = new Map<string, FileTarget>();
export const registerFileTarget = (target: FileTarget) => void TARGETS.set(fileScope(target), target);

/**
 * Removes files uploaded for a screen but never put on a row (an upload whose form was never
 * saved), once older than `olderThanMs` (default a day). Safe to run from any process at any
 * time: a file is only taken when no row of its screen holds it. Returns how many went.
 */
export async function cleanOrphanFiles(ctx: AppContext, opts: { olderThanMs?: number; now?: Date } = {}): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.olderThanMs ?? 24 * 3600 * 1000));
  const service = new FileService(ctx);
  let removed = 0;
  for (const target of TARGETS.values()) {
    const gone = await ctx.db
      .delete(files)
      .where(
        and(
          eq(files.scope, fileScope(target)),
          lt(files.createdAt, cutoff),
          target.def.owner === 'tenant' ? undefined : eq(files.tenantId, PLATFORM_TENANT_ID),
          sql`not ${heldBy(target, sql`${files.tenantId}`, sql`${files.id}`)}`,
        ),
      )
      .returning();
    for (const f of gone) await service.unlink(f);
    removed += gone.length;
  }
  return removed;
}
