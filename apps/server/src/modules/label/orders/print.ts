import { Readable } from 'node:stream';
import {
  id,
  LABEL_ORDER,
  type Lang,
  labelOrderResource,
  PRINT_TASK,
  printTaskResource,
  SKETCH,
  TAG_BINDING_SOURCE,
  TAG_STATUS,
} from '@tagloom/domain';
import { and, asc, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { conflict, notFound } from '../../../core/errors.js';
import { contentDisposition } from '../../../core/files.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { move } from '../../../core/resource/transitions.js';
import { userFileHeaders } from '../../../core/security-headers.js';
import type { Tx } from '../../../db/client.js';
import { type SkuFacts, skuFacts } from '../../tenant/goods/service.js';
import { bindPairs } from '../tags/service.js';
import { labelTags } from '../tags/tables.js';
import { barcodeValue, checkBarcodesFit, templatePrintSpec, templateTexts } from '../templates/service.js';
import { labelOrderLines, labelOrders } from './tables.js';
import { DEFAULT_PRINT_SPEC, zplLabel } from './zpl.js';

const SCREEN = printTaskResource.code;
/** Orders whose EPCs exist and are not yet shipped: a print task may be made for them. */
const PRINTABLE = [LABEL_ORDER.EPC_GENERATED, LABEL_ORDER.PREPARING, LABEL_ORDER.PRODUCING, LABEL_ORDER.PRODUCTION_COMPLETED];
/** Tags read per query while a print file is written. */
const PAGE = 5_000;

type Row = Record<string, unknown>;

async function orderOf(tx: Tx, tenantId: number, orderId: number) {
  const [order] = await tx
    .select()
    .from(labelOrders)
    .where(and(eq(labelOrders.tenantId, tenantId), eq(labelOrders.id, orderId)));
  if (!order) throw notFound(labelOrderResource.names);
  return order as Row;
}

/** The template a task prints with: its own, or the plain hang tag when it names none. */
const specOf = (tx: Tx, tenantId: number, templateId: unknown) =>
  templateId ? templatePrintSpec(tx, tenantId, Number(templateId)) : Promise.resolve(DEFAULT_PRINT_SPEC);

/**
 * Refuses (naming the task's template) a task whose template cannot print the barcode of one of
 * its SKUs (the task's SKU, else every SKU of its order): the symbol with its quiet zones would not
 * fit the label at a readable module width.
 */
async function checkTaskBarcodes(tx: Tx, tenantId: number, task: Row, lang: Lang): Promise<void> {
  const spec = await specOf(tx, tenantId, task.templateId);
  const ids = task.skuId
    ? [Number(task.skuId)]
    : (
        await tx
          .selectDistinct({ skuId: labelOrderLines.skuId })
          .from(labelOrderLines)
          .where(and(eq(labelOrderLines.tenantId, tenantId), eq(labelOrderLines.orderId, Number(task.orderId))))
      ).map((l) => Number(l.skuId));
  const skus = await skuFacts(tx, tenantId, ids);
  checkBarcodesFit(spec, skus.values(), templateField, lang);
}
const templateField = printTaskResource.list.find((f) => f.key === 'templateId')!;

const tagsWhere = (tenantId: number, orderId: number, skuId: unknown): SQL =>
  and(eq(labelTags.tenantId, tenantId), eq(labelTags.orderId, orderId), skuId ? eq(labelTags.skuId, Number(skuId)) : undefined)!;

/**
 * A print task's hooks: its number, the order it prints (its EPCs generated, its supplier the
 * task's), how many labels it holds.
 */
export const printTaskHooks = (): ResourceHooks => ({
  async beforeWrite(tx, data, { session, existing, lang = session.lang }) {
    const tenantId = session.tenantId!;
    if (!existing && !data.code) data.code = await nextDocumentCode(tx, tenantId, 'PT');
    const orderId = Number(data.orderId ?? existing?.orderId);
    const order = await orderOf(tx, tenantId, orderId);
    if (!PRINTABLE.includes(order.status as never)) throw conflict('printTask.orderNoEpc', { code: String(order.code) });
    await checkTaskBarcodes(tx, tenantId, { ...existing, ...data, orderId }, lang);
    data.supplierId = order.supplierId ?? null;
    const [{ n }] = await tx
      .select({ n: count() })
      .from(labelTags)
      .where(tagsWhere(tenantId, orderId, data.skuId === undefined ? existing?.skuId : data.skuId));
    data.labelCount = Number(n);
  },
});

/** The sketch's hooks: its supplier is its order's; confirming it marks the order's sketch confirmed. */
export const sketchHooks = (): ResourceHooks => ({
  async beforeWrite(tx, data, { session, existing }) {
    const order = await orderOf(tx, session.tenantId!, Number(data.orderId ?? existing?.orderId));
    // a supplier's user draws for its own orders only (the order picker lists no other)
    if (session.party?.kind === 'labelSupplier' && Number(order.supplierId) !== session.party.id) throw notFound(labelOrderResource.names);
    data.supplierId = order.supplierId ?? null;
  },
  transitions: {
    async confirm(tx, row, { session }) {
      if (row.status !== SKETCH.CONFIRMED) return;
      await tx
        .update(labelOrders)
        .set({ sketchConfirmed: 1, updatedAt: new Date() })
        .where(and(eq(labelOrders.tenantId, session.tenantId!), eq(labelOrders.id, Number(row.orderId))));
    },
  },
});

/** The ZPL of a print task, label by label, read from the database a page at a time while it is sent. */
async function* zplOf(ctx: AppContext, session: SessionInfo, task: Row): AsyncGenerator<string> {
  const tenantId = session.tenantId!;
  const spec = await specOf(ctx.db, tenantId, task.templateId);
  const where = tagsWhere(tenantId, Number(task.orderId), task.skuId);
  const facts = new Map<number, SkuFacts>();
  let after = 0;
  for (;;) {
    const tags = await ctx.db
      .select({ id: labelTags.id, epc: labelTags.epc, skuId: labelTags.skuId })
      .from(labelTags)
      .where(and(where, gt(labelTags.id, after)))
      .orderBy(asc(labelTags.id))
      .limit(PAGE);
    if (!tags.length) return;
    const missing = [...new Set(tags.map((t) => Number(t.skuId)))].filter((s) => !facts.has(s));
    for (const [k, v] of await skuFacts(ctx.db, tenantId, missing)) facts.set(k, v);
    let chunk = '';
    for (const t of tags) {
      const sku = facts.get(Number(t.skuId));
      chunk += zplLabel(spec, {
        epc: String(t.epc),
        barcode: sku ? barcodeValue(spec, sku) : '',
        texts: sku ? templateTexts(spec, sku) : [],
      });
    }
    yield chunk;
    after = Number(tags[tags.length - 1].id);
  }
}

/**
 * The print tasks' own routes: the ZPL file of confirmed tasks (GET /api/label/print-task/zpl?id=),
 * and the encoded results a printer station sends back (POST /api/label/print-task/results: the
 * EPC ↔ TID pairs bound as TID binding does, the task completed once all its labels are encoded).
 */
export const printTaskRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const service = services.modules.service(SCREEN);
  const readTask = async (session: SessionInfo, taskId: number) => {
    const [task] = (await app.ctx.db
      .select()
      .from(service.table)
      .where(service.scope(session, eq(service.table.id, taskId)))) as Row[];
    if (!task) throw notFound(printTaskResource.names);
    return task;
  };
  app.get(
    `/${SCREEN}/zpl`,
    {
      config: { access: { screen: SCREEN, action: 'download' } },
      schema: {
        tags: [SCREEN],
        summary: 'Label print task: its ZPL file for an RFID printer (one label per EPC: encode, TID read-back, barcode, texts)',
        querystring: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const task = await readTask(session, req.query.id);
      // spec §8: a task not yet confirmed has no file
      if (task.status === PRINT_TASK.UNCONFIRMED) throw conflict('printTask.unconfirmed');
      if (task.status === PRINT_TASK.CANCELLED) throw conflict('printTask.cancelled');
      // the template or the SKUs may have changed since the task was made
      await checkTaskBarcodes(app.ctx.db, session.tenantId!, task, req.lang);
      return userFileHeaders(reply)
        .type('application/vnd.zebra.zpl; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `${task.code}.zpl`))
        .send(Readable.from(zplOf(app.ctx, session, task)));
    },
  );
  app.post(
    `/${SCREEN}/results`,
    {
      config: { access: { screen: SCREEN, action: 'print' } },
      schema: {
        tags: [SCREEN],
        summary: 'Label print task: the encoded results (EPC ↔ TID) a printer sent back; bound as TID binding does',
        body: z.object({
          id: id(),
          pairs: z
            .array(z.object({ epc: z.string().trim().min(24).max(64), tid: z.string().trim().min(8).max(64) }))
            .min(1)
            .max(5_000),
        }),
        response: { 200: envelope(z.object({ bound: z.number(), already: z.number(), refused: z.number(), printedCount: z.number() })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const task = await readTask(session, req.body.id);
      if (task.status !== PRINT_TASK.PRINTING && task.status !== PRINT_TASK.READY) throw conflict('printTask.notPrinting');
      const out = await app.ctx.db.transaction(async (tx) => {
        const report = await bindPairs(
          tx,
          { tenantId: session.tenantId!, userId: session.userId, username: session.username, party: session.party },
          req.body.pairs.map((p) => ({ epc: p.epc.toUpperCase(), tid: p.tid.toUpperCase() })),
          TAG_BINDING_SOURCE.PRINTER,
        );
        const [{ n }] = await tx
          .select({ n: count() })
          .from(labelTags)
          .where(
            and(
              tagsWhere(session.tenantId!, Number(task.orderId), task.skuId),
              inArray(labelTags.status, [TAG_STATUS.ENCODED, TAG_STATUS.BOUND]),
            ),
          );
        const printed = Number(n);
        // the machine's system moves: still printing, or done once every label is encoded
        await move(tx, SCREEN, Number(task.id), printed >= Number(task.labelCount) ? 'encoded' : 'encoding', session, {
          set: { printedCount: printed },
        });
        return { bound: report.bound, already: report.already, refused: report.refused.length, printedCount: printed };
      });
      return reply.ok(out);
    },
  );
};
