import { id, int, PLATFORM_TENANT_ID, SCHEDULER_HANDLERS, type SchedulerHandlerKey } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { forbidden } from '../../../core/errors.js';
import { SchedulerService } from './service.js';

const SCREEN = 'general/scheduler';
const tags = [SCREEN];
const idBody = z.object({ id: id() });
const taskOut = z.object({ id: z.number(), name: z.string(), state: z.number(), nextFireAt: z.date().nullable() });
const pick = (t: { id: number; name: string; state: number; nextFireAt: Date | null }) => ({
  id: t.id,
  name: t.name,
  state: t.state,
  nextFireAt: t.nextFireAt,
});

/** Scheduled tasks beyond the generic CRUD: pause / recover / stop, the run history, the handlers. */
export const schedulerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SchedulerService(app.ctx);
  // platform-owned: the screen is granted to platform users only; refuse anyone else outright too
  app.addHook('preHandler', async (req) => {
    if (req.session && req.session.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
  });

  for (const action of ['pause', 'recover', 'stop'] as const) {
    app.post(
      `/${SCREEN}/${action}`,
      {
        config: { access: { screen: SCREEN, action } },
        schema: {
          tags,
          summary: {
            pause: 'Pause a task (normal → paused)',
            recover: 'Recover a paused task (paused → normal; the next fire is planned from now)',
            stop: 'Stop a task for good (normal or paused → stopped)',
          }[action],
          body: idBody,
          response: { 200: envelope(taskOut) },
        },
      },
      async (req, reply) => reply.ok(pick(await service[action](req.body.id)), `scheduler.done.${action}`),
    );
  }

  app.post(
    `/${SCREEN}/runs`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: 'Run history of one task, newest first',
        body: idBody.extend({
          page: int(1).default(1),
          pageSize: int(1, 500).default(20),
        }),
        response: {
          200: envelope(
            z.object({
              list: z.array(
                z.object({
                  id: z.number(),
                  taskId: z.number(),
                  firedAt: z.date(),
                  startedAt: z.date(),
                  endedAt: z.date(),
                  durationMs: z.number(),
                  result: z.number(),
                  message: z.string(),
                }),
              ),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
            }),
          ),
        },
      },
    },
    async (req, reply) => reply.ok(await service.runs(req.body.id, req.body.page, req.body.pageSize, req.lang)),
  );

  app.post(
    `/${SCREEN}/handlers`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: 'The registered job handlers a task may run (its class name), with descriptions',
        response: { 200: envelope(z.array(z.object({ value: z.string(), label: z.string() }))) },
      },
    },
    async (req, reply) =>
      reply.ok(
        (Object.keys(SCHEDULER_HANDLERS) as SchedulerHandlerKey[]).map((k) => ({ value: k, label: SCHEDULER_HANDLERS[k][req.lang] })),
      ),
  );
};
