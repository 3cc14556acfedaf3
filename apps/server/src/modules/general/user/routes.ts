import { idsBody, int, resetPassword, userResource } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { resourceRoutes } from '../../../core/resource/routes.js';
import { ResourceService } from '../../../core/resource/service.js';
import type { SessionService } from '../../../core/sessions.js';
import { users } from '../../../db/schema/index.js';
import { UserAdminService } from './admin.js';
import { mustChangeBody, userHooks } from './hooks.js';

const SCREEN = 'general/user';
const tags = [SCREEN];
const labels = userResource.labels;
const counted = envelope(z.object({ count: z.number() }));

/**
 * The platform's user screen over every tenant's users: the generic list, get, create, update,
 * delete and export (./hooks.ts adds the tenant, the login name, the roles per terminal and the
 * guards), plus allow/forbid login, reset password, unlock and the role options of a tenant.
 */
export const userAdminRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  const service = new ResourceService(app.ctx, userResource, users as never, userHooks(app.ctx));
  await app.register(resourceRoutes, { service });
  const userAdmin = new UserAdminService(app.ctx, sessions);

  for (const action of ['enable', 'disable'] as const) {
    app.post(
      `/${SCREEN}/${action}`,
      {
        config: { access: { screen: SCREEN, action } },
        schema: {
          tags,
          summary: action === 'enable' ? 'Allow login' : 'Forbid login and end the live sessions',
          body: idsBody,
          response: { 200: counted },
        },
      },
      async (req, reply) =>
        reply.ok(
          { count: await userAdmin.setLogin(req.session!, req.body.ids, action === 'enable') },
          action === 'enable' ? 'account.loginAllowed' : 'account.loginForbidden',
        ),
    );
  }

  app.post(
    `/${SCREEN}/reset-password`,
    {
      config: { access: { screen: SCREEN, action: 'resetPassword' }, fieldLabels: labels },
      schema: {
        tags,
        summary:
          'Set the given password (it must keep the password policy), or generate a temporary one (returned once); ends the user’s sessions; the user must change it at the next sign-in unless mustChangePassword is false',
        body: resetPassword.and(mustChangeBody),
        response: { 200: envelope(z.object({ password: z.string().nullable() })) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await userAdmin.resetPassword(req.session!, req.body.id, req.body.password, {
          mustChangePassword: req.body.mustChangePassword,
          lang: req.lang,
        }),
        'account.passwordReset',
      ),
  );

  // the login throttle's blocks are lifted with the screen's edit button (the menu tree offers no button of its own)
  app.post(
    `/${SCREEN}/unlock`,
    {
      config: { access: { screen: SCREEN, action: 'edit' } },
      schema: {
        tags,
        summary: 'Lift the login throttle’s blocks on these users’ names (written to the operation log)',
        body: idsBody,
        response: { 200: counted },
      },
    },
    async (req, reply) => reply.ok({ count: await userAdmin.unlock(req.session!, req.body.ids) }, 'signin.unlocked'),
  );

  app.post(
    `/${SCREEN}/roles`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: 'Enabled roles of one tenant, for the role selects',
        body: z.object({ tenantId: int(0) }),
        response: {
          200: envelope(z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), alias: z.string(), terminal: z.string() }))),
        },
      },
    },
    async (req, reply) => reply.ok(await userAdmin.roleOptions(req.session!, req.body.tenantId)),
  );
};
