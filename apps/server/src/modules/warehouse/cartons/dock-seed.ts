/**
 * The demo's receiving dock tunnel (warehouse/receiving-check "Docks live"): a reader in a scene of
 * the tunnel type, bound to WH01's first receiving-dock zone (DOCK_IN; the zone made when the
 * warehouse has none), registered with a device key — the tunnel the demo's cartons were checked
 * in, so a new user sees a dock on the receiving check without running the reader simulator (which
 * plays its truck through this tunnel).
 */
import { BIND_STATUS, LOCATION_KIND, REGISTRATION_STATUS, ZONE_TYPE } from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { and, asc, eq } from 'drizzle-orm';
import { issueDeviceKey } from '../../../core/feed/device-keys.js';
import type { Tx } from '../../../db/client.js';
import { equipment, rfidScenes } from '../../rfid/tables.js';
import { locations } from '../../tenant/places/tables.js';

/** The demo's dock tunnel at WH01's receiving dock. */
export const DEMO_DOCK_READER = 'TUN-WH01-01';

/** WH01's first receiving-dock zone, made ("1 号收货月台") when the warehouse has none. Answers its id and name. */
async function dockZone(tx: Tx, tenantId: number, warehouseId: number): Promise<{ id: number; name: string }> {
  const [zone] = await tx
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(
      and(
        eq(locations.tenantId, tenantId),
        eq(locations.siteId, warehouseId),
        eq(locations.kind, LOCATION_KIND.ZONE),
        eq(locations.zoneType, ZONE_TYPE.DOCK_IN),
      ),
    )
    .orderBy(asc(locations.id))
    .limit(1);
  if (zone) return { id: Number(zone.id), name: String(zone.name) };
  const [made] = await tx
    .insert(locations)
    .values({
      tenantId,
      code: 'WH01-DI1',
      name: '1 号收货月台',
      kind: LOCATION_KIND.ZONE,
      parentId: warehouseId,
      siteId: warehouseId,
      zoneType: ZONE_TYPE.DOCK_IN,
      capacity: 3_000,
      attrs: {},
    })
    .returning({ id: locations.id, name: locations.name });
  return { id: Number(made.id), name: String(made.name) };
}

/** A demo reader of the warehouse: its scene (made when the tenant has none of that code), bound to a zone, registered with a device key. */
export interface ZoneReader {
  code: string;
  name: string;
  sn: string;
  mac: string;
  /** the scene's words where the reader list shows them */
  scene: string;
  useLocation: string;
  zoneId: number;
  sceneDef: { code: string; name: string; alias: string; type: number; departAfter?: number; moveHoldoff?: number };
}

/** Seeds a reader bound to a zone (ZoneReader) unless the tenant has it; its device key issued when made. */
export async function seedZoneReader(tx: Tx, tenantId: number, r: ZoneReader): Promise<void> {
  await tx
    .insert(rfidScenes)
    .values({
      tenantId,
      sceneCode: r.sceneDef.code,
      sceneName: r.sceneDef.name,
      sceneAlias: r.sceneDef.alias,
      sceneType: r.sceneDef.type,
      minPeriod: 1,
      intervalPeriod: 1,
      maxPeriod: 5,
      readPower: 30,
      reportInterval: 1,
      departAfter: r.sceneDef.departAfter ?? 600,
      moveHoldoff: r.sceneDef.moveHoldoff ?? 2,
      returnGuard: 300,
    })
    .onConflictDoNothing();
  const [scene] = await tx
    .select({ id: rfidScenes.id })
    .from(rfidScenes)
    .where(and(eq(rfidScenes.tenantId, tenantId), eq(rfidScenes.sceneCode, r.sceneDef.code)));
  const [made] = await tx
    .insert(equipment)
    .values({
      tenantId,
      equipmentCoding: r.code,
      equipmentName: r.name,
      snNumber: r.sn,
      macAddress: r.mac,
      scene: r.scene,
      useLocation: r.useLocation,
      locationId: r.zoneId,
      sceneId: Number(scene.id),
      bindStatus: BIND_STATUS.BOUND,
      registrationStatus: REGISTRATION_STATUS.REGISTERED,
      registrationTime: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: equipment.id });
  if (made) await issueDeviceKey(tx, tenantId, r.code);
}

/**
 * Seeds the dock tunnel (see the file's comment) unless the tenant has its reader. Answers the
 * reader's code and its zone's id, or null when the tenant has no WH01.
 */
export async function seedDockDemo(tx: Tx, tenantId: number, warehouseId: number): Promise<{ code: string; zoneId: number } | null> {
  const zone = await dockZone(tx, tenantId, warehouseId);
  await seedZoneReader(tx, tenantId, {
    code: DEMO_DOCK_READER,
    name: '华东仓 1 号收货月台通道',
    sn: 'SN-FX96-005101',
    mac: '84:24:8D:20:C5:01',
    scene: '收货通道',
    useLocation: `华东中心仓（昆山） ${zone.name}`,
    zoneId: zone.id,
    sceneDef: { code: 'DOCK-TUNNEL', name: '收货月台通道', alias: '整箱过通道', type: SCENE_TYPE.TUNNEL },
  });
  return { code: DEMO_DOCK_READER, zoneId: zone.id };
}
