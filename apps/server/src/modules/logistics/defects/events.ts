/**
 * A defect's steps in the tag lifecycle (operations.md F6, "defect; scrap; seconds"): a labelled
 * piece found defective is an ObjectEvent OBSERVE inspecting / damaged at its site; its disposal
 * another OBSERVE — scrapped: destroying / destroyed; sold as seconds: inspecting /
 * non_sellable_other; sent to repair: repairing / non_sellable_other; held for its vendor's return:
 * holding / non_sellable_other. CBV 2.0 values only; a piece whose EPC is no tag of the tenant (or
 * that has none) writes nothing.
 */
import { type BizStep, DEFECT_DISPOSITION, type Disposition } from '@tagloom/domain';
import type { Mover } from '../../../core/resource/transitions.js';
import type { Tx } from '../../../db/client.js';
import { recordTagEvent, registryOf } from '../../label/tags/index.js';

type Row = Record<string, unknown>;
type By = Pick<Mover, 'tenantId' | 'userId' | 'username'>;

/** What a disposal records, by disposition. */
export const DISPOSAL_EVENTS: Readonly<Record<number, { bizStep: BizStep; disposition: Disposition }>> = {
  [DEFECT_DISPOSITION.REPAIR]: { bizStep: 'repairing', disposition: 'non_sellable_other' },
  [DEFECT_DISPOSITION.SECONDS]: { bizStep: 'inspecting', disposition: 'non_sellable_other' },
  [DEFECT_DISPOSITION.VENDOR_RETURN]: { bizStep: 'holding', disposition: 'non_sellable_other' },
  [DEFECT_DISPOSITION.SCRAP]: { bizStep: 'destroying', disposition: 'destroyed' },
};

async function record(tx: Tx, row: Row, by: By, step: { bizStep: BizStep; disposition: Disposition }, at?: Date): Promise<number | null> {
  const epc = String(row.epc ?? '');
  if (!epc || !(await registryOf(tx, by.tenantId, [epc])).has(epc)) return null;
  return recordTagEvent(tx, {
    tenantId: by.tenantId,
    action: 'OBSERVE',
    ...step,
    epcs: [epc],
    locationId: row.siteId == null ? null : Number(row.siteId),
    userId: by.userId,
    username: by.username,
    source: 'logistics/defective',
    ...(at ? { eventTime: at, recordTime: at } : {}),
  });
}

/** The piece found defective (inspecting / damaged); the event's id, or null when it names no tag of the tenant. */
export const recordDefectFound = (tx: Tx, row: Row, by: By, at?: Date) =>
  record(tx, row, by, { bizStep: 'inspecting', disposition: 'damaged' }, at);

/** The piece disposed of (see DISPOSAL_EVENTS); null when it names no tag, or the disposition is none of them. */
export async function recordDefectDisposed(tx: Tx, row: Row, by: By, at?: Date): Promise<number | null> {
  const step = DISPOSAL_EVENTS[Number(row.disposition)];
  return step ? record(tx, row, by, step, at) : null;
}
