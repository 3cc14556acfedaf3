/**
 * The tag registry's writers, for the label orders (Get EPC, Reset EPC) and every later module:
 * bulk inserts of an order's tags, their withdrawal, and the EPCIS event recorder. Each takes the
 * caller's transaction.
 */
import {
  type BizStep,
  type BizTransactionType,
  DEFAULT_TIME_ZONE,
  type Disposition,
  type EpcisAction,
  type EpcisEventType,
  type EpcisQuantity,
  type ErrorReason,
  isTimeZone,
  placeUri,
  retentionDays,
  type SourceDestType,
  ssccUri,
  TAG_STATUS,
  tagEventFeed,
  tagEventId,
  zoneOffsetAt,
} from '@tagloom/domain';
import { isValidGln, pglnUri } from '@tagloom/domain/epc/index.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { tableOf } from '../../../db/resource-table.js';
import { epcUri } from './decode.js';
import { labelTagEvents } from './tables.js';

/** One tag of an order to insert: its EPC (upper-case hex), SKU, GTIN (14 digits or null) and serial (decimal text). */
export interface NewTag {
  epc: string;
  skuId: number;
  gtin: string | null;
  serial: string;
}

/**
 * Inserts an order's tags in ONE statement (the columns passed as four arrays and unnested), status
 * generated. An EPC the tenant already has fails the statement (unique (tenant_id,
 * epc)): the caller's transaction is refused whole. Call it with chunks of ~20,000 rows.
 */
export async function insertTags(
  tx: Tx,
  tenantId: number,
  orderId: number,
  rows: readonly NewTag[],
  /** when they were generated (default now: a demo's past order gives its own) */
  createdAt?: Date,
): Promise<void> {
  if (!rows.length) return;
  const epcs = new Array<string>(rows.length);
  const skus = new Array<number>(rows.length);
  const gtins = new Array<string>(rows.length);
  const serials = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    epcs[i] = r.epc;
    skus[i] = r.skuId;
    gtins[i] = r.gtin ?? '';
    serials[i] = r.serial;
  }
  // one text parameter per column (hex, digits and ids hold no comma): the fastest way through both
  // drivers; string_to_array('') is an empty array (unnest pads it with nulls): a lone blank GTIN is ''
  await tx.execute(sql`
    insert into label_tags (tenant_id, order_id, epc, sku_id, gtin, serial, created_at)
    select ${tenantId}, ${orderId}, u.epc, u.sku::bigint, coalesce(u.gtin, ''), u.serial,
      ${createdAt ? sql`${createdAt.toISOString()}::timestamptz` : sql`now()`}
    from unnest(
      string_to_array(${epcs.join(',')}, ','),
      string_to_array(${skus.join(',')}, ','),
      string_to_array(${gtins.join(',')}, ','),
      string_to_array(${serials.join(',')}, ',')
    ) as u(epc, sku, gtin, serial)`);
}

/**
 * Inserts one run of an order's tags for one SKU, as Get EPC makes them: the EPCs of serials
 * firstSerial, firstSerial + 1, … in order, in ONE statement whose only array is the EPCs (the SKU,
 * its GTIN and the serials are given once, the serial numbered in SQL), status generated. An EPC
 * the tenant already has fails the statement.
 */
export async function insertSerialRun(
  tx: Tx,
  tenantId: number,
  orderId: number,
  run: { skuId: number; gtin: string | null; firstSerial: number; epcs: readonly string[] },
  opts: { noWaitCommit?: boolean } = {},
): Promise<void> {
  if (!run.epcs.length) return;
  await tx.execute(sql`${opts.noWaitCommit ? noWait : sql``}
    insert into label_tags (tenant_id, order_id, epc, sku_id, gtin, serial)
    select ${tenantId}, ${orderId}, u.epc, ${run.skuId}, ${run.gtin ?? ''}, (${run.firstSerial}::bigint + u.n - 1)::text
    from ${opts.noWaitCommit ? sql`no_wait, ` : sql``}unnest(string_to_array(${run.epcs.join(',')}, ',')) with ordinality as u(epc, n)`);
}

/**
 * A statement run as its own transaction (autocommit) that commits without waiting for its
 * write-ahead log to reach the disk: `set_config(…, true)` in a CTE read once lasts to the end of
 * that transaction, its commit included, in one round trip. For bulk writes whose caller makes them
 * durable later (a job whose last commit waits, and whose retry undoes what a crash lost): a crash
 * may lose the last such commits, never corrupt anything. Read it as `from no_wait, …`.
 */
const noWait = sql`with no_wait as materialized (select set_config('synchronous_commit', 'off', true))`;

/**
 * Inserts one run of an order's tags for one SKU whose EPCs the database makes: serials first …
 * first + count − 1, each EPC `head` followed by `base + serial` in `digits` upper-case hex digits
 * (a coding rule whose serial ends the code, so its EPCs count up with the serial: see
 * serialWindow in ../orders/epc-job.ts). ONE statement, nothing sent per tag; status generated.
 * An EPC the tenant already has fails the statement. `noWaitCommit`: outside a transaction, its
 * commit does not wait for the disk (see noWait).
 */
export async function insertSerialRange(
  tx: Tx,
  tenantId: number,
  orderId: number,
  run: { skuId: number; gtin: string | null; first: bigint; count: number; head: string; base: bigint; digits: number },
  opts: { noWaitCommit?: boolean } = {},
): Promise<void> {
  if (run.count < 1) return;
  const last = run.first + BigInt(run.count) - 1n;
  await tx.execute(sql`${opts.noWaitCommit ? noWait : sql``}
    insert into label_tags (tenant_id, order_id, epc, sku_id, gtin, serial)
    select ${tenantId}, ${orderId}, ${run.head}::text || lpad(upper(to_hex(${String(run.base)}::bigint + g)), ${run.digits}::int, '0'),
      ${run.skuId}, ${run.gtin ?? ''}::text, g::text
    from ${opts.noWaitCommit ? sql`no_wait, ` : sql``}generate_series(${String(run.first)}::bigint, ${String(last)}::bigint) g`);
}

/**
 * Deletes up to `limit` of an order's tags outright (no withdrawal record: for a Get EPC that did
 * not finish, whose EPCs were never given out). Returns how many went; call it until 0. Outside a
 * transaction its commit does not wait for the disk (see noWait): a delete lost in a crash is
 * done again by the next call.
 */
export async function deleteUnfinishedTags(tx: Tx, tenantId: number, orderId: number, limit: number): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    tx,
    sql`with no_wait as materialized (select set_config('synchronous_commit', 'off', true)), gone as (
          delete from label_tags where tenant_id = ${tenantId} and id in (
            select id from label_tags where tenant_id = ${tenantId} and order_id = ${orderId} limit ${limit})
          returning 1
        )
        select count(*)::int as n from gone, no_wait`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Withdraws an order's tags (Reset EPC): deletes them from the registry, remembering each EPC and
 * its order in label_tag_withdrawals (so its lifecycle still shows its order's events), in one
 * statement. Returns how many went. The caller records the order's DELETE event.
 */
export async function deleteOrderTags(tx: Tx, tenantId: number, orderId: number): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    tx,
    sql`with gone as (
          delete from label_tags where tenant_id = ${tenantId} and order_id = ${orderId} returning epc, sku_id, created_at
        ), kept as (
          insert into label_tag_withdrawals (tenant_id, epc, order_id, sku_id, generated_at)
          select ${tenantId}, epc, ${orderId}, sku_id, created_at from gone
          on conflict (tenant_id, epc) do update set order_id = excluded.order_id, generated_at = excluded.generated_at, withdrawn_at = now()
          returning 1
        )
        select count(*)::int as n from kept`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Reset EPC: an order's tags withdrawn (deleteOrderTags) and, when there were any, the whole-order
 * decommissioning event that says so, in the caller's transaction. Answers how many were withdrawn.
 */
export async function withdrawOrderTags(
  tx: Tx,
  e: Pick<TagEventInput, 'tenantId' | 'orderId' | 'orderCode' | 'bizTransactions' | 'userId' | 'username' | 'source'> & { orderId: number },
): Promise<number> {
  const count = await deleteOrderTags(tx, e.tenantId, e.orderId);
  if (count) await recordTagEvent(tx, { ...e, action: 'DELETE', bizStep: 'decommissioning', disposition: 'inactive', epcCount: count });
  return count;
}

/** A source or destination of an event: its CBV type and its id (a URI: an SGLN, a PGLN, a platform URN). */
export interface SourceDest {
  type: SourceDestType;
  id: string;
}

/**
 * A lifecycle event to record: an EPCIS 2.0 event of a few EPCs or of a whole label order — an
 * ObjectEvent unless `eventType` says otherwise. An AggregationEvent (or AssociationEvent) names
 * its parent (`parentId`) and its children (`epcs`, `quantities`); ADD and DELETE need the parent.
 */
export interface TagEventInput {
  tenantId: number;
  /** the EPCIS event type (default ObjectEvent) */
  eventType?: EpcisEventType;
  /** the parent: a URI, or an 18-digit SSCC (written urn:epc:id:sscc:…, company prefix of 7 digits as makeSscc's) */
  parentId?: string;
  /** quantities of classes (an aggregation's child quantities) */
  quantities?: EpcisQuantity[];
  /** CBV sources and destinations (siteParties gives a site's) */
  sources?: SourceDest[];
  destinations?: SourceDest[];
  /** the event declared in error (EPCIS 2.0 §7.4.1.4): its declaration time, CBV reason, corrective events */
  errorDeclaration?: { declarationTime: Date; reason?: ErrorReason; correctiveEventIDs?: string[] };
  /** when it happened (default: now, the record time); within the feed's retention, at most a day ahead */
  eventTime?: Date;
  /** when the platform recorded it (default now; a seed of past events gives its own, after the event time) */
  recordTime?: Date;
  /** the zone offset, e.g. '+08:00' (default: that of the location's time zone at the event time, else the tenant's) */
  eventTimeZoneOffset?: string;
  action: EpcisAction;
  bizStep: BizStep;
  disposition?: Disposition;
  /**
   * the location it happened at (a row of tenant/location): the business location is its URI (the
   * SGLN of its GLN, else a name-free URI of the tenant's and its codes: placeUri), the zone
   * offset that of its time zone, and the read point that URI with the reader (`reader`)
   */
  locationId?: number | null;
  /** the reader (equipment code) that saw it, at `locationId` */
  reader?: string;
  /** a read point / business location given as is (a URI, or a code the tenant's URN space takes) when there is no location */
  readPoint?: string;
  bizLocation?: string;
  bizTransactions?: { type: BizTransactionType; id: string }[];
  /** the EPCs it names (upper-case hex), a handful; or none with `orderId` for all of the order's tags */
  epcs?: readonly string[];
  /** the label order it concerns (its tags' events are read with it) */
  orderId?: number;
  /** the order's code (looked up when not given) */
  orderCode?: string;
  /** how many tags it covers (default: the EPCs given, or the order's tags counted) */
  epcCount?: number;
  userId?: number | null;
  username?: string;
  /** what recorded it: a screen code, a job kind, a device code */
  source?: string;
}

/** At most this many EPCs named in one event row (more: one event per order, or several events). */
export const EVENT_EPCS_MAX = 1000;

const OFFSET = /^[+-](?:0\d|1[0-4]):[0-5]\d$/;
const DAY_MS = 86_400_000;

/** Where events happen, as recordTagEvent names them: the tenant's code and zone, a location's codes, GLN and zone. */
export interface Place {
  tenant: string;
  /** the tenant's time zone (blank: DEFAULT_TIME_ZONE) */
  tenantZone: string;
  /** the company prefix length of the tenant's GS1 codes (its coding rule's; 7 for GS1 SGTIN-96's) */
  companyPrefixLength: number;
  location: { id: number; code: string; gln: string; timeZone: string } | null;
}

/**
 * The tenant's (and a location's) facts events are named by, in one statement: the tenant's code and
 * time zone, the company prefix length of its coding rule (else of CR-SGTIN96, else 7), and the
 * location's code, GLN and time zone (null when it is not one of the tenant's).
 */
export async function placeOf(tx: Tx, tenantId: number, locationId?: number | null): Promise<Place> {
  const [r] = await queryRows<{
    tenant: string;
    tenant_zone: string;
    cpl: number | string | null;
    loc_id: number | string | null;
    loc_code: string | null;
    gln: string | null;
    loc_zone: string | null;
  }>(
    tx,
    sql`select t.code as tenant, t.time_zone as tenant_zone,
          coalesce((select r.company_prefix_length from template_coding_rules r where r.id = t.coding_rule_template_id),
                   (select r.company_prefix_length from template_coding_rules r where r.code = 'CR-SGTIN96')) as cpl,
          l.id as loc_id, l.code as loc_code, l.gln, l.time_zone as loc_zone
        from tenants t
        left join locations l on l.tenant_id = t.id and l.id = ${locationId ?? null}::bigint
        where t.id = ${tenantId}`,
  );
  const cpl = Number(r?.cpl);
  return {
    tenant: r?.tenant ?? String(tenantId),
    tenantZone: r?.tenant_zone ?? '',
    companyPrefixLength: Number.isInteger(cpl) && cpl >= 6 && cpl <= 12 ? cpl : 7,
    location: r?.loc_id != null ? { id: Number(r.loc_id), code: r.loc_code ?? '', gln: r.gln ?? '', timeZone: r.loc_zone ?? '' } : null,
  };
}

/**
 * A site as the source or destination of a move (CBV 2.0 §7.5): its owning party — the PGLN of its
 * GLN, else the platform's URN of the tenant's and its codes — and its location (its SGLN, else the
 * URN placeUri gives). A place without a location gives none.
 */
export function siteParties(place: Place): SourceDest[] {
  const loc = place.location;
  if (!loc) return [];
  const cpl = place.companyPrefixLength;
  const owner = isValidGln(loc.gln)
    ? pglnUri(loc.gln, cpl)
    : `urn:tagloom:party:${[place.tenant, loc.code].map(encodeURIComponent).join(':')}`;
  return [
    { type: 'owning_party', id: owner },
    { type: 'location', id: placeUri({ tenant: place.tenant, code: loc.code, gln: loc.gln, companyPrefixLength: cpl }) },
  ];
}

/** A party that is no site of the tenant (a factory) as a source or destination: the platform's URNs of its code. */
export const partnerParties = (tenant: string, code: string): SourceDest[] => [
  { type: 'owning_party', id: `urn:tagloom:party:${[tenant, code].map(encodeURIComponent).join(':')}` },
  { type: 'location', id: placeUri({ tenant, code }) },
];

/** The time zone events at this place are in: the location's, else the tenant's, else DEFAULT_TIME_ZONE. */
export function zoneOf(place: Place): string {
  for (const z of [place.location?.timeZone, place.tenantZone]) if (z && isTimeZone(z)) return z;
  return DEFAULT_TIME_ZONE;
}

/**
 * Records one event (one row, however many tags it covers) in the tag history. Every module
 * appends here: label orders (encoding at Get EPC, withdrawal), binding (commissioning), clearing
 * (decommissioning), the warehouse (packing, shipping, receiving, accepting, inspecting,
 * unpacking), counts, sales, RFID reads. The location, read point and zone offset come from
 * `locationId` (see TagEventInput); `place` may be given when the caller has it (many events of
 * one tenant). The event's ID is GS1's canonical event hash of the event as recorded (the domain's
 * tagEventId): the same event recorded twice has the same ID. Returns the event's id (the row's).
 */
export async function recordTagEvent(tx: Tx, e: TagEventInput, place?: Place): Promise<number> {
  return (await recordTagEventRow(tx, e, place)).id;
}

/** An event recorded (recordTagEvent), answered as its row's id and its eventID (GS1's hash). */
export async function recordTagEventRow(tx: Tx, e: TagEventInput, place?: Place): Promise<{ id: number; eventId: string }> {
  const at = e.eventTime ?? new Date();
  const now = Date.now();
  const days = retentionDays(tagEventFeed.partition.retention) - 31;
  if (Number.isNaN(at.getTime()) || at.getTime() > now + DAY_MS || at.getTime() < now - days * DAY_MS)
    throw badRequest('tags.eventTimeRange', { days });
  const where = place && (place.location?.id ?? null) === (e.locationId ?? null) ? place : await placeOf(tx, e.tenantId, e.locationId);
  const offset = e.eventTimeZoneOffset ?? zoneOffsetAt(zoneOf(where), at);
  if (!OFFSET.test(offset)) throw badRequest('tags.badZoneOffset', { offset });
  const loc = where.location;
  const site = loc && { tenant: where.tenant, code: loc.code, gln: loc.gln, companyPrefixLength: where.companyPrefixLength };
  const bizLocation = site ? placeUri(site) : e.bizLocation ? placeUri({ tenant: where.tenant, code: e.bizLocation }) : '';
  const readPoint = site
    ? placeUri(site, e.reader)
    : e.readPoint || e.reader
      ? placeUri({ tenant: where.tenant, code: (e.readPoint || e.reader)! })
      : '';
  const epcs = [...new Set(e.epcs ?? [])];
  if (epcs.length > EVENT_EPCS_MAX) throw badRequest('tags.tooManyEpcs', { max: EVENT_EPCS_MAX });
  const eventType = e.eventType ?? 'ObjectEvent';
  const parentId = !e.parentId ? '' : /^\d{18}$/.test(e.parentId) ? ssccUri(e.parentId) : e.parentId;
  const nested = eventType === 'AggregationEvent' || eventType === 'AssociationEvent';
  if (nested && e.action !== 'OBSERVE' && !parentId) throw new Error(`recordTagEvent: an ${eventType} ${e.action} names its parent`);
  if (!epcs.length && e.orderId === undefined && !e.quantities?.length && !parentId)
    throw new Error('recordTagEvent: an event names EPCs, quantities, a parent or an order');
  let orderCode = e.orderCode ?? '';
  let epcCount = e.epcCount ?? epcs.length;
  if (e.orderId !== undefined) {
    const orders = tableOf('label/purchase-order');
    if (!e.orderCode && orders) {
      const [o] = await queryRows<{ code: string }>(
        tx,
        sql`select code from ${orders} where tenant_id = ${e.tenantId} and id = ${e.orderId}`,
      );
      orderCode = o?.code ?? '';
    }
    if (e.epcCount === undefined && !epcs.length) {
      const [c] = await queryRows<{ n: number | string }>(
        tx,
        sql`select count(*)::int as n from label_tags where tenant_id = ${e.tenantId} and order_id = ${e.orderId}`,
      );
      epcCount = Number(c?.n ?? 0);
    }
  }
  const bizTransactions = [...(e.bizTransactions ?? [])];
  if (orderCode && !bizTransactions.some((b) => b.type === 'po' && b.id === orderCode)) bizTransactions.push({ type: 'po', id: orderCode });
  const quantities = e.quantities ?? [];
  const sources = e.sources ?? [];
  const destinations = e.destinations ?? [];
  const eventId = tagEventId(
    {
      eventType,
      eventTime: at.toISOString(),
      eventTimeZoneOffset: offset,
      recordTime: '',
      action: e.action,
      bizStep: e.bizStep,
      disposition: e.disposition ?? '',
      readPoint,
      bizLocation,
      bizTransactions,
      epcs,
      parentId,
      quantities,
      sources,
      destinations,
    },
    epcUri,
  );
  const [row] = await tx
    .insert(labelTagEvents)
    .values({
      tenantId: e.tenantId,
      // no event time given: now, the record time too (its hash needs the instant before the row is written);
      // the record time never before the transaction's now(), which stamps the tags' generation and
      // withdrawal that bound an order's events (the server's clock counts milliseconds, the database's
      // microseconds: within one millisecond an event could sort before the withdrawal it followed).
      // An event time given: recorded no earlier than it happened (a long transaction's now() is its
      // start: a document moved late in it happened after), nor later than the clock (a future event
      // time, within the day a capture allows, is recorded when it arrives)
      createdAt: at,
      recordTime:
        e.recordTime ??
        (e.eventTime
          ? sql`greatest(now(), least(${at.toISOString()}::timestamptz, clock_timestamp()))`
          : sql`greatest(now(), ${at.toISOString()}::timestamptz)`),
      eventTimeZoneOffset: offset,
      eventType,
      eventId,
      parentId,
      quantities,
      sources,
      destinations,
      errorDeclaration: e.errorDeclaration
        ? {
            declarationTime: e.errorDeclaration.declarationTime.toISOString(),
            ...(e.errorDeclaration.reason ? { reason: e.errorDeclaration.reason } : {}),
            ...(e.errorDeclaration.correctiveEventIDs?.length ? { correctiveEventIDs: e.errorDeclaration.correctiveEventIDs } : {}),
          }
        : null,
      action: e.action,
      bizStep: e.bizStep,
      disposition: e.disposition ?? '',
      readPoint,
      bizLocation,
      bizTransactions,
      epcs,
      epc: epcs[0] ?? '',
      epcCount,
      orderId: e.orderId ?? null,
      orderCode,
      userId: e.userId ?? null,
      username: e.username ?? '',
      source: e.source ?? '',
      locationId: loc?.id ?? null,
    })
    .returning({ id: labelTagEvents.id });
  return { id: row.id, eventId };
}

/**
 * Takes back events recorded by recordTagEvent whose step never happened (an ASN import job that
 * failed or was cancelled before its bill shipped): deleted outright, no error declaration (nobody
 * was meant to rely on them). Answers how many went.
 */
export async function deleteUnhappenedEvents(tx: Tx, tenantId: number, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  const gone = await tx
    .delete(labelTagEvents)
    .where(and(eq(labelTagEvents.tenantId, tenantId), inArray(labelTagEvents.id, [...ids])))
    .returning({ id: labelTagEvents.id });
  return gone.length;
}

/**
 * Records an event of many EPCs as one event per EVENT_EPCS_MAX of them (each through
 * recordTagEvent, the place looked up once). Returns the rows' ids; none for no EPCs.
 */
export async function recordTagEventChunks(tx: Tx, e: TagEventInput & { epcs: readonly string[] }, place?: Place): Promise<number[]> {
  return (await recordTagEventChunkRows(tx, e, place)).map((r) => r.id);
}

/** recordTagEventChunks answering each event's row id, eventID and the EPCs it names (a binding links its event by them). */
export async function recordTagEventChunkRows(
  tx: Tx,
  e: TagEventInput & { epcs: readonly string[] },
  place?: Place,
): Promise<{ id: number; eventId: string; epcs: string[] }[]> {
  const epcs = [...new Set(e.epcs)];
  if (!epcs.length) return [];
  const where = place ?? (await placeOf(tx, e.tenantId, e.locationId));
  const rows: { id: number; eventId: string; epcs: string[] }[] = [];
  for (let at = 0; at < epcs.length; at += EVENT_EPCS_MAX) {
    const part = epcs.slice(at, at + EVENT_EPCS_MAX);
    rows.push({ ...(await recordTagEventRow(tx, { ...e, epcs: part }, where)), epcs: part });
  }
  return rows;
}

/** Tag statuses a document no longer moves: a withdrawn, cleared or abnormal tag stays as it is. */
const SETTLED = [TAG_STATUS.WITHDRAWN, TAG_STATUS.CLEARED, TAG_STATUS.EXCEPTION];

/**
 * Sets the registry status of the tenant's tags of these EPCs (SHIPPED when a bill ships them,
 * RECEIVED when a carton of them is accepted …), one statement; a withdrawn, cleared or abnormal
 * tag keeps its status, an EPC not in the registry is skipped. Answers how many tags changed.
 */
export async function setTagStatus(tx: Tx, tenantId: number, epcs: readonly string[], status: number): Promise<number> {
  if (!epcs.length) return 0;
  const rows = await queryRows<{ n: number | string }>(
    tx,
    sql`with moved as (
          update label_tags set status = ${status}, updated_at = now()
          where tenant_id = ${tenantId} and epc = any(string_to_array(${[...new Set(epcs)].join(',')}, ','))
            and status <> ${status} and status not in (${sql.raw(SETTLED.join(', '))})
          returning 1)
        select count(*)::int as n from moved`,
  );
  return Number(rows[0]?.n ?? 0);
}
