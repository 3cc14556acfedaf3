/**
 * The demo's difference lists (../shared/operations.md §11): per stocked site its latest ERP stock
 * against the book — ST001–ST008 drafts, ST009 and ST010 approved, WH01 exported, and the flagship's
 * older list (from its ERP stock of eight days ago) exported too; a SKU or two ignored on the
 * approved ones. Runs after the ERP stock's seed.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { erpLinesOf, erpStockOf } from '../erp/service.js';
import { bookOf, keepTotals, makeList, moveList } from './service.js';

const APPROVED = ['ST009', 'ST010'];
const EXPORTED = ['WH01'];

export async function seedDifferenceDemo(tx: Tx, tenant: { id: number; code: string }, sites: readonly { siteId: number; code: string }[]) {
  const tenantId = tenant.id;
  if (!sites.length) return;
  const [admin] = await queryRows<{ id: number }>(
    tx,
    sql`select id::int from users where tenant_id = ${tenantId} and party_kind is null order by id limit 1`,
  );
  const now = Date.now();
  const move = async (list: { id: number; code: string }, to: 'APPROVED' | 'EXPORTED', at: Date) => {
    await moveList(tx, tenantId, list, 'approve', 'zh_CN', sql`, approved_by = ${admin?.id ?? null}, approved_at = ${at.toISOString()}`);
    if (to === 'APPROVED') return;
    await moveList(tx, tenantId, list, 'export', 'zh_CN', sql`, export_job_id = 'demo'`);
    await moveList(tx, tenantId, list, 'exported', 'zh_CN', sql`, exported_at = ${new Date(at.getTime() + 3_600_000).toISOString()}`);
  };
  const ignoreOne = async (listId: number) => {
    await tx.execute(sql`
      update stock_difference_lines set ignored = 1
       where tenant_id = ${tenantId} and list_id = ${listId}
         and sku_id = (select sku_id from stock_difference_lines where tenant_id = ${tenantId} and list_id = ${listId} and diff_qty <> 0
                        order by abs(diff_qty) desc, sku_id limit 1)`);
    await keepTotals(tx, tenantId, listId);
  };
  for (const [i, site] of sites.entries()) {
    const erp = await erpStockOf(tx, tenantId, site.siteId);
    if (!erp) continue;
    const rfid = await bookOf(tx, tenantId, site.siteId);
    const at = new Date(now - (APPROVED.includes(site.code) || EXPORTED.includes(site.code) ? 20 : 2) * 3_600_000 - i * 60_000);
    const list = await makeList(
      tx,
      tenantId,
      { site: { id: site.siteId }, erp, rfid, rfidAt: at, onlyDifferences: false },
      { at, userId: admin?.id },
    );
    if (APPROVED.includes(site.code)) {
      await ignoreOne(list.id);
      await move(list, 'APPROVED', new Date(at.getTime() + 1_800_000));
    } else if (EXPORTED.includes(site.code)) await move(list, 'EXPORTED', new Date(at.getTime() + 1_800_000));
    // the flagship's last week: its older ERP stock's list, exported
    if (site.code === 'ST001') {
      const [older] = await queryRows<{ id: number; extern_ref: string; stock_time: string | Date }>(
        tx,
        sql`select id::int, extern_ref, stock_time from erp_stocks where tenant_id = ${tenantId} and site_id = ${site.siteId}
             order by stock_time asc limit 1`,
      );
      if (older && older.id !== erp.id) {
        const then = new Date(new Date(older.stock_time).getTime() + 12 * 3_600_000);
        const prev = await makeList(
          tx,
          tenantId,
          {
            site: { id: site.siteId },
            erp: {
              id: older.id,
              externRef: older.extern_ref,
              time: new Date(older.stock_time),
              qty: await erpLinesOf(tx, tenantId, older.id),
            },
            rfid,
            rfidAt: then,
            onlyDifferences: true,
          },
          { at: then, userId: admin?.id },
        );
        await ignoreOne(prev.id);
        await move(prev, 'EXPORTED', new Date(then.getTime() + 2 * 3_600_000));
      }
    }
  }
}
