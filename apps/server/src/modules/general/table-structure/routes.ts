import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { attachment } from '../../../core/resource/excel.js';
import { TableStructureService } from './service.js';

const SCREEN = 'general/table-structure';
const tags = [SCREEN];
/** a table name, optionally schema-qualified; only looked up in the catalog, never spliced into SQL */
const tableName = z
  .string()
  .trim()
  .min(1)
  .max(130)
  .regex(/^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$/, { message: 'validation.invalidFormat' });
const tableNode = z.object({
  schema: z.string(),
  name: z.string(),
  comment: z.string(),
  rowEstimate: z.number().nullable(),
  partitioned: z.boolean(),
  partitions: z.number(),
});
const column = z.object({
  position: z.number(),
  name: z.string(),
  type: z.string(),
  nullable: z.boolean(),
  default: z.string().nullable(),
  comment: z.string(),
  primaryKey: z.boolean(),
  unique: z.boolean(),
  references: z.string().nullable(),
});
const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/** Table structure (spec §7 /table/web/...): the real database catalog as a tree, a table's columns, Excel. */
export const tableStructureRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TableStructureService(app.ctx.db);

  app.post(
    '/table/web/tableTree',
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: 'Schemas and their tables (comments, row estimates) from the database catalog',
        response: {
          200: envelope(
            z.array(
              z.object({
                key: z.string(),
                title: z.string(),
                type: z.literal('schema'),
                children: z.array(tableNode.extend({ key: z.string(), title: z.string(), type: z.literal('table') })),
              }),
            ),
          ),
        },
      },
    },
    async (req, reply) => reply.ok(await service.tree(req.lang)),
  );

  app.post(
    '/table/web/tableDetail',
    {
      config: {
        access: { screen: SCREEN, action: 'query' },
        logTarget: (req) => String((req.body as { tableName?: string })?.tableName ?? ''),
      },
      schema: {
        tags,
        summary: "A table's columns: type, nullable, default, comment, primary key / unique / foreign key",
        body: z.object({ tableName }),
        response: { 200: envelope(z.object({ schema: z.string(), name: z.string(), columns: z.array(column) })) },
      },
    },
    async (req, reply) => reply.ok(await service.columns(req.body.tableName)),
  );

  app.post(
    '/table/web/ExportTableDetail',
    {
      config: { access: { screen: SCREEN, action: 'export' } },
      schema: {
        tags,
        summary: 'The structure as .xlsx: one table, or all tables (a table list sheet and a combined column sheet)',
        body: z
          .object({ tableName: tableName.optional().or(z.literal('')) })
          .optional()
          .default({}),
      },
    },
    async (req, reply) => {
      const name = req.body.tableName || undefined;
      const buf = await service.exportXlsx(req.lang, name);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${name ?? 'tables'}-${stamp()}.xlsx`))
        .send(buf);
    },
  );
};
