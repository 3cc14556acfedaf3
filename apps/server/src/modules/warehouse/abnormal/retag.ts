/**
 * Re-tag (warehouse/abnormal-label, action `retag`; operations.md F6 "re-tag (abnormal label,
 * reprint)": decommissioning + commissioning): a pending abnormal label whose tag is bad — an
 * unknown, duplicate, non-GS1, mismatched or cloned label — gets a new label. In one transaction:
 * the old EPC is decommissioned and a new EPC of the same SKU made and commissioned (the label
 * module's retagEpc), the new EPC takes the old one's place in its carton (the old binding ends,
 * a new one of source DC_REPACK with the same result, bill and SSCC), the exception is handled with
 * a note naming both EPCs, and the warehouse log has the move. A foreign EPC (a good label of
 * another bill) is not re-tagged; an exception handled or cleared already is refused.
 */
import { CARTON_EPC_SOURCE, L, TAG_EXCEPTION_KIND, TAG_EXCEPTION_STATE, translate } from '@tagloom/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { AppError, conflict, fieldRefusal, notFound } from '../../../core/errors.js';
import { queryRows } from '../../../db/client.js';
import { retagEpc } from '../../label/tags/retag.js';
import { wmsCartonEpcs } from '../cartons/tables.js';
import { writeWmsLog } from '../log/writer.js';
import { abnormalGuard } from './hooks.js';
import { abnormalLabels as labelTagExceptions } from './tables.js';

const SCREEN = 'warehouse/abnormal-label';
const LABELS = {
  id: L('异常', '異常', 'Exception'),
  skuId: L('SKU', 'SKU', 'SKU'),
  note: L('处理说明', '處理說明', 'Handling note'),
};
/** The label module's refusals that are about the piece's SKU: said on the form's SKU field (the user picks another). */
const SKU_REFUSALS = new Set(['tags.retagNoSku', 'tags.retagNoOrder', 'labelOrder.noGtin']);
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const retagRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const db = app.ctx.db;
  app.post(
    `/${SCREEN}/retag`,
    {
      config: { access: { screen: SCREEN, action: 'retag' }, fieldLabels: LABELS },
      schema: {
        tags: [SCREEN],
        summary:
          'Re-tag a pending abnormal label: its EPC decommissioned (tag cleared, ObjectEvent DELETE decommissioning/inactive), a new EPC of the same SKU made by the tenant’s coding rule and commissioned (ObjectEvent ADD commissioning/active) in its carton’s place, the exception handled with a note naming both EPCs — one transaction. skuId: the piece’s SKU when the old EPC is no tag of the tenant. 409 for an exception not pending or a foreign EPC',
        body: z.object({
          id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          skuId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
          note: z.string().trim().max(200).optional(),
        }),
        response: { 200: envelope(z.object({ oldEpc: z.string(), newEpc: z.string(), skuBarcode: z.string(), cartonNo: z.string() })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const tenantId = session.tenantId;
      const screen = services.resources.get(SCREEN)!;
      const out = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(labelTagExceptions)
          .where(screen.scope(session, eq(labelTagExceptions.id, req.body.id)))
          .for('update');
        if (!row) throw notFound('tags.exception');
        const epc = String(row.epc);
        const cartonNo = row.cartonNo ? String(row.cartonNo) : '';
        if (Number(row.state) !== TAG_EXCEPTION_STATE.PENDING) throw conflict('tags.retagNotPending', { epc });
        if (Number(row.kind) === TAG_EXCEPTION_KIND.FOREIGN_EPC) throw conflict('tags.retagForeign', { epc });
        await abnormalGuard(tx, session, [{ id: Number(row.id), epc, siteId: num(row.siteId), zoneId: num(row.zoneId) }]);
        const zoneOrSite = num(row.zoneId) ?? num(row.siteId);
        const made = await retagEpc(tx, {
          tenantId,
          oldEpc: epc,
          skuId: req.body.skuId ?? null,
          locationId: zoneOrSite,
          userId: session.userId,
          username: session.username,
          source: SCREEN,
        }).catch((e: unknown) => {
          throw e instanceof AppError && SKU_REFUSALS.has(e.key)
            ? fieldRefusal({ key: 'skuId', label: LABELS.skuId }, e.key, e.params, req.lang)
            : e;
        });

        // the new label takes the old one's place in its carton (the binding, else the carton it was found in)
        const now = new Date();
        const [bound] = await tx
          .select()
          .from(wmsCartonEpcs)
          .where(and(eq(wmsCartonEpcs.tenantId, tenantId), eq(wmsCartonEpcs.epc, epc), isNull(wmsCartonEpcs.unboundAt)))
          .limit(1);
        const [found] =
          bound || !cartonNo
            ? []
            : await queryRows<{ id: string | number; bill_id: string | number; sscc: string | null }>(
                tx,
                sql`select c.id, c.bill_id, c.sscc from wms_cartons c join wms_bills b on b.tenant_id = c.tenant_id and b.id = c.bill_id
                    where c.tenant_id = ${tenantId} and c.carton_no = ${cartonNo} and b.code = ${String(row.billCode ?? '')} limit 1`,
              );
        const carton = bound
          ? { id: Number(bound.cartonId), billId: Number(bound.billId), sscc: bound.sscc ?? null, result: Number(bound.result ?? 0) }
          : found
            ? { id: Number(found.id), billId: Number(found.bill_id), sscc: found.sscc, result: 0 }
            : null;
        if (bound)
          await tx
            .update(wmsCartonEpcs)
            .set({ unboundAt: now, updatedAt: now })
            .where(and(eq(wmsCartonEpcs.tenantId, tenantId), eq(wmsCartonEpcs.id, Number(bound.id))));
        if (carton)
          await tx.insert(wmsCartonEpcs).values({
            tenantId,
            epc: made.newEpc,
            skuId: made.skuId,
            cartonId: carton.id,
            billId: carton.billId,
            sscc: carton.sscc,
            source: CARTON_EPC_SOURCE.DC_REPACK,
            result: carton.result,
            boundAt: now,
            boundBy: session.username.slice(0, 64),
          });

        const lang = req.lang;
        const said = translate(lang, 'tags.retagNote', { old: made.oldEpc, new: made.newEpc });
        const note = (req.body.note ? `${said} ${req.body.note}` : said).slice(0, 256);
        await tx
          .update(labelTagExceptions)
          .set({ state: TAG_EXCEPTION_STATE.HANDLED, note, handledBy: session.username.slice(0, 64), handledAt: now, updatedAt: now })
          .where(and(eq(labelTagExceptions.tenantId, tenantId), eq(labelTagExceptions.id, Number(row.id))));
        await writeWmsLog(tx, {
          tenantId,
          userId: session.userId,
          username: session.username,
          siteId: num(row.siteId),
          docType: SCREEN,
          docId: Number(row.id),
          docCode: epc,
          action: 'retag',
          fromState: null,
          toState: null,
          epcCount: 2,
          detail: { oldEpc: made.oldEpc, newEpc: made.newEpc, sku: made.skuBarcode, ...(cartonNo ? { cartonNo } : {}) },
        });
        return { oldEpc: made.oldEpc, newEpc: made.newEpc, skuBarcode: made.skuBarcode, cartonNo };
      });
      return reply.ok(out, 'tags.retagDone', { old: out.oldEpc, new: out.newEpc });
    },
  );
};
