import { PACKING_STATUS, SAMPLE_SUBMISSION_STATUS, SUPPLY_ORDER_STATUS } from '@tagloom/domain';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { prefixPattern } from '../../../core/like.js';
import { dayStamp } from '../../../core/numbering.js';
import { TenantScope } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { roleMenus, roles, tenantMenus } from '../../../db/schema/index.js';
import { loadMenus } from '../../general/menu/grants.js';
import { labelSampleCards } from '../../label/templates/tables.js';
import { brands, goods, goodsSkus } from '../../tenant/goods/tables.js';
import { factories, labelSuppliers } from '../../tenant/places/tables.js';
import { supplyOrderLines, supplyOrders, supplyPackingLines, supplyPackings, supplySampleCards } from './tables.js';

const DAY = 86_400_000;

/**
 * What the demo tenant's partners do on these screens, by role: a factory (PARTNER: factory01)
 * follows its orders and packs and reviews its cartons (the brand audits); a label supplier
 * (LABEL_PARTNER: supplier01) sends sample cards; both read the certificate sample cards. Within
 * what the tenant holds, beside the grants the people area gives these roles.
 */
const PARTNER_GRANTS: Record<string, Record<string, string[]>> = {
  PARTNER: {
    'supply/purchase-order': ['query', 'export'],
    'supply/purchase-order-detail': ['query', 'export'],
    'supply/packing-review': ['query', 'add', 'edit', 'delete', 'review', 'cancelReview', 'export'],
    'supply/submission-detail': ['query', 'export'],
    'label/sample-card': ['query'],
  },
  LABEL_PARTNER: {
    'supply/sample-card': ['query', 'add', 'edit', 'delete', 'submit', 'export'],
    'label/sample-card': ['query'],
  },
};

async function grantPartners(tx: Tx, tenantId: number): Promise<void> {
  const scope = new TenantScope(tx, tenantId);
  const { screens } = await loadMenus(tx);
  const menuOf = new Map([...screens.values()].map((s) => [s.component, s.id]));
  const held = new Map((await scope.select(tenantMenus)).map((g) => [g.menuId, new Set(g.actions)]));
  for (const [code, grants] of Object.entries(PARTNER_GRANTS)) {
    const [role] = await scope.select(roles, eq(roles.code, code));
    if (!role) continue;
    const rows = Object.entries(grants).flatMap(([component, actions]) => {
      const menuId = menuOf.get(component);
      const can = menuId === undefined ? undefined : held.get(menuId);
      return menuId !== undefined && can ? [{ tenantId, roleId: role.id, menuId, actions: actions.filter((a) => can.has(a)) }] : [];
    });
    if (rows.length) await tx.insert(roleMenus).values(rows).onConflictDoNothing();
  }
}
const dayOf = (base: string, plus: number) => new Date(Date.parse(`${base}T00:00:00Z`) + plus * DAY);

/**
 * The demo tenant's supply chain: 12 commodity purchase orders across FA01–FA03 (four styles of one
 * brand each, LM and QY in turn, 2–3 SKUs a style; orders 3 and 8 repealed, the older ones
 * confirmed), cartons packed
 * for the confirmed orders (new, reviewed and audited), sample card shipments by LS01 and LS02, and
 * the supply partners' grants on these screens.
 */
export async function seedSupplyDemo(tx: Tx, tenant: { id: number }): Promise<void> {
  const tenantId = tenant.id;
  await grantPartners(tx, tenantId);
  const facs = await tx
    .select({ id: factories.id, code: factories.code })
    .from(factories)
    .where(and(eq(factories.tenantId, tenantId), inArray(factories.code, ['FA01', 'FA02', 'FA03'])))
    .orderBy(asc(factories.code));
  const brandRows = await tx.select({ id: brands.id, code: brands.brandCode }).from(brands).where(eq(brands.tenantId, tenantId));
  // styles of both demo brands, taken in turn (LM women's wear, QY men's wear)
  const skuOf = (brand: string) =>
    tx
      .select({ id: goodsSkus.id, goodsId: goodsSkus.goodsId, style: goods.styleNumber })
      .from(goodsSkus)
      .innerJoin(goods, and(eq(goods.tenantId, goodsSkus.tenantId), eq(goods.id, goodsSkus.goodsId)))
      .where(and(eq(goodsSkus.tenantId, tenantId), like(goods.styleNumber, prefixPattern(`${brand}2`))))
      .orderBy(asc(goods.styleNumber), asc(goodsSkus.id))
      .limit(300);
  const skus = [...(await skuOf('LM')), ...(await skuOf('QY'))];
  if (!facs.length || !skus.length) return;
  const byStyle = new Map<string, typeof skus>();
  for (const s of skus) byStyle.set(s.style as string, [...(byStyle.get(s.style as string) ?? []), s]);
  const all = [...byStyle.keys()];
  const lm = all.filter((s) => s.startsWith('LM'));
  const qy = all.filter((s) => s.startsWith('QY'));
  // order i takes four styles of one brand, the brands alternating
  const poolOf = (i: number) => (i % 2 && qy.length ? qy : lm);

  const orderRows = Array.from({ length: 12 }, (_, i) => {
    const status = i === 2 || i === 7 ? SUPPLY_ORDER_STATUS.REPEALED : i < 6 ? SUPPLY_ORDER_STATUS.CONFIRMED : SUPPLY_ORDER_STATUS.NEW;
    return {
      tenantId,
      code: `PO${dayStamp(dayOf('2026-10-08', i * 4))}0001`,
      contractCode: `HT-2026-${String(101 + i).padStart(4, '0')}`,
      factoryId: facs[i % facs.length].id,
      brandId: brandRows.find((b) => b.code === String(poolOf(i)[0] ?? '').slice(0, 2))?.id ?? null,
      orderDate: dayOf('2026-10-08', i * 4),
      deliveryDate: dayOf('2026-11-20', i * 5),
      status,
      remark: status === SUPPLY_ORDER_STATUS.REPEALED ? '款式取消，订单撤销' : '',
    };
  });
  const orders = await tx
    .insert(supplyOrders)
    .values(orderRows)
    .returning({ id: supplyOrders.id, factoryId: supplyOrders.factoryId, status: supplyOrders.status });
  const lines: { tenantId: number; orderId: number; goodsId: number; skuId: number; quantity: number }[] = [];
  for (const [i, order] of orders.entries())
    for (let k = 0; k < 4; k++) {
      const pool = poolOf(i);
      const group = byStyle.get(pool[(Math.floor(i / 2) * 4 + k) % pool.length]) ?? [];
      for (const [j, sku] of group.slice(0, 2 + ((i + k) % 2)).entries())
        lines.push({
          tenantId,
          orderId: order.id,
          goodsId: sku.goodsId as number,
          skuId: sku.id,
          quantity: 120 + ((i * 37 + k * 11 + j * 23) % 9) * 40,
        });
    }
  await tx.insert(supplyOrderLines).values(lines);
  for (const order of orders) {
    const total = lines.filter((l) => l.orderId === order.id).reduce((n, l) => n + l.quantity, 0);
    await tx
      .update(supplyOrders)
      .set({ totalQuantity: total })
      .where(and(eq(supplyOrders.tenantId, tenantId), eq(supplyOrders.id, order.id)));
  }

  // cartons of the first three confirmed orders: two each, in every state
  const confirmed = orders.filter((o) => o.status === SUPPLY_ORDER_STATUS.CONFIRMED).slice(0, 3);
  const states = [PACKING_STATUS.AUDITED, PACKING_STATUS.REVIEWED, PACKING_STATUS.NEW];
  let n = 0;
  for (const [i, order] of confirmed.entries())
    for (let c = 0; c < 2; c++) {
      const status = states[(i + c) % states.length];
      const mine = lines.filter((l) => l.orderId === order.id).slice(c * 2, c * 2 + 2);
      // a carton holds 12–30 pieces of a SKU
      const packed = mine.map((l, j) => ({ ...l, quantity: Math.min(l.quantity, 12 + ((n * 7 + j * 5) % 19)) }));
      const pieces = packed.reduce((sum, l) => sum + l.quantity, 0);
      const packedAt = new Date(dayOf('2026-11-15', n++).getTime() + (9 * 60 + n * 37) * 60_000);
      const [carton] = await tx
        .insert(supplyPackings)
        .values({
          tenantId,
          cartonNo: `CTN-2026111${String(n).padStart(4, '0')}`,
          orderId: order.id,
          factoryId: order.factoryId,
          packedAt,
          pieces,
          status,
          reviewedAt: status === PACKING_STATUS.NEW ? null : new Date(packedAt.getTime() + 3_600_000),
          auditedAt: status === PACKING_STATUS.AUDITED ? new Date(packedAt.getTime() + 7_200_000) : null,
        })
        .returning({ id: supplyPackings.id });
      await tx
        .insert(supplyPackingLines)
        .values(packed.map((l) => ({ tenantId, packingId: carton.id, skuId: l.skuId, quantity: l.quantity })));
    }

  const sups = await tx
    .select({ id: labelSuppliers.id })
    .from(labelSuppliers)
    .where(eq(labelSuppliers.tenantId, tenantId))
    .orderBy(asc(labelSuppliers.code));
  const cards = await tx
    .select({ id: labelSampleCards.id })
    .from(labelSampleCards)
    .where(eq(labelSampleCards.tenantId, tenantId))
    .orderBy(asc(labelSampleCards.id));
  if (!sups.length) return;
  const S = SAMPLE_SUBMISSION_STATUS;
  const shipments: [number, number, string | null][] = [
    [S.APPROVED, 3, 'SF1402617855318'],
    [S.SENT, 2, 'YT7720938811205'],
    [S.REJECTED, 3, 'SF1402617855420'],
    [S.NEW, 5, null],
  ];
  await tx.insert(supplySampleCards).values(
    shipments.map(([status, quantity, expressNo], i) => ({
      tenantId,
      code: `SC2026111${String(i + 1).padStart(5, '0')}`,
      sampleCardId: cards[i % Math.max(cards.length, 1)]?.id ?? null,
      supplierId: sups[i % sups.length].id,
      quantity,
      sentDate: expressNo ? dayOf('2026-11-06', i * 2) : null,
      expressCompany: expressNo ? (expressNo.startsWith('SF') ? '顺丰速运' : '圆通速递') : '',
      expressNo: expressNo ?? '',
      status,
      remark: status === S.REJECTED ? '69 码印刷不清，需重新打样' : '',
    })),
  );
}
