import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobs } from '../../db/schema/index.js';
import { envelope } from '../envelope.js';
import { notFound } from '../errors.js';

/** Progress of the caller's own slow work (imports, exports, EPC generation). */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs/:id',
    {
      config: { access: 'session' },
      schema: {
        tags: ['common'],
        summary: 'State and progress of a job',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: {
          200: envelope(
            z.object({
              id: z.string(),
              kind: z.string(),
              state: z.string(),
              done: z.number(),
              total: z.number(),
              message: z.string(),
              result: z.unknown(),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      // a job is its starter's: another user of the tenant does not see it (its result names rows and errors)
      const job = await req.scope.first(jobs, eq(jobs.id, req.params.id), eq(jobs.createdBy, req.session!.userId));
      if (!job) throw notFound('resource.job');
      return reply.ok({
        id: job.id,
        kind: job.kind,
        state: job.state,
        done: job.done,
        total: job.total,
        message: job.message,
        result: job.result,
      });
    },
  );
};
