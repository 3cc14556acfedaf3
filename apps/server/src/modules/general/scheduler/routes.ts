import { id, int, PLATFORM_TENANT_ID } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { forbidden } from '../../../core/errors.js';
import { taskKinds } from '../../../core/queue/registry.js';
import { SchedulerService } from './service.js';

const SCREEN = 'general/scheduler';
const tags = [SCREEN];
const idBody = z.object({ id: id() });
/**
 * Scheduled tasks beyond the generic routes (CRUD, and pause / recover / stop from the declared
 * state machine): the run history and the registered handlers.
 */
export const schedulerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SchedulerService(app.ctx);
  // platform-owned: the screen is granted to platform users only; refuse anyone else outright too
  app.addHook('preHandler', async (req) => {
    if (req.session && req.session.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
  });

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
        summary: 'The registered task kinds a scheduled task may run (its class name), with descriptions',
        response: { 200: envelope(z.array(z.object({ value: z.string(), label: z.string() }))) },
      },
    },
    async (req, reply) => reply.ok(taskKinds().map((k) => ({ value: k.kind, label: k.task[req.lang] }))),
  );
};
