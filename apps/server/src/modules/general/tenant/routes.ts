import { id, idsBody, tenantCreate, tenantResource, tenantUpdate } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { attachment } from '../../../core/resource/excel.js';
import type { GrantNode } from '../menu/grants.js';
import { type TenantListQuery, tenantListQuery } from './query.js';
import { TenantService } from './service.js';

const SCREEN = 'general/tenant';
const tags = [SCREEN];
const labels = tenantResource.labels;
const l10n = z.object({ zh_CN: z.string(), zh_TW: z.string(), en_US: z.string() });

const tenantRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  groupId: z.number().nullable(),
  status: z.number(),
  adminUsername: z.string().nullable(),
  remark: z.string(),
  goodsAttrTemplateId: z.number().nullable(),
  locationAttrTemplateId: z.number().nullable(),
  codingRuleTemplateId: z.number().nullable(),
  createdBy: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
const grant = z.object({ menuId: z.number(), actions: z.array(z.string()) });
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
const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/** The tenant screen (same route shapes as the generic resources, plus enable, disable and menus). */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  const tenantAdmin = new TenantService(app.ctx);
  app.post(
    `/${SCREEN}/list`,
    {
      config: { access: { screen: SCREEN, action: 'query' }, fieldLabels: labels },
      schema: {
        tags,
        summary:
          'Tenants: one page, filtered by code, name, group, status, admin login name and created-at range; sorted by code, name or createdAt',
        body: tenantListQuery.optional().default({ page: 1, pageSize: 20 }),
        response: {
          200: envelope(
            z.object({
              list: z.array(tenantRow.extend({ groupName: z.string() })),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
            }),
          ),
        },
      },
    },
    async (req, reply) => reply.ok(await tenantAdmin.list(req.session!, req.body as TenantListQuery)),
  );

  app.post(
    `/${SCREEN}/export`,
    {
      config: { access: { screen: SCREEN, action: 'export' }, fieldLabels: labels },
      schema: {
        tags,
        summary: 'Tenants: the filtered rows as .xlsx (same filters and sort as the list; no passwords)',
        body: tenantListQuery.optional().default({ page: 1, pageSize: 20 }),
      },
    },
    async (req, reply) => {
      const buf = await tenantAdmin.exportXlsx(req.session!, req.body as TenantListQuery, req.lang);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${tenantResource.names[req.lang]}-${stamp()}.xlsx`))
        .send(buf);
    },
  );

  app.get(
    `/${SCREEN}/get`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: { tags, querystring: z.object({ id: id() }), response: { 200: envelope(tenantRow.extend({ menus: z.array(grant) })) } },
    },
    async (req, reply) => reply.ok(await tenantAdmin.get(req.session!, req.query.id)),
  );

  app.post(
    `/${SCREEN}/create`,
    {
      config: { access: { screen: SCREEN, action: 'add' }, fieldLabels: labels },
      schema: {
        tags,
        summary:
          'Add a tenant with its menu grants, a TENANT_ADMIN role and its admin user, in one transaction. Templates: the three ids, or `templates` [{type, id}] (one of each type)',
        body: tenantCreate,
        response: { 200: envelope(tenantRow) },
      },
    },
    async (req, reply) => reply.ok(await tenantAdmin.create(req.session!, req.body), 'common.saveSuccess'),
  );

  app.post(
    `/${SCREEN}/update`,
    {
      config: { access: { screen: SCREEN, action: 'edit' }, fieldLabels: labels },
      schema: {
        tags,
        summary: 'Edit a tenant (code and admin login name stay); `menus` replaces its grants',
        body: tenantUpdate,
        response: { 200: envelope(tenantRow) },
      },
    },
    async (req, reply) => reply.ok(await tenantAdmin.update(req.session!, req.body), 'common.saveSuccess'),
  );

  app.post(
    `/${SCREEN}/delete`,
    {
      config: { access: { screen: SCREEN, action: 'delete' } },
      schema: {
        tags,
        summary: 'Delete tenants holding only their admin user, roles and grants (409 otherwise)',
        body: idsBody,
        response: { 200: envelope(z.object({ deleted: z.number() })) },
      },
    },
    async (req, reply) => reply.ok({ deleted: await tenantAdmin.remove(req.session!, req.body.ids) }, 'common.deleteSuccess'),
  );

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
