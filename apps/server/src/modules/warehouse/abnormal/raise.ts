/**
 * The abnormal labels a read at a warehouse finds (warehouse/abnormal-label): each foreign EPC (it
 * travels on another bill) and unknown one (not the tenant's tag), where it was read — the site,
 * the reader's zone, the carton (if any) and the bill it was read with. One code path for every
 * read that finds them: a carton's receiving check, a QI sample. Once per EPC and kind while
 * pending (a new finding updates it: the label module's recordException).
 */
import { TAG_EXCEPTION_KIND } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { type ExceptionPlace, recordException } from '../../label/tags/index.js';
import { wmsBills } from '../bills/tables.js';

export interface StrangeEpcs {
  /** EPCs that travel on another bill, each with that bill's id (`elsewhere`) */
  foreign: readonly string[];
  /** EPCs that are no tag of the tenant */
  unknown: readonly string[];
  /** the other bill of each foreign EPC */
  elsewhere: ReadonlyMap<string, number>;
  /** the registry's tags among them (a foreign EPC's label order) */
  tags: ReadonlyMap<string, { orderId: number }>;
  /** where they were read (site, the reader's zone, the carton if any, the bill read) */
  place: ExceptionPlace;
  /** the reasons' message keys (values: epc, `params`, and `other` — the other bill's code — for a foreign one) */
  reasons: { foreign: string; unknown: string };
  params: Record<string, unknown>;
}

/** Records the abnormal labels of a read (see the file's comment), in the caller's transaction. */
export async function raiseStrangeEpcs(tx: Tx, tenantId: number, found: StrangeEpcs): Promise<void> {
  const { foreign, unknown, elsewhere, tags, place, reasons, params } = found;
  if (!foreign.length && !unknown.length) return;
  const otherIds = [...new Set(foreign.map((e) => elsewhere.get(e)).filter((n): n is number => n !== undefined))];
  const others = otherIds.length
    ? await tx
        .select({ id: wmsBills.id, code: wmsBills.code })
        .from(wmsBills)
        .where(and(eq(wmsBills.tenantId, tenantId), inArray(wmsBills.id, otherIds)))
    : [];
  const codeOf = new Map(others.map((o) => [Number(o.id), o.code]));
  for (const epc of foreign)
    await recordException(tx, tenantId, {
      epc,
      kind: TAG_EXCEPTION_KIND.FOREIGN_EPC,
      orderId: tags.get(epc)?.orderId ?? null,
      reason: { key: reasons.foreign, params: { epc, ...params, other: codeOf.get(elsewhere.get(epc) ?? 0) ?? '-' } },
      place,
    });
  for (const epc of unknown)
    await recordException(tx, tenantId, {
      epc,
      kind: TAG_EXCEPTION_KIND.UNKNOWN_EPC,
      reason: { key: reasons.unknown, params: { epc, ...params } },
      place,
    });
}
