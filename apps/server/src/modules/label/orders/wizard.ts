import {
  LABEL_ORDER_KIND,
  type Lang,
  labelOrderResource,
  pageResult,
  sampleCardResource,
  type WizardCard,
  type WizardLine,
  wizardCard,
  wizardCardsBody,
  wizardCreateBody,
  wizardLine,
  wizardLinesBody,
  wizardOrder,
  wizardOrdersQuery,
} from '@tagloom/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import type { SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest, fieldRefusal, notFound } from '../../../core/errors.js';
import { transition } from '../../../core/resource/transitions.js';
import type { Db, Tx } from '../../../db/client.js';
import { usableOrderLines, usablePurchaseOrders } from '../../supply/chain/service.js';
import { skuFacts } from '../../tenant/goods/service.js';
import { labelSampleCards } from '../templates/tables.js';

const SCREEN = 'label/purchase-order-wizard';
const CARD_FIELD = labelOrderResource.list.find((f) => f.key === 'sampleCardId')!;

/** A factory's user makes label orders from its factory's commodity orders only. */
const factoryOf = (session: SessionInfo) => (session.party?.kind === 'factory' ? session.party.id : undefined);

/** The lines of the chosen commodity orders (none repealed; a factory's user: its own orders only), with their SKUs. */
async function linesOf(tx: Tx, session: SessionInfo, orderIds: number[]): Promise<WizardLine[]> {
  const tenantId = session.tenantId!;
  const lines = await usableOrderLines(tx, tenantId, orderIds, { factoryId: factoryOf(session) });
  const skus = await skuFacts(
    tx,
    tenantId,
    lines.map((l) => l.skuId),
  );
  return lines.map((l) => {
    const s = skus.get(l.skuId);
    return {
      lineId: l.lineId,
      orderId: l.orderId,
      orderCode: l.orderCode,
      contractCode: l.contractCode,
      factoryId: l.factoryId,
      skuId: l.skuId,
      skuBarcode: s?.skuBarcode ?? '',
      gtin: s?.gtin ?? '',
      styleNumber: s?.styleNumber ?? '',
      goodsName: s?.goodsName ?? '',
      colour: s?.colour ?? '',
      size: s?.size ?? '',
      quantity: l.quantity,
    };
  });
}

/** The tenant's sample cards whose 69 code is the GTIN of one of these lines' SKUs, with those SKUs' barcodes. */
async function cardsFor(db: Db | Tx, tenantId: number, lines: WizardLine[]): Promise<WizardCard[]> {
  const skusOf = new Map<string, string[]>();
  for (const l of lines) if (l.gtin) skusOf.set(l.gtin, [...new Set([...(skusOf.get(l.gtin) ?? []), l.skuBarcode])]);
  if (!skusOf.size) return [];
  const rows = await db
    .select()
    .from(labelSampleCards)
    .where(and(eq(labelSampleCards.tenantId, tenantId), inArray(labelSampleCards.code69, [...skusOf.keys()])))
    .orderBy(asc(labelSampleCards.code), asc(labelSampleCards.id));
  return rows.map((c) => ({
    id: Number(c.id),
    code: String(c.code),
    name: String(c.name),
    code69: String(c.code69),
    status: Number(c.status),
    skus: skusOf.get(String(c.code69)) ?? [],
  }));
}

/** Refuses (naming the sample card) a card that is not the tenant's, or whose 69 code is no chosen SKU's GTIN. */
async function checkCard(db: Db | Tx, session: SessionInfo, cardId: number, lines: WizardLine[], lang: Lang): Promise<void> {
  const [card] = await db
    .select({ code69: labelSampleCards.code69 })
    .from(labelSampleCards)
    .where(and(eq(labelSampleCards.tenantId, session.tenantId!), eq(labelSampleCards.id, cardId)));
  if (!card) throw notFound(sampleCardResource.names);
  const code = String(card.code69 ?? '');
  if (code && !lines.some((l) => l.gtin === code)) throw fieldRefusal(CARD_FIELD, 'labelOrder.mismatch69', { code }, lang);
}

/**
 * The label order wizard's routes (screen label/purchase-order-wizard): step 1 picks commodity
 * purchase orders (repealed ones are not offered) and reads their lines; step 2 offers the sample
 * cards matching the chosen SKUs; the last step makes the label order from the draft — its
 * lines from those commodity lines, the sample card, the supplier and the receiving address — through
 * the label order's own service (number, totals, checks), and submits it for review when asked.
 */
export const wizardRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const orders = services.resources.get(labelOrderResource.code)!;
  app.post(
    `/${SCREEN}/lines`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary: 'Label order wizard: the lines of commodity purchase orders (refused naming a repealed order)',
        body: wizardLinesBody,
        response: { 200: envelope(pageResult(wizardLine)) },
      },
    },
    async (req, reply) => {
      const list = await linesOf(app.ctx.db, req.session!, req.body.orderIds);
      return reply.ok({ list, total: list.length, page: 1, pageSize: list.length });
    },
  );
  app.get(
    `/${SCREEN}/orders`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary: 'Label order wizard: the commodity purchase orders a label order may be made from (none repealed), by number or contract',
        querystring: wizardOrdersQuery,
        response: { 200: envelope(pageResult(wizardOrder)) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      return reply.ok(await usablePurchaseOrders(app.ctx.db, session.tenantId!, { ...req.query, factoryId: factoryOf(session) }));
    },
  );
  app.post(
    `/${SCREEN}/sample-cards`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags: [SCREEN],
        summary: "Label order wizard: the sample cards whose 69 code is a chosen line's SKU GTIN",
        body: wizardCardsBody,
        response: { 200: envelope(pageResult(wizardCard)) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const chosen = new Set(req.body.lineIds);
      const lines = (await linesOf(app.ctx.db, session, req.body.orderIds)).filter((l) => chosen.has(l.lineId));
      const list = await cardsFor(app.ctx.db, session.tenantId!, lines);
      return reply.ok({ list, total: list.length, page: 1, pageSize: list.length });
    },
  );
  app.post(
    `/${SCREEN}/create`,
    {
      config: { access: { screen: SCREEN, action: 'add' } },
      schema: {
        tags: [SCREEN],
        summary: 'Label order wizard: make the label purchase order from the draft (and submit it for review)',
        body: wizardCreateBody,
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const d = req.body;
      const lines = await linesOf(app.ctx.db, session, d.orderIds);
      const byId = new Map(lines.map((l) => [l.lineId, l]));
      const chosen = d.goodsList.map((g, i) => {
        const line = byId.get(g.lineId);
        if (!line) throw badRequest('labelOrder.wizardLine', { line: i + 1 });
        return { line, quantity: g.quantity };
      });
      // the sample card's 69 code is one of the chosen SKUs' (checked again when the order is confirmed)
      if (d.sampleCardFid)
        await checkCard(
          app.ctx.db,
          session,
          d.sampleCardFid,
          chosen.map((c) => c.line),
          req.lang,
        );
      const factories = [...new Set(chosen.map((c) => c.line.factoryId).filter((f) => f != null))];
      const order = await orders.create(session, {
        kind: LABEL_ORDER_KIND.RFID,
        supplierId: d.supplierId,
        factoryId: factories.length === 1 ? factories[0] : null,
        contractCode: [...new Set(chosen.map((c) => c.line.contractCode).filter(Boolean))].join(',').slice(0, 64),
        certificateType: d.sampleType,
        sampleCardId: d.sampleCardFid ?? null,
        deliveryDate: d.orderEndTime ?? null,
        consignee: d.shippingName,
        contactPhone: d.shippingContact,
        address: d.shippingAddress,
        ...(d.lossRatio === undefined ? {} : { lossRatio: d.lossRatio }),
        remark: d.fscCode ? `FSC ${d.fscCode}` : '',
        lines: chosen.map((c) => ({
          skuId: c.line.skuId,
          supplyOrderId: c.line.orderId,
          contractCode: c.line.contractCode,
          quantity: c.quantity,
        })),
      });
      const done = d.submit ? await transition(app.ctx, orders, session, 'submit', order.id as number) : order;
      return reply.ok(done, d.submit ? 'labelOrder.done.submit' : 'labelOrder.wizardSaved', { code: String(order.code) });
    },
  );
};
