import {
  dictionaryDetailInput,
  dictionaryDetailRow,
  dictionaryDetailUpdate,
  dictionaryModuleInput,
  dictionaryModuleUpdate,
  id,
  idList,
  pageResult,
  paging,
} from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import type { SessionService } from '../../../core/sessions.js';
import type { DictionaryService } from './service.js';

const SCREEN = 'general/dictionary';
const moduleRow = z.object({ id: z.number(), code: z.string(), name: z.string(), remark: z.string(), seq: z.number() });
const moduleOut = (m: z.infer<typeof moduleRow>) => ({ id: m.id, code: m.code, name: m.name, remark: m.remark, seq: m.seq });
const idsBody = z.object({ ids: idList() });
/** The one dictionary readable without signing in: the login page's language list. */
export const PUBLIC_DICTIONARY = 'LANGUAGE_TYPE';

/** Dictionary modules and details (spec §7), and the dictionary calls every screen uses. */
export const dictionaryRoutes: FastifyPluginAsyncZod<{ dictionaries: DictionaryService; sessions: SessionService }> = async (
  app,
  { dictionaries, sessions },
) => {
  const tags = ['general/dictionary'];

  app.post(
    '/dictionary/web/showModel',
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: 'Dictionary modules, each with its details',
        body: paging
          .extend({ code: z.string().max(64).optional(), name: z.string().max(128).optional() })
          .optional()
          .default({ page: 1, pageSize: 20 }),
        response: { 200: envelope(pageResult(moduleRow.extend({ children: z.array(dictionaryDetailRow) }))) },
      },
    },
    async (req, reply) => {
      const page = await dictionaries.modules(req.body);
      const list = await Promise.all(
        page.list.map(async (m) => ({
          ...moduleOut(m),
          children: (await dictionaries.details({ moduleId: m.id, page: 1, pageSize: 500 })).list,
        })),
      );
      return reply.ok({ ...page, list });
    },
  );

  app.post(
    '/dictionary/web/showModelNotContainLeaf',
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: 'Dictionary modules without their details',
        body: paging
          .extend({ code: z.string().max(64).optional(), name: z.string().max(128).optional() })
          .optional()
          .default({ page: 1, pageSize: 20 }),
        response: { 200: envelope(pageResult(moduleRow)) },
      },
    },
    async (req, reply) => {
      const page = await dictionaries.modules(req.body);
      return reply.ok({ ...page, list: page.list.map(moduleOut) });
    },
  );

  app.post(
    '/dictionary/web/insert',
    {
      config: { access: { screen: SCREEN, action: 'add' } },
      schema: { tags, body: dictionaryModuleInput, response: { 200: envelope(moduleRow) } },
    },
    async (req, reply) => reply.ok(moduleOut(await dictionaries.createModule(req.body)), 'common.saveSuccess'),
  );

  app.post(
    '/dictionary/web/update',
    {
      config: { access: { screen: SCREEN, action: 'edit' } },
      schema: { tags, body: dictionaryModuleUpdate, response: { 200: envelope(moduleRow) } },
    },
    async (req, reply) => {
      const { id, ...rest } = req.body;
      return reply.ok(moduleOut(await dictionaries.updateModule(id, rest)), 'common.saveSuccess');
    },
  );

  app.post(
    '/dictionary/web/delete',
    {
      config: { access: { screen: SCREEN, action: 'delete' } },
      schema: { tags, body: idsBody, response: { 200: envelope(z.object({ deleted: z.number() })) } },
    },
    async (req, reply) => reply.ok({ deleted: await dictionaries.deleteModules(req.body.ids) }, 'common.deleteSuccess'),
  );

  app.post(
    '/dictionaryDetail/web/selectDicContent',
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: 'Dictionary details, filtered by module, number or name',
        body: paging
          .extend({
            moduleId: id().optional(),
            moduleCode: z.string().max(64).optional(),
            num: z.string().max(64).optional(),
            name: z.string().max(128).optional(),
          })
          .optional()
          .default({ page: 1, pageSize: 20 }),
        response: { 200: envelope(pageResult(dictionaryDetailRow)) },
      },
    },
    async (req, reply) => reply.ok(await dictionaries.details(req.body)),
  );

  app.post(
    '/dictionaryDetail/web/addDicContent',
    {
      config: { access: { screen: SCREEN, action: 'add' } },
      schema: { tags, body: dictionaryDetailInput, response: { 200: envelope(dictionaryDetailRow) } },
    },
    async (req, reply) => reply.ok(await dictionaries.createDetail(req.body), 'common.saveSuccess'),
  );

  app.post(
    '/dictionaryDetail/web/updateDicContent',
    {
      config: { access: { screen: SCREEN, action: 'edit' } },
      schema: { tags, body: dictionaryDetailUpdate, response: { 200: envelope(dictionaryDetailRow) } },
    },
    async (req, reply) => {
      const { id, ...rest } = req.body;
      return reply.ok(await dictionaries.updateDetail(id, rest), 'common.saveSuccess');
    },
  );

  app.post(
    '/dictionaryDetail/web/deleteDicContent',
    {
      config: { access: { screen: SCREEN, action: 'delete' } },
      schema: { tags, body: idsBody, response: { 200: envelope(z.object({ deleted: z.number() })) } },
    },
    async (req, reply) => reply.ok({ deleted: await dictionaries.deleteDetails(req.body.ids) }, 'common.deleteSuccess'),
  );

  app.get(
    '/dictionaryDetail/v1.0/searchListByDicNum',
    {
      // public for the login page's language list only; every other dictionary needs a live session
      config: { access: 'public' },
      schema: {
        tags,
        summary: `Enabled details of one dictionary (num = module code). ${PUBLIC_DICTIONARY} (the console languages) needs no session; any other dictionary needs a signed-in user's token`,
        querystring: z.object({ num: z.string().trim().min(1).max(64) }),
        response: { 200: envelope(z.array(dictionaryDetailRow)) },
      },
    },
    async (req, reply) => {
      if (req.query.num !== PUBLIC_DICTIONARY) req.session = await sessions.resolve(req.headers.token as string | undefined);
      return reply.ok(await dictionaries.listByCode(req.query.num));
    },
  );

  app.get(
    '/dictionaryDetail/v1.0/reidsRefreshAllDicList',
    {
      config: { access: { screen: SCREEN, action: 'refresh' } },
      schema: {
        tags,
        summary: "Reload the dictionary cache in every server process (the dictionary screen's refresh button)",
        response: { 200: envelope(z.null()) },
      },
    },
    async (_req, reply) => {
      await dictionaries.refresh();
      return reply.ok(null, 'common.refreshSuccess');
    },
  );
};
