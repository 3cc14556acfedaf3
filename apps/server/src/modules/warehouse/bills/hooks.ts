import { BILL_STATUS, billResource, LOCATION_KIND, RECEIPT_STATUS } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { validationError } from '../../../core/errors.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import type { Tx } from '../../../db/client.js';
import { billSites, wmsBillLines, wmsBills } from './tables.js';

type Row = Record<string, unknown>;

/**
 * A bill's counts from its lines: pieces expected and received (the lines' sums), cartons expected
 * (its lines' distinct carton numbers), the differences (received − expected), the difference
 * ratio (100 · |piece difference| / pieces expected) and the receipt status (abnormal when pieces
 * differ, once receiving has begun). Answers the row as it is now.
 */
export async function tallyBill(tx: Tx, tenantId: number, id: number): Promise<Row> {
  const lines = sql`from ${wmsBillLines} where ${wmsBillLines.tenantId} = ${tenantId} and ${wmsBillLines.billId} = ${id}`;
  const [row] = await tx
    .update(wmsBills)
    .set({
      piecesExpected: sql`(select coalesce(sum(${wmsBillLines.expectedQty}), 0)::int ${lines})`,
      piecesReceived: sql`(select coalesce(sum(${wmsBillLines.receivedQty}), 0)::int ${lines})`,
      cartonsExpected: sql`(select count(distinct nullif(${wmsBillLines.cartonNo}, ''))::int ${lines})`,
    })
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, id)))
    .returning();
  const expected = Number(row.piecesExpected);
  const diff = Number(row.piecesReceived) - expected;
  const begun = ![BILL_STATUS.CREATED, BILL_STATUS.IN_TRANSIT, BILL_STATUS.CANCELLED].includes(Number(row.status) as 1);
  const [after] = await tx
    .update(wmsBills)
    .set({
      piecesDiff: diff,
      cartonsDiff: sql`${wmsBills.cartonsReceived} - ${wmsBills.cartonsExpected}`,
      diffRatio: expected ? ((100 * Math.abs(diff)) / expected).toFixed(2) : '0',
      ...(begun ? { receiptStatus: diff === 0 ? RECEIPT_STATUS.NORMAL : RECEIPT_STATUS.ABNORMAL } : {}),
    })
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, id)))
    .returning();
  return after as Row;
}

/** One column of the moved bill stamped with the time of the move (shipped, closed …). */
const stamp = (column: 'shippedAt' | 'closedAt') => async (tx: Tx, row: Row) => {
  await tx
    .update(wmsBills)
    .set({ [column]: new Date() })
    .where(and(eq(wmsBills.tenantId, Number(row.tenantId)), eq(wmsBills.id, Number(row.id))));
};

/**
 * Bills: numbered BL + day + sequence when left without a number; counts kept from the lines;
 * shipping and zero-clearance stamped with their time; a zero-cleared bill's lines keep what was
 * received, the rest written off as its difference.
 */
export const billHooks: ResourceHooks = {
  async beforeWrite(tx, data, { session, existing, lang }) {
    // every bill goes somewhere (a site's user naming none is given its own site: the service's stamp)
    if (!data.destLocationId)
      throw validationError(
        lang ?? session.lang,
        [{ code: 'custom', path: ['destLocationId'], message: 'validation.required' }],
        billResource.labels,
      );
    if (!existing && !data.code) data.code = await nextDocumentCode(tx, session.tenantId, 'BL');
  },
  afterLines: (tx, row, { session }) => tallyBill(tx, session.tenantId, Number(row.id)),
  transitions: {
    ship: stamp('shippedAt'),
    async zeroClear(tx, row) {
      await stamp('closedAt')(tx, row);
      const tenantId = Number(row.tenantId);
      await tx
        .update(wmsBillLines)
        .set({ diffQty: sql`${wmsBillLines.receivedQty} - ${wmsBillLines.expectedQty}` })
        .where(and(eq(wmsBillLines.tenantId, tenantId), eq(wmsBillLines.billId, Number(row.id))));
      await tallyBill(tx, tenantId, Number(row.id));
      // a zero-cleared bill with pieces missing is abnormal, whenever its receiving stopped
      await tx
        .update(wmsBills)
        .set({
          receiptStatus: sql`case when ${wmsBills.piecesDiff} <> 0 then ${RECEIPT_STATUS.ABNORMAL} else ${wmsBills.receiptStatus} end`,
        })
        .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, Number(row.id))));
    },
  },
};

/** The sites a bill goes between: the tenant's stores and warehouses, whoever asks (read only). */
export const billSiteHooks: ResourceHooks = {
  scope: () => sql`${billSites.kind} in (${LOCATION_KIND.STORE}, ${LOCATION_KIND.WAREHOUSE})`,
  omitRoutes: ['create', 'update', 'delete', 'import', 'template', 'export'],
};
