import { idsBody, int, resetPassword, userResource } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import type { SessionService } from '../../../core/sessions.js';
import { UserAdminService } from './admin.js';
import { mustChangeBody } from './hooks.js';

const SCREEN = 'general/user';
const tags = [SCREEN];
const counted = envelope(z.object({ count: z.number() }));

/**
 * The platform's user screen over every tenant's users: the generic list, get, create, update,
 * delete and export (./hooks.ts adds the tenant, the login name, the roles per terminal and the
 * guards), plus allow/forbid login, reset password, unlock and the role options of a tenant.
 */
export const userAdminRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  const userAdmin = new UserAdminService(app.ctx, sessions);

  await accountActionRoutes(app, SCREEN, userAdmin);

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

/**
 * The account actions of a user screen (`screen`'s buttons): allow or forbid login, reset a
 * password, lift the login throttle's blocks — on the users `admin` reaches (every tenant's for
 * the platform's screen, the session's own tenant's for tenant/user).
 */
export async function accountActionRoutes(app: Parameters<FastifyPluginAsyncZod>[0], screen: string, admin: UserAdminService) {
  for (const action of ['enable', 'disable'] as const) {
    app.post(
      `/${screen}/${action}`,
      {
        config: { access: { screen, action } },
        schema: {
          tags: [screen],
          summary: action === 'enable' ? 'Allow login' : 'Forbid login and end the live sessions',
          body: idsBody,
          response: { 200: counted },
        },
      },
      async (req, reply) =>
        reply.ok(
          { count: await admin.setLogin(req.session!, req.body.ids, action === 'enable') },
          action === 'enable' ? 'account.loginAllowed' : 'account.loginForbidden',
        ),
    );
  }

  app.post(
    `/${screen}/reset-password`,
    {
      config: { access: { screen: screen, action: 'resetPassword' }, fieldLabels: userResource.labels },
      schema: {
        tags: [screen],
        summary:
          'Set the given password (it must keep the password policy), or generate a temporary one (returned once); ends the user’s sessions; the user must change it at the next sign-in unless mustChangePassword is false',
        body: resetPassword.and(mustChangeBody),
        response: { 200: envelope(z.object({ password: z.string().nullable() })) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await admin.resetPassword(req.session!, req.body.id, req.body.password, {
          mustChangePassword: req.body.mustChangePassword,
          lang: req.lang,
        }),
        'account.passwordReset',
      ),
  );

  // the login throttle's blocks are lifted with the screen's edit button (the menu tree offers no button of its own)
  app.post(
    `/${screen}/unlock`,
    {
      config: { access: { screen: screen, action: 'edit' } },
      schema: {
        tags: [screen],
        summary: 'Lift the login throttle’s blocks on these users’ names (written to the operation log)',
        body: idsBody,
        response: { 200: counted },
      },
    },
    async (req, reply) => reply.ok({ count: await admin.unlock(req.session!, req.body.ids) }, 'signin.unlocked'),
  );
}
