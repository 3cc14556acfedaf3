import { id, roleAssign } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { grantNode } from '../tenant/routes.js';
import type { RoleOwner } from './hooks.js';
import { RoleGrantService } from './service.js';

const roleRow = z.object({ id: z.number(), code: z.string(), name: z.string(), terminal: z.string(), builtIn: z.boolean() });
// the platform's screen also says whether the caller created the role (only its creator assigns)
const platformRoleRow = roleRow.extend({ mine: z.boolean() }).passthrough();

/**
 * A role's grantable tree and its assignment, on `screen` (guarded by its query and assign
 * buttons): the role screens' Assign (general/role, tenant/role) and the tenant's permission
 * maintenance (tenant/permission), which also lists the tenant's roles. The generic list, get,
 * create, update, delete and export of the role screens come from their declarations and hooks.
 */
export const roleGrantRoutes =
  (screen: string, owner: RoleOwner, opts: { listsRoles?: boolean } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const service = new RoleGrantService(app.ctx, owner);
    const tags = [screen];
    const role = owner === 'platform' ? platformRoleRow : roleRow;

    if (opts.listsRoles)
      app.post(
        `/${screen}/roles`,
        {
          config: { access: { screen, action: 'query' } },
          schema: { tags, summary: "The tenant's roles", response: { 200: envelope(z.array(roleRow.extend({ status: z.number() }))) } },
        },
        async (req, reply) => reply.ok(await service.roles(req.session!)),
      );

    app.post(
      `/${screen}/menus`,
      {
        config: { access: { screen, action: 'query' } },
        schema: {
          tags,
          summary:
            "What the role may be granted (its tenant's screens of the role's terminal, never a platform screen to a tenant's role) with its current grants",
          body: z.object({ id: id() }),
          response: { 200: envelope(z.object({ role, tree: z.array(grantNode) })) },
        },
      },
      async (req, reply) => reply.ok(await service.menus(req.session!, req.body.id)),
    );

    app.post(
      `/${screen}/assign`,
      {
        config: { access: { screen, action: 'assign' } },
        schema: {
          tags,
          summary:
            "Replace the role's menus and buttons, all within its tenant's grant or nothing; users see them at their next menu fetch",
          body: roleAssign,
          response: { 200: envelope(z.object({ count: z.number() })) },
        },
      },
      async (req, reply) => reply.ok({ count: await service.assign(req.session!, req.body.id, req.body.grants) }, 'role.assigned'),
    );
  };

/** The platform's role screen's Assign (general/role): every tenant's roles, by their creators. */
export const roleAdminRoutes = roleGrantRoutes('general/role', 'platform');
