/**
 * The demo's spot checks (../shared/operations.md §11 "10 spot-checked (2 FAILED)"): three receipts
 * being received, their cartons packed by the factories' reads and checked through the dock tunnel
 * as the receiving check does (cartons/check.ts) — at WH01 six cartons of FA03, a sender whose
 * reliability puts every carton of it to a re-read, and ten of FA02, four of them drawn at random;
 * at WH02 three of FA02, one drawn (another warehouse's user sees none of WH01's). Of WH01's ten,
 * three are still to check, two re-read (one a piece short), three passed and two failed — FA03's,
 * their bill abnormal and FA03 spot-checked at 10 % for 30 days. The re-reads are the real
 * reconciliation of the cartons' EPCs (less a piece or two, or with a piece of another carton, where
 * the plan says so), recorded as the warehouse pad's inspecting events. A tenant without free tags
 * (ACME) gets none.
 */
import { BILL_KIND, LOCATION_KIND, SPOT_RULE, SPOT_STATE, seededRandom, TAG_STATUS } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { dayStamp, takeNumbers } from '../../../core/numbering.js';
import { move } from '../../../core/resource/transitions.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { checkCarton } from '../../warehouse/cartons/check.js';
import { DEMO_DOCK_READER } from '../../warehouse/cartons/dock-seed.js';
import { packedBill, readIn } from '../../warehouse/cartons/seed.js';
import { DEMO_PAD } from '../../warehouse/pads/seed.js';
import { spotFailed, spotReread } from './check.js';

type Plan = 'toCheck' | 'checked' | 'checkedShort' | 'passed' | 'failedShort' | 'failedForeign';

/** The demo's receipts: where, from whom, how many cartons, the rule that picks and what became of the picked. */
const RECEIPTS: { site: string; factory: string; cartons: number; rule: number; plan: Plan[] }[] = [
  {
    site: 'WH01',
    factory: 'FA03',
    cartons: 6,
    rule: SPOT_RULE.SENDER_RELIABILITY,
    plan: ['toCheck', 'checked', 'checkedShort', 'passed', 'failedShort', 'failedForeign'],
  },
  { site: 'WH01', factory: 'FA02', cartons: 10, rule: SPOT_RULE.RANDOM, plan: ['toCheck', 'toCheck', 'passed', 'passed'] },
  { site: 'WH02', factory: 'FA02', cartons: 3, rule: SPOT_RULE.RANDOM, plan: ['checked'] },
];
/** Pieces a demo carton holds. */
const PER = 6;
const HOUR = 3_600_000;

export async function seedSpotCheckDemo(tx: Tx, tenant: { id: number; code: string }, now = Date.now()): Promise<void> {
  const tenantId = tenant.id;
  const [done] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from wms_cartons where tenant_id = ${tenantId} and spot_state > ${SPOT_STATE.TO_CHECK}`,
  );
  if (done.n > 0) return;
  const places = await queryRows<{ id: number; code: string; kind: number }>(
    tx,
    sql`select id::int, code, kind from locations where tenant_id = ${tenantId} and kind = ${LOCATION_KIND.WAREHOUSE}
        union all select id::int, code, 0 from factories where tenant_id = ${tenantId}`,
  );
  const site = (code: string) => places.find((p) => p.code === code && p.kind === LOCATION_KIND.WAREHOUSE)?.id;
  const factory = (code: string) => places.find((p) => p.code === code && p.kind === 0)?.id;
  const receipts = RECEIPTS.filter((r) => site(r.site) && factory(r.factory));
  const needed = receipts.reduce((n, r) => n + r.cartons * PER, 0);
  // encoded tags no carton holds and no reader has seen: what the factories packed since
  const tags = await queryRows<{ epc: string; sku_id: number }>(
    tx,
    sql`select t.epc, t.sku_id::int from label_tags t
         where t.tenant_id = ${tenantId} and t.sku_id is not null and t.status = ${TAG_STATUS.ENCODED}
           and not exists (select 1 from wms_carton_epcs e where e.tenant_id = t.tenant_id and e.epc = t.epc)
           and not exists (select 1 from rfid_epc_states s where s.tenant_id = t.tenant_id and s.epc = t.epc)
         order by t.sku_id desc, t.epc limit ${needed}`,
  );
  if (!receipts.length || tags.length < needed) return;
  const random = seededRandom(`${tenant.code}:spot`);
  const day = dayStamp(new Date(now));
  const first = await takeNumbers(tx, tenantId, `BL${day}`, receipts.length);
  const dock = { tenantId, userId: null, username: DEMO_DOCK_READER };
  const keeper = { tenantId, userId: null, username: 'wh01' };
  const pad = { tenantId, userId: null, username: DEMO_PAD.equipmentCoding };
  let taken = 0;
  let lastEpcs: string[] = [];
  for (const [i, r] of receipts.entries()) {
    const cartons = Array.from({ length: r.cartons }, () => {
      const mine = tags.slice(taken, taken + PER).map((t) => ({ epc: t.epc, skuId: t.sku_id }));
      taken += PER;
      return mine;
    });
    const shippedAt = new Date(now - (3 + i) * 24 * HOUR);
    const { billId, cartonIds } = await packedBill(
      tx,
      tenantId,
      `BL${day}${String(first + i).padStart(4, '0')}`,
      {
        kind: BILL_KIND.PURCHASE_IN,
        factoryId: factory(r.factory),
        destLocationId: site(r.site),
        shippedAt,
        expectedAt: new Date(shippedAt.getTime() + 48 * HOUR),
        reservationNo: `ASN-${r.factory}-${String(11 + i).padStart(4, '0')}`,
        isStandard: 0,
      },
      cartons,
    );
    // read through the dock tunnel, each checked as the receiving check does (matched: accepted)
    for (const [k, id] of cartonIds.entries()) {
      const epcs = cartons[k].map((t) => t.epc);
      await readIn(tx, tenantId, billId, id, epcs, DEMO_DOCK_READER);
      await checkCarton(tx, tenantId, id, dock);
    }
    // the rules' picks: those the draw picked as they were checked, then the plan's rule for the rest
    const states = await queryRows<{ id: number; spot_state: number }>(
      tx,
      sql`select id::int, spot_state from wms_cartons where tenant_id = ${tenantId} and bill_id = ${billId} order by carton_no`,
    );
    const drawn = states.filter((s) => s.spot_state !== SPOT_STATE.NONE).map((s) => s.id);
    const rest = cartonIds.filter((id) => !drawn.includes(id));
    const picked = [...drawn];
    while (picked.length < r.plan.length && rest.length) picked.push(rest.splice(Math.floor(random() * rest.length), 1)[0]);
    // a draw beyond the plan is let go: the demo shows its picture
    if (picked.length > r.plan.length)
      await tx.execute(sql`update wms_cartons set spot_check = 0, spot_rule = 0, spot_state = 0
                            where tenant_id = ${tenantId} and id = any(${`{${picked.slice(r.plan.length).join(',')}}`}::bigint[])`);
    const other = cartons[cartonIds.indexOf(rest[0] ?? cartonIds[0])].map((t) => t.epc);
    for (const [k, id] of picked.slice(0, r.plan.length).entries()) {
      const step = r.plan[k];
      if (!drawn.includes(id)) await move(tx, 'logistics/spot-check', id, 'mark', dock, { set: { spotCheck: 1, spotRule: r.rule } });
      if (step === 'toCheck') continue;
      const epcs = cartons[cartonIds.indexOf(id)].map((t) => t.epc);
      // re-read by the warehouse's pad: the carton's pieces, less one or two, or with a piece of another carton
      const reads =
        step === 'checkedShort'
          ? epcs.slice(1)
          : step === 'failedShort'
            ? epcs.slice(2)
            : step === 'failedForeign'
              ? [...epcs.slice(1), (lastEpcs.length ? lastEpcs : other)[0]]
              : epcs;
      const at = new Date(now - (2 + Math.floor(random() * 40)) * HOUR);
      const row = await spotReread(tx, tenantId, id, reads, pad, undefined, at);
      if (step === 'checked' || step === 'checkedShort') continue;
      // reviewed by the keeper (a seed writes the button's move), a failure with the review's consequences
      await tx.execute(sql`update wms_cartons set spot_state = ${SPOT_STATE.PASSED} where tenant_id = ${tenantId} and id = ${id}`);
      if (step === 'failedShort' || step === 'failedForeign') await spotFailed(tx, tenantId, row, keeper, new Date(at.getTime() + HOUR));
    }
    lastEpcs = cartons[0].map((t) => t.epc);
  }
}
