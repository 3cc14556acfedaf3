import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { attachment } from '../../../core/resource/excel.js';
import { LOG_DEFS, type LogQuery, LogQueryService, logQuerySchema } from './service.js';

const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/** The login, operation, sync and device logs: query and export (platform screens, all tenants). */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const def of LOG_DEFS) {
    const service = new LogQueryService(app.ctx.db, def);
    const screen = def.code;
    const tags = [screen];
    const body = logQuerySchema(def).optional().default({ page: 1, pageSize: 20 });
    const fieldLabels = Object.fromEntries(def.columns.map((c) => [c.key, c.label]));

    app.post(
      `/${screen}/list`,
      {
        config: { access: { screen, action: 'query' }, fieldLabels },
        schema: {
          tags,
          summary: `${def.names.en_US}: one page, newest first; createdAt [from, to] defaults to the last 7 days`,
          body,
          response: {
            200: envelope(
              z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number(), page: z.number(), pageSize: z.number() }),
            ),
          },
        },
      },
      async (req, reply) => reply.ok(await service.list(req.session!, req.body as LogQuery)),
    );

    app.post(
      `/${screen}/export`,
      {
        config: { access: { screen, action: 'export' }, fieldLabels },
        schema: { tags, summary: `${def.names.en_US}: the filtered rows as .xlsx`, body },
      },
      async (req, reply) => {
        const buf = await service.exportXlsx(req.session!, req.body as LogQuery, req.lang);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachment(`${def.names[req.lang]}-${stamp()}.xlsx`))
          .send(buf);
      },
    );
  }
};
