import {
  BILL_KIND,
  BILL_STATUS,
  billResource,
  CARTON_STATUS,
  INBOUND_KINDS,
  LOCATION_KIND,
  RECEIPT_STATUS,
  SPOT_STATE,
  TAG_STATUS,
} from '@tagloom/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { validationError } from '../../../core/errors.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import { READ_ONLY_ROUTES, type ResourceHooks } from '../../../core/resource/service.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { setTagStatus } from '../../label/tags/index.js';
import { makeCartons } from '../cartons/make.js';
import { recordBillShipped } from '../events.js';
import type { WmsLogOptions } from '../log/writer.js';
import { postBillReceived, postBillShipped } from './stock.js';
import { billSites, wmsBillLines, wmsBills } from './tables.js';

type Row = Record<string, unknown>;

/** Bills whose destination is a warehouse (the warehouse receipt screens' rows). */
export const toWarehouse = sql`${wmsBills.destLocationId} in (select w.id from locations w where w.tenant_id = ${wmsBills.tenantId} and w.kind = ${LOCATION_KIND.WAREHOUSE})`;

/** The states of a bill whose receiving began (the goods-received screen's rows). */
const RECEIPT_STATES = [BILL_STATUS.RECEIVING, BILL_STATUS.RECEIVED, BILL_STATUS.REVIEWED, BILL_STATUS.CLOSED] as number[];

/**
 * A bill's counts from its lines and cartons: pieces expected (the lines' sum), cartons expected
 * (its lines' distinct carton numbers), pieces received (its cartons' matched and over pieces once
 * it has cartons, else the lines' received sum), cartons received (its cartons read), the
 * differences (received − expected), the difference ratio (100 · |piece difference| / pieces
 * expected) and the receipt status once receiving has begun: abnormal when pieces differ, a carton
 * read a foreign or unknown EPC, a carton is held or failed its spot check (logistics/spot-check).
 * Answers the row as it is now.
 */
export async function tallyBill(tx: Tx, tenantId: number, id: number): Promise<Row> {
  const lines = sql`from ${wmsBillLines} where ${wmsBillLines.tenantId} = ${tenantId} and ${wmsBillLines.billId} = ${id}`;
  const cartons = sql`from wms_cartons c where c.tenant_id = ${tenantId} and c.bill_id = ${id}`;
  const [row] = await tx
    .update(wmsBills)
    .set({
      piecesExpected: sql`(select coalesce(sum(${wmsBillLines.expectedQty}), 0)::int ${lines})`,
      piecesReceived: sql`case when exists (select 1 ${cartons})
        then (select coalesce(sum(c.matched + c.over), 0)::int ${cartons})
        else (select coalesce(sum(${wmsBillLines.receivedQty}), 0)::int ${lines}) end`,
      cartonsExpected: sql`(select count(distinct nullif(${wmsBillLines.cartonNo}, ''))::int ${lines})`,
      cartonsReceived: sql`case when exists (select 1 ${cartons})
        then (select count(*)::int ${cartons} and c.read_pieces > 0) else ${wmsBills.cartonsReceived} end`,
      // a carton a DC packed and shipped is expected at its receiver as one made by the ASN
      cartonsPending: sql`(select count(*)::int ${cartons} and c.status in (${CARTON_STATUS.EXPECTED}, ${CARTON_STATUS.SHIPPED}))`,
    })
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, id)))
    .returning();
  const [odd] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n ${cartons} and (c.foreign + c.unknown > 0 or c.status = ${CARTON_STATUS.HELD} or c.spot_state = ${SPOT_STATE.FAILED})`,
  );
  const expected = Number(row.piecesExpected);
  const diff = Number(row.piecesReceived) - expected;
  const begun = ![BILL_STATUS.CREATED, BILL_STATUS.IN_TRANSIT, BILL_STATUS.CANCELLED].includes(Number(row.status) as 1);
  const normal = diff === 0 && !odd?.n;
  const [after] = await tx
    .update(wmsBills)
    .set({
      piecesDiff: diff,
      cartonsDiff: sql`${wmsBills.cartonsReceived} - ${wmsBills.cartonsExpected}`,
      diffRatio: expected ? ((100 * Math.abs(diff)) / expected).toFixed(2) : '0',
      ...(begun ? { receiptStatus: normal ? RECEIPT_STATUS.NORMAL : RECEIPT_STATUS.ABNORMAL } : {}),
    })
    .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, id)))
    .returning();
  return after as Row;
}

/**
 * What shipping a bill does, by hand or by the system (an ASN of audited cartons): stamped, its
 * cartons made (to be checked as they arrive), its counts kept, its cartons packed and its pieces
 * shipping in the tag lifecycle.
 */
export async function shipped(tx: Tx, row: Row, by: { userId: number | null; username: string }): Promise<void> {
  await stamp('shippedAt')(tx, row);
  await makeCartons(tx, Number(row.tenantId), row);
  await tallyBill(tx, Number(row.tenantId), Number(row.id));
  await recordBillShipped(tx, Number(row.tenantId), row, by);
  await postBillShipped(tx, Number(row.tenantId), row);
}

/**
 * A bill shipped whose cartons and shipping events were written before (an ASN import job, a slice
 * at a time while the bill was importing): its shipping time stamped, its counts kept, its tags SHIPPED.
 */
export async function shippedRecorded(tx: Tx, row: Row, epcs: readonly string[]): Promise<void> {
  await stamp('shippedAt')(tx, row);
  await makeCartons(tx, Number(row.tenantId), row);
  await tallyBill(tx, Number(row.tenantId), Number(row.id));
  await setTagStatus(tx, Number(row.tenantId), epcs, TAG_STATUS.SHIPPED);
  await postBillShipped(tx, Number(row.tenantId), row);
}

/** One column of the moved bill stamped with the time of the move (shipped, closed …). */
const stamp = (column: 'shippedAt' | 'closedAt' | 'receivedAt') => async (tx: Tx, row: Row) => {
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
    // a vendor return goes to its factory (no site)
    if (!data.destLocationId && Number(data.kind) !== BILL_KIND.VENDOR_RETURN)
      throw validationError(
        lang ?? session.lang,
        [{ code: 'custom', path: ['destLocationId'], message: 'validation.required' }],
        billResource.labels,
      );
    if (!existing && !data.code) data.code = await nextDocumentCode(tx, session.tenantId, 'BL');
  },
  afterLines: (tx, row, { session }) => tallyBill(tx, session.tenantId, Number(row.id)),
  transitions: {
    ship: (tx, row, { session }) => shipped(tx, row, session),
    // no lifecycle event: zero-clearing writes off what never arrived — a bookkeeping close of the
    // document, no step the goods went through; nor is it an error declaration (no recorded event
    // was wrong: the missing pieces simply have no receiving event)
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
      // what did arrive enters the receiver's book
      await postBillReceived(tx, tenantId, row);
    },
  },
};

/** A bill's site in the warehouse log: where it arrives for an inbound kind, where it leaves from otherwise. */
export const billSiteOf = (row: Row): number | null => {
  const site = INBOUND_KINDS.includes(Number(row.kind)) ? row.destLocationId : (row.sourceLocationId ?? row.destLocationId);
  return site === null || site === undefined ? null : Number(site);
};

/**
 * Bills in the warehouse log (log/writer.ts): at their site, each button asking its operation of a
 * warehouse keeper (cancelling a draft is the shipper's call; startReceiving, a system move, asks none).
 */
export const billLog: WmsLogOptions = {
  siteOf: billSiteOf,
  ops: { ship: 'ship', cancel: 'ship', zeroClear: 'zeroClear' },
};

/** The sites a bill goes between: the tenant's stores and warehouses, whoever asks (read only). */
export const billSiteHooks: ResourceHooks = {
  scope: () => sql`${billSites.kind} in (${LOCATION_KIND.STORE}, ${LOCATION_KIND.WAREHOUSE})`,
  omitRoutes: ['create', 'update', 'delete', 'import', 'template', 'export'],
};

/** The factories a bill comes from: the tenant's, whoever asks (read only). */
export const billFactoryHooks: ResourceHooks = {
  omitRoutes: ['create', 'update', 'delete', 'import', 'template', 'export'],
};

/** Goods received: the inbound bills of a warehouse once receiving began; finishing stamps the receipt's time. */
export const goodsReceivedHooks: ResourceHooks = {
  scope: () => sql`${inArray(wmsBills.status, RECEIPT_STATES)} and ${toWarehouse}`,
  omitRoutes: READ_ONLY_ROUTES,
  transitions: {
    async receive(tx, row) {
      await stamp('receivedAt')(tx, row);
      await tallyBill(tx, Number(row.tenantId), Number(row.id));
    },
  },
};
