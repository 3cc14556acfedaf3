/**
 * The SimpleEventQuery over the lifecycle (GET /events and every resource's /events): the domain's
 * parsed parameters (parseEpcisQuery) as conditions on label_tag_events, always of the caller's
 * tenant and within its party scope (eventReachOf: a store's or warehouse's user the events at its
 * place, a supplier's or factory's those of its label orders), ordered by event time (or record
 * time) with the row id as tie-break, a page at a time after the token's cursor.
 *
 * EPCs: a query names them as pure-identity URNs, GS1 Digital Links or patterns; the platform's own
 * events name its tags by hex, captured ones by URN. An SGTIN or SSCC URN is also looked for as each
 * hex an SGTIN-96/198 or SSCC-96 tag of it could carry (every filter), and a tag of the tenant brings
 * its label order's whole-order events (no EPC list, from the tag's generation on). Events are found
 * through the GIN index on `epcs` first (a materialized set of keys), then ordered.
 */
import { digitalLinkToEpcUrn, type EpcisQuery, type EpcValue, epcisProblem, placeUri } from '@tagloom/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { placeTree } from '../../tenant/places/zones.js';
import { hexCandidates } from '../tags/decode.js';
import { eventReachOf } from '../tags/service.js';

/** A PostgreSQL text[] literal (one bound value), quoted so any text goes through. */
export const textArray = (xs: readonly string[]): SQL =>
  sql`${`{${xs.map((x) => `"${x.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** Where the query's EPC URNs and hex live: the tenant's code and company prefix length. */
export interface QueryPlace {
  tenantCode: string;
  companyPrefixLength: number;
}

/**
 * The stored forms an EPC value names: as given and its URN (of a Digital Link) in `keys`, the hex its
 * tags could carry (every filter and scheme of the URN: up to 16) in `hex`, patterns apart.
 */
export function epcKeys(values: readonly EpcValue[], place: QueryPlace): { keys: string[]; hex: string[]; patterns: string[] } {
  const keys = new Set<string>();
  const hex = new Set<string>();
  const patterns: string[] = [];
  for (const v of values) {
    if (v.kind === 'pattern') {
      // urn:epc:idpat:sgtin:0614141.812345.* → urn:epc:id:sgtin:0614141.812345.%
      const p = v.raw.replace(/^urn:epc:idpat:/, 'urn:epc:id:').replace(/[%_\\]/g, (c) => `\\${c}`);
      patterns.push(p.replace(/\*.*$/, '%'));
      continue;
    }
    keys.add(v.raw);
    const urn = v.kind === 'digital-link' ? digitalLinkToEpcUrn(v.raw, place.companyPrefixLength) : v.kind === 'urn' ? v.raw : null;
    if (!urn) continue;
    keys.add(urn);
    for (const h of hexCandidates(urn)) hex.add(h);
  }
  return { keys: [...keys], hex: [...hex].filter((h) => !keys.has(h)), patterns };
}

/**
 * The tenant's tags among these hex candidates (the registry's and the withdrawn): their EPCs (the hex
 * the platform's own events name), label orders and when each was generated (its order's events count
 * from then). Only these go to the GIN index: 16 candidates of which none is a tag made the planner
 * expect a fifth of a month's events and read them all.
 */
async function tagsOf(tx: Tx, tenantId: number, hex: readonly string[]): Promise<{ epc: string; orderId: number; born: string }[]> {
  if (!hex.length) return [];
  const rows = await queryRows<{ epc: string; order_id: string | number; born: string }>(
    tx,
    sql`select epc, order_id, created_at::text as born from label_tags where tenant_id = ${tenantId} and epc = any(${textArray(hex)})
        union all
        select epc, order_id, coalesce(generated_at, 'epoch')::text from label_tag_withdrawals where tenant_id = ${tenantId} and epc = any(${textArray(hex)})`,
  );
  return rows.map((r) => ({ epc: r.epc, orderId: Number(r.order_id), born: r.born }));
}

/** "One of these URIs, or under one of them": the location tree's (WD_bizLocation, WD_readPoint), by the URIs events name places with. */
async function withDescendants(
  tx: Tx,
  tenantId: number,
  place: QueryPlace,
  uris: readonly string[],
): Promise<{ uris: string[]; ids: number[]; prefixes: string[] }> {
  const tree = await placeTree(tx, tenantId);
  const uriOf = (l: (typeof tree)[number]) =>
    placeUri({ tenant: place.tenantCode, code: l.code, gln: l.gln, companyPrefixLength: place.companyPrefixLength });
  const byUri = new Map(tree.map((l) => [uriOf(l), l]));
  const children = new Map<number, number[]>();
  for (const l of tree) if (l.parentId != null) children.set(l.parentId, [...(children.get(l.parentId) ?? []), l.id]);
  const ids = new Set<number>();
  const walk = (id: number) => {
    if (ids.has(id)) return;
    ids.add(id);
    for (const c of children.get(id) ?? []) walk(c);
  };
  for (const u of uris) {
    const l = byUri.get(u);
    if (l) walk(l.id);
  }
  const byId = new Map(tree.map((l) => [l.id, l]));
  const all = new Set(uris);
  for (const id of ids) all.add(uriOf(byId.get(id)!));
  // a reader's read point is its place's URI with the reader after it (urn:…:ST001:GATE-1, sgln:…<ext>)
  const prefixes = [...all].map((u) => (u.startsWith('urn:epc:id:sgln:') ? u.replace(/\.[^.]*$/, '.') : `${u}:`));
  return { uris: [...all], ids: [...ids], prefixes };
}

const values = (xs: readonly string[]) => textArray(xs);

/** An EPC URI of a typed list (business transactions, sources, destinations) as our own events serve it and store it. */
function typedIds(kind: 'bt' | 'party', type: string, vs: readonly string[]): string[] {
  const out = new Set(vs);
  const own = kind === 'bt' ? `urn:tagloom:bt:${type}:` : 'urn:tagloom:party:';
  for (const v of vs) if (v.startsWith(own)) out.add(decodeURIComponent(v.slice(own.length)));
  return [...out];
}

/** The conditions of a query on `e` (label_tag_events), the tenant's and the caller's scope first. */
export async function queryConditions(tx: Tx, session: SessionInfo, q: EpcisQuery, place: QueryPlace): Promise<{ where: SQL; hits?: SQL }> {
  let hits: SQL | undefined;
  const tenantId = session.tenantId;
  const c: SQL[] = [sql`e.tenant_id = ${tenantId}`];
  const reach = eventReachOf(session, { orderId: sql`e.order_id`, locationId: sql`e.location_id` });
  // a party's user reaches its party's events, and the events it captured itself
  if (reach) c.push(sql`(${reach} or (e.capture_id is not null and e.user_id = ${session.userId}))`);
  if (q.eventTypes?.length) c.push(sql`e.event_type = any(${values(q.eventTypes)})`);
  if (q.eventTime?.ge) c.push(sql`e.created_at >= ${q.eventTime.ge}::timestamptz`);
  if (q.eventTime?.lt) c.push(sql`e.created_at < ${q.eventTime.lt}::timestamptz`);
  if (q.recordTime?.ge) c.push(sql`e.record_time >= ${q.recordTime.ge}::timestamptz`);
  if (q.recordTime?.lt) c.push(sql`e.record_time < ${q.recordTime.lt}::timestamptz`);
  if (q.actions?.length) c.push(sql`e.action = any(${values(q.actions)})`);
  if (q.bizSteps?.length) c.push(sql`e.biz_step = any(${values(q.bizSteps)})`);
  if (q.dispositions?.length) c.push(sql`e.disposition = any(${values(q.dispositions)})`);
  if (q.readPoints?.length) c.push(sql`e.read_point = any(${values(q.readPoints)})`);
  if (q.bizLocations?.length) c.push(sql`e.biz_location = any(${values(q.bizLocations)})`);
  if (q.readPointsWithDescendants?.length) {
    const w = await withDescendants(tx, tenantId, place, q.readPointsWithDescendants);
    c.push(
      sql`(e.read_point = any(${values(w.uris)}) or e.read_point like any(${values(w.prefixes.map((p) => `${p.replace(/[%_\\]/g, (x) => `\\${x}`)}%`))}))`,
    );
  }
  if (q.bizLocationsWithDescendants?.length) {
    const w = await withDescendants(tx, tenantId, place, q.bizLocationsWithDescendants);
    c.push(
      sql`(e.biz_location = any(${values(w.uris)})${w.ids.length ? sql` or e.location_id = any(${`{${w.ids.join(',')}}`}::bigint[])` : sql``})`,
    );
  }
  if (q.transformationIds?.length) c.push(sql`e.doc->'event'->>'transformationID' = any(${values(q.transformationIds)})`);
  if (q.eventIds?.length) {
    const own = `urn:tagloom:event:${encodeURIComponent(place.tenantCode)}:`;
    const rowIds = q.eventIds.filter((i) => i.startsWith(own) && /^\d+$/.test(i.slice(own.length))).map((i) => i.slice(own.length));
    c.push(
      sql`(e.event_id = any(${values(q.eventIds)})${rowIds.length ? sql` or (e.event_id = '' and e.id = any(${`{${rowIds.join(',')}}`}::bigint[]))` : sql``})`,
    );
  }
  if (q.errorDeclarationExists) c.push(sql`e.error_declaration is not null`);
  if (q.errorDeclarationTime?.ge)
    c.push(sql`(e.error_declaration->>'declarationTime')::timestamptz >= ${q.errorDeclarationTime.ge}::timestamptz`);
  if (q.errorDeclarationTime?.lt)
    c.push(sql`(e.error_declaration->>'declarationTime')::timestamptz < ${q.errorDeclarationTime.lt}::timestamptz`);
  if (q.errorReasons?.length) c.push(sql`e.error_declaration->>'reason' = any(${values(q.errorReasons)})`);
  if (q.correctiveEventIds?.length)
    c.push(sql`coalesce(e.error_declaration->'correctiveEventIDs', '[]'::jsonb) ?| ${values(q.correctiveEventIds)}`);
  for (const t of q.bizTransactions ?? [])
    c.push(
      sql`exists (select 1 from jsonb_array_elements(e.biz_transactions) b where b->>'type' = ${t.type} and b->>'id' = any(${values(typedIds('bt', t.type, t.values))}))`,
    );
  for (const [list, col] of [
    [q.sources, sql`e.sources`],
    [q.destinations, sql`e.destinations`],
  ] as const)
    for (const t of list ?? [])
      c.push(
        sql`exists (select 1 from jsonb_array_elements(${col}) s where s->>'type' = ${t.type} and s->>'id' = any(${values(typedIds('party', t.type, t.values))}))`,
      );
  if (q.quantity) {
    const qc: SQL[] = [];
    const n = sql`(x->>'quantity')::numeric`;
    if (q.quantity.eq?.length) qc.push(sql`${n} = any(${`{${q.quantity.eq.join(',')}}`}::numeric[])`);
    if (q.quantity.gt !== undefined) qc.push(sql`${n} > ${q.quantity.gt}`);
    if (q.quantity.ge !== undefined) qc.push(sql`${n} >= ${q.quantity.ge}`);
    if (q.quantity.lt !== undefined) qc.push(sql`${n} < ${q.quantity.lt}`);
    if (q.quantity.le !== undefined) qc.push(sql`${n} <= ${q.quantity.le}`);
    c.push(sql`exists (select 1 from jsonb_array_elements(e.quantities) x where x ? 'quantity' and ${sql.join(qc, sql` and `)})`);
  }
  // classes: a quantity element's epcClass, as given or by pattern
  const classMatch = (vs: readonly EpcValue[] | undefined, list: SQL, types?: SQL): void => {
    if (!vs?.length) return;
    const { keys, patterns } = epcKeys(vs, place);
    const like = patterns.length
      ? sql` or x->>'epcClass' like any(${values(patterns.map((p) => p.replace('urn:epc:id:', 'urn:epc:')))})`
      : sql``;
    c.push(
      sql`(${types ?? sql`true`} and exists (select 1 from jsonb_array_elements(coalesce(${list}, '[]'::jsonb)) x where x->>'epcClass' = any(${values(keys)})${like}))`,
    );
  };
  classMatch(q.epcClasses, sql`e.quantities`, sql`e.event_type <> 'TransformationEvent'`);
  classMatch(q.inputEpcClasses, sql`e.doc->'event'->'inputQuantityList'`);
  classMatch(q.outputEpcClasses, sql`e.doc->'event'->'outputQuantityList'`);
  classMatch(q.anyEpcClasses, sql`e.quantities`);
  // EPCs: the GIN index on epcs finds the events naming them (one set of keys a parameter)
  const epcMatch = async (vs: readonly EpcValue[] | undefined, how: 'epc' | 'any' | 'input' | 'output' | 'parent'): Promise<void> => {
    if (!vs?.length) return;
    const { keys, hex, patterns } = epcKeys(vs, place);
    const tags = how === 'epc' || how === 'any' ? await tagsOf(tx, tenantId, hex) : [];
    // the GIN index's keys: the EPCs as given and the hex of the tenant's tags among the candidates
    // (a parent, an input or an output: every candidate, their lists being short b-tree probes or rare)
    const arr = values(how === 'epc' || how === 'any' ? [...keys, ...new Set(tags.map((t) => t.epc))] : [...keys, ...hex]);
    const parents = values([...keys, ...hex]);
    const byPattern = patterns.length
      ? sql` or exists (select 1 from unnest(e.epcs) u where u like any(${values(patterns)}))${how === 'any' || how === 'parent' ? sql` or e.parent_id like any(${values(patterns)})` : sql``}`
      : sql``;
    const orders = [...new Map(tags.map((t) => [`${t.orderId} ${t.born}`, t])).values()];
    const byOrder = orders.length
      ? sql` or (cardinality(e.epcs) = 0 and (${sql.join(
          orders.map((o) => sql`(e.order_id = ${o.orderId} and e.record_time >= ${o.born}::timestamptz)`),
          sql` or `,
        )}))`
      : sql``;
    // the events naming these EPCs, found by the GIN index on epcs, the parent index and the orders'
    // rows (epcis_epc_hits): what the query then orders
    if (!hits && !patterns.length && (how === 'epc' || how === 'any' || how === 'parent')) {
      // one scan of each month, the indexes or'ed, planned once per connection (migration 0084)
      const orderIds = values([...new Set(orders.map((o) => String(o.orderId)))]);
      hits = sql`select h.hit_at as created_at, h.hit_id as id
                   from epcis_epc_hits(${tenantId}, ${how === 'parent' ? values([]) : arr}, ${how === 'epc' ? values([]) : parents}, ${orderIds}::bigint[]) h`;
    }
    if (how === 'parent') c.push(sql`(e.parent_id = any(${parents})${byPattern})`);
    else if (how === 'epc') c.push(sql`((e.event_type <> 'TransformationEvent' and e.epcs && ${arr})${byPattern}${byOrder})`);
    else if (how === 'any') c.push(sql`(e.epcs && ${arr} or e.parent_id = any(${parents})${byPattern}${byOrder})`);
    else {
      const field = how === 'input' ? 'inputEPCList' : 'outputEPCList';
      c.push(
        sql`(e.event_type = 'TransformationEvent' and e.epcs && ${arr} and exists (select 1 from jsonb_array_elements_text(coalesce(e.doc->'event'->${field}, '[]'::jsonb)) x where x = any(${arr})))`,
      );
    }
  };
  await epcMatch(q.epcs, 'epc');
  await epcMatch(q.anyEpcs, 'any');
  await epcMatch(q.parentIds, 'parent');
  await epcMatch(q.inputEpcs, 'input');
  await epcMatch(q.outputEpcs, 'output');
  return { where: sql.join(c, sql` and `), hits };
}

/** The columns a query's rows carry (as serve.ts turns them into events). */
export const EVENT_COLUMNS = sql`e.id::float8 as id, e.event_type as "eventType", e.event_id as "eventId",
  to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "eventTime", e.event_time_zone_offset as "eventTimeZoneOffset",
  to_char(e.record_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "recordTime", e.action, e.biz_step as "bizStep",
  e.disposition, e.read_point as "readPoint", e.biz_location as "bizLocation", e.biz_transactions as "bizTransactions", e.epcs,
  e.parent_id as "parentId", e.quantities, e.sources, e.destinations, e.error_declaration as "errorDeclaration", e.doc,
  e.order_id::float8 as "orderId"`;

/** A row of a query (EVENT_COLUMNS). */
export interface EventRow {
  id: number;
  eventType: string;
  eventId: string;
  eventTime: string;
  eventTimeZoneOffset: string;
  recordTime: string;
  action: string;
  bizStep: string;
  disposition: string;
  readPoint: string;
  bizLocation: string;
  bizTransactions: { type: string; id: string }[];
  epcs: string[];
  parentId: string;
  quantities: { epcClass: string; quantity: number; uom?: string }[];
  sources: { type: string; id: string }[];
  destinations: { type: string; id: string }[];
  errorDeclaration: { declarationTime: string; reason?: string; correctiveEventIDs?: string[] } | null;
  doc: { event: Record<string, unknown>; context?: unknown[]; eventID?: string } | null;
  orderId: number | null;
  /** the value it is ordered by, to the microsecond (a page's cursor) */
  orderValue?: string;
}

/** Where a page starts: after the previous page's last (its order value and id). */
export interface Cursor {
  value: string;
  id: number;
}

/** How many events naming the asked EPCs are looked up by their keys; past it, joined as a set. */
const HIT_KEYS = 1000;

/**
 * The rows naming the asked EPCs (`hits`: their created_at and id), for the rest of the query to filter
 * and order. Found first, in a statement of their own: then the query names their months, and the
 * planner looks at those partitions only instead of every month of the retention (planning the join
 * over every month was about 7 of a call's 10 ms with 30 monthly partitions). More than HIT_KEYS of
 * them are joined as a materialized set.
 */
async function hitRows(tx: Tx, tenantId: number, hits: SQL): Promise<SQL> {
  const found = await queryRows<{ at: string; id: string }>(
    tx,
    sql`select h.created_at::text as at, h.id::text as id from (${hits}) h limit ${HIT_KEYS + 1}`,
  );
  if (found.length > HIT_KEYS)
    return sql`(with h as materialized (${hits}) select e.* from h join label_tag_events e on e.tenant_id = ${tenantId} and e.created_at = h.created_at and e.id = h.id) e`;
  // ids are unique (one sequence): the times are there for the planner to prune the months
  return sql`(select e.* from label_tag_events e where e.tenant_id = ${tenantId} and e.created_at = any(${values([...new Set(found.map((f) => f.at))])}::timestamptz[])
                 and e.id = any(${values(found.map((f) => f.id))}::bigint[])) e`;
}

/**
 * A page of a query's events in its order (event time unless recordTime; newest first unless ASC),
 * after `cursor`, at most `limit` (one more is read to know whether another page follows), recorded
 * before `recordedBefore` when given (settledRecordTime).
 */
export async function queryEvents(
  tx: Tx,
  session: SessionInfo,
  q: EpcisQuery,
  place: QueryPlace,
  page: { limit: number; cursor?: Cursor; recordedBefore?: string },
): Promise<{ rows: EventRow[]; more: boolean }> {
  const { where, hits } = await queryConditions(tx, session, q, place);
  const from = hits ? await hitRows(tx, session.tenantId, hits) : sql`label_tag_events e`;
  const col = q.orderBy === 'recordTime' ? sql`e.record_time` : sql`e.created_at`;
  const desc = q.orderDirection !== 'ASC';
  const after = page.cursor
    ? desc
      ? sql` and (${col}, e.id) < (${page.cursor.value}::timestamptz, ${page.cursor.id})`
      : sql` and (${col}, e.id) > (${page.cursor.value}::timestamptz, ${page.cursor.id})`
    : sql``;
  const settled = page.recordedBefore ? sql` and e.record_time < ${page.recordedBefore}::timestamptz` : sql``;
  if (q.maxEventCount !== undefined) {
    const [n] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from ${from} where ${where} limit ${q.maxEventCount + 1}) k`,
    );
    if (Number(n?.n ?? 0) > q.maxEventCount)
      throw epcisProblem('QueryTooLargeException', `more than maxEventCount (${q.maxEventCount}) events match`);
  }
  const rows = await queryRows<EventRow>(
    tx,
    sql`select ${EVENT_COLUMNS}, to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "orderValue"
          from ${from} where ${where}${after}${settled}
         order by ${col} ${desc ? sql`desc` : sql`asc`}, e.id ${desc ? sql`desc` : sql`asc`}
         limit ${page.limit + 1}`,
  );
  return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
}

/** How far before the clock an event counts as settled at least: a statement begun that long ago has shown its transaction's start. */
const SETTLE_MARGIN_MS = 5;

/**
 * The record time before which the tenant's events are all committed, for a reader that walks them in
 * record-time order and remembers where it stopped (a subscription's cursor). An event's record
 * time is its transaction's start or later (capture.ts, recordTagEventRow), so a transaction still
 * running may yet commit events older than some committed since: the bound is the start of the
 * oldest transaction running in the database (pg_stat_activity: every connection of the server's
 * own role; another role's needs pg_read_all_stats to be seen), else the clock less a few
 * milliseconds. `held` says a running transaction set it (the events after it are worth looking for
 * again soon). On PGlite one connection runs one transaction at a time: the clock's.
 */
export async function settledRecordTime(tx: Tx): Promise<{ before: string; held: boolean }> {
  const [r] = await queryRows<{ before: string; held: boolean }>(
    tx,
    sql`select to_char(h at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as before, h < c as held
          from (select c, least(c, (select min(a.xact_start) from pg_stat_activity a
                                     where a.datname = current_database() and a.backend_type = 'client backend'
                                       and a.pid <> pg_backend_pid())) as h
                  from (select clock_timestamp() - ${`${SETTLE_MARGIN_MS} milliseconds`}::interval as c) k) k`,
  );
  return { before: r.before, held: r.held === true };
}
