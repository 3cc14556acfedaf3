import { BILL_KIND, LOCATION_KIND, STORE_SENT_KINDS, storeDeliveryResource } from '@tagloom/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { validationError } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import type { Tx } from '../../../db/client.js';
import { locations } from '../../tenant/places/tables.js';
import { billHooks, tallyBill } from '../../warehouse/bills/hooks.js';
import { wmsBills } from '../../warehouse/bills/tables.js';

type Row = Record<string, unknown>;

/** The store delivery screen's rows: returns and transfers whose sender is a store. */
const fromStore = sql`${inArray(wmsBills.kind, [...STORE_SENT_KINDS])}
  and ${wmsBills.sourceLocationId} in (select s.id from locations s where s.tenant_id = ${wmsBills.tenantId} and s.kind = ${LOCATION_KIND.STORE})`;

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * A store's bill goes from a store (a store's clerk: its own, stamped by its party scope) to a
 * warehouse when it is a return, to another store when it is a transfer; refused on the field that
 * does not fit, in the user's language.
 */
async function checkEnds(tx: Tx, tenantId: number, data: Row, existing: Row | undefined, lang: Parameters<typeof validationError>[0]) {
  const value = (k: string) => (k in data ? data[k] : existing?.[k]);
  const kind = Number(value('kind') ?? BILL_KIND.STORE_RETURN);
  const source = value('sourceLocationId');
  const dest = value('destLocationId');
  const refuse = (path: string, message: string) =>
    validationError(lang, [{ code: 'custom', path: [path], message }], storeDeliveryResource.labels);
  if (!given(source)) throw refuse('sourceLocationId', 'validation.required');
  const ids = [Number(source), ...(given(dest) ? [Number(dest)] : [])];
  const kinds = new Map(
    (
      await tx
        .select({ id: locations.id, kind: locations.kind })
        .from(locations)
        .where(and(eq(locations.tenantId, tenantId), inArray(locations.id, ids)))
    ).map((l) => [Number(l.id), Number(l.kind)]),
  );
  if (kinds.get(Number(source)) !== LOCATION_KIND.STORE) throw refuse('sourceLocationId', 'validation.storeSource');
  if (!given(dest)) return;
  if (kind === BILL_KIND.STORE_RETURN && kinds.get(Number(dest)) !== LOCATION_KIND.WAREHOUSE)
    throw refuse('destLocationId', 'validation.storeReturnDest');
  if (kind === BILL_KIND.STORE_TRANSFER && kinds.get(Number(dest)) !== LOCATION_KIND.STORE)
    throw refuse('destLocationId', 'validation.storeTransferDest');
}

/**
 * Store delivery: a store's returns and transfers, numbered and tallied as every bill is, its ends
 * checked (from a store; a return to a warehouse, a transfer to another store); shipping is the
 * bill's (in transit, its cartons made, the EPCs it carries SHIPPED and in the lifecycle).
 */
export const storeDeliveryHooks: ResourceHooks = {
  scope: () => fromStore,
  async beforeWrite(tx, data, info) {
    await billHooks.beforeWrite!(tx, data, info);
    await checkEnds(tx, info.session.tenantId, data, info.existing as Row | undefined, info.lang ?? info.session.lang);
  },
  afterLines: (tx, row, { session }) => tallyBill(tx, session.tenantId, Number(row.id)),
  transitions: { ship: billHooks.transitions!.ship! },
};
