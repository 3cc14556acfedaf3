import type {} from '@fastify/multipart';
import { id, idsBody, LIMITS, VERSION_TYPES } from '@tagloom/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { AppError } from '../../../core/errors.js';
import { type FileService, type StoredFile, sendStoredFile } from '../../../core/files.js';
import { validationError } from '../../../core/resource/service.js';
import { VersionService } from './service.js';

const versionRow = z.object({
  id: z.number(),
  type: z.string(),
  softwareName: z.string(),
  softwareCode: z.string(),
  projectCode: z.string(),
  projectName: z.string(),
  deviceType: z.string(),
  upgradeType: z.string(),
  versionName: z.string(),
  versionNumber: z.number(),
  updatedInstructions: z.string(),
  uploadedPerson: z.string(),
  uploadTime: z.date().nullable(),
  fileId: z.number().nullable(),
  fileName: z.string(),
  fileSize: z.number(),
  createdBy: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/**
 * Read a multipart request: text fields first, then exactly one file, handed to `onFile` once the
 * fields before it are known (so they are validated before any byte is stored).
 */
async function readUpload(
  req: FastifyRequest,
  onFile: (fields: Record<string, string>, file: NodeJS.ReadableStream, name: string) => Promise<StoredFile>,
): Promise<{ fields: Record<string, string>; file?: StoredFile }> {
  const fields: Record<string, string> = {};
  let file: StoredFile | undefined;
  try {
    for await (const part of req.parts({ limits: { files: 1, fileSize: LIMITS.softwareFileBytes + 1 } })) {
      if (part.type === 'file') file = await onFile(fields, part.file, part.filename);
      else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError(400, 400, 'version.oneFile');
    throw err;
  }
  return { fields, file };
}

/** The routes of one version screen (general/version-app, -web, -net, -java) over the shared table. */
const versionScreenRoutes: FastifyPluginAsyncZod<{ service: VersionService }> = async (app, { service }) => {
  const def = service.def;
  const screen = def.code;
  const tags = [screen];
  const labels = def.labels;
  const base = `/${screen}`;

  const parseCreate = (lang: FastifyRequest['lang'], body: unknown) => {
    const r = def.createSchema.safeParse(body);
    if (!r.success) throw validationError(lang, r.error.issues, labels);
    return r.data;
  };

  app.post(
    `${base}/list`,
    {
      config: { access: { screen, action: 'query' }, fieldLabels: labels },
      schema: {
        tags,
        summary: `${def.names.en_US}: one page, filtered and sorted`,
        body: def.querySchema.optional().default({ page: 1, pageSize: 20 }),
        response: { 200: envelope(z.object({ list: z.array(versionRow), total: z.number(), page: z.number(), pageSize: z.number() })) },
      },
    },
    async (req, reply) => reply.ok(await service.list(req.session!, req.body as never)),
  );

  app.get(
    `${base}/get`,
    {
      config: { access: { screen, action: 'query' } },
      schema: { tags, querystring: z.object({ id: id() }), response: { 200: envelope(versionRow) } },
    },
    async (req, reply) => reply.ok(await service.get(req.session!, req.query.id)),
  );

  app.post(
    `${base}/create`,
    {
      config: { access: { screen, action: 'add' }, fieldLabels: labels },
      schema: {
        tags,
        summary: `${def.names.en_US}: add. JSON (file uploaded later), or multipart: the fields, then one file (< 5 MB; ${service.type === 'app' ? '.apk' : 'see upload'})`,
        response: { 200: envelope(versionRow) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) return reply.ok(await service.create(req.session!, parseCreate(req.lang, req.body)), 'common.saveSuccess');
      let data: Record<string, unknown> | undefined;
      const { file } = await readUpload(req, async (fields, stream, name) => {
        if (data) throw new AppError(400, 400, 'version.oneFile');
        data = parseCreate(req.lang, fields);
        await service.checkNumber(data);
        return service.storeFile(req.session!, stream as never, name);
      });
      if (!file || !data) throw new AppError(400, 400, 'version.fileRequired');
      return reply.ok(await service.create(req.session!, data, file), 'version.uploaded');
    },
  );

  app.post(
    `${base}/update`,
    {
      config: { access: { screen, action: 'edit' }, fieldLabels: labels },
      schema: { tags, summary: `${def.names.en_US}: edit`, body: def.updateSchema, response: { 200: envelope(versionRow) } },
    },
    async (req, reply) => {
      const { id: vid, ...data } = req.body as { id: number } & Record<string, unknown>;
      return reply.ok(await service.update(req.session!, vid, data), 'common.saveSuccess');
    },
  );

  app.post(
    `${base}/delete`,
    {
      config: { access: { screen, action: 'delete' } },
      schema: {
        tags,
        summary: `${def.names.en_US}: delete with their files`,
        body: idsBody,
        response: { 200: envelope(z.object({ deleted: z.number() })) },
      },
    },
    async (req, reply) => reply.ok({ deleted: await service.remove(req.session!, req.body.ids) }, 'common.deleteSuccess'),
  );

  app.post(
    `${base}/upload`,
    {
      config: { access: { screen, action: 'upload' } },
      schema: {
        tags,
        summary: `${def.names.en_US}: multipart field "id", then one file: replaces the version's file (< 5 MB, same file twice refused)`,
        response: { 200: envelope(versionRow) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError(400, 400, 'version.fileRequired');
      let target: number | undefined;
      const { file } = await readUpload(req, async (fields, stream, name) => {
        const parsed = id().safeParse(fields.id);
        if (!parsed.success)
          throw validationError(
            req.lang,
            parsed.error.issues.map((i) => ({ ...i, path: ['id'] })),
          );
        target = parsed.data;
        await service.get(req.session!, target);
        return service.storeFile(req.session!, stream as never, name);
      });
      if (!file || target === undefined) throw new AppError(400, 400, 'version.fileRequired');
      return reply.ok(await service.attach(req.session!, target, file), 'version.uploaded');
    },
  );

  app.get(
    `${base}/download`,
    {
      config: { access: { screen, action: 'download' } },
      schema: { tags, summary: `${def.names.en_US}: the version's file`, querystring: z.object({ id: id() }) },
    },
    async (req, reply) => {
      const { file, stream } = await service.download(req.session!, req.query.id);
      return sendStoredFile(reply, file, stream);
    },
  );
};

/** The four version screens (app, web, net, java) over the one software_versions table. */
export const versionRoutes: FastifyPluginAsyncZod<{ files: FileService }> = async (app, { files }) => {
  for (const type of VERSION_TYPES) await app.register(versionScreenRoutes, { service: new VersionService(app.ctx, files, type) });
};
