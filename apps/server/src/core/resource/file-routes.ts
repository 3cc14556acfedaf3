import type { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import { type ActionCode, id, type Lang } from '@tagloom/domain';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { files } from '../../db/schema/index.js';
import type { SessionInfo } from '../context.js';
import { envelope } from '../envelope.js';
import { AppError, badRequest, forbidden, notFound } from '../errors.js';
import { FileService, fileInfo, type StoredFile, sendStoredFile, thumbPathOf } from '../files.js';
import { TenantScope } from '../tenant-scope.js';
import { ensureThumb } from '../thumbs/images.js';
import {
  type FileField,
  type FileTarget,
  fieldRefusal,
  fileFields,
  fileScope,
  fileTenant,
  heldDuplicate,
  idsOf,
  isHeld,
  registerFileTarget,
} from './file-fields.js';
import type { ResourceService } from './service.js';

type Row = Record<string, unknown>;

/** The file host of a generic resource. */
export const serviceFileHost = (service: ResourceService): FileHost => ({
  def: service.def,
  table: service.table,
  visible: (session) => service.scope(session),
  get: (session, rowId) => service.get(session, rowId),
  update: (session, rowId, changes, lang) => service.update(session, { id: rowId, ...changes }, lang),
});

/** A screen with file fields, as the generic file routes need it: where its rows are, and how to read and change one. */
export interface FileHost extends FileTarget {
  /**
   * the rows of the screen a session reaches (its tenant, party and the screen's own scope): a file
   * is served only from such a row — the one place that decides whose files a caller reads
   */
  visible(session: SessionInfo): SQL | undefined;
  get(session: SessionInfo, id: number): Promise<Row>;
  /** an update of some fields (the screen's own rules, and attachFiles, apply) */
  update(session: SessionInfo, id: number, changes: Row, lang?: Lang): Promise<Row>;
}

export const fileInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  kind: z.string(),
  mime: z.string(),
  thumb: z.boolean(),
});

/**
 * Reads one multipart upload: text fields first (`id`: the row the file goes to), then exactly one
 * file, handed to `onFile` with the fields before it, so they are checked before a byte is stored.
 */
export async function readOneFile<T>(
  req: FastifyRequest,
  maxBytes: number,
  onFile: (fields: Record<string, string>, stream: Readable, name: string) => Promise<T>,
): Promise<{ fields: Record<string, string>; file?: T }> {
  const fields: Record<string, string> = {};
  let file: T | undefined;
  let seen = false;
  try {
    for await (const part of req.parts({ limits: { files: 1, fileSize: maxBytes + 1 } })) {
      if (part.type === 'file') {
        seen = true;
        file = await onFile(fields, part.file, part.filename);
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('file.oneFile');
    throw err;
  }
  if (!seen) throw badRequest('file.required');
  return { fields, file };
}

/** The declared file field an upload names (`?field=`), or the screen's only one. */
function fieldOf(host: FileHost, key: string | undefined): FileField {
  const all = fileFields(host.def);
  const field = key ? all.find((f) => f.key === key) : all.length === 1 ? all[0] : undefined;
  if (!field) throw badRequest('file.noSuchField', { field: key ?? '' });
  return field;
}

/**
 * Stores an upload for a field with the declaration's rules: kinds by content, size, image size,
 * and for `unique` fields bytes a row of the screen already holds refused ('file.duplicate', 409).
 * Other refusals are 400s naming the field.
 */
export async function storeForField(
  service: FileService,
  host: FileTarget,
  field: FileField,
  session: SessionInfo,
  stream: Readable,
  name: string,
  opts: { named?: boolean; lang?: Lang } = {},
): Promise<StoredFile> {
  try {
    return await service.store(new TenantScope(service.db, fileTenant(host, session)), stream, {
      scope: fileScope(host),
      name,
      maxBytes: field.file.maxBytes,
      allowed: field.file.kinds,
      image: field.file.image,
      duplicateOf: field.file.unique ? heldDuplicate(host) : undefined,
      uploadedBy: session.userId,
    });
  } catch (err) {
    if (opts.named !== false && err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 409)
      throw fieldRefusal(opts.lang ?? session.lang, field, err.key, err.params);
    throw err;
  }
}

/** The permission question of the upload route: the screen's Upload button where it declares one, else Add or Edit (Edit for a row). */
async function mayUpload(req: FastifyRequest, host: FileHost, toRow: boolean): Promise<void> {
  const screen = host.def.screen ?? host.def.code;
  const actions: ActionCode[] = host.def.extraActions?.includes('upload') ? ['upload'] : toRow ? ['edit'] : ['add', 'edit'];
  for (const a of actions) if (await req.holds(screen, a)) return;
  throw forbidden();
}

/**
 * Whether the caller may see a stored file of this screen: a row the caller reaches through the
 * screen's scope (tenant, party, the screen's own rows) holds it, or the caller uploaded it and no
 * row holds it yet (the form that uploaded it, before it is saved).
 */
async function mayRead(service: FileService, host: FileHost, session: SessionInfo, file: { id: number; uploadedBy: unknown }) {
  if (await isHeld(service.db, host, session, file.id, host.visible(session))) return true;
  return file.uploadedBy === session.userId && !(await isHeld(service.db, host, session, file.id));
}

/** A stored file the caller may see through this screen (mayRead); anything else is 404, whether it exists or not. */
async function visibleFile(service: FileService, host: FileHost, session: SessionInfo, fileId: number) {
  const scope = new TenantScope(service.db, fileTenant(host, session));
  const file = await scope.first(files, eq(files.id, fileId), eq(files.scope, fileScope(host)));
  if (!file || !(await mayRead(service, host, session, file))) throw notFound('file.file');
  return file;
}

async function send(reply: FastifyReply, service: FileService, file: StoredFile, inline: boolean | 'preview') {
  const { stream } = await service.openStored(file);
  return sendStoredFile(reply, file, stream, { inline });
}

/**
 * Generic routes of a screen with file fields, under /api/<code>/:
 * - `POST upload?field=<key>` multipart, one file (optionally a text field `id` before it: the
 *   file goes straight onto that row, replacing a one-file field's file): answers the file's
 *   metadata, or with `id` the row;
 * - `GET file?id=` the file as a download, `GET preview?id=` inline (pictures, video, PDF; others
 *   download), `GET thumb?id=` a small WebP of a picture, `GET files?ids=1,2` the metadata of files.
 * Only files of the screen in the caller's tenant that a row holds are served (see visibleFile).
 */
export const fileRoutes: FastifyPluginAsyncZod<{ host: FileHost }> = async (app, { host }) => {
  const service = new FileService(app.ctx);
  const def = host.def;
  // a line resource is guarded by its parent's screen
  const screen = def.screen ?? def.code;
  const tags = [def.code];
  const base = `/${def.code}`;
  const fields = fileFields(def);
  if (!fields.length) return;
  registerFileTarget(host);
  const readAction: ActionCode = def.extraActions?.includes('download') ? 'download' : 'query';
  const keys = fields.map((f) => f.key) as [string, ...string[]];
  const biggest = Math.max(...fields.map((f) => f.file.maxBytes));

  app.post(
    `${base}/upload`,
    {
      config: { access: 'session', logTarget: (req) => String((req.query as { field?: string }).field ?? keys[0]) },
      schema: {
        tags,
        summary: `${def.names.en_US}: upload one file for a file field (multipart; text field "id" first to put it on that row). Fields: ${fields
          .map((f) => `${f.key} (${f.file.kinds.join('/')}, ≤ ${f.file.maxBytes} bytes, ${f.file.max} max)`)
          .join('; ')}`,
        querystring: z.object({ field: z.enum(keys).optional(), id: id().optional() }),
        response: { 200: envelope(z.union([fileInfoSchema, z.record(z.string(), z.unknown())])) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('file.required');
      const session = req.session!;
      const field = fieldOf(host, req.query.field);
      let rowId = req.query.id;
      let row: Row | undefined;
      const { file } = await readOneFile(req, Math.min(biggest, field.file.maxBytes), async (parts, stream, name) => {
        if (parts.id !== undefined) {
          const parsed = id().safeParse(parts.id);
          if (!parsed.success) throw fieldRefusal(req.lang, { key: 'id', label: { zh_CN: 'ID', zh_TW: 'ID', en_US: 'ID' } }, 'file.badRow');
          rowId = parsed.data;
        }
        await mayUpload(req, host, rowId !== undefined);
        if (rowId !== undefined) {
          row = await host.get(session, rowId);
          const count = idsOf(row[field.key]).length;
          if (field.file.max > 1 && count >= field.file.max) {
            stream.resume();
            throw fieldRefusal(req.lang, field, 'file.tooMany', { max: field.file.max });
          }
        }
        return storeForField(service, host, field, session, stream, name, { lang: req.lang });
      });
      if (!file) throw badRequest('file.required');
      if (rowId === undefined || !row) return reply.ok(fileInfo(file), 'file.uploaded');
      const value = field.file.max > 1 ? [...idsOf(row[field.key]), file.id] : file.id;
      try {
        return reply.ok(await host.update(session, rowId, { [field.key]: value }, req.lang), 'file.uploaded');
      } catch (err) {
        await service.remove(new TenantScope(service.db, fileTenant(host, session)), file.id);
        throw err;
      }
    },
  );

  const byId = { querystring: z.object({ id: id() }) };

  app.get(
    `${base}/file`,
    { config: { access: { screen, action: readAction } }, schema: { tags, summary: `${def.names.en_US}: a file, as a download`, ...byId } },
    async (req, reply) => send(reply, service, await visibleFile(service, host, req.session!, req.query.id), false),
  );

  app.get(
    `${base}/preview`,
    {
      config: { access: { screen, action: readAction } },
      schema: { tags, summary: `${def.names.en_US}: a file shown inline (pictures, video, PDF; other kinds download)`, ...byId },
    },
    async (req, reply) => send(reply, service, await visibleFile(service, host, req.session!, req.query.id), 'preview'),
  );

  app.get(
    `${base}/thumb`,
    {
      config: { access: { screen, action: 'query' } },
      schema: { tags, summary: `${def.names.en_US}: a picture's thumbnail (WebP)`, ...byId },
    },
    async (req, reply) => {
      const file = await visibleFile(service, host, req.session!, req.query.id);
      if (!fileInfo(file).thumb) throw notFound('file.file');
      const full = service.fullPath(file);
      const thumb = thumbPathOf(full);
      try {
        await ensureThumb(full, thumb);
      } catch (err) {
        req.log.warn({ err, file: file.id }, 'thumbnail failed');
        throw notFound('file.file');
      }
      const { stream, size } = await service.openPath(thumb);
      return sendStoredFile(reply, { ...file, name: `${file.name}.webp`, mime: 'image/webp', kind: 'webp', size }, stream, {
        inline: true,
      });
    },
  );

  app.get(
    `${base}/files`,
    {
      config: { access: { screen, action: 'query' } },
      schema: {
        tags,
        summary: `${def.names.en_US}: metadata of files (comma-separated ids, at most 200); ids not visible are left out`,
        querystring: z.object({
          ids: z
            .string()
            .max(4000)
            .regex(/^\d{1,15}(,\d{1,15}){0,199}$/),
        }),
        response: { 200: envelope(z.array(fileInfoSchema)) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const wanted = [...new Set(req.query.ids.split(',').map(Number))];
      const scope = new TenantScope(service.db, fileTenant(host, session));
      const found = await scope.select(files, inArray(files.id, wanted), eq(files.scope, fileScope(host)));
      const out = [];
      for (const f of found) {
        if (await mayRead(service, host, session, f)) out.push(fileInfo(f));
      }
      return reply.ok(out);
    },
  );
};
