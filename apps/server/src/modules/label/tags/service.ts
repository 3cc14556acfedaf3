/**
 * The tags area's rules, on the caller's transaction: binding EPC ↔ TID (refusals recorded as
 * exceptions), unbinding, clearing tags for good, the exceptions' handling, and reading one EPC's
 * history (its own events and its order's, in time order).
 */
import {
  EPC_HEX,
  type Lang,
  normalizeHex,
  retentionDays,
  TAG_BINDING_ACTION,
  TAG_BINDING_SOURCE,
  TAG_EXCEPTION_HOLDS,
  TAG_EXCEPTION_KIND,
  TAG_EXCEPTION_STATE,
  TAG_STATUS,
  type TagEvent,
  TID_HEX,
  tagEventFeed,
  translate,
} from '@tagloom/domain';
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { partyRefCondition } from '../../../core/party.js';
import { type Param, queryRows, type Tx } from '../../../db/client.js';
import { tableOf } from '../../../db/resource-table.js';
import { epcUri, isGs1Header } from './decode.js';
import { EVENT_EPCS_MAX, recordTagEvent } from './store.js';
import { labelTagBindings, labelTagExceptions, labelTags, labelTagWithdrawals } from './tables.js';

type Kind = (typeof TAG_EXCEPTION_KIND)[keyof typeof TAG_EXCEPTION_KIND];
type Source = (typeof TAG_BINDING_SOURCE)[keyof typeof TAG_BINDING_SOURCE];
export interface Actor {
  tenantId: number;
  userId: number | null;
  username: string;
  /** the party a user is bound to: it reaches the tags of its party's label orders only */
  party?: SessionInfo['party'];
}

/** Who reads or writes tags: a tenant, and the party of a bound user. */
export type Reach = Pick<SessionInfo, 'tenantId' | 'party'>;

/** The location of a user bound to a store or a warehouse (undefined for any other caller). */
export const siteOf = (who: Reach): number | undefined =>
  who.party && (who.party.kind === 'store' || who.party.kind === 'warehouse') ? who.party.id : undefined;

/**
 * "`epc` was seen at location `site`": its RFID EPC state was last seen or is present there (the
 * rule of the EPC states' own screens), or a lifecycle event at that location names it.
 */
const seenAt = (tenantId: number, site: number, epc: SQLWrapper): SQL =>
  sql`(${epc} in (select s.epc from rfid_epc_states s where s.tenant_id = ${tenantId}
        and (s.last_location_id = ${site} or s.presence_location_id = ${site}))
      or exists (select 1 from label_tag_events e where e.tenant_id = ${tenantId} and e.location_id = ${site}
        and e.epcs @> array[${epc}]::text[]))`;

/**
 * The tags (or rows naming a tag's label order: binding records, exceptions, events) a caller
 * reaches: every one of its tenant; for a user bound to a label supplier or factory those of its
 * party's label orders (the orders' party scope, core/party.ts); for a user bound to a store or a
 * warehouse the tags seen at its own place (seenAt), when the rows' EPC column is given (none
 * otherwise). Undefined: no restriction.
 */
export const reachOf = (who: Reach, orderId: SQLWrapper = labelTags.orderId, epc?: SQLWrapper): SQL | undefined => {
  const site = siteOf(who);
  if (site !== undefined) return epc ? seenAt(who.tenantId, site, epc) : sql`false`;
  return partyRefCondition(orderId, 'label/purchase-order', who);
};

/** The lifecycle events (feed rows) a caller reaches: a store's or warehouse's user those at its own place. */
export const eventReachOf = (who: Reach, events: { orderId: SQLWrapper; locationId: SQLWrapper }): SQL | undefined => {
  const site = siteOf(who);
  return site !== undefined ? sql`${events.locationId} = ${site}` : reachOf(who, events.orderId);
};

/** A refused line of a batch: its line, codes, and why (an i18n key of part `tags`, with values). */
export interface Refusal {
  line: number;
  epc: string;
  tid?: string;
  key: string;
  params?: Record<string, unknown>;
}

/**
 * The condition "`epc` is an EPC of a tag the caller reaches" for another area's rows keyed by EPC
 * (RFID EPC states), or undefined when every EPC is reached (a user bound to no party).
 */
export function epcReached(who: Reach, epc: SQLWrapper): SQL | undefined {
  const reach = reachOf(who, sql`t.order_id`);
  return reach && sql`${epc} in (select t.epc from ${labelTags} t where t.tenant_id = ${who.tenantId} and ${reach})`;
}

/** Where a read found an exception: its reader's site and zone, the carton and bill it was read with. */
export interface ExceptionPlace {
  siteId?: number | null;
  zoneId?: number | null;
  cartonNo?: string;
  billCode?: string;
}

/** Records an abnormal tag (once per EPC and kind while it is pending: a new finding updates it). */
export async function recordException(
  tx: Tx,
  tenantId: number,
  e: {
    epc: string;
    tid?: string;
    kind: Kind;
    reason?: { key: string; params?: Record<string, unknown> };
    orderId?: number | null;
    place?: ExceptionPlace;
  },
): Promise<void> {
  // the reason is kept as its message key and values, and worded in the reader's language when shown
  const detail = e.reason ? JSON.stringify({ key: e.reason.key, params: e.reason.params ?? {} }).slice(0, 256) : '';
  const place = e.place
    ? {
        siteId: e.place.siteId ?? null,
        zoneId: e.place.zoneId ?? null,
        cartonNo: (e.place.cartonNo ?? '').slice(0, 32),
        billCode: (e.place.billCode ?? '').slice(0, 32),
      }
    : {};
  const epc = e.epc.slice(0, 64);
  const [open] = await tx
    .select({ id: labelTagExceptions.id })
    .from(labelTagExceptions)
    .where(
      and(
        eq(labelTagExceptions.tenantId, tenantId),
        eq(labelTagExceptions.epc, epc),
        eq(labelTagExceptions.kind, e.kind),
        eq(labelTagExceptions.state, TAG_EXCEPTION_STATE.PENDING),
      ),
    )
    .limit(1);
  if (open) {
    await tx
      .update(labelTagExceptions)
      .set({ foundAt: new Date(), tid: (e.tid ?? '').slice(0, 64), detail, orderId: e.orderId ?? null, ...place, updatedAt: new Date() })
      .where(and(eq(labelTagExceptions.tenantId, tenantId), eq(labelTagExceptions.id, open.id)));
    return;
  }
  await tx.insert(labelTagExceptions).values({
    tenantId,
    epc,
    tid: (e.tid ?? '').slice(0, 64),
    kind: e.kind,
    detail,
    orderId: e.orderId ?? null,
    ...place,
    foundAt: new Date(),
    tagStatus: TAG_EXCEPTION_HOLDS.includes(e.kind) ? await holdTag(tx, tenantId, epc) : null,
  });
}

/** Statuses an exception does not change: the tag's life ended (withdrawn, cleared). */
const ENDED = [TAG_STATUS.WITHDRAWN, TAG_STATUS.CLEARED];

/**
 * Makes the tenant's tag of `epc` abnormal (TAG_STATUS.EXCEPTION: documents no longer move it) and
 * answers the status it had — null when it has none to give back: no such tag, its life ended, or
 * abnormal already (the exception that made it so keeps its status).
 */
async function holdTag(tx: Tx, tenantId: number, epc: string): Promise<number | null> {
  const [held] = await queryRows<{ prior: number }>(
    tx,
    sql`with t as (select id, status from label_tags where tenant_id = ${tenantId} and epc = ${epc} for update)
        update label_tags l set status = ${TAG_STATUS.EXCEPTION}, updated_at = now() from t
        where l.tenant_id = ${tenantId} and l.id = t.id and t.status not in (${sql.raw(ENDED.join(', '))})
        returning t.status::int as prior`,
  );
  return held && held.prior !== TAG_STATUS.EXCEPTION ? held.prior : null;
}

/**
 * After exceptions were cleared: each of these EPCs whose tag is abnormal and no longer held by a
 * pending or handled exception (TAG_EXCEPTION_HOLDS) gets back the status its latest holding
 * exception found. In the clearing's transaction; one statement.
 */
export async function releaseTags(tx: Tx, tenantId: number, epcs: readonly string[]): Promise<void> {
  if (!epcs.length) return;
  const holds = sql.raw(TAG_EXCEPTION_HOLDS.join(', '));
  await tx.execute(
    sql`update label_tags l set status = p.prior, updated_at = now()
        from (select distinct on (e.epc) e.epc, e.tag_status as prior from label_tag_exceptions e
              where e.tenant_id = ${tenantId} and e.epc = any(string_to_array(${[...new Set(epcs)].join(',')}, ',')) and e.tag_status is not null
              order by e.epc, e.id desc) p
        where l.tenant_id = ${tenantId} and l.epc = p.epc and l.status = ${TAG_STATUS.EXCEPTION}
          and not exists (select 1 from label_tag_exceptions o where o.tenant_id = ${tenantId} and o.epc = p.epc
                            and o.kind in (${holds}) and o.state in (${TAG_EXCEPTION_STATE.PENDING}, ${TAG_EXCEPTION_STATE.HANDLED}))`,
  );
}

/** An exception's stored reason: its message key and values, or null (a text that is no stored reason). */
export function exceptionReason(detail: unknown): { key: string; params: Record<string, unknown> } | null {
  if (typeof detail !== 'string' || !detail.startsWith('{')) return null;
  try {
    const { key, params } = JSON.parse(detail) as { key: unknown; params: unknown };
    return typeof key === 'string'
      ? { key, params: params && typeof params === 'object' ? (params as Record<string, unknown>) : {} }
      : null;
  } catch {
    return null;
  }
}

/** An exception's stored reason in the reader's language ('' when none; a text that is no stored reason as is). */
export function exceptionDetail(detail: unknown, lang: Lang): string {
  const reason = exceptionReason(detail);
  if (reason) return translate(lang, reason.key, reason.params);
  return typeof detail === 'string' ? detail : '';
}

/** The bad codes of a batch (shape only): each names its line and field, for a 400 before anything is written. */
export function shapeProblems(pairs: { epc: string; tid?: string }[], needTid: boolean) {
  const out: { index: number; field: 'epc' | 'tid'; key: string }[] = [];
  pairs.forEach((p, index) => {
    if (!EPC_HEX.test(p.epc)) out.push({ index, field: 'epc', key: 'validation.epcShape' });
    if (needTid && !TID_HEX.test(p.tid ?? '')) out.push({ index, field: 'tid', key: 'validation.tidShape' });
  });
  return out;
}

export interface BindReport {
  bound: number;
  already: number;
  refused: Refusal[];
}

/**
 * Binds EPC ↔ TID pairs (by hand, from an import, or sent back by a printer). A pair binds when
 * the EPC is a tag of the tenant that is not withdrawn or cleared, has no other TID, and the TID is
 * bound to no other EPC; the same pair again is counted as already bound. Refusals are reported
 * per line and recorded as exceptions (unknown EPC, non-GS1 header, duplicate EPC in the batch,
 * TID mismatch). Each bind writes a binding record; the bound EPCs get one commissioning event a
 * chunk (CBV: the label's chip carries its EPC, encoded at Get EPC, and is now put to use), at
 * `opts.at` (default now).
 */
export async function bindPairs(
  tx: Tx,
  actor: Actor,
  input: { epc: string; tid: string }[],
  source: Source,
  opts: { at?: Date } = {},
): Promise<BindReport> {
  const { tenantId } = actor;
  const pairs = input.map((p, i) => ({ line: i + 1, epc: normalizeHex(p.epc), tid: normalizeHex(p.tid) }));
  const refused: Refusal[] = [];
  // the same EPC with two TIDs in one batch: a duplicate EPC (both lines refused)
  const tidsOf = new Map<string, Set<string>>();
  for (const p of pairs) tidsOf.set(p.epc, (tidsOf.get(p.epc) ?? new Set()).add(p.tid));
  const epcsOfTid = new Map<string, Set<string>>();
  for (const p of pairs) epcsOfTid.set(p.tid, (epcsOfTid.get(p.tid) ?? new Set()).add(p.epc));
  const tags = pairs.length
    ? await tx
        .select({ id: labelTags.id, epc: labelTags.epc, tid: labelTags.tid, status: labelTags.status, orderId: labelTags.orderId })
        .from(labelTags)
        // a tag the actor does not reach (another party's order) is not there for it: an unknown EPC
        .where(and(eq(labelTags.tenantId, tenantId), inArray(labelTags.epc, [...tidsOf.keys()]), reachOf(actor)))
    : [];
  const byEpc = new Map(tags.map((t) => [t.epc as string, t]));
  const holders = pairs.length
    ? await tx
        .select({ epc: labelTags.epc, tid: labelTags.tid, reached: sql<boolean>`${reachOf(actor) ?? sql`true`}` })
        .from(labelTags)
        .where(and(eq(labelTags.tenantId, tenantId), inArray(labelTags.tid, [...epcsOfTid.keys()])))
    : [];
  // a TID is unique in the tenant: held by a tag the actor does not reach, it is taken all the same (not named)
  const holderOf = new Map(holders.map((h) => [h.tid as string, h.reached ? (h.epc as string) : '-']));
  const toBind: { id: number; epc: string; tid: string; orderId: number }[] = [];
  let already = 0;
  const seen = new Set<string>();
  for (const p of pairs) {
    const tag = byEpc.get(p.epc);
    const refuse = async (key: string, kind: Kind | null, params: Record<string, unknown> = {}) => {
      refused.push({ line: p.line, epc: p.epc, tid: p.tid, key, params });
      if (kind)
        await recordException(tx, tenantId, {
          epc: p.epc,
          tid: p.tid,
          kind,
          reason: { key, params: { ...params, epc: p.epc, tid: p.tid } },
          orderId: tag ? Number(tag.orderId) : null,
        });
    };
    if ((tidsOf.get(p.epc)?.size ?? 0) > 1) {
      await refuse('tags.duplicateEpc', TAG_EXCEPTION_KIND.DUPLICATE_EPC);
      continue;
    }
    if (seen.has(p.epc)) {
      already++;
      continue;
    }
    seen.add(p.epc);
    if (!tag) {
      if (!isGs1Header(p.epc)) await refuse('tags.nonGs1Header', TAG_EXCEPTION_KIND.NON_GS1_HEADER, { header: p.epc.slice(0, 2) });
      else await refuse('tags.unknownEpc', TAG_EXCEPTION_KIND.UNKNOWN_EPC);
      continue;
    }
    const status = Number(tag.status);
    if (status === TAG_STATUS.CLEARED || status === TAG_STATUS.WITHDRAWN) {
      await refuse('tags.tagCleared', null);
      continue;
    }
    if (tag.tid === p.tid) {
      already++;
      continue;
    }
    if (tag.tid) {
      await refuse('tags.tidMismatch', TAG_EXCEPTION_KIND.TID_MISMATCH, { bound: tag.tid });
      continue;
    }
    const holder = holderOf.get(p.tid);
    const others = [...(epcsOfTid.get(p.tid) ?? [])].filter((e) => e !== p.epc);
    if ((holder && holder !== p.epc) || others.length) {
      await refuse('tags.tidTaken', TAG_EXCEPTION_KIND.TID_MISMATCH, { other: holder && holder !== p.epc ? holder : others[0] });
      continue;
    }
    toBind.push({ id: Number(tag.id), epc: p.epc, tid: p.tid, orderId: Number(tag.orderId) });
  }
  if (toBind.length) {
    const now = opts.at ?? new Date();
    for (const b of toBind)
      await tx
        .update(labelTags)
        .set({
          tid: b.tid,
          boundAt: now,
          updatedAt: now,
          // a tag further on (shipped, received …) keeps its status; a new one is now bound
          status: sql`case when ${labelTags.status} in (${TAG_STATUS.GENERATED}, ${TAG_STATUS.ENCODED}, ${TAG_STATUS.EXCEPTION}) then ${TAG_STATUS.BOUND} else ${labelTags.status} end`,
        })
        .where(and(eq(labelTags.tenantId, tenantId), eq(labelTags.id, b.id)));
    await tx.insert(labelTagBindings).values(
      toBind.map((b) => ({
        tenantId,
        epc: b.epc,
        tid: b.tid,
        action: TAG_BINDING_ACTION.BIND,
        source,
        orderId: b.orderId,
        operator: actor.username.slice(0, 64),
        boundAt: now,
        createdBy: actor.userId,
      })),
    );
    // one commissioning event per order and chunk: the chip carries the EPC and the label is in use
    const byOrder = new Map<number, string[]>();
    for (const b of toBind) byOrder.set(b.orderId, [...(byOrder.get(b.orderId) ?? []), b.epc]);
    for (const [orderId, epcs] of byOrder)
      for (let i = 0; i < epcs.length; i += EVENT_EPCS_MAX)
        await recordTagEvent(tx, {
          tenantId,
          ...(opts.at ? { eventTime: opts.at } : {}),
          action: 'ADD',
          bizStep: 'commissioning',
          disposition: 'active',
          epcs: epcs.slice(i, i + EVENT_EPCS_MAX),
          orderId,
          epcCount: Math.min(EVENT_EPCS_MAX, epcs.length - i),
          userId: actor.userId,
          username: actor.username,
          source: 'label/tid-binding',
        });
  }
  return { bound: toBind.length, already, refused };
}

/** Unbinds tags' TIDs (a binding record each); a tag without a TID is refused by the caller. Returns the unbound tags. */
export async function unbindTags(tx: Tx, actor: Actor, ids: number[]) {
  const { tenantId } = actor;
  const rows = await tx
    .select({ id: labelTags.id, epc: labelTags.epc, tid: labelTags.tid, status: labelTags.status, orderId: labelTags.orderId })
    .from(labelTags)
    .where(and(eq(labelTags.tenantId, tenantId), inArray(labelTags.id, ids), reachOf(actor)))
    .for('update');
  const now = new Date();
  const bound = rows.filter((r) => r.tid);
  if (!bound.length) return { found: rows.length, unbound: [] as { epc: string; tid: string }[] };
  await tx
    .update(labelTags)
    .set({
      tid: '',
      boundAt: null,
      updatedAt: now,
      status: sql`case when ${labelTags.status} = ${TAG_STATUS.BOUND} then ${TAG_STATUS.ENCODED} else ${labelTags.status} end`,
    })
    .where(
      and(
        eq(labelTags.tenantId, tenantId),
        inArray(
          labelTags.id,
          bound.map((r) => Number(r.id)),
        ),
      ),
    );
  await tx.insert(labelTagBindings).values(
    bound.map((r) => ({
      tenantId,
      epc: r.epc,
      tid: r.tid,
      action: TAG_BINDING_ACTION.UNBIND,
      source: TAG_BINDING_SOURCE.MANUAL,
      orderId: Number(r.orderId),
      operator: actor.username.slice(0, 64),
      boundAt: now,
      createdBy: actor.userId,
    })),
  );
  return { found: rows.length, unbound: bound.map((r) => ({ epc: String(r.epc), tid: String(r.tid) })) };
}

/** What clearing these EPCs would meet: the tags found (with status), the EPCs unknown, those already cleared. */
export async function clearCheck(tx: Tx, tenantId: number, epcs: string[], party?: Reach['party']) {
  const rows = epcs.length
    ? await tx
        .select({ id: labelTags.id, epc: labelTags.epc, tid: labelTags.tid, status: labelTags.status, orderId: labelTags.orderId })
        .from(labelTags)
        .where(and(eq(labelTags.tenantId, tenantId), inArray(labelTags.epc, epcs), reachOf({ tenantId, party })))
    : [];
  const found = new Set(rows.map((r) => r.epc as string));
  return {
    tags: rows,
    unknown: epcs.filter((e) => !found.has(e)),
    cleared: rows.filter((r) => Number(r.status) === TAG_STATUS.CLEARED).map((r) => r.epc as string),
  };
}

/**
 * Clears tags for good (status cleared; a cleared tag is never bound nor cleared again) and records
 * one decommissioning event per order and chunk. The caller has checked every EPC is a tag of the
 * tenant not yet cleared.
 */
export async function clearTags(tx: Tx, actor: Actor, rows: { id: number; epc: string; orderId: number }[]): Promise<number> {
  if (!rows.length) return 0;
  const now = new Date();
  const done = await tx
    .update(labelTags)
    .set({ status: TAG_STATUS.CLEARED, updatedAt: now })
    .where(
      and(
        eq(labelTags.tenantId, actor.tenantId),
        inArray(
          labelTags.id,
          rows.map((r) => r.id),
        ),
        sql`${labelTags.status} <> ${TAG_STATUS.CLEARED}`,
      ),
    )
    .returning({ id: labelTags.id });
  const byOrder = new Map<number, string[]>();
  for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r.epc]);
  for (const [orderId, epcs] of byOrder)
    for (let i = 0; i < epcs.length; i += EVENT_EPCS_MAX)
      await recordTagEvent(tx, {
        tenantId: actor.tenantId,
        action: 'DELETE',
        bizStep: 'decommissioning',
        disposition: 'inactive',
        epcs: epcs.slice(i, i + EVENT_EPCS_MAX),
        orderId,
        epcCount: Math.min(EVENT_EPCS_MAX, epcs.length - i),
        userId: actor.userId,
        username: actor.username,
        source: 'label/clear-tag',
      });
  return done.length;
}

/** The one row of an EPC's tag registry facts, as the database gives it (numbers as JSON or text). */
export interface FactsRow {
  id: number | string | null;
  status: number | null;
  gtin: string | null;
  serial: string | null;
  tid: string | null;
  sku_id: number | string | null;
  order_id: number | string | null;
  order_code: string | null;
  withdrawn: boolean;
}

/**
 * The query of an EPC's tag registry facts by the unique (tenant, EPC) keys: its tag, or its
 * withdrawal, and its label order — one row (FactsRow, shaped by factsOf), for a caller that
 * sends it with its own reads in one statement (the integrator's lookup).
 */
export function epcFactsSelect(tenantId: Param<number>, epc: Param<string>): SQL {
  const orders = tableOf('label/purchase-order');
  return sql`select t.id::float8 as id, t.status, t.gtin, t.serial, t.tid, t.sku_id, coalesce(t.order_id, w.order_id)::float8 as order_id,
          ${orders ? sql`(select o.code from ${orders} o where o.tenant_id = ${tenantId} and o.id = coalesce(t.order_id, w.order_id))` : sql`null::text`} as order_code,
          (t.id is null and w.epc is not null) as withdrawn
        from (select 1) k
        left join label_tags t on t.tenant_id = ${tenantId} and t.epc = ${epc}
        left join label_tag_withdrawals w on t.id is null and w.tenant_id = ${tenantId} and w.epc = ${epc}`;
}

/** The facts as the API gives them: the tag, whether it was withdrawn, its label order. */
export function factsOf(row: FactsRow | null | undefined) {
  return {
    tag:
      row?.id != null
        ? { id: Number(row.id), status: Number(row.status), gtin: row.gtin, serial: row.serial, tid: row.tid, skuId: Number(row.sku_id) }
        : null,
    withdrawn: !!row?.withdrawn,
    order: row?.order_id != null ? { id: Number(row.order_id), code: row.order_code ?? '' } : null,
  };
}

/**
 * The query of the lifecycle events of one EPC: its own, and its label order's whole-order events
 * (no EPC list; the order of its tag or of its withdrawal, from the EPC's generation on — and to its
 * withdrawal: migration 0042) — and the events partners captured naming its pure-identity `uri`
 * (migration 0077) —, within the feed's retention; `newest`
 * first up to `limit` (a lookup), else oldest first (the history). `full` adds the record time,
 * business transactions, the event's EPCs and order id. One call of the database function
 * label_tag_event_lookup (migration 0034): the EPC is found through the GIN index on `epcs` (a
 * bitmap scan, forced by the function's own setting — sequential scans off — and `tenant_id + 0`,
 * `created_at + 0 s` so the (tenant_id, …, created_at) b-trees are no alternative: the planner
 * would otherwise read every event's EPC array, up to a thousand EPCs each, to find it). Its rows
 * come in the function's order (`with ordinality`).
 */
export function epcEventsSelect(
  tenantId: Param<number>,
  epc: Param<string>,
  opts: { newest: boolean; limit: number; full: boolean },
  uri: Param<string> = '',
): SQL {
  // the retention's start, in the statement's text (no value a call would have to bind)
  const days = sql.raw(String(Math.trunc(retentionDays(tagEventFeed.partition.retention))));
  return sql`select o_id::float8 as id, to_char(o_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "eventTime",
          o_zone as "eventTimeZoneOffset", o_action as action, o_biz_step as "bizStep", o_disposition as disposition,
          o_read_point as "readPoint", o_biz_location as "bizLocation", o_epc_count as "epcCount",
          o_order_code as "orderCode", o_username as username, o_source as source, o_location_id::float8 as "locationId",
          o_event_type as "eventType", o_parent_id as "parentId"
          ${
            opts.full
              ? sql`, to_char(o_record_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "recordTime",
                o_biz_transactions as "bizTransactions", o_epcs as epcs, o_order_id as "orderId", o_event_id as "eventId",
                o_quantities as quantities, o_sources as sources, o_destinations as destinations,
                o_error_declaration as "errorDeclaration", o_doc as doc`
              : sql``
          }
        from label_tag_event_lookup(${tenantId}::bigint, ${epc}::text, ${uri}::text, now() - interval '${days} days', ${opts.newest},
                                    ${opts.limit}::int, ${opts.full}) with ordinality
        order by ordinality`;
}

/** The lifecycle events of one EPC (epcEventsSelect). */
export async function epcEvents(
  db: Tx,
  tenantId: number,
  epc: string,
  opts: { newest: boolean; limit: number; full: boolean },
): Promise<Record<string, unknown>[]> {
  return queryRows<Record<string, unknown>>(db, epcEventsSelect(tenantId, epc, opts, epcUri(epc)));
}

/**
 * The events of one EPC, oldest first: its own and its order's (the order found by its tag, or its
 * withdrawal), each with the code and name of the location it happened at (`location`, as the
 * location is named now: for the screens; the event's own URIs are as recorded).
 */
export async function epcHistory(tx: Tx, tenantId: number, epc: string, party?: Reach['party']) {
  const [tag] = await tx
    .select()
    .from(labelTags)
    .where(and(eq(labelTags.tenantId, tenantId), eq(labelTags.epc, epc)));
  const [gone] = tag
    ? []
    : await tx
        .select()
        .from(labelTagWithdrawals)
        .where(and(eq(labelTagWithdrawals.tenantId, tenantId), eq(labelTagWithdrawals.epc, epc)));
  const orderId = (tag?.orderId as number | undefined) ?? gone?.orderId ?? null;
  // a user bound to a party reads the history of the EPCs it reaches only (its own orders' tags, or
  // those seen at its own store or warehouse): any other is unknown to it
  const reach = reachOf({ tenantId, party }, sql`${orderId}::bigint`, sql`${epc}::text`);
  if (
    reach &&
    ((orderId === null && siteOf({ tenantId, party }) === undefined) ||
      !(await queryRows<{ ok: boolean }>(tx, sql`select ${reach} as ok`))[0]?.ok)
  )
    return { epc, tag: null, withdrawn: false, order: null, events: [] as TagEvent[] };
  const rows = await epcEvents(tx, tenantId, epc, { newest: false, limit: 2000, full: true });
  const ids = [
    ...new Set(
      rows
        .map((r) => r.locationId)
        .filter((l) => l !== null && l !== undefined)
        .map(Number),
    ),
  ];
  const places = ids.length
    ? await queryRows<{ id: number | string; code: string; name: string }>(
        tx,
        sql`select id, code, name from locations where tenant_id = ${tenantId} and id = any(string_to_array(${ids.join(',')}, ',')::bigint[])`,
      )
    : [];
  const placeOf = new Map(places.map((p) => [Number(p.id), { code: p.code, name: p.name }]));
  const events: TagEvent[] = rows.map((r) => ({
    ...(r as unknown as TagEvent),
    id: Number(r.id),
    epcCount: Number(r.epcCount),
    orderId: r.orderId === null ? null : Number(r.orderId),
    bizTransactions: (r.bizTransactions as TagEvent['bizTransactions']) ?? [],
    epcs: (r.epcs as string[]) ?? [],
    locationId: r.locationId === null || r.locationId === undefined ? null : Number(r.locationId),
    location: r.locationId === null || r.locationId === undefined ? null : (placeOf.get(Number(r.locationId)) ?? null),
  }));
  let order: { id: number; code: string } | null = null;
  const orders = tableOf('label/purchase-order');
  if (orderId !== null && orders) {
    const [o] = await queryRows<{ id: number; code: string }>(
      tx,
      sql`select id, code from ${orders} where tenant_id = ${tenantId} and id = ${orderId}`,
    );
    if (o) order = { id: Number(o.id), code: o.code };
  }
  return { epc, tag: tag ?? null, withdrawn: !tag && !!gone, order, events };
}

/**
 * What the tag registry knows of these EPCs (the receiving check's `registry`, F5): each registered
 * EPC's SKU and label order; an EPC missing from the map is not the tenant's tag. Read by 1,000s.
 */
export async function registryOf(
  tx: Tx,
  tenantId: number,
  epcs: readonly string[],
): Promise<Map<string, { skuId: number; orderId: number }>> {
  const out = new Map<string, { skuId: number; orderId: number }>();
  for (let at = 0; at < epcs.length; at += 1000) {
    const rows = await tx
      .select({ epc: labelTags.epc, skuId: labelTags.skuId, orderId: labelTags.orderId })
      .from(labelTags)
      .where(and(eq(labelTags.tenantId, tenantId), inArray(labelTags.epc, epcs.slice(at, at + 1000) as string[])));
    for (const r of rows) out.set(r.epc, { skuId: Number(r.skuId), orderId: Number(r.orderId) });
  }
  return out;
}

/**
 * The tenant's first `n` registered tags (EPC and SKU), by id: demo documents put them in cartons.
 * `unbound`: only tags no TID is bound to (the label demo's bound tags have a journey of their own).
 */
export async function someTags(
  tx: Tx,
  tenantId: number,
  n: number,
  opts: { unbound?: boolean } = {},
): Promise<{ epc: string; skuId: number }[]> {
  const rows = await tx
    .select({ epc: labelTags.epc, skuId: labelTags.skuId })
    .from(labelTags)
    .where(and(eq(labelTags.tenantId, tenantId), sql`${labelTags.epc} <> ''`, opts.unbound ? sql`${labelTags.tid} = ''` : undefined))
    .orderBy(labelTags.id)
    .limit(n);
  return rows.map((r) => ({ epc: r.epc, skuId: Number(r.skuId) }));
}
