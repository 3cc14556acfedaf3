import { trainingDocResource } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../../core/resource/routes.js';
import { ResourceService } from '../../../core/resource/service.js';
import { trainingDocHooks } from './hooks.js';
import { trainingDocs } from './tables.js';

/**
 * Training documents: the generic list, get, create and delete, and the file routes of its pdf
 * field (upload with the Upload button; file and preview with the Download button). A document is
 * added (its pdf uploaded first, its id in `fileId`) and deleted, never edited.
 */
export const trainingDocRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(resourceRoutes, {
    service: new ResourceService(app.ctx, trainingDocResource, trainingDocs as never, trainingDocHooks),
  });
};
