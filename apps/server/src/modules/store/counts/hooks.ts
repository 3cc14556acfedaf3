/**
 * Counts (E9): numbered PD + day + sequence when left without a number; a count is of a store
 * (store/inventory) or a warehouse (logistics/inventory), planned from now on, its zones the
 * site's; an instruction from HQ is read only and only a self-built sheet is deleted. Its moves:
 * start freezes expected from the book (and gathers what is already read: a refresh job), finish
 * stamps its end and duration (and refreshes), review approves it into the book (refused while a
 * handheld session announced for it has not uploaded its reads).
 */
import { COUNT_SHEET_KIND, type CountScope, countRowRefusal, isCountScope, LOCATION_KIND, type ResourceDef } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { conflict, validationError } from '../../../core/errors.js';
import { nextDocumentCode } from '../../../core/numbering.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { queryRows } from '../../../db/client.js';
import { recordedSessionsOf } from '../../rfid/sessions/index.js';
import { COUNT_SUBJECT, countOf } from './engine.js';
import { enqueueRefresh } from './jobs.js';
import { finishApproval, startCount } from './workflow.js';

export type CountSiteKind = 'store' | 'warehouse';
const KIND = { store: LOCATION_KIND.STORE, warehouse: LOCATION_KIND.WAREHOUSE } as const;

/** A planned time may lie this far behind the clock (the form's minute and the request's way). */
const PLANNED_SLACK_MS = 5 * 60_000;

/** The rows of a screen: counts of stores, or of warehouses. */
export const siteKindScope =
  (kind: CountSiteKind, siteColumn = sql.raw('stock_counts.site_id')) =>
  (tenantId: number) =>
    sql`${siteColumn} in (select l.id from locations l where l.tenant_id = ${tenantId} and l.kind = ${KIND[kind]})`;

const refuse = (def: ResourceDef, lang: Parameters<typeof validationError>[0], field: string, message: string) =>
  validationError(lang, [{ code: 'custom', path: [field], message }], def.labels);

/** The hooks of a count screen over sites of `kind`. */
export function countHooks(ctx: AppContext, def: ResourceDef, kind: CountSiteKind): ResourceHooks {
  const inScope = siteKindScope(kind);
  return {
    scope: (session) => inScope(session.tenantId),
    // the zones by name (a store's user may not read the locations the ids point at)
    async decorate(rows, { session }) {
      const ids = [...new Set(rows.flatMap((r) => (Array.isArray(r.zoneIds) ? (r.zoneIds as unknown[]).map(Number) : [])))];
      const names = ids.length
        ? await queryRows<{ id: string | number; name: string }>(
            ctx.db,
            sql`select id, name from locations where tenant_id = ${session.tenantId} and id = any(${`{${ids.join(',')}}`}::bigint[])`,
          )
        : [];
      const name = new Map(names.map((n) => [Number(n.id), n.name]));
      // and the scope's brands by name
      const brandsOf = (r: Record<string, unknown>) => (isCountScope(r.scope) ? ((r.scope as CountScope | null)?.brandIds ?? []) : []);
      const brandIds = [...new Set(rows.flatMap(brandsOf))];
      const brands = brandIds.length
        ? await queryRows<{ id: string | number; brand_name: string }>(
            ctx.db,
            sql`select id, brand_name from brands where tenant_id = ${session.tenantId} and id = any(${`{${brandIds.join(',')}}`}::bigint[])`,
          )
        : [];
      const brand = new Map(brands.map((b) => [Number(b.id), b.brand_name]));
      return rows.map((r) => ({
        ...r,
        zoneNames: (Array.isArray(r.zoneIds) ? (r.zoneIds as unknown[]) : []).map((id) => name.get(Number(id)) ?? String(id)),
        brandNames: brandsOf(r).map((id) => brand.get(Number(id)) ?? String(id)),
      }));
    },
    rowFields: { zoneNames: z.array(z.string()).optional(), brandNames: z.array(z.string()).optional() },
    async beforeWrite(tx, data, { session, existing, changes, lang: given }) {
      const lang = given ?? session.lang;
      if (existing && countRowRefusal(existing, 'edit')) throw conflict('count.instructionReadOnly', { code: String(existing.code) });
      if (!existing && Number(data.sheetKind) === COUNT_SHEET_KIND.INSTRUCTION && session.party)
        throw refuse(def, lang, 'sheetKind', 'count.instructionByHq');
      if (!data.siteId) throw refuse(def, lang, 'siteId', 'validation.required');
      const [site] = await queryRows<{ kind: number }>(
        tx,
        sql`select kind from locations where tenant_id = ${session.tenantId} and id = ${Number(data.siteId)}`,
      );
      if (!site || Number(site.kind) !== KIND[kind]) throw refuse(def, lang, 'siteId', `count.siteNot.${kind}`);
      const planned = changes ? changes.plannedAt : data.plannedAt;
      if (planned != null && new Date(planned as string).getTime() < Date.now() - PLANNED_SLACK_MS)
        throw refuse(def, lang, 'plannedAt', 'count.plannedPast');
      const zones = Array.isArray(data.zoneIds) ? (data.zoneIds as number[]) : [];
      if (zones.length) {
        const [{ n }] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from locations where tenant_id = ${session.tenantId} and kind = ${LOCATION_KIND.ZONE}
                and site_id = ${Number(data.siteId)} and id = any(${`{${zones.join(',')}}`}::bigint[])`,
        );
        if (n !== new Set(zones).size) throw refuse(def, lang, 'zoneIds', 'count.zoneNotInSite');
      }
      const brandIds = isCountScope(data.scope) ? ((data.scope as CountScope | null)?.brandIds ?? []) : [];
      if (brandIds.length) {
        const [{ n }] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from brands where tenant_id = ${session.tenantId} and id = any(${`{${brandIds.join(',')}}`}::bigint[])`,
        );
        if (n !== new Set(brandIds).size) throw refuse(def, lang, 'scope', 'count.brandUnknown');
      }
      if (!existing && !data.code) data.code = await nextDocumentCode(tx, session.tenantId, 'PD');
    },
    async beforeDelete(_tx, rows) {
      const kept = rows.find((r) => countRowRefusal(r, 'delete'));
      if (kept) throw conflict('count.onlySelfBuiltDeleted', { code: String(kept.code) });
    },
    transitions: {
      async start(tx, row, { session }) {
        const c = (await countOf(tx, session.tenantId, Number(row.id)))!;
        await startCount(tx, session.tenantId, c, new Date(), session);
        await enqueueRefresh(ctx, session, c.id, tx);
      },
      async finish(tx, row, { session }) {
        await tx.execute(
          sql`update stock_counts set finished_at = now(),
                 duration_s = greatest(0, extract(epoch from now() - coalesce(started_at, now())))::int
               where tenant_id = ${session.tenantId} and id = ${Number(row.id)}`,
        );
        await enqueueRefresh(ctx, session, Number(row.id), tx);
      },
      async review(tx, row, { session }) {
        const pending = await recordedSessionsOf(tx, session.tenantId, COUNT_SUBJECT, [String(row.code)]);
        if (pending) throw conflict('count.handheldNotUploaded', { code: String(row.code), n: pending });
        const c = (await countOf(tx, session.tenantId, Number(row.id)))!;
        await finishApproval(tx, session.tenantId, c, session);
        await tx.execute(
          sql`update stock_counts set reviewed_by = ${session.userId}, reviewed_at = now()
               where tenant_id = ${session.tenantId} and id = ${c.id}`,
        );
      },
    },
  };
}
