/**
 * Printing re-tags (button Print of store/supplementary-bid at the stores and of
 * logistics/label-reprint at the warehouses: one route a screen, each over its own rows): the chosen rows' labels as one ZPL
 * file under a new print task number (RP + day + sequence). A row to print (NEW) is re-tagged first,
 * in one transaction with the others — the label module's retagEpc: its old EPC decommissioned
 * (tag cleared, ObjectEvent DELETE decommissioning/inactive), a new EPC of its SKU made by the
 * tenant's coding rule and commissioned (ObjectEvent ADD commissioning/active) at its site — and
 * moves to PRINTED with the new EPC; a printed row's label is printed again (a jammed printer) with
 * the EPC it has. An applied row is refused. The labels are the label module's plain hang tag.
 */
import { RETAG_STATUS, type ResourceDef } from '@tagloom/domain';
import { asc, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { AppError, conflict, fieldRefusal, notFound } from '../../../core/errors.js';
import { contentDisposition } from '../../../core/files.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import { move } from '../../../core/resource/transitions.js';
import { userFileHeaders } from '../../../core/security-headers.js';
import { DEFAULT_PRINT_SPEC, zplLabel } from '../../label/orders/zpl.js';
import { retagEpc } from '../../label/tags/retag.js';
import { barcodeValue, templateTexts } from '../../label/templates/service.js';
import { skuFacts } from '../../tenant/goods/service.js';

/** Labels a print task at most. */
export const RETAG_PRINT_MAX = 200;
/** The label module's refusals about the piece's SKU: said on the SKU field. */
const SKU_REFUSALS = new Set(['tags.retagNoSku', 'tags.retagNoOrder', 'labelOrder.noGtin']);

type Row = Record<string, unknown>;

/** The Print route of a re-tag screen (`def`: store/supplementary-bid, or logistics/label-reprint over the same table). */
export const retagPrintRoutes =
  (def: ResourceDef): FastifyPluginAsyncZod<Services> =>
  async (app, services) => {
    const SCREEN = def.code;
    const skuField = def.list.find((f) => f.key === 'skuId')!;
    const service = services.modules.service(SCREEN);
    const table = service.table;
    app.post(
      `/${SCREEN}/print`,
      {
        config: { access: { screen: SCREEN, action: 'print' } },
        schema: {
          tags: [SCREEN],
          summary: `${def.names.en_US}s: print the chosen rows' labels (at most ${RETAG_PRINT_MAX}) as one ZPL file under a new print task. A row to print gets its new EPC first (old EPC decommissioned, new one commissioned at its site, one transaction for all) and becomes Printed; a printed row is printed again with its EPC; an applied row is refused (409)`,
          body: z.object({ ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(RETAG_PRINT_MAX) }),
        },
      },
      async (req, reply) => {
        const session = req.session!;
        const tenantId = session.tenantId!;
        const lang = req.lang;
        const out = await app.ctx.db.transaction(async (tx) => {
          const rows = (await tx
            .select()
            .from(table)
            .where(service.scope(session, inArray(table.id, req.body.ids)))
            .orderBy(asc(table.id))
            .for('update')) as Row[];
          if (rows.length !== new Set(req.body.ids).size) throw notFound(def.names);
          const applied = rows.find((r) => Number(r.status) === RETAG_STATUS.APPLIED);
          if (applied) throw conflict('storeRetag.alreadyApplied', { code: String(applied.code) });
          const task = await nextDocumentCode(tx, tenantId, 'RP');
          const now = new Date();
          const printed: Row[] = [];
          for (const row of rows) {
            if (Number(row.status) === RETAG_STATUS.PRINTED) {
              const [again] = (await tx
                .update(table)
                .set({ printTask: task, printedAt: now, updatedAt: now })
                .where(service.scope(session, inArray(table.id, [Number(row.id)])))
                .returning()) as Row[];
              printed.push(again);
              continue;
            }
            const made = await retagEpc(tx, {
              tenantId,
              oldEpc: String(row.oldEpc ?? ''),
              skuId: row.skuId == null ? null : Number(row.skuId),
              locationId: Number(row.siteId),
              userId: session.userId,
              username: session.username,
              source: SCREEN,
            }).catch((e: unknown) => {
              throw e instanceof AppError && SKU_REFUSALS.has(e.key)
                ? fieldRefusal(skuField, e.key, { ...e.params, code: String(row.code) }, lang)
                : e;
            });
            const moved = await move(tx, SCREEN, Number(row.id), 'printed', session, {
              set: { newEpc: made.newEpc, skuId: made.skuId, printTask: task, printedAt: now },
            });
            printed.push(moved!);
          }
          const skus = await skuFacts(tx, tenantId, [...new Set(printed.map((r) => Number(r.skuId)))]);
          const zpl = printed
            .map((r) => {
              const sku = skus.get(Number(r.skuId));
              return zplLabel(DEFAULT_PRINT_SPEC, {
                epc: String(r.newEpc),
                barcode: sku ? barcodeValue(DEFAULT_PRINT_SPEC, sku) : '',
                texts: sku ? templateTexts(DEFAULT_PRINT_SPEC, sku) : [],
              });
            })
            .join('');
          return { task, zpl };
        });
        return userFileHeaders(reply)
          .type('application/vnd.zebra.zpl; charset=utf-8')
          .header('content-disposition', contentDisposition('attachment', `${out.task}.zpl`))
          .header('x-print-task', out.task)
          .send(out.zpl);
      },
    );
  };
