/**
 * Re-tagging a piece whose label is bad (damaged, unknown, duplicated, cloned): the old EPC is
 * decommissioned — its tag cleared (never bound nor moved again) and an ObjectEvent DELETE
 * `decommissioning` / `inactive` — and a new EPC of the same SKU is made as Get EPC makes them (the
 * tenant's coding rule, a serial reserved for it, never given twice) and commissioned — a tag of
 * the label order the old one came from (else the order that last tagged the SKU), an ObjectEvent
 * ADD `commissioning` / `active` — where the piece is (operations.md F6, "re-tag"). In the caller's
 * transaction: all or nothing with what the caller does around it. A piece that never had a label
 * (an untagged piece found at a store) gives no old EPC: its new one is commissioned, nothing decommissioned.
 */
import { TAG_STATUS } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { badRequest, conflict } from '../../../core/errors.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { reserveSerials } from '../../general/coding-rule/serials.js';
import { tenantCodingRule } from '../../general/coding-rule/service.js';
import { skuFacts } from '../../tenant/goods/service.js';
import { insertSerialRun, recordTagEvent } from './store.js';

/** The statuses of a piece's documents that the new tag carries on; others (generated, withdrawn, cleared, abnormal) give RECEIVED at a site, else ENCODED. */
const CARRIED: readonly number[] = [TAG_STATUS.ENCODED, TAG_STATUS.BOUND, TAG_STATUS.SHIPPED, TAG_STATUS.RECEIVED, TAG_STATUS.SOLD];

export interface RetagInput {
  tenantId: number;
  /** the bad label's EPC; blank for a piece that had none (then `skuId` names its SKU) */
  oldEpc: string;
  /** the piece's SKU when the old EPC is no tag of the tenant (an unknown label); else the old tag's is taken */
  skuId?: number | null;
  /** where the piece is (a zone or a site): the events' business location */
  locationId?: number | null;
  userId: number | null;
  username: string;
  /** what recorded it (a screen code) */
  source: string;
}

export interface RetagResult {
  oldEpc: string;
  newEpc: string;
  skuId: number;
  skuBarcode: string;
  orderId: number;
  /** whether the old EPC was a tag of the tenant (now cleared) */
  oldKnown: boolean;
}

/** Re-tags one piece (see the file's comment); refused 400 naming the SKU when it cannot tell it, 409 when no label order tagged the SKU. */
export async function retagEpc(tx: Tx, input: RetagInput): Promise<RetagResult> {
  const { tenantId } = input;
  const [old] = input.oldEpc
    ? await queryRows<{ id: string | number; order_id: string | number; sku_id: number; status: number }>(
        tx,
        sql`select id, order_id, sku_id, status from label_tags where tenant_id = ${tenantId} and epc = ${input.oldEpc} for update`,
      )
    : [];
  const skuId = old ? Number(old.sku_id) : input.skuId;
  if (!skuId) throw badRequest('tags.retagNoSku', { epc: input.oldEpc });
  const sku = (await skuFacts(tx, tenantId, [skuId])).get(skuId);
  if (!sku) throw badRequest('tags.retagNoSku', { epc: input.oldEpc });
  if (!sku.gtin) throw conflict('labelOrder.noGtin', { sku: sku.skuBarcode });
  const [last] = old
    ? [{ order_id: old.order_id }]
    : await queryRows<{ order_id: string | number }>(
        tx,
        sql`select order_id from label_tags where tenant_id = ${tenantId} and sku_id = ${skuId} order by id desc limit 1`,
      );
  if (!last) throw conflict('tags.retagNoOrder', { sku: sku.skuBarcode });
  const orderId = Number(last.order_id);

  // the new EPC, as Get EPC makes one: the tenant's rule, a serial reserved for it
  const { ruleId, encoder } = await tenantCodingRule(tx, tenantId);
  const serial = await reserveSerials(tx, tenantId, ruleId, 1);
  const [newEpc] = encoder.epcs({ gtin: sku.gtin, firstSerial: serial, count: 1 });
  await insertSerialRun(tx, tenantId, orderId, { skuId, gtin: sku.gtin, firstSerial: Number(serial), epcs: [newEpc] });
  const status =
    old && CARRIED.includes(Number(old.status)) ? Number(old.status) : input.locationId ? TAG_STATUS.RECEIVED : TAG_STATUS.ENCODED;
  await tx.execute(sql`update label_tags set status = ${status}, updated_at = now() where tenant_id = ${tenantId} and epc = ${newEpc}`);
  if (old)
    await tx.execute(
      sql`update label_tags set status = ${TAG_STATUS.CLEARED}, updated_at = now() where tenant_id = ${tenantId} and id = ${Number(old.id)}`,
    );

  const common = {
    tenantId,
    locationId: input.locationId ?? null,
    userId: input.userId,
    username: input.username,
    source: input.source,
  };
  if (input.oldEpc)
    await recordTagEvent(tx, {
      ...common,
      action: 'DELETE',
      bizStep: 'decommissioning',
      disposition: 'inactive',
      epcs: [input.oldEpc],
      ...(old ? { orderId: Number(old.order_id) } : {}),
    });
  await recordTagEvent(tx, {
    ...common,
    action: 'ADD',
    bizStep: 'commissioning',
    disposition: 'active',
    epcs: [newEpc],
    orderId,
  });
  return { oldEpc: input.oldEpc, newEpc, skuId, skuBarcode: sku.skuBarcode, orderId, oldKnown: !!old };
}
