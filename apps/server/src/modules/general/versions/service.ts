import type { Readable } from 'node:stream';
import { LIMITS, type VersionType, versionResources } from '@tagloom/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { AppError, conflict, notFound } from '../../../core/errors.js';
import type { FileKind, FileService, StoredFile } from '../../../core/files.js';
import { validationError } from '../../../core/resource/service.js';
import { PlatformScope } from '../../../core/tenant-scope.js';
import { softwareVersions } from '../../../db/schema/index.js';

type VersionRow = typeof softwareVersions.$inferSelect;
type Row = Record<string, unknown>;

/** File kinds (by content) each version screen accepts; app files must be .apk (zip content, .apk name). */
export const ALLOWED_KINDS: Record<VersionType, FileKind[]> = {
  app: ['apk'],
  web: ['zip', 'gzip'],
  net: ['zip', 'exe'],
  java: ['jar', 'war', 'zip'],
};

const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;
const t = softwareVersions as unknown as Record<string, never>;

/**
 * Software versions of one type (app, web, net, java): one table, four screens. Files go through
 * the FileService (size counted while streaming, type from content, repeated uploads refused).
 */
export class VersionService {
  readonly def;
  readonly scopeName: string;

  constructor(
    private readonly ctx: AppContext,
    private readonly files: FileService,
    readonly type: VersionType,
  ) {
    this.def = versionResources[type];
    this.scopeName = this.def.code;
  }

  /** Versions are platform data; their files are the platform's (tenant 0) files. */
  private fileScope(session: SessionInfo) {
    return PlatformScope.of(session, this.ctx.db).for(0);
  }

  private where(...more: (SQL | undefined)[]) {
    return and(eq(softwareVersions.type, this.type), ...more);
  }

  async list(session: SessionInfo, q: Row & { page: number; pageSize: number }) {
    PlatformScope.of(session, this.ctx.db);
    const conds: SQL[] = [];
    for (const f of this.def.list) {
      const v = q[f.key];
      if (v === undefined || v === null || v === '' || !f.search) continue;
      if (f.search === 'like') conds.push(ilike(t[f.key], like(String(v))));
      else if (f.search === 'eq') conds.push(eq(t[f.key], v as never));
      else if (Array.isArray(v)) {
        if (v[0]) conds.push(gte(t[f.key], new Date(String(v[0])) as never));
        if (v[1]) conds.push(lte(t[f.key], new Date(String(v[1])) as never));
      }
    }
    const where = this.where(...conds);
    const [{ total }] = await this.ctx.db.select({ total: count() }).from(softwareVersions).where(where);
    const field = (q.sortField as string | undefined) ?? 'uploadTime';
    const dir = (q.sortOrder as string | undefined) ?? 'desc';
    const rows = await this.ctx.db
      .select()
      .from(softwareVersions)
      .where(where)
      .orderBy(dir === 'desc' ? desc(t[field]) : asc(t[field]), desc(softwareVersions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { list: rows, total, page: q.page, pageSize: q.pageSize };
  }

  async get(session: SessionInfo, id: number): Promise<VersionRow> {
    PlatformScope.of(session, this.ctx.db);
    const [row] = await this.ctx.db
      .select()
      .from(softwareVersions)
      .where(this.where(eq(softwareVersions.id, id)));
    if (!row) throw new AppError(404, 404, 'common.notFound', { what: this.def.names });
    return row;
  }

  /** Version numbers are unique per software code within a type. */
  async checkNumber(data: Row, id?: number) {
    const [clash] = await this.ctx.db
      .select({ id: softwareVersions.id })
      .from(softwareVersions)
      .where(
        this.where(
          eq(softwareVersions.softwareCode, String(data.softwareCode)),
          eq(softwareVersions.versionNumber, Number(data.versionNumber)),
          id ? ne(softwareVersions.id, id) : undefined,
        ),
      );
    if (clash) throw conflict('version.numberTaken', { number: data.versionNumber, code: data.softwareCode });
  }

  /** Store an uploaded file for this screen; failures other than the user's are 'upload failed, try again later'. */
  async storeFile(session: SessionInfo, stream: Readable, name: string): Promise<StoredFile> {
    try {
      return await this.files.store(this.fileScope(session), stream, {
        scope: this.scopeName,
        name,
        maxBytes: LIMITS.softwareFileBytes,
        allowed: ALLOWED_KINDS[this.type],
        refuseDuplicates: true,
        uploadedBy: session.userId,
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.ctx.log.error({ err }, 'version upload failed');
      throw new AppError(500, 500, 'version.uploadFailed');
    }
  }

  private fileColumns(session: SessionInfo, file: StoredFile) {
    return { fileId: file.id, fileName: file.name, fileSize: file.size, uploadedPerson: session.username, uploadTime: new Date() };
  }

  /** Add a version, with its file when one was uploaded with it (the file goes again if the row cannot be written). */
  async create(session: SessionInfo, data: Row, file?: StoredFile): Promise<VersionRow> {
    PlatformScope.of(session, this.ctx.db);
    try {
      await this.checkNumber(data);
      const [row] = await this.ctx.db
        .insert(softwareVersions)
        .values({
          ...(data as Omit<typeof softwareVersions.$inferInsert, 'type'>),
          type: this.type,
          createdBy: session.userId,
          ...(file ? this.fileColumns(session, file) : {}),
        })
        .returning();
      return row;
    } catch (err) {
      if (file) await this.files.remove(this.fileScope(session), file.id);
      throw err;
    }
  }

  async update(session: SessionInfo, id: number, data: Row): Promise<VersionRow> {
    const existing = await this.get(session, id);
    const merged = { ...existing, ...data };
    const full = this.def.createSchema.safeParse(
      Object.fromEntries(this.def.list.filter((f) => f.form).map((f) => [f.key, merged[f.key as keyof VersionRow]])),
    );
    if (!full.success) throw validationError(session.lang, full.error.issues, this.def.labels);
    await this.checkNumber(merged, id);
    const [row] = await this.ctx.db
      .update(softwareVersions)
      .set({ ...data, updatedAt: new Date() })
      .where(this.where(eq(softwareVersions.id, id)))
      .returning();
    return row;
  }

  /** Put a (new) file on a version; the one it replaces is removed. */
  async attach(session: SessionInfo, id: number, file: StoredFile): Promise<VersionRow> {
    let existing: VersionRow;
    try {
      existing = await this.get(session, id);
    } catch (err) {
      await this.files.remove(this.fileScope(session), file.id);
      throw err;
    }
    const [row] = await this.ctx.db
      .update(softwareVersions)
      .set({ ...this.fileColumns(session, file), updatedAt: new Date() })
      .where(this.where(eq(softwareVersions.id, id)))
      .returning();
    if (existing.fileId) await this.files.remove(this.fileScope(session), existing.fileId);
    return row;
  }

  /** Delete versions and their files, all of the ids or none. */
  async remove(session: SessionInfo, ids: number[]): Promise<number> {
    PlatformScope.of(session, this.ctx.db);
    const gone = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx
        .delete(softwareVersions)
        .where(this.where(inArray(softwareVersions.id, ids)))
        .returning();
      if (rows.length !== new Set(ids).size) throw new AppError(404, 404, 'common.notFound', { what: this.def.names });
      return rows;
    });
    for (const r of gone) if (r.fileId) await this.files.remove(this.fileScope(session), r.fileId);
    return gone.length;
  }

  async download(session: SessionInfo, id: number) {
    const row = await this.get(session, id);
    if (!row.fileId) throw notFound('file.file');
    return this.files.open(this.fileScope(session), row.fileId);
  }
}
