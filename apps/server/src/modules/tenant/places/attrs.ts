import type { TemplateAttr } from '@tagloom/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AttrLoader, AttrSpec } from '../../../core/resource/attrs.js';
import type { Tx } from '../../../db/client.js';
import { templateGoodsAttrs, templateLocationAttrs, tenants } from '../../../db/schema/index.js';
import { codeTableItems, codeTables } from './tables.js';

const OPTIONS = 4;
const ENABLED = 1;

/**
 * The options of option attributes: the enabled values of the tenant's enabled code tables whose
 * code is the attribute's code, in their order.
 */
export async function codeTableOptions(
  db: Tx,
  tenantId: number,
  codes: string[],
): Promise<Map<string, { value: string; label: string }[]>> {
  const out = new Map<string, { value: string; label: string }[]>(codes.map((c) => [c, []]));
  if (!codes.length) return out;
  const rows = await db
    .select({ code: codeTables.code, value: codeTableItems.value, label: codeTableItems.label })
    .from(codeTableItems)
    .innerJoin(codeTables, and(eq(codeTables.tenantId, codeTableItems.tenantId), eq(codeTables.id, codeTableItems.tableId)))
    .where(
      and(
        eq(codeTables.tenantId, tenantId),
        inArray(codeTables.code, codes),
        eq(codeTables.status, ENABLED),
        eq(codeTableItems.status, ENABLED),
      ),
    )
    .orderBy(asc(codeTables.code), asc(codeTableItems.seq), asc(codeTableItems.id));
  for (const r of rows) out.get(r.code)?.push({ value: r.value, label: r.label });
  return out;
}

/** Template attributes as AttrSpecs (basic ones first), option attributes with their code table's values. */
async function specsOf(db: Tx, tenantId: number, lists: { basicAttrs: unknown; auxAttrs: unknown } | undefined): Promise<AttrSpec[]> {
  if (!lists) return [];
  const attrs = [lists.basicAttrs, lists.auxAttrs].flatMap((l) => (Array.isArray(l) ? (l as TemplateAttr[]) : []));
  const options = await codeTableOptions(
    db,
    tenantId,
    attrs.filter((a) => Number(a.type) === OPTIONS).map((a) => a.code),
  );
  return attrs.map((a) => {
    const type = Number(a.type) as AttrSpec['type'];
    return {
      code: a.code,
      name: a.name,
      type,
      required: a.required === true || a.required === 1,
      ...(type === OPTIONS ? { options: options.get(a.code) ?? [] } : {}),
    };
  });
}

/** 'goods': the attributes of the tenant's goods-attribute template (tenants.goodsAttrTemplateId). */
export const goodsAttrSource: AttrLoader = async (db, tenantId) => {
  const [lists] = await db
    .select({ basicAttrs: templateGoodsAttrs.basicAttrs, auxAttrs: templateGoodsAttrs.auxAttrs })
    .from(tenants)
    .innerJoin(templateGoodsAttrs, eq(templateGoodsAttrs.id, tenants.goodsAttrTemplateId))
    .where(eq(tenants.id, tenantId));
  return specsOf(db, tenantId, lists);
};

/** 'location': the attributes of the tenant's location-attribute template (tenants.locationAttrTemplateId). */
export const locationAttrSource: AttrLoader = async (db, tenantId) => {
  const [lists] = await db
    .select({ basicAttrs: templateLocationAttrs.basicAttrs, auxAttrs: templateLocationAttrs.auxAttrs })
    .from(tenants)
    .innerJoin(templateLocationAttrs, eq(templateLocationAttrs.id, tenants.locationAttrTemplateId))
    .where(eq(tenants.id, tenantId));
  return specsOf(db, tenantId, lists);
};
