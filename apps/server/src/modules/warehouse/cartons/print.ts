/**
 * SSCC labels of cartons (warehouse/box, Print): one 4×3 in label a carton for a Zebra printer — the
 * SSCC as a GS1-128 barcode (AI 00, ZPL's UCC/EAN mode inserts the FNC1), its human-readable
 * number, the carton and bill numbers, the pieces it should hold and where it goes.
 */

import { cartonResource } from '@tagloom/domain';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { notFound } from '../../../core/errors.js';
import { contentDisposition } from '../../../core/files.js';
import { userFileHeaders } from '../../../core/security-headers.js';
import { queryRows } from '../../../db/client.js';

const SCREEN = 'warehouse/box';
/** Cartons a file at most. */
export const SSCC_LABELS_MAX = 500;

export interface SsccLabel {
  sscc: string;
  cartonNo: string;
  billCode: string;
  pieces: number;
  to: string;
}

/** ZPL field data: the characters ZPL reads as commands (^ ~) and the hex escape (_) left out. */
const fd = (s: string) => s.replace(/[\^~_]/g, ' ');

/** One carton's label (203 dpi, 4 × 3 in). */
export function ssccLabelZpl(l: SsccLabel): string {
  const sscc = /^\d{18}$/.test(l.sscc) ? l.sscc : '';
  return [
    '^XA',
    '^CI28',
    '^PW812',
    '^LL609',
    `^FO40,30^A0N,34,34^FDSSCC (00) ${sscc}^FS`,
    `^FO40,80^A0N,28,28^FDCarton ${fd(l.cartonNo)}   Bill ${fd(l.billCode)}^FS`,
    `^FO40,120^A0N,28,28^FDPieces ${l.pieces}   To ${fd(l.to)}^FS`,
    sscc ? `^FO40,190^BY3^BCN,200,Y,N,N,D^FD(00)${sscc}^FS` : '',
    '^XZ',
  ]
    .filter(Boolean)
    .join('\n');
}

export const cartonPrintRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const service = services.modules.service(SCREEN);
  app.post(
    `/${SCREEN}/sscc-labels`,
    {
      config: { access: { screen: SCREEN, action: 'print' } },
      schema: {
        tags: [SCREEN],
        summary: `Box list: the SSCC labels of the chosen cartons (at most ${SSCC_LABELS_MAX}) as one ZPL file, a label a carton: the SSCC as a GS1-128 barcode (AI 00), the carton and bill numbers, its pieces and destination`,
        body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(SSCC_LABELS_MAX) }),
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const cartons = service.table;
      const rows = await queryRows<{ sscc: string | null; carton_no: string; code: string; pieces: number; dest: string | null }>(
        app.ctx.db,
        sql`select ${cartons.sscc} as sscc, ${cartons.cartonNo} as carton_no, b.code, ${cartons.expectedPieces} as pieces, l.name as dest
            from ${cartons}
            join wms_bills b on b.tenant_id = ${cartons.tenantId} and b.id = ${cartons.billId}
            left join locations l on l.tenant_id = b.tenant_id and l.id = b.dest_location_id
            where ${service.scope(session, inArray(cartons.id, req.body.ids))}
            order by ${cartons.cartonNo}`,
      );
      if (!rows.length) throw notFound(cartonResource.names);
      const zpl = rows
        .map((r) =>
          ssccLabelZpl({ sscc: r.sscc ?? '', cartonNo: r.carton_no, billCode: r.code, pieces: Number(r.pieces), to: r.dest ?? '' }),
        )
        .join('\n');
      return userFileHeaders(reply)
        .type('application/vnd.zebra.zpl; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `sscc-${rows[0].code}.zpl`))
        .send(zpl);
    },
  );
};
