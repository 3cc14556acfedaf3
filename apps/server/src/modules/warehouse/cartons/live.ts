/**
 * The receiving check live (issue 29, operations.md E2): each carton's result pushed as it changes
 * (checked by a closing session or a reviewed pad session, accepted, held, read again, put away)
 * and, while a carton is in a tunnel, its reads so far (at most SESSION_PACE_MS apart per session).
 * Results are published inside the transaction that changes the carton (NOTIFY goes at its
 * commit); a throttled progress left over is published after, from a fresh read of its session.
 */
import { EPC_CLASS } from '@tagloom/domain';
import { READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { publishLive, publishLiveIn } from '../../../core/live.js';
import { queryRows, type Tx } from '../../../db/client.js';
import {
  getSession,
  type ReadSession,
  type SessionPace,
  sessionPace,
  sessionSubjects,
  TRIGGERED_SUBJECT,
} from '../../rfid/sessions/index.js';
import { cartonOfReads, cartonOfSubject } from './check.js';
import { CARTON_TOPIC, type CartonLive, type CartonRow, COLUMNS, FROM, liveOf } from './publish.js';

export { CARTON_TOPIC, type CartonLive, cartonsLive, publishCarton } from './publish.js';

/**
 * A carton being read by `session`: the carton as it is, its reader and zone the session's, its reads
 * so far. A session a GPI trigger opened names its carton by the reads so far (the one they belong to).
 */
export async function progressOf(tx: Tx, session: ReadSession): Promise<CartonLive | null> {
  const cartonId =
    session.subjectType === TRIGGERED_SUBJECT
      ? ((await cartonOfReads(tx, session))?.id ?? null)
      : await cartonOfSubject(tx, session.tenantId, session);
  if (!cartonId) return null;
  const rows = await queryRows<CartonRow>(
    tx,
    sql`select ${COLUMNS} from ${FROM} where c.tenant_id = ${session.tenantId} and c.id = ${cartonId}`,
  );
  if (!rows[0]) return null;
  const [zone] = session.locationId
    ? await queryRows<{ name: string }>(
        tx,
        sql`select name from locations where tenant_id = ${session.tenantId} and id = ${session.locationId}`,
      )
    : [];
  return {
    ...liveOf(rows[0], 'progress'),
    equipmentCoding: session.equipmentCoding,
    locationId: session.locationId,
    zoneName: zone?.name ?? null,
    session: {
      id: session.id,
      code: session.code,
      epcCount: session.epcCount,
      readCount: session.readCount,
      startedAt: session.startedAt,
    },
  };
}

/** The paces of this process's followers (followCartonReads: one per server in it). */
const paces = new Set<SessionPace>();

/** A session's pace is over (it closed: its result is published by the check). */
export function forgetProgress(session: { tenantId: number; id: number }): void {
  for (const p of paces) p.forget(session);
}

/**
 * Follows the cartons read in a tunnel (or by a live handheld) for the live panel: a session of a
 * carton opened or read publishes its progress in the writing transaction, paced per session
 * (sessionPace: the one after the pause from the session read again, if still open),
 * so the last reads always show. Returns the function that stops it.
 */
export function followCartonReads(ctx: Pick<AppContext, 'db' | 'database' | 'log'>): () => void {
  const pace = sessionPace(
    async (tx, session) => {
      const data = await progressOf(tx, session);
      if (data) await publishLiveIn(tx, { tenantId: session.tenantId, topic: CARTON_TOPIC, data });
    },
    async ({ tenantId, id }) => {
      try {
        const session = await getSession(ctx.db, tenantId, id);
        if (session.state !== READ_SESSION_STATE.OPEN) {
          forgetProgress(session);
          return;
        }
        const data = await progressOf(ctx.db, session);
        if (data) await publishLive(ctx, { tenantId, topic: CARTON_TOPIC, data });
      } catch (err) {
        ctx.log.warn({ err, tenantId, session: id }, 'carton progress failed');
      }
    },
  );
  paces.add(pace);
  const offs = ['carton', TRIGGERED_SUBJECT].map((type) => sessionSubjects.onProgress(type, pace.progress));
  return () => {
    for (const off of offs) off();
    pace.stop();
    paces.delete(pace);
  };
}

/** The results an EPC of a carton may have in the drawer (an expected EPC not read yet: pending). */
export const EPC_RESULTS = {
  pending: EPC_CLASS.PENDING,
  matched: EPC_CLASS.MATCHED,
  missing: EPC_CLASS.SHORT,
  over: EPC_CLASS.OVER,
  foreign: EPC_CLASS.FOREIGN,
  unknown: EPC_CLASS.UNKNOWN,
} as const;
export type EpcResult = keyof typeof EPC_RESULTS;
const RESULT_OF = new Map<number, EpcResult>(Object.entries(EPC_RESULTS).map(([k, v]) => [v, k as EpcResult]));

/** A carton's EPCs (bound now), with their result and source, EPC order; `result` keeps one result. */
export async function cartonEpcs(tx: Tx, tenantId: number, cartonId: number, result?: EpcResult, limit = 5000) {
  const rows = await queryRows<{ epc: string; result: number; source: number; sku_id: string | number | null }>(
    tx,
    sql`select epc, result, source, sku_id from wms_carton_epcs
        where tenant_id = ${tenantId} and carton_id = ${cartonId} and unbound_at is null
          ${result ? sql`and result = ${EPC_RESULTS[result]}` : sql``}
        order by epc limit ${limit + 1}`,
  );
  const counts = await queryRows<{ result: number; n: number }>(
    tx,
    sql`select result, count(*)::int as n from wms_carton_epcs
        where tenant_id = ${tenantId} and carton_id = ${cartonId} and unbound_at is null group by result`,
  );
  return {
    epcs: rows.slice(0, limit).map((r) => ({ epc: r.epc, result: RESULT_OF.get(Number(r.result)) ?? 'pending', source: Number(r.source) })),
    more: rows.length > limit,
    counts: Object.fromEntries(counts.map((c) => [RESULT_OF.get(Number(c.result)) ?? 'pending', c.n])) as Partial<
      Record<EpcResult, number>
    >,
  };
}
