import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { files } from '../db/schema/index.js';
import type { AppContext } from './context.js';
import { AppError, conflict, notFound } from './errors.js';
import { userFileHeaders } from './security-headers.js';
import type { TenantScope } from './tenant-scope.js';

/** File kinds told apart by their content (magic bytes), never by the name alone. */
export type FileKind =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'svg'
  | 'zip'
  | 'apk'
  | 'jar'
  | 'war'
  | 'xlsx'
  | 'docx'
  | 'xls'
  | 'exe'
  | 'gzip'
  | 'mp4'
  | 'webm';

const MIME: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  apk: 'application/vnd.android.package-archive',
  jar: 'application/java-archive',
  war: 'application/java-archive',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  exe: 'application/vnd.microsoft.portable-executable',
  gzip: 'application/gzip',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

const HEAD_BYTES = 4096;
const starts = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

/** What a file is, from its first bytes and (for zip containers) its extension. */
export function detectKind(head: Buffer, name: string): FileKind | undefined {
  const ext = path.extname(name).toLowerCase();
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (/^GIF8[79]a/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (starts(head, [0x1f, 0x8b])) return 'gzip';
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return ext === '.xls' ? 'xls' : undefined;
  if (starts(head, [0x4d, 0x5a])) return ext === '.exe' || ext === '.dll' ? 'exe' : undefined;
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (starts(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (starts(head, [0x50, 0x4b, 0x03, 0x04]) || starts(head, [0x50, 0x4b, 0x05, 0x06])) {
    const byExt: Record<string, FileKind> = { '.apk': 'apk', '.jar': 'jar', '.war': 'war', '.xlsx': 'xlsx', '.docx': 'docx' };
    return byExt[ext] ?? 'zip';
  }
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if ((text.startsWith('<?xml') || text.startsWith('<svg') || text.startsWith('<!--')) && /<svg[\s>]/.test(text)) return 'svg';
  return undefined;
}

/** Stored files are readable by the server's user only: files 600, their folders 700. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/** Kinds a browser may show inline from a user's file: pictures and video (never SVG, HTML or PDF). */
const INLINE_SAFE: ReadonlySet<FileKind> = new Set(['png', 'jpeg', 'gif', 'webp', 'mp4', 'webm']);

/** RFC 6266 Content-Disposition with a UTF-8 file name. */
export const contentDisposition = (type: 'attachment' | 'inline', name: string) =>
  `${type}; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Sends a user's stored file: a download (attachment), or with `inline` a preview when its kind is
 * one a browser shows safely; always sandboxed (CSP `default-src 'none'; sandbox`) and nosniff.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, stream: Readable, opts: { inline?: boolean } = {}) {
  const inline = opts.inline === true && INLINE_SAFE.has(file.kind as FileKind);
  return userFileHeaders(reply)
    .type(file.mime)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
    .send(stream);
}

export interface StoreOptions {
  scope: string;
  name: string;
  maxBytes: number;
  allowed: FileKind[];
  /** refuse a file whose bytes were already uploaded to the same scope */
  refuseDuplicates?: boolean;
  uploadedBy?: number | null;
  maxNameLength?: number;
}

export type StoredFile = typeof files.$inferSelect;

/**
 * The one upload service of every screen: counts bytes while streaming and stops at the limit,
 * checks the type from the content, refuses repeated uploads where asked, and stores the bytes
 * under DATA_DIR/files with their metadata in the tenant's files table.
 */
export class FileService {
  constructor(private readonly ctx: AppContext) {}

  private get root() {
    return path.join(this.ctx.config.dataDir, 'files');
  }

  /** `rel` (a folder under the root) and the folders above it exist, each 700 (older installs too). */
  private async folder(rel: string): Promise<string> {
    const full = path.join(this.root, rel);
    await mkdir(full, { recursive: true, mode: DIR_MODE });
    let dir = this.root;
    await chmod(dir, DIR_MODE);
    for (const part of rel.split(path.sep).filter(Boolean)) {
      dir = path.join(dir, part);
      await chmod(dir, DIR_MODE);
    }
    return full;
  }

  async store(scope: TenantScope, input: Readable, opts: StoreOptions): Promise<StoredFile> {
    const name = path.basename(opts.name.replace(/\\/g, '/')).trim();
    if (!name || name.length > (opts.maxNameLength ?? 200)) {
      input.resume();
      throw new AppError(400, 400, 'file.nameTooLong', { max: opts.maxNameLength ?? 200 });
    }
    const tmp = path.join(await this.folder('tmp'), randomBytes(12).toString('hex'));
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    try {
      await new Promise<void>((resolve, reject) => {
        const out = createWriteStream(tmp, { mode: FILE_MODE });
        const fail = (err: unknown) => {
          input.unpipe(out);
          input.destroy();
          out.destroy();
          reject(err);
        };
        input.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            fail(new AppError(413, 413, 'file.tooLarge', { max: formatBytes(opts.maxBytes) }));
            return;
          }
          hash.update(chunk);
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        });
        input.on('error', fail);
        out.on('error', fail);
        out.on('finish', resolve);
        input.pipe(out);
      });
      const kind = detectKind(head, name);
      if (!kind || !opts.allowed.includes(kind)) {
        throw new AppError(400, 400, 'file.wrongType', { allowed: opts.allowed.join(', ') });
      }
      const sha256 = hash.digest('hex');
      const now = new Date();
      const rel = path.join(
        String(scope.tenantId),
        String(now.getUTCFullYear()),
        sha256.slice(0, 2),
        `${sha256}-${randomBytes(4).toString('hex')}`,
      );
      await this.folder(path.dirname(rel));
      await rename(tmp, path.join(this.root, rel));
      try {
        return await scope.transaction(async (tx) => {
          if (opts.refuseDuplicates) {
            // two uploads of the same bytes at once: the second waits here, then finds the first
            await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:${scope.tenantId}:${opts.scope}:${sha256}`}))`);
            const same = await tx.first(files, and(eq(files.scope, opts.scope), eq(files.sha256, sha256)));
            if (same) throw conflict('file.duplicate', { name: same.name });
          }
          const [row] = await tx.insert(files, {
            scope: opts.scope,
            name,
            size,
            sha256,
            kind,
            mime: MIME[kind],
            storagePath: rel,
            uploadedBy: opts.uploadedBy ?? null,
          });
          return row;
        });
      } catch (err) {
        await rm(path.join(this.root, rel), { force: true });
        throw err;
      }
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /** A stored file of the caller's tenant, with a stream of its bytes. */
  async open(scope: TenantScope, id: number): Promise<{ file: StoredFile; stream: Readable }> {
    const file = await scope.first(files, eq(files.id, id));
    if (!file) throw notFound('file.file');
    const full = path.join(this.root, file.storagePath);
    await stat(full).catch(() => {
      throw notFound('file.file');
    });
    return { file, stream: createReadStream(full) };
  }

  async remove(scope: TenantScope, id: number): Promise<void> {
    const [gone] = await scope.delete(files, eq(files.id, id));
    if (gone) await rm(path.join(this.root, gone.storagePath), { force: true });
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}
