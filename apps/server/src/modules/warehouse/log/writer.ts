/**
 * The one writer of the warehouse log (F8): loggedHooks wraps a warehouse declaration's hooks so
 * that every move of its machine — a user's button or a system move (core move()) — writes one
 * wms_log row in the move's transaction, and a user's move first asks requireWmsGrant for the
 * action's operation at the document's warehouse. Bills use it; cartons, inspections and counts
 * wrap their hooks the same way.
 */
import { LOCATION_KIND, partyFieldsOf, type ResourceDef, transitionOf, type WmsOp } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import type { HookRow, OnTransition, ResourceHooks } from '../../../core/resource/service.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { requireWmsGrant } from '../grants/guard.js';
import { wmsLog } from './tables.js';

type Row = Record<string, unknown>;

/** One row of the warehouse log. */
export interface WmsLogEntry {
  tenantId: number;
  userId: number | null;
  username: string;
  siteId: number | null;
  docType: string;
  docId: number;
  docCode: string;
  action: string;
  fromState: number | null;
  toState: number | null;
  epcCount?: number;
  detail?: Row | null;
  /** the move's time (default now: the transaction's) */
  at?: Date;
}

/** The warehouse of a place — a zone's site (stored with it: tenant/places/zones.ts), else the place itself — with its name as it is now. */
async function siteOfPlace(tx: Tx, tenantId: number, placeId: number): Promise<{ id: number; name: string } | null> {
  const [site] = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select s.id::int as id, s.name from locations l
          join locations s on s.tenant_id = l.tenant_id
           and s.id = case when l.kind = ${LOCATION_KIND.ZONE} then coalesce(l.site_id, l.id) else l.id end
         where l.tenant_id = ${tenantId} and l.id = ${placeId}`,
  );
  return site ?? null;
}

/**
 * Writes rows of the warehouse log in one statement, in the caller's transaction: each at its
 * entry's site (a zone given stands for its warehouse, as a handheld's session names where it was
 * read) with the site's name as it is now.
 */
export async function writeWmsLogs(tx: Tx, entries: readonly WmsLogEntry[]): Promise<void> {
  if (!entries.length) return;
  const sites = new Map<number, { id: number; name: string } | null>();
  for (const e of entries) if (e.siteId !== null && !sites.has(e.siteId)) sites.set(e.siteId, await siteOfPlace(tx, e.tenantId, e.siteId));
  await tx.insert(wmsLog).values(
    entries.map((e) => {
      const site = e.siteId === null ? null : sites.get(e.siteId);
      return {
        tenantId: e.tenantId,
        userId: e.userId,
        username: e.username,
        siteId: site?.id ?? e.siteId,
        siteName: site?.name ?? '',
        docType: e.docType,
        docId: e.docId,
        docCode: e.docCode,
        action: e.action,
        fromState: e.fromState,
        toState: e.toState,
        epcCount: e.epcCount ?? 0,
        detail: e.detail ?? null,
        ...(e.at ? { createdAt: e.at } : {}),
      };
    }),
  );
}

/** Writes one row of the warehouse log (writeWmsLogs). */
export const writeWmsLog = (tx: Tx, e: WmsLogEntry): Promise<void> => writeWmsLogs(tx, [e]);

/** What a declaration tells the log and the grant guard about its rows. */
export interface WmsLogOptions<R = Row> {
  /** the warehouse (or store) a row's moves happen at */
  siteOf(row: R): number | null | undefined;
  /** the operation a user's move by this action needs (requireWmsGrant); an action not named needs none */
  ops?: Partial<Record<string, WmsOp>>;
  /** the zone a row's moves are done in (a carton's: where it was read), which a grant naming zones must name */
  zoneOf?(row: R): number | null | undefined;
  /** the EPCs a move concerned (default 0) */
  epcCount?(row: R, action: string): number;
  /** the document's code (default the declaration's title field) */
  codeOf?(row: R): string;
  /**
   * the document type the log names (default the rows' own declaration): a screen whose machine
   * moves another field of those rows (a carton's spot check) names itself, so its states read as its own
   */
  docType?: string;
}

const state = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * Where a user acts: its own warehouse when the row names it at one of its ends (a transfer
 * between two warehouses is shipped at the sender and received at the receiver), else the row's site.
 */
function actingSite(def: ResourceDef, row: Row, session: SessionInfo, site: number | null): number | null {
  const party = session.party;
  if (!party) return site;
  return partyFieldsOf(def, party.kind).some((f) => Number(row[f]) === party.id) ? party.id : site;
}

/**
 * A declaration's hooks with the warehouse log and grants: each button's transition asks the
 * action's operation first (before the action's own hook), and every move — a button's or a system
 * one's — writes a wms_log row after the hooks (the row as they left it).
 */
export function loggedHooks<D extends ResourceDef>(def: D, hooks: ResourceHooks<D>, opts: WmsLogOptions<HookRow<D>>): ResourceHooks<D> {
  const machine = def.machine;
  if (!machine) throw new Error(`${def.code}: the warehouse log follows a state machine; the declaration has none`);
  const siteOf = (row: HookRow<D>) => {
    const v = opts.siteOf(row);
    return v === null || v === undefined ? null : Number(v);
  };
  const guarded = (action: string, own?: OnTransition<HookRow<D>>): OnTransition<HookRow<D>> =>
    async function guarded(tx, row, info) {
      const op = opts.ops?.[action];
      const zone = opts.zoneOf?.(row);
      if (op)
        await requireWmsGrant(
          tx,
          info.session,
          { siteId: actingSite(def, row as Row, info.session, siteOf(row)), zoneId: zone == null ? null : Number(zone) },
          op,
        );
      await own?.(tx, row, info);
    };
  return {
    ...hooks,
    transitions: Object.fromEntries(Object.keys(machine.transitions).map((a) => [a, guarded(a, hooks.transitions?.[a])])),
    async onTransition(tx, row, info) {
      await hooks.onTransition?.(tx, row, info);
      const r = row as Row;
      const fields = transitionOf(machine, info.action)?.fields ?? [];
      const given = Object.fromEntries(fields.filter((k) => r[k] !== undefined && r[k] !== '').map((k) => [k, r[k]]));
      await writeWmsLog(tx, {
        tenantId: info.by.tenantId,
        userId: info.by.userId,
        username: info.by.username,
        siteId: siteOf(row),
        // a screen over another's rows (a receipt review's bills) logs the rows' own declaration
        docType: opts.docType ?? def.rowsOf?.code ?? def.code,
        docId: Number(r.id),
        docCode: opts.codeOf?.(row) ?? String(r[def.titleField] ?? ''),
        action: info.action,
        fromState: state((info.before as Row)[machine.field]),
        toState: state(r[machine.field]),
        epcCount: opts.epcCount?.(row, info.action) ?? 0,
        detail: info.system || Object.keys(given).length ? { ...given, ...(info.system ? { system: true } : {}) } : null,
      });
    },
  };
}
