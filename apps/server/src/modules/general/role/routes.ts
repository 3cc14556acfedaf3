import { id, roleAssign } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { grantNode } from '../tenant/routes.js';
import { RoleGrantService } from './service.js';

const SCREEN = 'general/role';
const tags = [SCREEN];

/**
 * The role screen: the generic list, get, create, update, delete and export (./hooks.ts adds the
 * platform-by-default list, the creator's rights and the built-in roles), plus a role's menus and
 * buttons per terminal.
 */
export const roleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const grants = new RoleGrantService(app.ctx);
  const roleRow = z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    terminal: z.string(),
    builtIn: z.boolean(),
    mine: z.boolean(),
  });

  app.post(
    `/${SCREEN}/menus`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: "What the role may be granted (its tenant's screens of the role's terminal) with its current grants",
        body: z.object({ id: id() }),
        response: { 200: envelope(z.object({ role: roleRow.passthrough(), tree: z.array(grantNode) })) },
      },
    },
    async (req, reply) => reply.ok(await grants.menus(req.session!, req.body.id)),
  );

  app.post(
    `/${SCREEN}/assign`,
    {
      config: { access: { screen: SCREEN, action: 'assign' } },
      schema: {
        tags,
        summary: "Replace the role's menus and buttons (within its tenant's grant); users see them at their next menu fetch",
        body: roleAssign,
        response: { 200: envelope(z.object({ count: z.number() })) },
      },
    },
    async (req, reply) => reply.ok({ count: await grants.assign(req.session!, req.body.id, req.body.grants) }, 'role.assigned'),
  );
};
