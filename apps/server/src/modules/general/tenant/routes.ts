import { id, idsBody } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import type { GrantNode } from '../menu/grants.js';
import { TenantService } from './service.js';

const SCREEN = 'general/tenant';
const tags = [SCREEN];
const l10n = z.object({ zh_CN: z.string(), zh_TW: z.string(), en_US: z.string() });

export const grantNode: z.ZodType<GrantNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    code: z.string(),
    level: z.number(),
    names: l10n,
    terminal: z.string(),
    side: z.string(),
    buttons: z.array(z.object({ code: z.string(), names: l10n })),
    granted: z.array(z.string()),
    children: z.array(grantNode),
  }),
) as unknown as z.ZodType<GrantNode>;
const counted = envelope(z.object({ count: z.number() }));

/**
 * The tenant screen: the generic list, get, create, update, delete and export (./tenant-hooks.ts
 * adds the grants, the admin role and user, and the delete guards), plus enable, disable and the
 * grantable menu tree.
 */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  const tenantAdmin = new TenantService(app.ctx);

  for (const action of ['enable', 'disable'] as const) {
    app.post(
      `/${SCREEN}/${action}`,
      {
        config: { access: { screen: SCREEN, action } },
        schema: {
          tags,
          summary: action === 'enable' ? 'Enable tenants' : "Disable tenants and end their users' live sessions",
          body: idsBody,
          response: { 200: counted },
        },
      },
      async (req, reply) =>
        reply.ok(
          { count: await tenantAdmin.setStatus(req.session!, req.body.ids, action === 'enable' ? 1 : 0) },
          action === 'enable' ? 'tenant.enabled' : 'tenant.disabled',
        ),
    );
  }

  app.post(
    `/${SCREEN}/menus`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: 'Grantable menu tree (tenant-side screens and their buttons), with the tenant’s grants when id is given',
        body: z.object({ id: id().optional() }).optional().default({}),
        response: { 200: envelope(z.array(grantNode)) },
      },
    },
    async (req, reply) => reply.ok(await tenantAdmin.menus(req.session!, req.body.id)),
  );
};
