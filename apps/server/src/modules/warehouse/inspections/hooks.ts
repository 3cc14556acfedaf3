import { INSPECTION_KIND } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { nextDocumentCode } from '../../../core/numbering.js';
import { READ_ONLY_ROUTES, type ResourceHooks } from '../../../core/resource/service.js';
import { recordLotInspected } from '../events.js';
import { refuseWhileReading } from './sample.js';
import { clearInspection, countDefects, judge, lotOf, planOf, vendorReturn } from './service.js';
import { wmsInspections } from './tables.js';

type Row = Record<string, unknown>;

/** The plan of the row as it is written: its lot from its bill, its numbers from the lot, AQL and level. */
async function planned(tx: Parameters<NonNullable<ResourceHooks['beforeWrite']>>[0], tenantId: number, data: Row) {
  const { lotQty, siteId } = await lotOf(tx, tenantId, Number(data.billId));
  Object.assign(data, { lotQty, siteId, ...planOf(lotQty, data.aql, data.level) });
}

/**
 * Receiving inspections: numbered QI + day + sequence, the sample plan worked out on every write,
 * the defects counted from the lines; submitting judges the lot, a reset clears the sample.
 */
export const receivingQiHooks: ResourceHooks = {
  scope: () => sql`${wmsInspections.kind} = ${INSPECTION_KIND.RECEIVING}`,
  async beforeWrite(tx, data, { session, existing }) {
    if (!existing && !data.code) data.code = await nextDocumentCode(tx, session.tenantId, 'QI');
    if (!existing) data.kind = INSPECTION_KIND.RECEIVING;
    await planned(tx, session.tenantId, data);
  },
  async afterLines(tx, row, { session }) {
    // a defect of a sampled EPC: its SKU is the sample's
    await tx.execute(sql`update wms_inspection_lines l set sku_id = s.sku_id
      from wms_inspection_samples s
      where l.tenant_id = ${session.tenantId} and l.inspection_id = ${Number(row.id)} and l.sku_id is null and l.epc <> ''
        and s.tenant_id = l.tenant_id and s.inspection_id = l.inspection_id and s.epc = upper(l.epc) and s.sku_id is not null`);
    const defects = await countDefects(tx, session.tenantId, Number(row.id));
    const [after] = await tx
      .update(wmsInspections)
      .set({ defects })
      .where(sql`${wmsInspections.tenantId} = ${session.tenantId} and ${wmsInspections.id} = ${Number(row.id)}`)
      .returning();
    return after as Row;
  },
  transitions: {
    async submit(tx, row, { session }) {
      await refuseWhileReading(tx, session.tenantId, row);
      const pass = await judge(tx, session.tenantId, row, session.username);
      await recordLotInspected(tx, session.tenantId, row, pass, session);
    },
    async reset(tx, row, { session }) {
      await refuseWhileReading(tx, session.tenantId, row);
      await clearInspection(tx, session.tenantId, Number(row.id));
    },
  },
};

/** Every inspection (logistics/quality-inspection): as the receiving ones, and the QI return of a failed lot. */
export const qualityInspectionHooks: ResourceHooks = {
  omitRoutes: READ_ONLY_ROUTES,
  transitions: {
    ...receivingQiHooks.transitions,
    async rollback(tx, row, { session }) {
      const code = await vendorReturn(tx, session.tenantId, Number(row.billId));
      await tx
        .update(wmsInspections)
        .set({ remark: sql`trim(both ' ' from ${wmsInspections.remark} || ' ' || ${`→ ${code}`})` })
        .where(sql`${wmsInspections.tenantId} = ${session.tenantId} and ${wmsInspections.id} = ${Number(row.id)}`);
    },
  },
};
