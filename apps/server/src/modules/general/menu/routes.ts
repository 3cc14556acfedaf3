import { id, idsBody, menuButtonSave, menuDataItemSave } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { MenuAdminService, type MenuNode } from './service.js';

const SCREEN = 'general/menu';
const tags = [SCREEN];
const l10n = z.object({ zh_CN: z.string(), zh_TW: z.string(), en_US: z.string() });
const stamps = { createdAt: z.date(), updatedAt: z.date() };
const menuRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  level: z.number(),
  menuType: z.number(),
  code: z.string(),
  names: l10n,
  alias: z.string(),
  component: z.string(),
  path: z.string(),
  icon: z.string(),
  seq: z.number(),
  hidden: z.number(),
  terminal: z.string(),
  side: z.string(),
  status: z.number(),
  ...stamps,
});
const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  menuRow.extend({ buttonCount: z.number(), children: z.array(menuNode) }),
) as unknown as z.ZodType<MenuNode>;
const buttonRow = z.object({
  id: z.number(),
  menuId: z.number(),
  code: z.string(),
  names: l10n,
  alias: z.string(),
  seq: z.number(),
  status: z.number(),
  ...stamps,
});
const dataItemRow = z.object({
  id: z.number(),
  menuId: z.number(),
  code: z.string(),
  name: z.string(),
  visible: z.number(),
  seq: z.number(),
  ...stamps,
});
const deleted = envelope(z.object({ deleted: z.number() }));

/**
 * The menu screen: the generic get, create (new module or sub-menu), update and delete
 * (./hooks.ts), plus the tree as its list, and a screen's operation buttons and data items.
 */
export const menuAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const menuAdmin = new MenuAdminService(app.ctx);
  const q = { screen: SCREEN, action: 'query' } as const;
  const setting = { screen: SCREEN, action: 'setting' } as const;

  app.post(
    `/${SCREEN}/list`,
    {
      config: { access: q },
      schema: {
        tags,
        summary: 'The menu tree (three levels); a code or name filter keeps the matches and their ancestors',
        body: z
          .object({ code: z.string().max(128).optional(), name: z.string().max(64).optional(), page: z.unknown(), pageSize: z.unknown() })
          .partial()
          .optional()
          .default({}),
        response: { 200: envelope(z.object({ list: z.array(menuNode), total: z.number() })) },
      },
    },
    async (req, reply) => {
      const list = await menuAdmin.tree(req.body);
      const count = (ns: MenuNode[]): number => ns.reduce((n, m) => n + 1 + count(m.children), 0);
      return reply.ok({ list, total: count(list) });
    },
  );

  app.post(
    `/${SCREEN}/buttons`,
    {
      config: { access: q },
      schema: {
        tags,
        summary: 'Operation buttons of a screen',
        body: z.object({ menuId: id() }),
        response: { 200: envelope(z.array(buttonRow)) },
      },
    },
    async (req, reply) => reply.ok(await menuAdmin.buttons(req.body.menuId)),
  );

  app.post(
    `/${SCREEN}/button-save`,
    {
      config: { access: setting, logTarget: (req) => String((req.body as { code?: string })?.code ?? '') },
      schema: { tags, summary: 'Add (no id) or edit an operation button', body: menuButtonSave, response: { 200: envelope(buttonRow) } },
    },
    async (req, reply) => reply.ok(await menuAdmin.saveButton(req.body), 'common.saveSuccess'),
  );

  app.post(
    `/${SCREEN}/button-delete`,
    {
      config: { access: setting },
      schema: { tags, summary: 'Delete operation buttons (and their grants)', body: idsBody, response: { 200: deleted } },
    },
    async (req, reply) => reply.ok({ deleted: await menuAdmin.removeButtons(req.body.ids) }, 'common.deleteSuccess'),
  );

  app.post(
    `/${SCREEN}/data-items`,
    {
      config: { access: q },
      schema: {
        tags,
        summary: 'Data items of a screen',
        body: z.object({ menuId: id() }),
        response: { 200: envelope(z.array(dataItemRow)) },
      },
    },
    async (req, reply) => reply.ok(await menuAdmin.dataItems(req.body.menuId)),
  );

  app.post(
    `/${SCREEN}/data-item-save`,
    {
      config: { access: setting, logTarget: (req) => String((req.body as { code?: string })?.code ?? '') },
      schema: { tags, summary: 'Add (no id) or edit a data item', body: menuDataItemSave, response: { 200: envelope(dataItemRow) } },
    },
    async (req, reply) => reply.ok(await menuAdmin.saveDataItem(req.body), 'common.saveSuccess'),
  );

  app.post(
    `/${SCREEN}/data-item-delete`,
    {
      config: { access: setting },
      schema: { tags, body: idsBody, response: { 200: deleted } },
    },
    async (req, reply) => reply.ok({ deleted: await menuAdmin.removeDataItems(req.body.ids) }, 'common.deleteSuccess'),
  );
};
