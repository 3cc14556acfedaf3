import { id, idsBody, int, resetPassword, userCreate, userQuery, userResource, userUpdate } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { attachment } from '../../../core/resource/excel.js';
import type { SessionService } from '../../../core/sessions.js';
import { USER_SORT_FIELDS, UserAdminService, type UserQuery } from './admin.js';

const SCREEN = 'general/user';
const tags = [SCREEN];
const labels = userResource.labels;
const roleRef = z.object({ id: z.number(), code: z.string(), name: z.string() });
const userRow = z.object({
  tenantId: z.number(),
  id: z.number(),
  userCode: z.string(),
  username: z.string(),
  aliasName: z.string().nullable(),
  userType: z.number(),
  loginStatus: z.number(),
  status: z.number(),
  lang: z.string(),
  createdBy: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  roles: z.record(z.string(), z.array(roleRef)),
  /** 1: the password was set by an administrator and must be changed at the next sign-in */
  mustChangePassword: z.number().int(),
  /** sign-ins under this name are held back by the login throttle right now */
  locked: z.boolean(),
});
/** 1/0 or true/false: whether the user must change the password at the next sign-in */
const mustChange = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => v === true || v === 1 || v === '1');
const mustChangeBody = z.object({ mustChangePassword: mustChange.optional() });
const counted = envelope(z.object({ count: z.number() }));
/** The body of /list and /export: filters, paging, and one of the declared sortable fields. */
const listQuery = userQuery.extend({ sortField: z.enum(USER_SORT_FIELDS).optional(), sortOrder: z.enum(['asc', 'desc']).optional() });
const listBody = listQuery.optional().default({ page: 1, pageSize: 20 });
const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/** The platform's user screen over every tenant's users. */
export const userAdminRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  const userAdmin = new UserAdminService(app.ctx, sessions);
  app.post(
    `/${SCREEN}/list`,
    {
      config: { access: { screen: SCREEN, action: 'query' }, fieldLabels: labels },
      schema: {
        tags,
        summary: 'Users of every tenant (tenantId filters one), with their roles per terminal',
        body: listBody,
        response: {
          200: envelope(
            z.object({
              list: z.array(userRow.extend({ tenantCode: z.string(), tenantName: z.string() })),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
            }),
          ),
        },
      },
    },
    async (req, reply) => reply.ok(await userAdmin.list(req.session!, req.body as UserQuery)),
  );

  app.post(
    `/${SCREEN}/export`,
    {
      config: { access: { screen: SCREEN, action: 'export' } },
      schema: { tags, summary: 'The filtered, sorted users of every page as .xlsx', body: listBody },
    },
    async (req, reply) => {
      const buf = await userAdmin.exportXlsx(req.session!, req.body as UserQuery, req.lang);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${userResource.names[req.lang]}-${stamp()}.xlsx`))
        .send(buf);
    },
  );

  app.get(
    `/${SCREEN}/get`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: { tags, querystring: z.object({ id: id() }), response: { 200: envelope(userRow) } },
    },
    async (req, reply) => reply.ok(await userAdmin.get(req.session!, req.query.id)),
  );

  app.post(
    `/${SCREEN}/create`,
    {
      config: {
        access: { screen: SCREEN, action: 'add' },
        fieldLabels: labels,
        logTarget: (req) => String((req.body as { username?: string })?.username ?? ''),
      },
      schema: {
        tags,
        summary:
          "Add a user to a tenant, with roles per terminal from that tenant's roles; the password must keep the password policy; mustChangePassword (default false, the console sends true) forces a change at the first sign-in",
        body: userCreate.and(mustChangeBody),
        response: { 200: envelope(userRow) },
      },
    },
    async (req, reply) => reply.ok(await userAdmin.create(req.session!, req.body, req.lang), 'common.saveSuccess'),
  );

  app.post(
    `/${SCREEN}/update`,
    {
      config: { access: { screen: SCREEN, action: 'edit' }, fieldLabels: labels },
      schema: {
        tags,
        summary: 'Edit alias, user type, roles per terminal and whether the password must be changed at the next sign-in',
        body: userUpdate.and(mustChangeBody),
        response: { 200: envelope(userRow) },
      },
    },
    async (req, reply) => reply.ok(await userAdmin.update(req.session!, req.body), 'common.saveSuccess'),
  );

  app.post(
    `/${SCREEN}/delete`,
    {
      config: { access: { screen: SCREEN, action: 'delete' } },
      schema: {
        tags,
        summary: 'Delete users (not yourself, not the last platform administrator)',
        body: idsBody,
        response: { 200: envelope(z.object({ deleted: z.number() })) },
      },
    },
    async (req, reply) => reply.ok({ deleted: await userAdmin.remove(req.session!, req.body.ids) }, 'common.deleteSuccess'),
  );

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
