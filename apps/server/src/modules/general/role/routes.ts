import { id, idsBody, roleAssign, roleResource } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { attachment } from '../../../core/resource/excel.js';
import { grantNode } from '../tenant/routes.js';
import { RoleAdminService, type RoleInput, type RoleQuery } from './service.js';

const SCREEN = 'general/role';
const tags = [SCREEN];
const labels = roleResource.labels;
const roleRow = z.object({
  tenantId: z.number(),
  id: z.number(),
  code: z.string(),
  name: z.string(),
  alias: z.string(),
  status: z.number(),
  terminal: z.string(),
  allMenus: z.boolean(),
  createdBy: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** built-in (all menus): never deleted */
  builtIn: z.boolean(),
  /** created by the caller: may be edited, assigned and deleted by it */
  mine: z.boolean(),
});
const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);
/** The body of /list and /export: the declaration's filters, paging and sortable fields. */
const listBody = roleResource.querySchema.optional().default({ page: 1, pageSize: 20 });

/** The service's query from a checked list body (sortField is one of the declared sortable fields). */
function toQuery(b: Record<string, unknown> & { page: number; pageSize: number }): RoleQuery {
  return {
    page: b.page,
    pageSize: b.pageSize,
    tenantId: num(b.tenantId),
    code: b.code ? String(b.code) : undefined,
    name: b.name ? String(b.name) : undefined,
    status: num(b.status),
    terminal: b.terminal ? String(b.terminal) : undefined,
    sortField: b.sortField ? String(b.sortField) : undefined,
    sortOrder: b.sortOrder === 'desc' ? 'desc' : b.sortOrder === 'asc' ? 'asc' : undefined,
  };
}

/** The role screen: roles of the platform or of a chosen tenant; menus and buttons per terminal. */
export const roleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const roleAdmin = new RoleAdminService(app.ctx);
  app.post(
    `/${SCREEN}/list`,
    {
      config: { access: { screen: SCREEN, action: 'query' }, fieldLabels: labels },
      schema: {
        tags,
        summary: 'Roles of the platform (tenantId 0, the default) or of one tenant',
        body: listBody,
        response: { 200: envelope(z.object({ list: z.array(roleRow), total: z.number(), page: z.number(), pageSize: z.number() })) },
      },
    },
    async (req, reply) => reply.ok(await roleAdmin.list(req.session!, toQuery(req.body as never))),
  );

  app.post(
    `/${SCREEN}/export`,
    {
      config: { access: { screen: SCREEN, action: 'export' } },
      schema: { tags, summary: 'The filtered, sorted roles of the platform or one tenant (every page) as .xlsx', body: listBody },
    },
    async (req, reply) => {
      const buf = await roleAdmin.exportXlsx(req.session!, toQuery(req.body as never), req.lang);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${roleResource.names[req.lang]}-${stamp()}.xlsx`))
        .send(buf);
    },
  );

  app.get(
    `/${SCREEN}/get`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: { tags, querystring: z.object({ id: id() }), response: { 200: envelope(roleRow) } },
    },
    async (req, reply) => reply.ok(await roleAdmin.get(req.session!, req.query.id)),
  );

  app.post(
    `/${SCREEN}/create`,
    {
      config: { access: { screen: SCREEN, action: 'add' }, fieldLabels: labels },
      schema: {
        tags,
        summary: 'Add a role (created by the caller)',
        body: roleResource.createSchema,
        response: { 200: envelope(roleRow) },
      },
    },
    async (req, reply) => reply.ok(await roleAdmin.create(req.session!, req.body as unknown as RoleInput), 'common.saveSuccess'),
  );

  app.post(
    `/${SCREEN}/update`,
    {
      config: { access: { screen: SCREEN, action: 'edit' }, fieldLabels: labels },
      schema: { tags, summary: 'Edit a role the caller created', body: roleResource.updateSchema, response: { 200: envelope(roleRow) } },
    },
    async (req, reply) =>
      reply.ok(await roleAdmin.update(req.session!, req.body as unknown as Partial<RoleInput> & { id: number }), 'common.saveSuccess'),
  );

  app.post(
    `/${SCREEN}/delete`,
    {
      config: { access: { screen: SCREEN, action: 'delete' } },
      schema: {
        tags,
        summary: 'Delete roles the caller created that no user holds (built-in roles never)',
        body: idsBody,
        response: { 200: envelope(z.object({ deleted: z.number() })) },
      },
    },
    async (req, reply) => reply.ok({ deleted: await roleAdmin.remove(req.session!, req.body.ids) }, 'common.deleteSuccess'),
  );

  app.post(
    `/${SCREEN}/menus`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: "What the role may be granted (its tenant's screens of the role's terminal) with its current grants",
        body: z.object({ id: id() }),
        response: { 200: envelope(z.object({ role: roleRow, tree: z.array(grantNode) })) },
      },
    },
    async (req, reply) => reply.ok(await roleAdmin.menus(req.session!, req.body.id)),
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
    async (req, reply) => reply.ok({ count: await roleAdmin.assign(req.session!, req.body.id, req.body.grants) }, 'role.assigned'),
  );
};
