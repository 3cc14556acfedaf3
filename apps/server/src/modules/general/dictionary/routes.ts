import {
  dictionaryDetailInput,
  dictionaryDetailResource,
  dictionaryDetailRow,
  dictionaryDetailUpdate,
  dictionaryModuleInput,
  dictionaryModuleResource,
  dictionaryModuleUpdate,
  id,
  idList,
  pageResult,
  paging,
} from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { readLines } from '../../../core/resource/children.js';

const SCREEN = 'general/dictionary';
const moduleRow = z.object({ id: z.number(), code: z.string(), name: z.string(), remark: z.string(), seq: z.number() });
/**
 * A module, and a detail, as the spec's calls answer them: the generic service hands records,
 * checked here against the answer's shape (which keeps only its fields).
 */
const moduleOut = (m: Record<string, unknown>) => moduleRow.parse(m);
const detailOut = (d: Record<string, unknown>) => dictionaryDetailRow.parse(d);
const idsBody = z.object({ ids: idList() });
/** The one dictionary readable without signing in: the login page's language list. */
export const PUBLIC_DICTIONARY = 'LANGUAGE_TYPE';

/**
 * Dictionary modules and details (spec §7), and the dictionary calls every screen uses. The rows
 * are served by the generic resource service (also under /api/general/dictionary/* with the
 * details as lines, and /api/general/dictionary-detail/*); the spec's calls below keep their
 * paths and bodies and answer from it.
 */
export const dictionaryRoutes: FastifyPluginAsyncZod<Services> = async (app, { dictionaries, sessions, modules: registry }) => {
  const tags = ['general/dictionary'];
  const modules = registry.service(dictionaryModuleResource.code);
  const details = registry.service(dictionaryDetailResource.code);
  const lines = modules.def.children![0];

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
      const page = await modules.list(req.session!, req.body);
      const byModule = await readLines(
        app.ctx.db,
        lines,
        req.session!,
        page.list.map((m) => m.id as number),
      );
      const list = await Promise.all(
        page.list.map(async (m) => ({
          ...moduleOut(m),
          children: (await dictionaries.withModuleCode(byModule.get(m.id as number) ?? [])).map(detailOut),
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
      const page = await modules.list(req.session!, req.body);
      return reply.ok({ ...page, list: page.list.map(moduleOut) });
    },
  );

  app.post(
    '/dictionary/web/insert',
    {
      config: { access: { screen: SCREEN, action: 'add' } },
      schema: { tags, body: dictionaryModuleInput, response: { 200: envelope(moduleRow) } },
    },
    async (req, reply) => reply.ok(moduleOut(await modules.create(req.session!, req.body)), 'common.saveSuccess'),
  );

  app.post(
    '/dictionary/web/update',
    {
      config: { access: { screen: SCREEN, action: 'edit' } },
      schema: { tags, body: dictionaryModuleUpdate, response: { 200: envelope(moduleRow) } },
    },
    async (req, reply) => {
      return reply.ok(moduleOut(await modules.update(req.session!, req.body, req.lang)), 'common.saveSuccess');
    },
  );

  app.post(
    '/dictionary/web/delete',
    {
      config: { access: { screen: SCREEN, action: 'delete' } },
      schema: { tags, body: idsBody, response: { 200: envelope(z.object({ deleted: z.number() })) } },
    },
    async (req, reply) => reply.ok({ deleted: await modules.remove(req.session!, req.body.ids) }, 'common.deleteSuccess'),
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
      const page = await details.list(req.session!, { ...query, moduleId });
      return reply.ok({ ...page, list: (await dictionaries.withModuleCode(page.list)).map(detailOut) });
    },
  );

  app.post(
    '/dictionaryDetail/web/addDicContent',
    {
      config: { access: { screen: SCREEN, action: 'add' } },
      schema: { tags, body: dictionaryDetailInput, response: { 200: envelope(dictionaryDetailRow) } },
    },
    async (req, reply) => {
      const [row] = await dictionaries.withModuleCode([await details.create(req.session!, req.body)]);
      return reply.ok(detailOut(row), 'common.saveSuccess');
    },
  );

  app.post(
    '/dictionaryDetail/web/updateDicContent',
    {
      config: { access: { screen: SCREEN, action: 'edit' } },
      schema: { tags, body: dictionaryDetailUpdate, response: { 200: envelope(dictionaryDetailRow) } },
    },
    async (req, reply) => {
      const [row] = await dictionaries.withModuleCode([await details.update(req.session!, req.body, req.lang)]);
      return reply.ok(detailOut(row), 'common.saveSuccess');
    },
  );

  app.post(
    '/dictionaryDetail/web/deleteDicContent',
    {
      config: { access: { screen: SCREEN, action: 'delete' } },
      schema: { tags, body: idsBody, response: { 200: envelope(z.object({ deleted: z.number() })) } },
    },
    async (req, reply) => reply.ok({ deleted: await details.remove(req.session!, req.body.ids) }, 'common.deleteSuccess'),
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
