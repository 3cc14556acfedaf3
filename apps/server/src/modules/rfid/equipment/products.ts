/**
 * The platform's product list (general/product, platform rows) as the tenants see it: reader
 * models with their parameters (general/product-param), read-only; and what a reader configuration
 * is made of (a scene, the model's parameters).
 */
import type { ProductParam, SceneSettings } from '@tagloom/domain/rfid/reader-config.js';
import { and, asc, count, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { conflict, notFound } from '../../../core/errors.js';
import { containing } from '../../../core/like.js';
import type { Tx } from '../../../db/client.js';
import { equipment, productParams, products, rfidScenes } from '../../../db/schema/index.js';

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** Every product (by code) with its parameters, optionally searched by code or name. */
export async function productList(db: Tx, q?: string) {
  const rows = await db
    .select()
    .from(products)
    .where(q ? or(containing(products.code, q), containing(products.name, q)) : undefined)
    .orderBy(asc(products.code))
    .limit(500);
  const ids = rows.map((r) => r.id as number);
  const params = ids.length
    ? await db.select().from(productParams).where(inArray(productParams.product, ids)).orderBy(asc(productParams.code))
    : [];
  return rows.map((r) => ({
    id: r.id as number,
    code: String(r.code),
    name: String(r.name),
    category: Number(r.category),
    nodeType: Number(r.nodeType),
    networkMode: Number(r.networkMode),
    dataFormat: Number(r.dataFormat),
    authMethod: Number(r.authMethod),
    supplier: String(r.supplier ?? ''),
    description: String(r.description ?? ''),
    params: params
      .filter((p) => p.product === r.id)
      .map((p) => ({
        code: String(p.code),
        name: String(p.name),
        unit: String(p.unit ?? ''),
        type: Number(p.type),
        defaultValue: String(p.defaultValue ?? ''),
        minValue: num(p.minValue),
        maxValue: num(p.maxValue),
      })),
  }));
}

/** The parameters of one model, as the reader configuration reads them. */
export async function productParamsOf(db: Tx, productId: number): Promise<ProductParam[]> {
  const rows = await db.select().from(productParams).where(eq(productParams.product, productId));
  return rows.map((p) => ({
    code: String(p.code),
    defaultValue: String(p.defaultValue ?? ''),
    minValue: num(p.minValue),
    maxValue: num(p.maxValue),
  }));
}

async function productName(db: Tx, productId: number | null): Promise<string | null> {
  if (!productId) return null;
  const [p] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return p ? String(p.name) : null;
}

type SceneRow = typeof rfidScenes.$inferSelect;
const settingsOf = (s: SceneRow): SceneSettings => ({
  sceneCode: String(s.sceneCode),
  sceneName: String(s.sceneName),
  sceneType: Number(s.sceneType),
  minPeriod: Number(s.minPeriod),
  intervalPeriod: Number(s.intervalPeriod),
  maxPeriod: Number(s.maxPeriod),
  readPower: Number(s.readPower),
  reportInterval: Number(s.reportInterval),
});

export interface ConfigSource {
  scene: SceneSettings;
  sceneName: string;
  productId: number | null;
  productName: string | null;
}

/** A scene of the tenant, with the model most of its bound readers are (none: the defaults). */
export async function sceneConfigSource(db: Tx, tenantId: number, sceneId: number): Promise<ConfigSource> {
  const [scene] = await db
    .select()
    .from(rfidScenes)
    .where(and(eq(rfidScenes.tenantId, tenantId), eq(rfidScenes.id, sceneId)));
  if (!scene) throw notFound('readers.scene');
  const [model] = await db
    .select({ productId: equipment.productId, n: count() })
    .from(equipment)
    .where(and(eq(equipment.tenantId, tenantId), eq(equipment.sceneId, sceneId), isNotNull(equipment.productId)))
    .groupBy(equipment.productId)
    .orderBy(desc(count()), asc(equipment.productId))
    .limit(1);
  const productId = (model?.productId as number | null) ?? null;
  return { scene: settingsOf(scene), sceneName: String(scene.sceneName), productId, productName: await productName(db, productId) };
}

/** A bound reader's scene and model (409 naming the reader when it is not bound to a scene). */
export async function equipmentConfigSource(db: Tx, tenantId: number, id: number): Promise<ConfigSource> {
  const [row] = await db
    .select({ code: equipment.equipmentCoding, sceneId: equipment.sceneId, productId: equipment.productId })
    .from(equipment)
    .where(and(eq(equipment.tenantId, tenantId), eq(equipment.id, id)));
  if (!row) throw notFound('readers.equipment');
  if (!row.sceneId) throw conflict('readers.config.unbound', { code: String(row.code) });
  const [scene] = await db
    .select()
    .from(rfidScenes)
    .where(and(eq(rfidScenes.tenantId, tenantId), eq(rfidScenes.id, row.sceneId as number)));
  if (!scene) throw notFound('readers.scene');
  const productId = (row.productId as number | null) ?? null;
  return { scene: settingsOf(scene), sceneName: String(scene.sceneName), productId, productName: await productName(db, productId) };
}
