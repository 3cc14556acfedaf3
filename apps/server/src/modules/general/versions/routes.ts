import type {} from '@fastify/multipart';
import { id, schemasOf, VERSION_TYPES, versionResources } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest, notFound, validationError } from '../../../core/errors.js';
import { FileService, sendStoredFile } from '../../../core/files.js';
import { fileFields } from '../../../core/resource/file-fields.js';
import { readOneFile, storeForField } from '../../../core/resource/file-routes.js';
import type { ResourceService } from '../../../core/resource/service.js';
import { PlatformScope } from '../../../core/tenant-scope.js';
import { checkNumber } from './service.js';

/**
 * What a version screen adds to the generic routes (list, get, update, delete, and the file routes
 * upload/file/preview/thumb of its file field): create as JSON (the file uploaded first, its id in
 * `fileId`) or as one multipart request (the fields, then the file), and download by version id.
 */
const versionExtras: FastifyPluginAsyncZod<{ service: ResourceService }> = async (app, { service }) => {
  const def = service.def;
  const screen = def.code;
  const type = screen.replace('general/version-', '') as (typeof VERSION_TYPES)[number];
  const field = fileFields(def)[0];
  const files = new FileService(app.ctx);
  const parse = (lang: Parameters<typeof validationError>[0], body: unknown) => {
    const r = schemasOf(def).create.safeParse(body ?? {});
    if (!r.success) throw validationError(lang, r.error.issues, def.labels);
    return r.data;
  };

  app.post(
    `/${screen}/create`,
    {
      config: { access: { screen, action: 'add' }, fieldLabels: def.labels, ownBody: true },
      schema: {
        tags: [screen],
        summary: `${def.names.en_US}: add. JSON (fileId from /upload, or none), or multipart: the fields, then one file (${field.file.kinds.join('/')}, < ${field.file.maxBytes / 1024 / 1024} MB, the same file twice refused)`,
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      if (!req.isMultipart()) return reply.ok(await service.create(session, parse(req.lang, req.body)), 'common.saveSuccess');
      let data: Record<string, unknown> | undefined;
      const { file } = await readOneFile(req, field.file.maxBytes, async (fields, stream, name) => {
        data = parse(req.lang, fields);
        // a taken number is refused before a byte is stored (and again with the insert)
        await checkNumber(app.ctx.db, type, data);
        return storeForField(files, service, field, session, stream, name, { named: false });
      });
      if (!file || !data) throw badRequest('version.fileRequired');
      try {
        // the file's duplicate check and the row's insert are one transaction (service.create → attachFiles)
        return reply.ok(await service.create(session, { ...data, [field.key]: file.id }), 'version.uploaded');
      } catch (err) {
        await files.remove(PlatformScope.of(session, app.ctx.db).for(0), file.id);
        throw err;
      }
    },
  );

  app.get(
    `/${screen}/download`,
    {
      config: { access: { screen, action: 'download' } },
      schema: { tags: [screen], summary: `${def.names.en_US}: the version's file`, querystring: z.object({ id: id() }) },
    },
    async (req, reply) => {
      const row = await service.get(req.session!, req.query.id);
      if (!row.fileId) throw notFound('file.file');
      const { file, stream } = await files.open(PlatformScope.of(req.session!, app.ctx.db).for(0), Number(row.fileId));
      return sendStoredFile(reply, file, stream);
    },
  );
};

/** The four version screens (app, web, net, java) over the one software_versions table. */
export const versionRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  for (const type of VERSION_TYPES) await app.register(versionExtras, { service: services.modules.service(versionResources[type].code) });
};
