import { BIND_STATUS, REGISTRATION_STATUS } from '@tagloom/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { issueDeviceKey } from '../../../core/feed/device-keys.js';
import type { Tx } from '../../../db/client.js';
import { equipment, locations, products, rfidScenes } from '../../../db/schema/index.js';
import { issueRegistrationCode } from './registration.js';

/** The demo reader waiting to register, and its code (README: valid for a year from seeding). */
export const DEMO_READER = { equipmentCoding: 'R700-NEW', code: 'DEMO-READER-1', hours: 24 * 365 } as const;

/** [code, name, SN, MAC, purpose, spot, location code, scene code, product code] */
const BOUND: [string, string, string, string, string, string, string, string, string][] = [
  ['GATE-01', '', '', '', '', '', 'WH01', 'RECEIVE', 'TL-R400'],
  ['FIX-02', '', '', '', '', '', 'WH01', 'SHIP', 'TL-R400'],
  ['HH-03', '', '', '', '', '', 'ST001', 'STORE', 'TL-H20'],
  [
    'POS-ST001',
    '旗舰店收银台读写器',
    'SN-FX96-002001',
    '84:24:8D:20:C1:01',
    '收银',
    '上海南京西路旗舰店 收银台',
    'ST001',
    'POS',
    'TL-R400',
  ],
  [
    'FIT-ST001',
    '旗舰店试衣间读写器',
    'SN-R700-003001',
    '00:16:25:12:C0:01',
    '试衣间',
    '上海南京西路旗舰店 试衣间 1',
    'ST001',
    'FITTING',
    'TL-R400',
  ],
];

/**
 * The demo tenant's readers: bound to its locations and scenes and registered (with device keys
 * whose tokens nobody knows: a reader re-registers, or its token is rotated in the console), and
 * one new reader waiting for registration with the code DEMO-READER-1. Runs before the places
 * area's demo rows, whose inserts keep the rows made here.
 */
export async function seedReadersDemo(tx: Tx, tenant: { id: number }): Promise<void> {
  const tenantId = tenant.id;
  const locs = await tx
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), inArray(locations.code, ['WH01', 'ST001'])));
  const scenes = await tx
    .select({ id: rfidScenes.id, code: rfidScenes.sceneCode })
    .from(rfidScenes)
    .where(eq(rfidScenes.tenantId, tenantId));
  const models = await tx.select({ id: products.id, code: products.code }).from(products);
  const idOf = (rows: { id: unknown; code: unknown }[], code: string) =>
    (rows.find((r) => r.code === code)?.id as number | undefined) ?? null;
  const now = new Date();
  for (const [code, name, sn, mac, purpose, spot, loc, scene, model] of BOUND) {
    const binding = {
      locationId: idOf(locs, loc),
      sceneId: idOf(scenes, scene),
      productId: idOf(models, model),
      bindStatus: BIND_STATUS.BOUND,
      registrationStatus: REGISTRATION_STATUS.REGISTERED,
      registrationTime: now,
    };
    if (name) {
      await tx
        .insert(equipment)
        .values({
          tenantId,
          equipmentCoding: code,
          equipmentName: name,
          snNumber: sn,
          macAddress: mac,
          scene: purpose,
          useLocation: spot,
          ...binding,
        })
        .onConflictDoNothing();
    }
    await tx
      .update(equipment)
      .set(binding)
      .where(and(eq(equipment.tenantId, tenantId), eq(equipment.equipmentCoding, code)));
    await issueDeviceKey(tx, tenantId, code);
  }
  // the label printer of the equipment archive (tenant/equipment's seed): its model, so that it counts as a printer
  await tx
    .update(equipment)
    .set({ productId: idOf(models, 'TL-P411R') })
    .where(and(eq(equipment.tenantId, tenantId), eq(equipment.equipmentCoding, 'PRN-04'), isNull(equipment.productId)));
  const [fresh] = await tx
    .insert(equipment)
    .values({
      tenantId,
      equipmentCoding: DEMO_READER.equipmentCoding,
      equipmentName: '新到货固定读写器',
      snNumber: 'SN-R700-000901',
      scene: '待注册',
      useLocation: '',
      productId: idOf(models, 'TL-R400'),
    })
    .returning({ id: equipment.id });
  await issueRegistrationCode(tx, tenantId, fresh.id as number, { code: DEMO_READER.code, hours: DEMO_READER.hours, now });
}
