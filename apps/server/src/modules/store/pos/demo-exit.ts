/**
 * The demo's EAS exit (operations.md F2): the flagship ST001's door (its zone ST001-EX) gets an
 * EXIT-scene reader, EAS-ST001; and on the first start with demo data, about an hour ago, two
 * pieces present on its floor and never sold walk out through it — played as the reader's reads
 * through the one ingestion pipeline and the fold, so their EPC state shows them departed at the
 * exit, their lifecycle a departing event, and the reader's equipment log an EAS alarm each
 * (rfid/state/eas.ts), as a live store would show them.
 */
import { ZONE_TYPE } from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { type Batch, DEMO_READ_TAGS, playDemoOnce } from '../../rfid/ingest/demo.js';
import { seedZoneReader } from '../../warehouse/cartons/dock-seed.js';

const META_KEY = 'seeded.demoExit';
export const DEMO_EXIT_READER = 'EAS-ST001';
const MIN = 60_000;

/** The exit reader at ST001's door (when the tenant has the store and its exit zone). */
export async function seedExitReader(tx: Tx, tenantId: number): Promise<void> {
  const [exit] = await queryRows<{ id: number; store: string }>(
    tx,
    sql`select z.id::int as id, s.name as store from locations z join locations s on s.tenant_id = z.tenant_id and s.id = z.site_id
        where z.tenant_id = ${tenantId} and s.code = 'ST001' and z.zone_type = ${ZONE_TYPE.EXIT} order by z.id limit 1`,
  );
  if (!exit) return;
  await seedZoneReader(tx, tenantId, {
    code: DEMO_EXIT_READER,
    name: `${exit.store} 正门 EAS 读写器`,
    sn: 'SN-R700-004001',
    mac: '00:16:25:12:E0:01',
    scene: 'EAS 出口',
    useLocation: `${exit.store} 正门出口`,
    zoneId: exit.id,
    sceneDef: { code: 'EXIT', name: 'EAS 出口', alias: 'EAS 出口读写器', type: SCENE_TYPE.EXIT, departAfter: 60 },
  });
}

/** Two unsold pieces of ST001's floor through its exit, once (the first start with demo data); null when done before. */
export async function seedExitReads(ctx: AppContext, now = Date.now()) {
  return playDemoOnce(ctx, META_KEY, now, async (tenantId): Promise<Batch[]> => {
    const at = now - 70 * MIN;
    // present at one of ST001's zones, last read before the passage, not among the readers' demo day
    const pieces = await queryRows<{ epc: string }>(
      ctx.db,
      sql`select s.epc from rfid_epc_states s
            join locations z on z.tenant_id = s.tenant_id and z.id = s.presence_location_id
            join locations st on st.tenant_id = z.tenant_id and st.id = coalesce(z.site_id, z.id)
          where s.tenant_id = ${tenantId} and st.code = 'ST001' and s.presence = 'present'
            and s.last_seen_at < ${new Date(at - 10 * MIN).toISOString()}::timestamptz
            and s.epc not in (select epc from label_tags where tenant_id = ${tenantId} and epc <> '' order by id limit ${DEMO_READ_TAGS})
          order by s.epc limit 2`,
    );
    if (!pieces.length) return [];
    return [
      {
        reader: DEMO_EXIT_READER,
        reads: pieces.flatMap((p, i) =>
          [0, 1, 2].map((k) => ({ epc: p.epc, at: at + i * 4000 + k * 300, antenna: 1 + (k % 2), rssi: -5200 + k * 150 })),
        ),
      },
    ];
  });
}
