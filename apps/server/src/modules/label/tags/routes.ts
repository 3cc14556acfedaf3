/**
 * The tags area's routes: the registry (TID binding), EPC query, binding records and exceptions
 * on the generic list/get/export (nothing is added, edited or deleted by hand), and their actions —
 * bind, import of EPC/TID pairs, unbind, exception handling and clearing, clear tag status — the
 * lifecycle feed, one EPC's history and its EPCIS 2.0 document.
 */
import {
  bindingRecordResource,
  EPC_HEX,
  epcisDocument,
  epcQueryResource,
  idList,
  L,
  type Lang,
  normalizeHex,
  TAG_BATCH_MAX,
  TAG_BINDING_SOURCE,
  TID_HEX,
  tagEventFeed,
  tagExceptionResource,
  tidBindingResource,
  translate,
} from '@tagloom/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import { feedRoutes } from '../../../core/feed/routes.js';
import { FeedService } from '../../../core/feed/service.js';
import { contentDisposition } from '../../../core/files.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { queryRows } from '../../../db/client.js';
import { goodsSkus } from '../../tenant/goods/tables.js';
import { decoded, epcUri, isEpcUri, tagHexesOf } from './decode.js';
import { exceptionHooks } from './exception-actions.js';
import { type Actor, bindPairs, clearCheck, clearTags, epcHistory, eventReachOf, reachOf, unbindTags } from './service.js';
import { placeOf } from './store.js';
import { labelTagEvents, labelTags } from './tables.js';

const EPC_LABEL = L('EPC', 'EPC', 'EPC');
const TID_LABEL = L('TID', 'TID', 'TID');
const LIST_LABEL = L('EPC 列表', 'EPC 清單', 'EPC list');

const epcCode = () =>
  z
    .string()
    .max(100)
    .refine((s) => EPC_HEX.test(normalizeHex(s)), { message: 'validation.epcShape' });
const tidCode = () =>
  z
    .string()
    .max(100)
    .refine((s) => TID_HEX.test(normalizeHex(s)), { message: 'validation.tidShape' });
const pairsBody = z.object({
  pairs: z
    .array(z.object({ epc: epcCode(), tid: tidCode() }))
    .min(1)
    .max(TAG_BATCH_MAX),
});
/** An EPC as hex, or written as a URI (pure-identity, tag, raw) or a GS1 Digital Link. */
const epcAnyWay = () =>
  z
    .string()
    .max(256)
    .refine((s) => (s.includes(':') ? isEpcUri(s.trim()) : EPC_HEX.test(normalizeHex(s))), { message: 'validation.epcShape' });
const epcsBody = z.object({ epcs: z.array(epcAnyWay()).min(1).max(TAG_BATCH_MAX) });
const pairLabels = { pairs: LIST_LABEL, 'pairs.epc': EPC_LABEL, 'pairs.tid': TID_LABEL, epc: EPC_LABEL, tid: TID_LABEL, epcs: LIST_LABEL };

const refusalSchema = z.object({ line: z.number(), epc: z.string(), tid: z.string().optional(), key: z.string(), message: z.string() });
const bindReportSchema = z.object({ bound: z.number(), already: z.number(), refused: z.array(refusalSchema) });

/** Read-only on the generic routes: list, get and export (rows come from the area's own writers). */
const READ_ONLY: ResourceHooks = { omitRoutes: ['create', 'update', 'delete', 'template', 'import'] };

const actorOf = (s: SessionInfo): Actor => ({
  tenantId: s.tenantId,
  userId: s.userId,
  username: s.username,
  party: s.party,
});

/**
 * The area's declarations on the generic list, get and export (rows come from the area's own
 * writers): the registry and the EPC query over its rows, the binding records, the exceptions.
 */
export function tagsHooks(ctx: AppContext): Record<string, ResourceHooks> {
  // a tag's SKU shows (and exports) as its barcode: skuId is a plain id (see the declaration)
  const tagHooks: ResourceHooks = {
    ...READ_ONLY,
    async decorate(rows, { session }) {
      const ids = [...new Set(rows.map((r) => Number(r.skuId)).filter((n) => Number.isSafeInteger(n) && n > 0))];
      const skus = ids.length
        ? await ctx.db
            .select({ id: goodsSkus.id, skuBarcode: goodsSkus.skuBarcode })
            .from(goodsSkus)
            .where(and(eq(goodsSkus.tenantId, session.tenantId), inArray(goodsSkus.id, ids)))
        : [];
      const barcode = new Map(skus.map((s) => [Number(s.id), String(s.skuBarcode)]));
      return rows.map((r) => ({ ...r, skuBarcode: barcode.get(Number(r.skuId)) ?? '' }));
    },
    rowFields: { skuBarcode: z.string() },
    refLabels: { skuId: 'skuBarcode' },
  };
  return {
    [tidBindingResource.code]: tagHooks,
    [epcQueryResource.code]: tagHooks,
    [bindingRecordResource.code]: READ_ONLY,
    // an exception's reason is stored as a message key with its values: worded in the reader's language
    [tagExceptionResource.code]: exceptionHooks(),
  };
}

export const tagsRoutes: FastifyPluginAsyncZod<Services> = async (app) => {
  const { ctx } = app;
  const db = ctx.db;
  /** EPCs written any way as the tenant's tags' hex (a URI naming no tag of the tenant stays as given: unknown). */
  const hexesOf = async (tenantId: number, inputs: readonly string[]): Promise<string[]> => {
    const trimmed = inputs.map((x) => x.trim());
    const cpl = (await placeOf(db, tenantId)).companyPrefixLength;
    const map = await tagHexesOf(db, tenantId, trimmed, cpl);
    return [...new Set(trimmed.map((x) => map.get(x) || x))];
  };

  type Req<B> = { session?: SessionInfo; body: B; lang: Lang };
  const bindHandler =
    (source: (typeof TAG_BINDING_SOURCE)[keyof typeof TAG_BINDING_SOURCE]) =>
    async (req: Req<z.infer<typeof pairsBody>>, reply: FastifyReply) => {
      const session = req.session!;
      const report = await db.transaction((tx) => bindPairs(tx, actorOf(session), req.body.pairs, source));
      const refused = report.refused.map((r) => ({ ...r, message: translate(req.lang, r.key, { ...r.params, epc: r.epc, tid: r.tid }) }));
      return reply.ok({ ...report, refused: refused.map(({ params: _p, ...r }) => r) }, 'tags.bindDone', {
        bound: report.bound,
        already: report.already,
        refused: report.refused.length,
      });
    };
  const tags = [tidBindingResource.code];
  app.post(
    '/label/tid-binding/bind',
    {
      config: { access: { screen: 'label/tid-binding', action: 'bind' }, fieldLabels: pairLabels },
      schema: {
        tags,
        summary:
          'TID binding: bind EPC ↔ TID pairs by hand (or as a printer reports them, `source: "printer"`); refusals per line, recorded as exceptions',
        body: pairsBody.extend({ source: z.enum(['manual', 'printer']).optional() }),
        response: { 200: envelope(bindReportSchema) },
      },
    },
    async (req, reply) => bindHandler(req.body.source === 'printer' ? TAG_BINDING_SOURCE.PRINTER : TAG_BINDING_SOURCE.MANUAL)(req, reply),
  );
  app.post(
    '/label/tid-binding/import',
    {
      config: { access: { screen: 'label/tid-binding', action: 'import' }, fieldLabels: pairLabels },
      schema: {
        tags,
        summary:
          'TID binding: import EPC/TID pairs (the printer’s encoded results); the valid pairs are bound, the others reported per line',
        body: pairsBody,
        response: { 200: envelope(bindReportSchema) },
      },
    },
    bindHandler(TAG_BINDING_SOURCE.IMPORT),
  );
  app.post(
    '/label/tid-binding/unbind',
    {
      config: { access: { screen: 'label/tid-binding', action: 'unbind' } },
      schema: {
        tags,
        summary: 'TID binding: unbind the TIDs of these tags (a binding record each); tags without a TID are refused',
        body: z.object({ ids: idList() }),
        response: { 200: envelope(z.object({ unbound: z.number() })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const res = await db.transaction(async (tx) => {
        const r = await unbindTags(tx, actorOf(session), req.body.ids);
        if (r.found < req.body.ids.length) throw notFound('tags.tag');
        if (r.unbound.length < req.body.ids.length) throw conflict('tags.notBound');
        return r;
      });
      return reply.ok({ unbound: res.unbound.length }, 'tags.unbindDone', { count: res.unbound.length });
    },
  );

  // clear tag status: check first (what the confirmation lists), then clear for good
  const clearRow = z.object({ id: z.number(), epc: z.string(), tid: z.string(), status: z.number(), orderId: z.number() });
  app.post(
    '/label/clear-tag/check',
    {
      config: { access: { screen: 'label/clear-tag', action: 'query' }, fieldLabels: pairLabels },
      schema: {
        tags: ['label/clear-tag'],
        summary: 'Clear tag status: the tags these EPCs name, those unknown and those already cleared',
        body: epcsBody,
        response: { 200: envelope(z.object({ tags: z.array(clearRow), unknown: z.array(z.string()), cleared: z.array(z.string()) })) },
      },
    },
    async (req, reply) => {
      const epcs = await hexesOf(req.session!.tenantId, req.body.epcs);
      const r = await clearCheck(db, req.session!.tenantId, epcs, req.session!.party);
      return reply.ok({
        ...r,
        tags: r.tags.map((t) => ({
          ...t,
          id: Number(t.id),
          orderId: Number(t.orderId),
          status: Number(t.status),
          tid: String(t.tid),
          epc: String(t.epc),
        })),
      });
    },
  );
  app.post(
    '/label/clear-tag/clear',
    {
      config: { access: { screen: 'label/clear-tag', action: 'clear' }, fieldLabels: pairLabels },
      schema: {
        tags: ['label/clear-tag'],
        summary:
          'Clear tag status: moves these tags to cleared for good (irreversible) and records a decommissioning event; refused whole when an EPC is unknown or already cleared',
        body: epcsBody,
        response: { 200: envelope(z.object({ cleared: z.number() })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const epcs = await hexesOf(session.tenantId, req.body.epcs);
      const n = await db.transaction(async (tx) => {
        const r = await clearCheck(tx, session.tenantId, epcs, session.party);
        if (r.unknown.length) throw badRequest('tags.clearUnknown', { count: r.unknown.length, epc: r.unknown[0] });
        if (r.cleared.length) throw conflict('tags.alreadyCleared', { count: r.cleared.length, epc: r.cleared[0] });
        return clearTags(
          tx,
          actorOf(session),
          r.tags.map((t) => ({ id: Number(t.id), epc: String(t.epc), orderId: Number(t.orderId) })),
        );
      });
      return reply.ok({ cleared: n }, 'tags.clearDone', { count: n });
    },
  );

  // EPC query: one tag by EPC or by its chip's TID (the unique code), with its goods, order and decoded identity
  app.get(
    '/label/epc-query/lookup',
    {
      config: {
        access: { screen: 'label/epc-query', action: 'query' },
        fieldLabels: { code: L('EPC / 唯一码', 'EPC / 唯一碼', 'EPC / unique code') },
      },
      schema: {
        tags: ['label/epc-query'],
        summary:
          'EPC tag query: the tag of an EPC (24–64 hex, or a pure-identity URI, tag URI or GS1 Digital Link) or a unique code (its TID), its SKU and goods, order, status and decoded EPC',
        querystring: z.object({
          code: z
            .string()
            .max(100)
            .refine((s) => (s.includes(':') ? isEpcUri(s.trim()) : EPC_HEX.test(normalizeHex(s)) || TID_HEX.test(normalizeHex(s))), {
              message: 'validation.epcShape',
            }),
        }),
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      // an EPC written as a URI or a Digital Link: the tenant's tag it names (none: not found)
      const given = req.query.code.trim();
      const code = given.includes(':') ? (await hexesOf(session.tenantId, [given]))[0] || given : normalizeHex(given);
      const [tag] = await db
        .select()
        .from(labelTags)
        .where(
          and(
            eq(labelTags.tenantId, session.tenantId),
            sql`(${labelTags.epc} = ${code} or (${labelTags.tid} = ${code} and ${labelTags.tid} <> ''))`,
            // another party's tag is not found for a user bound to a party (a store's or a warehouse's
            // user finds the tags seen at its own place)
            reachOf(session, labelTags.orderId, labelTags.epc),
          ),
        )
        .limit(1);
      const epc = (tag?.epc as string | undefined) ?? (EPC_HEX.test(code) ? code : '');
      const d = epc ? decoded(epc) : {};
      let sku: Record<string, unknown> | null = null;
      let order: Record<string, unknown> | null = null;
      if (tag) {
        const [s] = await queryRows<Record<string, unknown>>(
          db,
          sql`
          select s.sku_barcode as "skuBarcode", s.colour, s.size, s.gtin, g.style_number as "styleNumber", g.goods_name as "goodsName"
          from goods_skus s join goods g on g.tenant_id = s.tenant_id and g.id = s.goods_id
          where s.tenant_id = ${session.tenantId} and s.id = ${tag.skuId}`,
        );
        sku = s ?? null;
        const h = await epcHistory(db, session.tenantId, String(tag.epc), session.party);
        order = h.order;
      }
      return reply.ok({
        code,
        found: !!tag,
        tag: tag ?? null,
        sku,
        order,
        decoded: d.epc ?? null,
        decodeError: d.refusal ? translate(req.lang, d.refusal.key, d.refusal.params) : null,
      });
    },
  );

  // the lifecycle: the tenant's events as a feed, one EPC's history, and its EPCIS 2.0 document
  // a user bound to a party reads the events of its own label orders only (a store's or warehouse's
  // user those at its own place)
  await app.register(
    feedRoutes(new FeedService(db, tagEventFeed, labelTagEvents, { scope: (session) => eventReachOf(session, labelTagEvents) })),
  );
  const epcQuery = z.object({ epc: epcCode() });
  const eventSchema = z.record(z.string(), z.unknown());
  app.get(
    '/label/lifecycle/events',
    {
      config: { access: { screen: 'label/lifecycle', action: 'query' }, fieldLabels: pairLabels },
      schema: {
        tags: ['label/lifecycle'],
        summary: "Label lifecycle: one EPC's events oldest first (its own and its label order's), with its tag and order",
        querystring: epcQuery,
        response: {
          200: envelope(
            z.object({
              epc: z.string(),
              tag: z.record(z.string(), z.unknown()).nullable(),
              withdrawn: z.boolean(),
              order: z.object({ id: z.number(), code: z.string() }).nullable(),
              events: z.array(eventSchema),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const h = await epcHistory(db, req.session!.tenantId, normalizeHex(req.query.epc), req.session!.party);
      return reply.ok({ ...h, tag: h.tag as Record<string, unknown> | null, events: h.events });
    },
  );
  // the EPCIS document as EPCIS tools read it: the document itself (JSON-LD), no envelope around it
  const epcisDocumentSchema = z
    .object({
      '@context': z.array(z.string()),
      type: z.literal('EPCISDocument'),
      schemaVersion: z.literal('2.0'),
      creationDate: z.string(),
      epcisBody: z.object({ eventList: z.array(z.record(z.string(), z.unknown())) }),
    })
    .describe(
      'A GS1 EPCIS 2.0 JSON-LD document (EPCISDocument of Object, Aggregation, Transaction and Association events, each with its canonical event hash as eventID), valid against GS1’s EPCIS 2.0 JSON schema',
    );
  app.get(
    '/label/lifecycle/epcis',
    {
      config: { access: { screen: 'label/lifecycle', action: 'query' }, fieldLabels: pairLabels },
      schema: {
        tags: ['label/lifecycle'],
        summary:
          "Label lifecycle: one EPC's events as a GS1 EPCIS 2.0 JSON-LD document, served as the document itself (application/ld+json, no {code,msg,data} envelope); `download=1` sends it as a file",
        querystring: epcQuery.extend({ download: z.enum(['0', '1']).optional() }),
        response: { 200: { content: { 'application/ld+json': { schema: epcisDocumentSchema } } } },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const epc = normalizeHex(req.query.epc);
      const h = await epcHistory(db, session.tenantId, epc, session.party);
      const doc = epcisDocument(h.events, { subject: epc, epcUri, tenant: session.tenantCode });
      reply.type('application/ld+json; charset=utf-8');
      if (req.query.download === '1') reply.header('content-disposition', contentDisposition('attachment', `epcis-${epc}.jsonld`));
      return reply.send(doc);
    },
  );
};
