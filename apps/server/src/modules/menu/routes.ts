import { Code, menuItem } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../core/envelope.js';
import { AppError } from '../../core/errors.js';
import type { MenuService } from './service.js';

export const menuRoutes: FastifyPluginAsyncZod<{ menus: MenuService }> = async (app, { menus }) => {
  app.post(
    '/menu/selectMenuByCurrentUserId',
    {
      config: { access: 'session', skipOperationLog: true },
      schema: {
        tags: ['menu'],
        summary: "The signed-in user's menu tree (modules → groups → screens, with granted buttons)",
        response: { 200: envelope(z.array(menuItem)) },
      },
    },
    async (req, reply) => {
      const tree = await menus.treeFor(req.session!.tenantId, req.session!.userId, req.lang);
      if (!tree.length) throw new AppError(403, Code.FORBIDDEN, 'auth.menuVerifyFailed');
      return reply.ok(tree);
    },
  );
};
