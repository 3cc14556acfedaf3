/**
 * Readers for the server tests that play reads through ingestion and the fold: a scene and a
 * reader bound to a location (with its device key), and a Zebra batch sent then waited for until
 * the fold queue is empty and the fold runner idle — a state, not a time.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { issueDeviceKey } from '../src/core/feed/device-keys.js';
import { queryRows } from '../src/db/client.js';
import { foldRunner } from '../src/modules/rfid/state/fold-runner.js';
import type { TestApp } from './support.js';

/** A scene of `sceneType` (general 1, tunnel 5, handheld 6 …) with the given move hold-off. */
export async function testScene(t: TestApp, tenantId: number, code: string, sceneType: number, moveHoldoff = 0): Promise<number> {
  const [scene] = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`insert into rfid_scenes (tenant_id, scene_code, scene_name, min_period, interval_period, max_period, read_power, report_interval,
          scene_type, depart_after, move_holdoff, return_guard)
        values (${tenantId}, ${code}, ${code}, 1, 1, 1, 1, 1, ${sceneType}, 600, ${moveHoldoff}, 300) returning id::int as id`,
  );
  return scene.id;
}

/** A reader `code` bound to `locationId` in `sceneId`: answers its device key. */
export async function testReader(t: TestApp, tenantId: number, code: string, locationId: number, sceneId: number): Promise<string> {
  await t.ctx.db.execute(sql`insert into equipment (tenant_id, equipment_coding, equipment_name, sn_number, online_status, location_id, scene_id)
    values (${tenantId}, ${code}, ${code}, ${`SN-${code}`}, 0, ${locationId}, ${sceneId})`);
  return (await issueDeviceKey(t.ctx.db, tenantId, code)).key;
}

/** The zone of a site (by the site's code) of a zone type, the first by id. */
export async function zoneOf(t: TestApp, tenantId: number, site: string, zoneType: number): Promise<number> {
  const [z] = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`select z.id::int as id from locations z join locations s on s.tenant_id = z.tenant_id and s.id = z.site_id
        where z.tenant_id = ${tenantId} and s.code = ${site} and z.zone_type = ${zoneType} order by z.id limit 1`,
  );
  return z.id;
}

/** Waits until every queued batch is folded and the fold runner is idle. */
export async function folded(t: TestApp): Promise<void> {
  const end = Date.now() + 15_000;
  for (;;) {
    const [q] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from rfid_fold_queue`);
    if (q.n === 0) break;
    if (Date.now() > end) throw new Error('fold did not finish');
    await new Promise((r) => setTimeout(r, 50));
  }
  await foldRunner(t.ctx).idle();
}

/**
 * The reader of `key` reads `epcs` (one Zebra batch, read `ago` ms before now; with `times`, that many
 * reads of each a second apart, the last `ago` before now — a gate passing — at `rssi` dBm), then the
 * fold is waited for.
 */
export async function readAndFold(
  t: TestApp,
  key: string,
  epcs: readonly string[],
  batchKey: string,
  ago = 1000,
  opts: { times?: number; rssi?: number } = {},
): Promise<void> {
  const times = opts.times ?? 1;
  const ats = Array.from({ length: times }, (_, i) =>
    new Date(Date.now() - ago - (times - 1 - i) * 1000).toISOString().replace('Z', '+0000'),
  );
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/rfid/ingest/zebra',
    headers: { 'x-device-key': key, 'content-type': 'application/json', 'idempotency-key': batchKey },
    payload: JSON.stringify(
      ats.flatMap((at) =>
        epcs.map((epc) => ({ timestamp: at, type: 'SIMPLE', data: { idHex: epc, antenna: 1, peakRssi: opts.rssi ?? -50, reads: 3 } })),
      ),
    ),
  });
  expect(r.statusCode).toBeLessThan(300);
  await folded(t);
}
