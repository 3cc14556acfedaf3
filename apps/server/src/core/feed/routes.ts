/**
 * The routes of a feed: POST /api/<code>/list (one keyset page) and /api/<code>/export (a stream),
 * guarded by the screen's query and export buttons.
 */
import { translate } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../envelope.js';
import { attachment } from '../resource/excel.js';
import type { FeedListQuery, FeedService } from './service.js';

const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/** A page of any feed on the wire. */
export const feedPageSchema = z.object({
  list: z.array(z.record(z.string(), z.unknown())),
  next: z.string().nullable(),
  hasMore: z.boolean(),
  estimate: z.number().optional(),
});

/**
 * `opts.screen`: the screen whose buttons guard a feed shown inside another screen (a tab of it),
 * default the feed's own code.
 */
export function feedRoutes(service: FeedService, opts: { screen?: string } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const { def } = service;
    const path = def.code;
    const screen = opts.screen ?? def.code;
    const tags = [path];
    const body = service.querySchema().optional().default({ pageSize: 20 });
    const fieldLabels = service.fieldLabels();
    const title = translate('en_US', def.title);

    app.post(
      `/${path}/list`,
      {
        config: { access: { screen, action: 'query' }, fieldLabels },
        schema: {
          tags,
          summary: `${title}: one page newest first, continued by the cursor \`next\`; createdAt [from, to] defaults to the last ${def.window.defaultDays} days, at most ${def.window.maxDays}`,
          body,
          response: { 200: envelope(feedPageSchema) },
        },
      },
      async (req, reply) => reply.ok(await service.list(req.session!, req.body as FeedListQuery, req.lang)),
    );

    app.post(
      `/${path}/export`,
      {
        config: { access: { screen, action: 'export' }, fieldLabels },
        schema: { tags, summary: `${title}: the filtered rows as .xlsx (or CSV with format 'csv'), streamed`, body },
      },
      async (req, reply) => {
        const out = await service.export(req.session!, req.body as FeedListQuery, req.lang);
        return reply
          .type(out.type)
          .header('content-disposition', attachment(`${translate(req.lang, def.title)}-${stamp()}.${out.ext}`))
          .send(out.stream);
      },
    );
  };
}
