import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type FileKind as DomainFileKind, FILE_KINDS, type FileInfo, IMAGE_KINDS } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../db/client.js';
import { files } from '../db/schema/index.js';
import type { AppContext } from './context.js';
import { AppError, badRequest, conflict, notFound } from './errors.js';
import { userFileHeaders } from './security-headers.js';
import type { TenantScope } from './tenant-scope.js';
import { checkImageSize } from './thumbs/images.js';
import { sanitizeSvgFile } from './thumbs/svg-run.js';
import { checkVideo } from './thumbs/video.js';

/** File kinds told apart by their content (magic bytes), never by the name alone (list in the domain). */
export type FileKind = DomainFileKind;

const MIME = Object.fromEntries(Object.entries(FILE_KINDS).map(([k, v]) => [k, v.mime])) as Record<FileKind, string>;

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

/** Kinds a browser may show inline from a user's file: pictures and video (never SVG or HTML). */
const INLINE_SAFE: ReadonlySet<FileKind> = new Set(['png', 'jpeg', 'gif', 'webp', 'mp4', 'webm']);
/** A preview also shows PDF inline, still under the sandboxing policy (no script, no plugin reach). */
const PREVIEW_SAFE: ReadonlySet<FileKind> = new Set([...INLINE_SAFE, 'pdf']);

/** RFC 6266 Content-Disposition with a UTF-8 file name. */
export const contentDisposition = (type: 'attachment' | 'inline', name: string) =>
  `${type}; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Sends a user's stored file: a download (attachment), or with `inline` a preview when its kind is
 * one a browser shows safely; always sandboxed (CSP `default-src 'none'; sandbox`) and nosniff.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, stream: Readable, opts: { inline?: boolean | 'preview' } = {}) {
  const inline =
    opts.inline === 'preview' ? PREVIEW_SAFE.has(file.kind as FileKind) : opts.inline === true && INLINE_SAFE.has(file.kind as FileKind);
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
  /**
   * instead of any file of the scope: the file a duplicate would repeat (e.g. only files a row
   * holds), looked for under the same lock as the insert
   */
  duplicateOf?: (tx: TenantScope, sha256: string) => Promise<StoredFile | undefined>;
  /** images: smallest width and height (measured off the event loop) */
  image?: { minWidth?: number; minHeight?: number };
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
      throw badRequest('file.nameTooLong', { max: opts.maxNameLength ?? 200 });
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
        throw badRequest('file.wrongType', { allowed: opts.allowed.join(', ') });
      }
      if (opts.image && IMAGE_KINDS.includes(kind)) await checkImageSize(tmp, opts.image);
      if (kind === 'mp4' || kind === 'webm') await checkVideo(tmp, kind);
      let sha256 = hash.digest('hex');
      if (kind === 'svg') {
        // stored as sanitised (no script, handlers or external references: thumbs/svg.ts), read in a worker
        const clean = await sanitizeSvgFile(await readFile(tmp));
        await writeFile(tmp, clean, { mode: FILE_MODE });
        size = clean.length;
        sha256 = createHash('sha256').update(clean).digest('hex');
      }
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
          if (opts.refuseDuplicates || opts.duplicateOf) {
            // two uploads of the same bytes at once: the second waits here, then finds the first
            await lockBytes(tx, opts.scope, sha256);
            const same = opts.duplicateOf
              ? await opts.duplicateOf(tx, sha256)
              : await tx.first(files, and(eq(files.scope, opts.scope), eq(files.sha256, sha256)));
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

  get db() {
    return this.ctx.db;
  }

  /** A stored file of the caller's tenant, with a stream of its bytes. */
  async open(scope: TenantScope, id: number): Promise<{ file: StoredFile; stream: Readable }> {
    const file = await scope.first(files, eq(files.id, id));
    if (!file) throw notFound('file.file');
    return { file, ...(await this.openStored(file)) };
  }

  /** A stream of a file row's bytes (404 when they are gone). */
  async openStored(file: StoredFile): Promise<{ stream: Readable }> {
    return { stream: (await this.openPath(this.fullPath(file))).stream };
  }

  /** A stream of a file under the root, with its size (404 when it is gone). */
  async openPath(full: string): Promise<{ stream: Readable; size: number }> {
    const st = await stat(full).catch(() => {
      throw notFound('file.file');
    });
    return { stream: createReadStream(full), size: st.size };
  }

  async remove(scope: TenantScope, id: number): Promise<void> {
    const [gone] = await scope.delete(files, eq(files.id, id));
    if (gone) await this.unlink(gone);
  }

  /** The bytes of a file row (and its thumbnail) go, once the row is gone. */
  async unlink(file: StoredFile): Promise<void> {
    const full = this.fullPath(file);
    await rm(full, { force: true });
    await rm(thumbPathOf(full), { force: true });
  }

  /** Where a stored file's bytes are. */
  fullPath(file: StoredFile): string {
    return path.join(this.root, file.storagePath);
  }
}

/** The thumbnail stored beside a file. */
export const thumbPathOf = (full: string) => `${full}.thumb.webp`;

/** Serializes writes of the same bytes into one scope of the tenant until the transaction ends. */
export async function lockBytes(tx: TenantScope, scope: string, sha256: string): Promise<void> {
  await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:${tx.tenantId}:${scope}:${sha256}`}))`);
}

/** Kinds with a thumbnail: raster pictures, and SVG (sanitised on upload, drawn to a WebP by the thumbnail route). */
export const hasThumb = (kind: string) => IMAGE_KINDS.includes(kind as FileKind) || kind === 'svg';

/** A file row as the API shows it. */
export const fileInfo = (file: StoredFile): FileInfo => ({
  id: file.id,
  name: file.name,
  size: file.size,
  kind: file.kind as FileKind,
  mime: file.mime,
  thumb: hasThumb(file.kind),
});

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/** Demo data: a stored file of a screen (bytes under DATA_DIR/files, laid out as the file service lays them out); its id. */
export async function storeSeedFile(
  tx: Tx,
  tenantId: number,
  dataDir: string,
  f: { scope: string; name: string; kind: string; mime: string; bytes: Buffer },
): Promise<number> {
  const sha256 = createHash('sha256').update(f.bytes).digest('hex');
  const rel = path.join(
    String(tenantId),
    String(new Date().getUTCFullYear()),
    sha256.slice(0, 2),
    `${sha256}-${randomBytes(4).toString('hex')}`,
  );
  await mkdir(path.join(dataDir, 'files', path.dirname(rel)), { recursive: true, mode: DIR_MODE });
  await writeFile(path.join(dataDir, 'files', rel), f.bytes, { mode: FILE_MODE });
  const [file] = await tx
    .insert(files)
    .values({ tenantId, scope: f.scope, name: f.name, size: f.bytes.length, sha256, kind: f.kind, mime: f.mime, storagePath: rel })
    .returning({ id: files.id });
  return file.id;
}
