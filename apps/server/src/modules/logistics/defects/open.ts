/**
 * Defects opened by another desk's verdict (a consumer's return inspected defective): one NEW row a
 * piece at the site, its source the return, reason "other" until the defect desk looks at it, with
 * its warehouse log row. The caller has recorded the pieces' inspecting / damaged event already.
 */
import { DEFECT_DISPOSITION, DEFECT_REASON, DEFECT_SOURCE, DEFECT_STATUS, defectResource } from '@tagloom/domain';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { Mover } from '../../../core/resource/transitions.js';
import type { Tx } from '../../../db/client.js';
import { writeWmsLog } from '../../warehouse/log/writer.js';
import { defects } from './tables.js';

export async function openReturnDefects(
  tx: Tx,
  o: { siteId: number; returnCode: string; pieces: { epc: string; skuId: number }[]; by: Mover; remark: string },
): Promise<string[]> {
  const codes: string[] = [];
  for (const p of o.pieces) {
    const [row] = await tx
      .insert(defects)
      .values({
        tenantId: o.by.tenantId,
        code: await nextDocumentCode(tx, o.by.tenantId, 'DF'),
        siteId: o.siteId,
        source: DEFECT_SOURCE.ECOM_RETURN,
        sourceCode: o.returnCode.slice(0, 32),
        epc: p.epc,
        skuId: p.skuId,
        qty: 1,
        reason: DEFECT_REASON.OTHER,
        photos: [],
        disposition: DEFECT_DISPOSITION.PENDING,
        status: DEFECT_STATUS.NEW,
        remark: o.remark.slice(0, 128),
      })
      .returning();
    await writeWmsLog(tx, {
      tenantId: o.by.tenantId,
      userId: o.by.userId,
      username: o.by.username,
      siteId: o.siteId,
      docType: defectResource.code,
      docId: Number(row.id),
      docCode: String(row.code),
      action: 'add',
      fromState: null,
      toState: DEFECT_STATUS.NEW,
      epcCount: 1,
      detail: { source: DEFECT_SOURCE.ECOM_RETURN, reason: DEFECT_REASON.OTHER, qty: 1 },
    });
    codes.push(String(row.code));
  }
  return codes;
}
