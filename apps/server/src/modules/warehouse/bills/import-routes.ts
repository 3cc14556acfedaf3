/**
 * Bill management's "Import ASN" (warehouse/bill, button importAsn): the template of an ASN sheet in
 * the user's language, and the import of one (./import-asn.ts).
 */
import type {} from '@fastify/multipart';
import { translate } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { AppError, badRequest, validationError } from '../../../core/errors.js';
import { importAnswer, waitForJob } from '../../../core/queue/resource-jobs.js';
import { attachment, workbookBuffer } from '../../../core/resource/excel.js';
import { SHEET_LIMITS } from '../../../core/sheet/limits.js';
import { readSheetRows } from '../../../core/sheet/run.js';
import { ASN_MAX_ROWS, ASN_SYNC_ROWS, asnTemplateSheets, checkAsnHead, importAsn } from './import-asn.js';
import { enqueueAsnImport } from './import-asn-job.js';

const SCREEN = 'warehouse/bill';
const FILE_MAX_BYTES = 20 * 1024 * 1024;
const access = { screen: SCREEN, action: 'importAsn' } as const;

/** The dialog's fields, sent with the file (multipart text fields). */
const headSchema = z.object({
  destLocationId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  factoryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  expectedAt: z.coerce.date().optional(),
  reservationNo: z
    .string()
    .trim()
    .max(32)
    .regex(/^[A-Za-z0-9_-]*$/, 'validation.codeChars')
    .optional(),
  remark: z.string().trim().max(256).optional(),
  // YesNo: the receipt's review waits for its quality inspection (opened with its first carton checked)
  needsInspection: z.coerce.number().int().min(0).max(1).optional(),
});

/** What an import made: the bill's id and number, its cartons, pieces and EPCs bound. */
const madeShape = z.object({ id: z.number(), code: z.string(), cartons: z.number(), pieces: z.number(), epcs: z.number() });

export const asnImportRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  app.get(
    `/${SCREEN}/import-asn/template`,
    {
      config: { access },
      schema: {
        tags: [SCREEN],
        summary:
          'The ASN sheet template (.xlsx): its header row (carton no. or SSCC, SKU code or barcode/GTIN, quantity, EPC optional) in the language of the request, and how to fill it in on a second sheet',
      },
    },
    async (req, reply) =>
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${translate(req.lang, 'asnImport.sheetName')}.xlsx`))
        .send(workbookBuffer(asnTemplateSheets(req.lang))),
  );

  app.post(
    `/${SCREEN}/import-asn`,
    {
      config: { access },
      schema: {
        tags: [SCREEN],
        summary: `Import an advance shipping notice from a spreadsheet (multipart: field "file", one .xlsx/.xls of at most ${FILE_MAX_BYTES / 1024 / 1024} MB and ${ASN_MAX_ROWS} rows, its first row the header of the template: carton no. or SSCC, SKU code or barcode/GTIN, quantity, EPC optional; text fields destLocationId (a warehouse: a warehouse's user's own when left out), factoryId (the sending factory), expectedAt (ISO date), reservationNo (the PO or reference), remark, needsInspection (1: the receipt needs a quality inspection, submitted before its review)). The sheet is read in a worker thread; every row is checked before anything is written (SKU, quantity, EPC: hex, its SGTIN's GTIN the SKU's, once in the file, not in another open carton; a carton no. of 18 digits a valid SSCC, kept as the carton's SSCC, else one is made): any bad row refuses the file (400, data.errors: each row's messages naming its column) and nothing is written. A file of at most ${ASN_SYNC_ROWS} rows is written in one transaction: the bill (purchase receipt, origin ASN import, in transit), its lines per carton and SKU, its cartons and the EPC bindings (source ASN import) of the rows with an EPC; the answer is its number, cartons, pieces and EPCs bound. A larger file is imported by a job (kind warehouse.asnImport): the answer is {jobId} at once (progress, cancel: /api/jobs/{jobId}); the job checks the rows, writes the bill (importing: not yet shippable nor receivable), its lines, cartons, bindings and shipping events in chunks of about 25 ms of database each, then ships it; refused rows, a failure or a cancel leave nothing behind. With wait=1 a large file's answer is the job's outcome, as a small file's`,
        querystring: z.object({ wait: z.enum(['0', '1']).optional() }),
        response: {
          200: envelope(z.union([madeShape, z.object({ jobId: z.string(), state: z.string() })])),
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('asnImport.noFile');
      const fields: Record<string, string> = {};
      let file: { name: string; buf: Buffer } | undefined;
      try {
        for await (const part of req.parts({ limits: { files: 2, fileSize: FILE_MAX_BYTES, fields: 20, fieldSize: 1024 } })) {
          if (part.type === 'file') {
            if (file) throw badRequest('asnImport.noFile');
            file = { name: part.filename, buf: await part.toBuffer() };
          } else if (typeof part.value === 'string' && part.value !== '') fields[part.fieldname] = part.value;
        }
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        throw badRequest('resource.importFileTooLarge', { max: FILE_MAX_BYTES / 1024 / 1024 });
      }
      const parsed = headSchema.safeParse(fields);
      if (!parsed.success) throw validationError(req.lang, parsed.error.issues, services.modules.service(SCREEN).def.labels);
      if (!file || !/\.xlsx?$/i.test(file.name)) throw badRequest('asnImport.noFile');
      const session = req.session!;
      // the shared party rule: a warehouse's user names its own warehouse, or none (given its own)
      const head = { ...parsed.data, ...services.modules.service(SCREEN).stamp(session, parsed.data, req.lang) };
      // read in the sheet worker (limits on rows, columns, unpacked size, time and memory)
      const sheet = await readSheetRows(file.buf, { lang: req.lang, limits: { ...SHEET_LIMITS, rows: ASN_MAX_ROWS } });
      if (sheet.length - 1 <= ASN_SYNC_ROWS) {
        const made = await importAsn(app.ctx.db, session, head, sheet, req.lang);
        return reply.ok(made, 'asnImport.done', { code: made.code, cartons: made.cartons, pieces: made.pieces, epcs: made.epcs });
      }
      // a large file: its head refused at once, its rows checked and written by a job
      const dest = await checkAsnHead(app.ctx.db, session, head, req.lang);
      const job = await enqueueAsnImport(app.ctx, session, { ...head, destLocationId: dest }, file, req.lang);
      if (req.query.wait !== '1')
        return reply.ok({ jobId: job.id, state: job.state }, 'asnImport.queued', {
          rows: new Intl.NumberFormat(req.lang.replace('_', '-')).format(sheet.length - 1),
        });
      const out = importAnswer(await waitForJob(app.ctx, job, req));
      if (out.status !== 200) throw new AppError(out.status, out.code, out.key, out.params, out.data);
      return reply.ok(madeShape.parse(out.data), out.key, out.params);
    },
  );
};
