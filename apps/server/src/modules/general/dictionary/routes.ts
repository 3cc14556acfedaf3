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
import { readLines } from '../../../core/resource/children.js';
import { resourceRoutes } from '../../../core/resource/routes.js';
import type { SessionService } from '../../../core/sessions.js';
import type { DictionaryService } from './service.js';

const SCREEN = 'general/dictionary';
const moduleRow = z.object({ id: z.number(), code: z.string(), name: z.string(), remark: z.string(), seq: z.number() });
const moduleOut = (m: z.infer<typeof moduleRow>) => ({ id: m.id, code: m.code, name: m.name, remark: m.remark, seq: m.seq });
const idsBody = z.object({ ids: idList() });
/** The one dictionary readable without signing in: the login page's language list. */
export const PUBLIC_DICTIONARY = 'LANGUAGE_TYPE';

/**
 * Dictionary modules and details (spec §7), and the dictionary calls every screen uses. The rows
 * are served by the generic resource service (also under /api/general/dictionary/* with the
 * details as lines, and /api/general/dictionary-detail/*); the spec's calls below keep their
 * paths and bodies and answer from it.
 */
export const dictionaryRoutes: FastifyPluginAsyncZod<{ dictionaries: DictionaryService; sessions: SessionService }> = async (
  app,
  { dictionaries, sessions },
) => {
  const tags = ['general/dictionary'];
  await app.register(resourceRoutes, { service: dictionaries.modules });
  await app.register(resourceRoutes, { service: dictionaries.details });
  const lines = dictionaries.modules.def.children![0];

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
      const page = await dictionaries.modules.list(req.session!, req.body);
      const byModule = await readLines(
        app.ctx.db,
        lines,
        req.session!,
        page.list.map((m) => m.id as number),
      );
      const list = await Promise.all(
        page.list.map(async (m) => ({
          ...moduleOut(m as never),
          children: await dictionaries.withModuleCode(byModule.get(m.id as number) ?? []),
        })),
      );
      return reply.ok({ ...page, list } as never);
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
      const page = await dictionaries.modules.list(req.session!, req.body);
      return reply.ok({ ...page, list: page.list.map((m) => moduleOut(m as never)) });
    },
  );

  app.post(
    '/dictionary/web/insert',
    {
      config: { access: { screen: SCREEN, action: 'add' } },
      schema: { tags, body: dictionaryModuleInput, response: { 200: envelope(moduleRow) } },
    },
    async (req, reply) => reply.ok(moduleOut((await dictionaries.modules.create(req.session!, req.body)) as never), 'common.saveSuccess'),
  );

  app.post(
    '/dictionary/web/update',
    {
      config: { access: { screen: SCREEN, action: 'edit' } },
      schema: { tags, body: dictionaryModuleUpdate, response: { 200: envelope(moduleRow) } },
    },
    async (req, reply) => {
      return reply.ok(moduleOut((await dictionaries.modules.update(req.session!, req.body, req.lang)) as never), 'common.saveSuccess');
    },
  );

  app.post(
    '/dictionary/web/delete',
    {
      config: { access: { screen: SCREEN, action: 'delete' } },
      schema: { tags, body: idsBody, response: { 200: envelope(z.object({ deleted: z.number() })) } },
    },
    async (req, reply) => reply.ok({ deleted: await dictionaries.modules.remove(req.session!, req.body.ids) }, 'common.deleteSuccess'),
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
    async (req, reply) => {
      const { moduleCode, ...query } = req.body;
      const moduleId = moduleCode ? await dictionaries.moduleIdOf(moduleCode) : query.moduleId;
      if (moduleCode && !moduleId) return reply.ok({ list: [], total: 0, page: query.page, pageSize: query.pageSize });
      const page = await dictionaries.details.list(req.session!, { ...query, moduleId });
      return reply.ok({ ...page, list: await dictionaries.withModuleCode(page.list) } as never);
    },
  );

  app.post(
    '/dictionaryDetail/web/addDicContent',
    {
      config: { access: { screen: SCREEN, action: 'add' } },
      schema: { tags, body: dictionaryDetailInput, response: { 200: envelope(dictionaryDetailRow) } },
    },
    async (req, reply) => {
      const [row] = await dictionaries.withModuleCode([await dictionaries.details.create(req.session!, req.body)]);
      return reply.ok(row as never, 'common.saveSuccess');
    },
  );

  app.post(
    '/dictionaryDetail/web/updateDicContent',
    {
      config: { access: { screen: SCREEN, action: 'edit' } },
      schema: { tags, body: dictionaryDetailUpdate, response: { 200: envelope(dictionaryDetailRow) } },
    },
    async (req, reply) => {
      const [row] = await dictionaries.withModuleCode([await dictionaries.details.update(req.session!, req.body, req.lang)]);
      return reply.ok(row as never, 'common.saveSuccess');
    },
  );

  app.post(
    '/dictionaryDetail/web/deleteDicContent',
    {
      config: { access: { screen: SCREEN, action: 'delete' } },
      schema: { tags, body: idsBody, response: { 200: envelope(z.object({ deleted: z.number() })) } },
    },
    async (req, reply) => reply.ok({ deleted: await dictionaries.details.remove(req.session!, req.body.ids) }, 'common.deleteSuccess'),
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
