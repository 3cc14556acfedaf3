import type {} from '@fastify/multipart';
import { type ActionCode, CRUD, id, idList, int, LINES_MAX, type ResourceDef, schemasOf, translate } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, localizeParams } from '../envelope.js';
import { badRequest } from '../errors.js';
import { enqueueExport, enqueueImport, importAnswer, waitForJob } from '../queue/resource-jobs.js';
import { SHEET_LIMITS } from '../sheet/limits.js';
import { EXPORT_SYNC_MAX_ROWS } from '../xlsx-stream.js';
import { attachment } from './excel.js';
import { exportXlsx } from './export.js';
import { fileRoutes, serviceFileHost } from './file-routes.js';
import { sheetTemplate } from './import.js';
import { checkOptionsAccess, optionsPage, optionsQuery } from './options.js';
import type { GenericRoute, ResourceService } from './service.js';
import { transitionRoutes } from './transitions.js';

/** the uploaded file itself; what it may unpack to is limited by the sheet reader (core/sheet/limits.ts) */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/** The button guarding each generic route (a route whose button the declaration does not offer is not served). */
const ROUTE_BUTTON: Record<GenericRoute, ActionCode> = {
  list: 'query',
  get: 'query',
  create: 'add',
  update: 'edit',
  delete: 'delete',
  export: 'export',
  template: 'import',
  import: 'import',
};

/** The row as the API returns it, derived from the declaration (for OpenAPI and response checks). */
function rowSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodTypeAny> = {
    id: z.number(),
    createdAt: z.date(),
    updatedAt: z.date(),
    createdBy: z.number().nullable(),
  };
  for (const f of def.list) {
    if (f.kind === 'password' || (f.stored === false && !f.derived)) continue;
    const t =
      f.kind === 'text' || f.kind === 'textarea'
        ? z.string()
        : f.kind === 'date' || f.kind === 'datetime'
          ? z.date()
          : f.kind === 'json' || (f.kind === 'file' && (f.file?.max ?? 1) > 1)
            ? z.unknown()
            : f.kind === 'enum'
              ? z.union([z.number(), z.string()])
              : z.number();
    // a derived column is the screen's decorate hook's (absent where it gives none)
    shape[f.key] = f.derived ? t.nullable().optional() : t.nullable();
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
  // a line resource (dictionary details …) is guarded by its parent's screen
  const screen = def.screen ?? def.code;
  const tags = [def.code];
  const hooks = service.hooks;
  // the screen's hooks may add response fields, richer bodies, and leave generic routes to its module
  const row = rowSchema(def)
    .extend(hooks.rowFields ?? {})
    .extend(
      Object.fromEntries((def.children ?? []).map((c) => [c.key, z.array(rowSchema(c.resource)).optional()])) as Record<
        string,
        z.ZodTypeAny
      >,
    );
  const base = `/${def.code}`;
  // a route is served when the declaration offers its button and the module does not serve it its own way
  const omit = new Set(hooks.omitRoutes ?? []);
  const offered = new Set<string>(def.crud ?? CRUD);
  const serves = (route: GenericRoute) => offered.has(ROUTE_BUTTON[route]) && !omit.has(route);
  const schemas = schemasOf(def);
  const queryBody = (hooks.body?.query ?? schemas.query).optional().default({ page: 1, pageSize: 20 });
  // one route per action of the declaration's state machine (POST <base>/<action>)
  await transitionRoutes(app, service, row);
  // upload, file, preview, thumb and files routes for a declaration with file fields (f.file)
  await app.register(fileRoutes, { host: serviceFileHost(service) });

  if (serves('list'))
    app.post(
      `${base}/list`,
      {
        config: { access: { screen, action: 'query' }, fieldLabels: def.labels },
        schema: {
          tags,
          summary: `${def.names.en_US}: one page of rows, filtered and sorted`,
          body: queryBody,
          response: {
            200: envelope(
              z.object({
                list: z.array(row),
                total: z.number(),
                page: z.number(),
                pageSize: z.number(),
                // past 10,000 matching rows the total is the planner's estimate
                estimated: z.boolean().optional(),
              }),
            ),
          },
        },
      },
      async (req, reply) => reply.ok(await service.list(req.session!, req.body as never)),
    );

  if (serves('get'))
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

  // the lines of one row (a document's goods lines, a code table's items), in the row's scope: every
  // declared line resource is listed under its parent here, whether or not its own screen has routes
  for (const c of def.children ?? [])
    app.post(
      `${base}/${c.key}/list`,
      {
        config: { access: { screen, action: 'query' } },
        schema: {
          tags,
          summary: `${def.names.en_US}: one page of the ${c.resource.names.en_US.toLowerCase()}s of a row (id), in their entry order; refLabels holds the labels of their ref fields by field and id`,
          body: z.object({ id: id(), page: int(1).default(1), pageSize: int(1, LINES_MAX).default(LINES_MAX) }),
          response: {
            200: envelope(
              z.object({
                list: z.array(rowSchema(c.resource).loose()),
                total: z.number(),
                page: z.number(),
                pageSize: z.number(),
                refLabels: z.record(z.string(), z.record(z.string(), z.string())),
              }),
            ),
          },
        },
      },
      async (req, reply) => reply.ok(await service.lines(req.session!, c.key, req.body, app.resourceServices.get(c.resource.code))),
    );

  // reference pickers: a page of {value, label}, searched on the server (core/resource/options.ts)
  app.get(
    `${base}/options`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: `${def.names.en_US}: picker options (q searches the title and code; ids= the labels of given rows). Allowed with the screen's query button, or the add/edit button of a screen pointing at it`,
        querystring: optionsQuery,
        response: { 200: envelope(optionsPage) },
      },
    },
    async (req, reply) => {
      await checkOptionsAccess(req, def);
      return reply.ok(await service.options(req.session!, req.query));
    },
  );

  if (serves('create'))
    app.post(
      `${base}/create`,
      {
        config: { access: { screen, action: 'add' }, fieldLabels: def.labels },
        schema: {
          tags,
          summary: `${def.names.en_US}: add`,
          body: hooks.body?.create ?? schemas.create,
          response: { 200: envelope(row) },
        },
      },
      async (req, reply) =>
        reply.ok(await service.create(req.session!, req.body as Record<string, unknown>, req.lang), 'common.saveSuccess'),
    );

  if (serves('update'))
    app.post(
      `${base}/update`,
      {
        config: { access: { screen, action: 'edit' }, fieldLabels: def.labels },
        schema: {
          tags,
          summary: `${def.names.en_US}: edit (fields left out keep their values)`,
          body: hooks.body?.update ?? schemas.update,
          response: { 200: envelope(row) },
        },
      },
      async (req, reply) => reply.ok(await service.update(req.session!, req.body as never, req.lang), 'common.saveSuccess'),
    );

  if (serves('delete'))
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

  if (serves('export'))
    app.post(
      `${base}/export`,
      {
        config: { access: { screen, action: 'export' } },
        schema: {
          tags,
          summary: `${def.names.en_US}: the filtered rows as .xlsx, at most ${EXPORT_SYNC_MAX_ROWS} (more are refused: export them as a job); with job=1 as a job instead (answers {jobId}; progress at /api/jobs/{jobId}/events, the file at /api/jobs/{jobId}/download; at most one running per user and two per tenant, the others queued)`,
          body: queryBody,
          querystring: z.object({ job: z.enum(['0', '1']).optional() }),
        },
      },
      async (req, reply) => {
        if (req.query.job === '1') {
          const job = await enqueueExport(app.ctx, service, req.session!, req.body as never, req.lang);
          return reply.ok({ jobId: job.id, state: job.state }, 'jobs.queued');
        }
        const buf = await exportXlsx(service, req.session!, req.body as Record<string, unknown>, req.lang);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachment(`${def.names[req.lang]}-${stamp()}.xlsx`))
          .send(buf);
      },
    );

  if (serves('template'))
    app.get(
      `${base}/template`,
      { config: { access: { screen, action: 'import' } }, schema: { tags, summary: `${def.names.en_US}: the import template (.xlsx)` } },
      async (req, reply) =>
        reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachment(`${def.names[req.lang]}-template.xlsx`))
          .send(sheetTemplate(service, req.lang)),
    );

  if (serves('import'))
    app.post(
      `${base}/import`,
      {
        config: { access: { screen, action: 'import' } },
        schema: {
          tags,
          summary: `${def.names.en_US}: import one .xls/.xlsx (multipart field "file", at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB, ${SHEET_LIMITS.rows} rows, ${SHEET_LIMITS.columns} columns) as a job: answers {jobId} at once (progress at /api/jobs/{jobId}/events); with wait=1 answers the import's report when the job ends. Any bad row rejects the file unless validOnly=1`,
          querystring: z.object({ validOnly: z.enum(['0', '1']).optional(), wait: z.enum(['0', '1']).optional() }),
        },
      },
      async (req, reply) => {
        if (!req.isMultipart()) throw badRequest('resource.importOneFile');
        const parts = req.files({ limits: { files: 2, fileSize: IMPORT_MAX_BYTES } });
        let file: { name: string; buf: Buffer } | undefined;
        try {
          for await (const part of parts) {
            if (file) throw badRequest('resource.importOneFile');
            file = { name: part.filename, buf: await part.toBuffer() };
          }
        } catch (err) {
          if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
          throw badRequest('resource.importFileTooLarge', { max: IMPORT_MAX_BYTES / 1024 / 1024 });
        }
        if (!file || !/\.xlsx?$/i.test(file.name)) throw badRequest('resource.importOneFile');
        const job = await enqueueImport(app.ctx, service, req.session!, file, { validOnly: req.query.validOnly === '1', lang: req.lang });
        if (req.query.wait !== '1') return reply.ok({ jobId: job.id, state: job.state }, 'jobs.queued');
        const ended = await waitForJob(app.ctx, job, req);
        const out = importAnswer(ended);
        return reply
          .status(out.status)
          .send({ code: out.code, msg: translate(req.lang, out.key, localizeParams(req.lang, out.params)), data: out.data });
      },
    );
};
