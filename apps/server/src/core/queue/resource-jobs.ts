import { Readable } from 'node:stream';
import type { Lang } from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app.js';
import { jobs } from '../../db/schema/index.js';
import type { AppContext, SessionInfo } from '../context.js';
import { AppError, badRequest, notFound } from '../errors.js';
import { FileService } from '../files.js';
import { exportXlsx } from '../resource/export.js';
import { forgetImportWrites, importXlsx, undoImport } from '../resource/import.js';
import type { ResourceService } from '../resource/service.js';
import { TenantScope } from '../tenant-scope.js';
import { enqueue } from './enqueue.js';
import { FINAL_STATES, type JobRow, registerJobKind } from './registry.js';

/** The session a job acts for: what its user's request carried, without the token. */
export type JobSession = Omit<SessionInfo, 'tokenHash'>;

export const jobSession = (s: SessionInfo): JobSession => {
  const { tokenHash: _t, ...rest } = s;
  return rest;
};
const asSession = (s: JobSession): SessionInfo => ({ ...s, tokenHash: '' });

export interface ImportPayload {
  code: string;
  /** the uploaded workbook (files table, scope jobs/import) */
  fileId: number;
  fileName: string;
  validOnly: boolean;
  lang: Lang;
  session: JobSession;
}

export interface ExportPayload {
  code: string;
  query: Record<string, unknown>;
  lang: Lang;
  session: JobSession;
}

export const IMPORT_KIND = 'resource.import';
export const EXPORT_KIND = 'resource.export';
export const IMPORT_FILE_SCOPE = 'jobs/import';
export const EXPORT_FILE_SCOPE = 'jobs/export';
/** an export's workbook: the sheet's limit of rows is reached long before this */
const EXPORT_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** export jobs running at once for one user, and for one tenant (whatever the processes): the others wait queued */
export const EXPORT_JOBS_PER_USER = 1;
export const EXPORT_JOBS_PER_TENANT = 2;

const serviceOf = (services: Services, code: string) => {
  const service = services.resources.get(code);
  if (!service) throw notFound('common.notFound', { what: code });
  return service;
};

async function bytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** Imports a stored workbook into a declared resource (POST /api/<code>/import). */
registerJobKind({
  kind: IMPORT_KIND,
  background: true,
  maxAttempts: 2,
  async run({ ctx, services }, job, progress) {
    const p = job.payload as ImportPayload;
    const service = serviceOf(services, p.code);
    const { stream } = await services.files.open(new TenantScope(ctx.db, job.tenantId), p.fileId);
    const report = await importXlsx(service, asSession(p.session), await bytes(stream), {
      validOnly: p.validOnly,
      lang: p.lang,
      job: { id: job.id, progress },
    });
    await forgetImportWrites(ctx.db, job.tenantId, job.id);
    return {
      message: 'resource.importDone',
      params: { inserted: report.inserted },
      result: { total: report.total, inserted: report.inserted, errorCount: report.errors.length, errors: report.errors.slice(0, 1000) },
    };
  },
  async undo({ services }, job) {
    const p = job.payload as ImportPayload;
    const service = services.resources.get(p.code);
    if (service) await undoImport(service, job.tenantId, job.id);
  },
  async settle({ ctx, services }, job) {
    const p = job.payload as ImportPayload;
    await services.files.remove(new TenantScope(ctx.db, job.tenantId), p.fileId);
  },
});

/** Writes the filtered rows of a declared resource to a stored .xlsx, downloadable at /api/jobs/:id/download. */
registerJobKind({
  kind: EXPORT_KIND,
  background: true,
  maxAttempts: 2,
  limit: { perOwner: EXPORT_JOBS_PER_USER, perTenant: EXPORT_JOBS_PER_TENANT },
  async run({ ctx, services }, job, progress) {
    const p = job.payload as ExportPayload;
    const service = serviceOf(services, p.code);
    await progress.start(0, 'jobs.phase.exporting');
    const stream = await exportXlsx(
      service,
      asSession(p.session),
      p.query,
      p.lang,
      (done, total) => (done === 0 ? progress.start(total, 'jobs.phase.exporting') : progress.report(done)),
      { job: true },
    );
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const file = await services.files.store(new TenantScope(ctx.db, job.tenantId), stream, {
      scope: EXPORT_FILE_SCOPE,
      name: `${service.def.names[p.lang]}-${stamp}.xlsx`,
      maxBytes: EXPORT_MAX_BYTES,
      allowed: ['xlsx'],
      uploadedBy: job.createdBy,
    });
    return { message: 'jobs.message.exported', params: { name: file.name }, fileId: file.id, result: { name: file.name, size: file.size } };
  },
});

/**
 * An uploaded workbook stored for an import job under `fileScope` (the job owns it and deletes it when
 * it ends); a file that is no workbook by its bytes is refused with the reader's own message.
 */
export async function storeImportWorkbook(
  ctx: AppContext,
  session: SessionInfo,
  file: { name: string; buf: Buffer },
  fileScope: string,
): Promise<Awaited<ReturnType<FileService['store']>>> {
  try {
    return await new FileService(ctx).store(new TenantScope(ctx.db, session.tenantId), Readable.from([file.buf]), {
      scope: fileScope,
      name: file.name,
      maxBytes: file.buf.length + 1,
      allowed: ['xlsx', 'xls'],
      uploadedBy: session.userId,
    });
  } catch (err) {
    if (err instanceof AppError && err.key === 'file.wrongType') throw badRequest('resource.importUnreadable');
    throw err;
  }
}

/** Stores an uploaded workbook and enqueues its import; the job owns the file (deleted when it ends). */
export async function enqueueImport(
  ctx: AppContext,
  service: ResourceService,
  session: SessionInfo,
  file: { name: string; buf: Buffer },
  opts: { validOnly: boolean; lang: Lang },
): Promise<JobRow> {
  const stored = await storeImportWorkbook(ctx, session, file, IMPORT_FILE_SCOPE);
  const payload: ImportPayload = {
    code: service.def.code,
    fileId: stored.id,
    fileName: stored.name,
    validOnly: opts.validOnly,
    lang: opts.lang,
    session: jobSession(session),
  };
  const job = await enqueue(ctx, { kind: IMPORT_KIND, tenantId: session.tenantId, owner: session.userId, payload: { ...payload } });
  return job!;
}

/** Enqueues an export of the filtered rows to a stored .xlsx. */
export async function enqueueExport(
  ctx: AppContext,
  service: ResourceService,
  session: SessionInfo,
  query: Record<string, unknown>,
  lang: Lang,
): Promise<JobRow> {
  const payload: ExportPayload = { code: service.def.code, query, lang, session: jobSession(session) };
  const job = await enqueue(ctx, { kind: EXPORT_KIND, tenantId: session.tenantId, owner: session.userId, payload: { ...payload } });
  return job!;
}

/** Waits for a job to end, reading its row (whichever process runs it); stops when the request goes. */
export async function waitForJob(ctx: AppContext, job: JobRow, req?: FastifyRequest, pollMs = 100): Promise<JobRow> {
  let gone = false;
  req?.raw.on('close', () => {
    gone = true;
  });
  for (;;) {
    const [row] = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.tenantId, job.tenantId), eq(jobs.id, job.id)));
    if (!row || FINAL_STATES.includes(row.state) || gone) return row ?? job;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** An ended import job as the synchronous answer of before: the report, or the refusal with its status. */
export function importAnswer(row: JobRow): { status: number; code: number; key: string; params: Record<string, unknown>; data: unknown } {
  const params = (row.messageParams as Record<string, unknown>) ?? {};
  if (row.state === 'done') return { status: 200, code: 200, key: row.message, params, data: { ...(row.result as object), jobId: row.id } };
  const failure = row.result as { status?: number; code?: number; data?: unknown } | null;
  if (row.state === 'failed' && failure?.status)
    return { status: failure.status, code: failure.code ?? failure.status, key: row.message, params, data: failure.data ?? null };
  if (row.state === 'cancelled') return { status: 409, code: 409, key: 'jobs.message.cancelled', params, data: null };
  return { status: 500, code: 500, key: row.message || 'jobs.message.failed', params, data: null };
}
