/**
 * Subscriptions to named queries (EPCIS 2.0 REST binding, /queries/{name}/subscriptions): a webhook
 * (`dest`) is sent the query's new events as EPCISQueryDocuments — as they are captured (`stream`)
 * or on a cron-like `schedule` — signed with the subscriber's token (`GS1-Signature: sha256=<HMAC of
 * the body>`). Each subscription keeps a cursor (record time and event id) that advances only after
 * the subscriber answered 2xx, so an event is delivered once, across restarts of any process; a
 * failure is retried with back-off (1 s doubling to 10 min), and a subscription failing for a day is
 * suspended. Every process runs the delivery loop: a due subscription is claimed by one (an update
 * that leases it), a capture makes its tenant's stream subscriptions due at once (a webhook hears of
 * an event within about a second of the capture's end). A webhook's `dest` is held to public
 * addresses (dest-guard.ts: when subscribed and at each delivery; redirects are not followed).
 * What a subscriber is sent (nextResults) is the same for a WebSocket's subscription (sockets.ts).
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  EPCIS_VERSION,
  type EpcisQuery,
  type EpcisQueryValue,
  nextCronFire,
  parseCron,
  parseEpcisQuery,
  toQueryDocument,
} from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { queryRows } from '../../../db/client.js';
import { sessionOfUser } from '../../tenant/people/integration-keys.js';
import { placeOf } from '../tags/store.js';
import { destRefusal, guardedLookup } from './dest-guard.js';
import { type Cursor, type QueryPlace, queryEvents, settledRecordTime } from './query.js';
import { eventOf } from './serve.js';
import { epcisSubscriptions, SUBSCRIPTION_STATUS } from './tables.js';

/** Bus topic: some subscription is due now (a capture ended). */
export const DELIVER_TOPIC = 'epcis.deliver';
/** Events a delivery carries at most (the next follow at once). */
export const DELIVERY_EVENTS = 500;
/** How long a process holds a claimed subscription while it delivers. */
const LEASE_MS = 60_000;
/** A stream subscription with nothing new is looked at again after this (a capture makes it due sooner). */
export const IDLE_MS = 5_000;
/** A stream subscriber whose events a running transaction held back is looked at again after this. */
export const HELD_MS = 1_000;
/** A subscription failing this long is suspended. */
export const SUSPEND_AFTER_MS = 24 * 3_600_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

/** The retry delay after `attempts` failures in a row: 1 s, 2 s, 4 s … at most 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(600_000, 1000 * 2 ** Math.max(0, attempts - 1));

/** A subscription's schedule ({ second, minute, hour, dayOfMonth, month, dayOfWeek }) as a cron expression, or null when it is not one. */
export function scheduleCron(schedule: Record<string, unknown>): string | null {
  const f = (k: string, dflt: string) => {
    const v = schedule[k];
    return v === undefined || v === null || v === '' ? dflt : String(v).replace(/\s+/g, '');
  };
  const expr = `${f('second', '0')} ${f('minute', '*')} ${f('hour', '*')} ${f('dayOfMonth', '*')} ${f('month', '*')} ${f('dayOfWeek', '*')}`;
  return parseCron(expr).ok ? expr : null;
}

/** The signature a delivery carries: the HMAC-SHA256 of its body under the subscriber's token. */
export const signatureOf = (body: string, token: string) => `sha256=${createHmac('sha256', token).update(body, 'utf8').digest('hex')}`;

/** A subscription as claimed: its row, and its cursor's time to the microsecond (as record times are). */
type Sub = typeof epcisSubscriptions.$inferSelect & { cursorValue: string | null };

/** Claims the due subscriptions (at most `n`), leasing them to this process. */
async function claimDue(ctx: AppContext, n: number): Promise<Sub[]> {
  const rows = await queryRows<{ tenant_id: number; id: number; cursor: string | null }>(
    ctx.db,
    sql`update epcis_subscriptions s set next_attempt_at = now() + ${`${LEASE_MS} milliseconds`}::interval
         where (s.tenant_id, s.id) in (select tenant_id, id from epcis_subscriptions
                                        where status = ${SUBSCRIPTION_STATUS.ACTIVE} and next_attempt_at <= now()
                                        order by next_attempt_at limit ${n} for update skip locked)
         returning s.tenant_id::float8 as tenant_id, s.id::float8 as id,
                   to_char(s.cursor_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor`,
  );
  const out: Sub[] = [];
  for (const r of rows) {
    const [s] = await ctx.db
      .select()
      .from(epcisSubscriptions)
      .where(and(eq(epcisSubscriptions.tenantId, Number(r.tenant_id)), eq(epcisSubscriptions.id, Number(r.id))));
    if (s) out.push({ ...s, cursorValue: r.cursor });
  }
  return out;
}

/** Who is sent a named query's new events: a webhook's subscription, or a WebSocket (sockets.ts). */
export interface Subscriber {
  tenantId: number;
  /** the user it was made by (or the integration key's): its party scope holds for what it is sent */
  userId: number | null;
  queryName: string;
  /** the subscriptionID its documents name */
  subscriptionID: string;
}

/** What a subscriber's query reads with: the user's session, the query (in record-time order) and the tenant's place. */
export interface Standing {
  session: SessionInfo;
  query: EpcisQuery;
  place: QueryPlace;
}

/** A subscriber's user's session and its query as they stand now, or why it cannot be served any more (its user or its query gone). */
export async function standingOf(ctx: AppContext, who: Subscriber): Promise<Standing | { gone: string }> {
  const session = who.userId === null ? null : await sessionOfUser(ctx.db, who.tenantId, who.userId, 'subscription');
  if (!session) return { gone: 'its user is gone or disabled' };
  const [named] = await queryRows<{ query: Record<string, EpcisQueryValue> }>(
    ctx.db,
    sql`select query from epcis_queries where tenant_id = ${who.tenantId} and name = ${who.queryName}`,
  );
  if (!named) return { gone: 'its query is gone' };
  const p = await placeOf(ctx.db, who.tenantId);
  return {
    session,
    query: { ...parseEpcisQuery(named.query, { source: 'json' }), orderBy: 'recordTime', orderDirection: 'ASC' },
    place: { tenantCode: session.tenantCode, companyPrefixLength: p.companyPrefixLength },
  };
}

/** The next results of a subscriber: its query's events after `cursor` (at most DELIVERY_EVENTS), as the EPCISQueryDocument it is sent. */
export interface Results {
  /** how many events the document holds */
  count: number;
  /** more follow (send again at once) */
  more: boolean;
  /** the cursor after them (none when there are none) */
  last?: Cursor;
  /** the EPCISQueryDocument's text */
  body: string;
  /**
   * a transaction still running may yet commit events that come before those not sent yet: they
   * were held back (settledRecordTime), worth looking for again after HELD_MS
   */
  held: boolean;
}

/** What a subscriber (a webhook or a socket) is sent next, or why it cannot be served any more. */
export async function nextResults(
  ctx: AppContext,
  who: Subscriber,
  cursor: Cursor | undefined,
  standing?: Standing,
): Promise<Results | { gone: string }> {
  const s = standing ?? (await standingOf(ctx, who));
  if ('gone' in s) return s;
  // only events no running transaction can come before: a cursor past them never passes a late commit
  const settled = await settledRecordTime(ctx.db);
  const { rows, more } = await queryEvents(ctx.db, s.session, s.query, s.place, {
    limit: DELIVERY_EVENTS,
    cursor,
    recordedBefore: settled.before,
  });
  const doc = toQueryDocument(
    rows.map((r) => eventOf(r, s.session.tenantCode)),
    {
      queryName: who.queryName,
      subscriptionID: who.subscriptionID,
      epcFormat: 'Always_EPC_URN',
      companyPrefixLength: s.place.companyPrefixLength,
    },
  );
  const last = rows[rows.length - 1];
  return {
    count: rows.length,
    more,
    ...(last ? { last: { value: last.orderValue ?? last.recordTime, id: last.id } } : {}),
    body: JSON.stringify(doc),
    held: settled.held,
  };
}

/** What the webhook is posted (a test or bench may listen in). */
export type Post = (url: string, init: { body: string; headers: Record<string, string> }) => Promise<{ status: number }>;

/**
 * The webhook's POST: to the address the host resolves to now, refused unless public (guardedLookup:
 * a name that resolves to a private address since it was checked is not followed there); a redirect
 * is not followed (its 3xx is a failure); the answer's body is read and dropped.
 */
export function webhookPost(allowPrivate: boolean): Post {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const request = url.startsWith('https:') ? httpsRequest : httpRequest;
      const req = request(
        url,
        {
          method: 'POST',
          headers: { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
          lookup: guardedLookup(allowPrivate),
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
}

/** One delivery of a subscription: its next events (or, on its schedule, none when it reports empty), and its row written after. */
async function deliver(ctx: AppContext, sub: Sub, post: Post, now: Date): Promise<void> {
  const where = and(eq(epcisSubscriptions.tenantId, sub.tenantId), eq(epcisSubscriptions.id, sub.id));
  const cursor = sub.cursorValue ? { value: sub.cursorValue, id: sub.cursorId } : undefined;
  const next = await nextResults(ctx, { ...sub, subscriptionID: String(sub.id) }, cursor);
  if ('gone' in next) {
    await ctx.db.update(epcisSubscriptions).set({ status: SUBSCRIPTION_STATUS.SUSPENDED, lastError: next.gone }).where(where);
    return;
  }
  const scheduled = !sub.stream && sub.schedule;
  const nextFire = () => {
    const expr = scheduled ? scheduleCron(sub.schedule as Record<string, unknown>) : null;
    return (expr && nextCronFire(expr, now, { utc: true })) || new Date(now.getTime() + IDLE_MS);
  };
  if (!next.count && !(scheduled && sub.reportIfEmpty)) {
    await ctx.db
      .update(epcisSubscriptions)
      .set({ nextAttemptAt: scheduled ? nextFire() : new Date(now.getTime() + (next.held ? HELD_MS : IDLE_MS)) })
      .where(where);
    return;
  }
  const { body } = next;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'GS1-EPCIS-Version': EPCIS_VERSION };
  if (sub.signatureToken) headers['GS1-Signature'] = signatureOf(body, sub.signatureToken);
  let status = 0;
  // the webhook's address checked again (its host may resolve elsewhere now)
  const allowPrivate = ctx.config.epcis.webhookAllowPrivate;
  let error = await destRefusal(sub.dest, { allowPrivate }).then((why) => (why ? `dest refused: ${why}` : ''));
  if (!error)
    try {
      status = (await post(sub.dest, { body, headers })).status;
      if (status >= 300 && status < 400) error = `the webhook answered ${status} (redirects are not followed)`;
    } catch (err) {
      error = (err as Error).message || 'the webhook did not answer';
    }
  if (status >= 200 && status < 300) {
    const { last } = next;
    await ctx.db
      .update(epcisSubscriptions)
      .set({
        ...(last ? { cursorTime: sql`${last.value}::timestamptz`, cursorId: last.id } : {}),
        delivered: sql`${epcisSubscriptions.delivered} + ${next.count}`,
        attempts: 0,
        failingSince: null,
        lastError: '',
        lastNotifiedAt: now,
        nextAttemptAt: next.more ? now : scheduled ? nextFire() : new Date(now.getTime() + (next.held ? HELD_MS : IDLE_MS)),
      })
      .where(where);
    return;
  }
  const attempts = sub.attempts + 1;
  const failingSince = sub.failingSince ?? now;
  const suspend = now.getTime() - failingSince.getTime() >= SUSPEND_AFTER_MS;
  await ctx.db
    .update(epcisSubscriptions)
    .set({
      attempts,
      failingSince,
      lastError: (error || `the webhook answered ${status}`).slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
      ...(suspend ? { status: SUBSCRIPTION_STATUS.SUSPENDED } : {}),
    })
    .where(where);
}

/** The due subscriptions delivered, a few at a time; returns how many were looked at. */
export async function deliverDue(
  ctx: AppContext,
  post: Post = webhookPost(ctx.config.epcis.webhookAllowPrivate),
  now = () => new Date(),
): Promise<number> {
  let n = 0;
  for (;;) {
    const due = await claimDue(ctx, 10);
    if (!due.length) return n;
    for (const s of due) {
      try {
        await deliver(ctx, s, post, now());
      } catch (err) {
        ctx.log.warn({ err, subscription: s.id }, 'EPCIS subscription delivery failed');
      }
      n++;
    }
  }
}

/** A tenant's stream subscriptions made due now (a capture stored events); the processes are woken. */
export async function pokeStreams(ctx: AppContext, tenantId: number): Promise<void> {
  await ctx.db.execute(
    sql`update epcis_subscriptions set next_attempt_at = now()
         where tenant_id = ${tenantId} and status = ${SUBSCRIPTION_STATUS.ACTIVE} and stream and attempts = 0 and next_attempt_at > now()
           and next_attempt_at <= now() + ${`${IDLE_MS} milliseconds`}::interval`,
  );
  await ctx.bus.emit(DELIVER_TOPIC);
}

/** This process's delivery loop: every second, and at once when a capture pokes it; stopped with the server. */
export function startDeliveries(ctx: AppContext, post: Post = webhookPost(ctx.config.epcis.webhookAllowPrivate)): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  let again = false;
  const run = () => {
    if (!ctx.readiness.ready) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDue(ctx, post)
      .catch((err) => ctx.log.warn({ err }, 'EPCIS subscriptions: delivery loop failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, 1000);
  timer.unref();
  const off = ctx.bus.on(DELIVER_TOPIC, run);
  return async () => {
    clearInterval(timer);
    off();
    await running;
  };
}
