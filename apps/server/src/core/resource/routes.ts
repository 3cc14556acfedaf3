import type {} from '@fastify/multipart';
import { id, idList, type ResourceDef } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../envelope.js';
import { AppError } from '../errors.js';
import { SHEET_LIMITS } from '../sheet/limits.js';
import { attachment } from './excel.js';
import type { ResourceService } from './service.js';

/** the uploaded file itself; what it may unpack to is limited by the sheet reader (core/sheet/limits.ts) */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/** The row as the API returns it, derived from the declaration (for OpenAPI and response checks). */
function rowSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodTypeAny> = {
    id: z.number(),
    createdAt: z.date(),
    updatedAt: z.date(),
    createdBy: z.number().nullable(),
  };
  for (const f of def.list) {
    if (f.kind === 'password') continue;
    const t =
      f.kind === 'text' || f.kind === 'textarea'
        ? z.string()
        : f.kind === 'date' || f.kind === 'datetime'
          ? z.date()
          : f.kind === 'json'
            ? z.unknown()
            : f.kind === 'enum'
              ? z.union([z.number(), z.string()])
              : z.number();
    shape[f.key] = t.nullable();
  }
  return z.object(shape);
}

/**
 * The routes of one declared resource under /api/<screen code>/: list, get, create, update,
 * delete, export, template, import. Each declares its screen button, so permissions, the tenant
 * scope and the operation log apply without a line here.
 */
export const resourceRoutes: FastifyPluginAsyncZod<{ service: ResourceService }> = async (app, { service }) => {
  const def = service.def;
  const screen = def.code;
  const tags = [screen];
  const row = rowSchema(def);
  const base = `/${def.code}`;

  app.post(
    `${base}/list`,
    {
      config: { access: { screen, action: 'query' }, fieldLabels: def.labels },
      schema: {
        tags,
        summary: `${def.names.en_US}: one page of rows, filtered and sorted`,
        body: def.querySchema.optional().default({ page: 1, pageSize: 20 }),
        response: { 200: envelope(z.object({ list: z.array(row), total: z.number(), page: z.number(), pageSize: z.number() })) },
      },
    },
    async (req, reply) => reply.ok(await service.list(req.session!, req.body as never)),
  );

  app.get(
    `${base}/get`,
    {
      config: { access: { screen, action: 'query' } },
      schema: {
        tags,
        summary: `${def.names.en_US}: one row`,
        querystring: z.object({ id: id() }),
        response: { 200: envelope(row) },
      },
    },
    async (req, reply) => reply.ok(await service.get(req.session!, req.query.id)),
  );

  app.post(
    `${base}/create`,
    {
      config: { access: { screen, action: 'add' }, fieldLabels: def.labels },
      schema: { tags, summary: `${def.names.en_US}: add`, body: def.createSchema, response: { 200: envelope(row) } },
    },
    async (req, reply) => reply.ok(await service.create(req.session!, req.body as Record<string, unknown>), 'common.saveSuccess'),
  );

  app.post(
    `${base}/update`,
    {
      config: { access: { screen, action: 'edit' }, fieldLabels: def.labels },
      schema: {
        tags,
        summary: `${def.names.en_US}: edit (fields left out keep their values)`,
        body: def.updateSchema,
        response: { 200: envelope(row) },
      },
    },
    async (req, reply) => reply.ok(await service.update(req.session!, req.body as never, req.lang), 'common.saveSuccess'),
  );

  app.post(
    `${base}/delete`,
    {
      config: { access: { screen, action: 'delete' } },
      schema: {
        tags,
        summary: `${def.names.en_US}: delete all of the ids or none`,
        body: z.object({ ids: idList() }),
        response: { 200: envelope(z.object({ deleted: z.number() })) },
      },
    },
    async (req, reply) => reply.ok({ deleted: await service.remove(req.session!, req.body.ids) }, 'common.deleteSuccess'),
  );

  app.post(
    `${base}/export`,
    {
      config: { access: { screen, action: 'export' } },
      schema: {
        tags,
        summary: `${def.names.en_US}: the filtered rows as .xlsx`,
        body: def.querySchema.optional().default({ page: 1, pageSize: 20 }),
      },
    },
    async (req, reply) => {
      const buf = await service.exportXlsx(req.session!, req.body as never, req.lang);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${def.names[req.lang]}-${stamp()}.xlsx`))
        .send(buf);
    },
  );

  app.get(
    `${base}/template`,
    { config: { access: { screen, action: 'import' } }, schema: { tags, summary: `${def.names.en_US}: the import template (.xlsx)` } },
    async (req, reply) =>
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${def.names[req.lang]}-template.xlsx`))
        .send(service.template(req.lang)),
  );

  app.post(
    `${base}/import`,
    {
      config: { access: { screen, action: 'import' } },
      schema: {
        tags,
        summary: `${def.names.en_US}: import one .xls/.xlsx (multipart field "file", at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB, ${SHEET_LIMITS.rows} rows, ${SHEET_LIMITS.columns} columns). Any bad row rejects the file unless validOnly=1; progress at /api/jobs/{x-job-id}`,
        querystring: z.object({ validOnly: z.enum(['0', '1']).optional() }),
        headers: z
          .object({
            'x-job-id': z
              .string()
              .regex(/^[A-Za-z0-9_-]{8,64}$/)
              .optional(),
          })
          .passthrough(),
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError(400, 400, 'resource.importOneFile');
      const parts = req.files({ limits: { files: 2, fileSize: IMPORT_MAX_BYTES } });
      let file: { name: string; buf: Buffer } | undefined;
      try {
        for await (const part of parts) {
          if (file) throw new AppError(400, 400, 'resource.importOneFile');
          file = { name: part.filename, buf: await part.toBuffer() };
        }
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        throw new AppError(400, 400, 'resource.importFileTooLarge', { max: IMPORT_MAX_BYTES / 1024 / 1024 });
      }
      if (!file || !/\.xlsx?$/i.test(file.name)) throw new AppError(400, 400, 'resource.importOneFile');
      const report = await service.importXlsx(req.session!, file.buf, {
        validOnly: req.query.validOnly === '1',
        jobId: req.headers['x-job-id'] as string | undefined,
        lang: req.lang,
      });
      return reply.ok(report, 'resource.importDone', { inserted: report.inserted });
    },
  );
};
