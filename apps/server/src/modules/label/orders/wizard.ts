import {
  LABEL_ORDER_KIND,
  labelOrderResource,
  pageResult,
  type WizardLine,
  wizardCreateBody,
  wizardLine,
  wizardLinesBody,
} from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import type { SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { AppError } from '../../../core/errors.js';
import { transition } from '../../../core/resource/transitions.js';
import type { Tx } from '../../../db/client.js';
import { usableOrderLines } from '../../supply/chain/service.js';
import { skuFacts } from '../../tenant/goods/service.js';

const SCREEN = 'label/purchase-order-wizard';

/** The lines of the chosen commodity orders (none repealed; a factory's user: its own orders only), with their SKUs. */
async function linesOf(tx: Tx, session: SessionInfo, orderIds: number[]): Promise<WizardLine[]> {
  const tenantId = session.tenantId!;
  const factoryId = session.party?.kind === 'factory' ? session.party.id : undefined;
  const lines = await usableOrderLines(tx, tenantId, orderIds, { factoryId });
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

/**
 * The label order wizard's routes (screen label/purchase-order-wizard): step 1 reads the lines of
 * the chosen commodity purchase orders; the last step makes the label order from the draft — its
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
        if (!line) throw new AppError(400, 400, 'labelOrder.wizardLine', { line: i + 1 });
        return { line, quantity: g.quantity };
      });
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
