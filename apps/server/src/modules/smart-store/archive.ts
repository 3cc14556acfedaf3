/**
 * Fitting-room archives (smart-store/archive): a store's fitting area and rules. Saving one keeps
 * its zones — the FITTING_AREA zone (`<store>-FA`) and its cabins (`<store>-FC<n>`, "n 号试衣间"),
 * made through the places' service as the cabin count grows (never fewer than the cabins the area
 * has: a cabin's readers and sessions point at it) — and the list shows each archive's cabins with
 * the readers bound to them (a cabin with none says so). The rules of each store are read here
 * for the fold, the sweep and the reports.
 */
import { fittingArchiveResource, type Lang, ZONE_TYPE } from '@tagloom/domain';
import { DEFAULT_FITTING_RULES, type FittingRules } from '@tagloom/domain/rfid/fitting.js';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { conflict, fieldRefusal } from '../../core/errors.js';
import type { ResourceHooks } from '../../core/resource/service.js';
import type { Tx } from '../../db/client.js';
import { readersAt } from '../rfid/equipment/service.js';
import { ensureZones, storeCodeOf, zonesUnder } from '../tenant/places/zones.js';
import { frAreas } from './tables.js';

type Row = Record<string, unknown>;

const field = (key: keyof typeof fittingArchiveResource.labels) => ({ key, label: fittingArchiveResource.labels[key] });

/** A store's fitting rules and hours, as its archive says (the defaults for a store without one). */
export interface StoreFitting extends FittingRules {
  storeId: number;
  areaId: number | null;
  cabins: number;
  opensAt: string;
  closesAt: string;
  enabled: boolean;
}

const DEFAULTS = { ...DEFAULT_FITTING_RULES, areaId: null, cabins: 0, opensAt: '10:00', closesAt: '22:00', enabled: true };

/** The fitting rules of these stores, by store (a store without an archive: the defaults). */
export async function fittingOf(tx: Tx, tenantId: number, storeIds: readonly number[]): Promise<Map<number, StoreFitting>> {
  const ids = [...new Set(storeIds)];
  const rows = ids.length
    ? await tx
        .select()
        .from(frAreas)
        .where(and(eq(frAreas.tenantId, tenantId), inArray(frAreas.storeId, ids)))
    : [];
  const out = new Map<number, StoreFitting>(ids.map((id) => [id, { storeId: id, ...DEFAULTS }]));
  for (const r of rows as Row[])
    out.set(Number(r.storeId), {
      storeId: Number(r.storeId),
      areaId: r.zoneId == null ? null : Number(r.zoneId),
      cabins: Number(r.cabinCount),
      minDwellS: Number(r.minDwellS),
      mergeGapS: Number(r.mergeGapS),
      conversionWindowH: Number(r.conversionWindowH),
      opensAt: String(r.opensAt || DEFAULTS.opensAt),
      closesAt: String(r.closesAt || DEFAULTS.closesAt),
      enabled: Number(r.status) === 1,
    });
  return out;
}

/**
 * Makes the store's fitting area and its cabins up to `count` (the ones it has are kept): answers
 * the area's id and the cabins. Refuses fewer cabins than the area has.
 */
export async function keepFittingZones(
  tx: Tx,
  tenantId: number,
  o: { storeId: number; name: string; cabins: number; lang: Lang },
): Promise<{ areaId: number; cabins: { id: number; code: string; name: string }[] }> {
  const code = await storeCodeOf(tx, tenantId, o.storeId);
  if (!code) throw fieldRefusal(field('storeId'), 'fitting.storeNeeded', {}, o.lang);
  const [area] = await ensureZones(tx, tenantId, { parentId: o.storeId, siteId: o.storeId }, [
    { code: `${code}-FA`, name: o.name || '试衣区', zoneType: ZONE_TYPE.FITTING_AREA },
  ]);
  const had = (await zonesUnder(tx, tenantId, [area.id], ZONE_TYPE.FITTING_CABIN)).get(area.id) ?? [];
  if (o.cabins < had.length) throw fieldRefusal(field('cabinCount'), 'fitting.cabinsFewer', { count: had.length }, o.lang);
  const wanted = Array.from({ length: o.cabins }, (_, i) => ({
    code: `${code}-FC${i + 1}`,
    name: `${i + 1} 号试衣间`,
    zoneType: ZONE_TYPE.FITTING_CABIN,
  }));
  const cabins = await ensureZones(tx, tenantId, { parentId: area.id, siteId: o.storeId }, wanted);
  return { areaId: area.id, cabins };
}

const cabinShape = z.object({ id: z.number(), code: z.string(), name: z.string(), readers: z.array(z.string()) });

/** The archive screen's hooks: its zones kept on every save; its rows with their cabins and readers. */
export function archiveHooks(ctx: AppContext): ResourceHooks {
  return {
    async beforeWrite(tx, data, info) {
      const lang = info.lang ?? info.session.lang;
      if (data.storeId == null) throw fieldRefusal(field('storeId'), 'fitting.storeNeeded', {}, lang);
      // one archive a store: said before its cabins are counted
      const [other] = await tx
        .select({ id: frAreas.id })
        .from(frAreas)
        .where(and(eq(frAreas.tenantId, info.session.tenantId), eq(frAreas.storeId, Number(data.storeId))));
      if (other && Number(other.id) !== Number(info.existing?.id))
        throw conflict('common.conflict', { what: fittingArchiveResource.labels.storeId });
      const kept = await keepFittingZones(tx, info.session.tenantId, {
        storeId: Number(data.storeId),
        name: String(data.name ?? ''),
        cabins: Number(data.cabinCount ?? 3),
        lang,
      });
      if (info.changes) info.changes.zoneId = kept.areaId;
      else data.zoneId = kept.areaId;
    },
    async decorate(rows, { session }) {
      const areaIds = rows
        .map((r) => r.zoneId)
        .filter((v) => v != null)
        .map(Number);
      const cabins = await zonesUnder(ctx.db, session.tenantId, areaIds, ZONE_TYPE.FITTING_CABIN);
      const readers = await readersAt(
        ctx.db,
        session.tenantId,
        [...cabins.values()].flat().map((c) => c.id),
      );
      return rows.map((r) => ({
        ...r,
        cabins: (cabins.get(Number(r.zoneId)) ?? []).map((c) => ({ ...c, readers: readers.get(c.id) ?? [] })),
      }));
    },
    rowFields: { cabins: z.array(cabinShape) },
  };
}
