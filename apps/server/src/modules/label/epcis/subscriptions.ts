/**
 * Subscriptions to named queries (EPCIS 2.0 REST binding, /queries/{name}/subscriptions): a webhook
 * (`dest`) is sent the query's new events as EPCISQueryDocuments — as they are captured (`stream`)
 * or on a cron-like `schedule` — signed with the subscriber's token (`GS1-Signature: sha256=<HMAC of
 * the body>`). Each subscription keeps a cursor (record time and event id) that advances only after
 * the subscriber answered 2xx, so an event is delivered once, across restarts of any process; a
 * failure is retried with back-off (1 s doubling to 10 min), and a subscription failing for a day is
 * suspended. Every process runs the delivery loop: a due subscription is claimed by one (an update
 * that leases it), a capture makes its tenant's stream subscriptions due at once (a webhook hears of
 * an event within about a second of the capture's end).
 */
import { createHmac } from 'node:crypto';
import { EPCIS_VERSION, type EpcisQueryValue, nextCronFire, parseCron, parseEpcisQuery, toQueryDocument } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context.js';
import { queryRows } from '../../../db/client.js';
import { sessionOfUser } from '../../tenant/people/integration-keys.js';
import { placeOf } from '../tags/store.js';
import { type QueryPlace, queryEvents } from './query.js';
import { eventOf } from './serve.js';
import { epcisSubscriptions, SUBSCRIPTION_STATUS } from './tables.js';

/** Bus topic: some subscription is due now (a capture ended). */
export const DELIVER_TOPIC = 'epcis.deliver';
/** Events a delivery carries at most (the next follow at once). */
export const DELIVERY_EVENTS = 500;
/** How long a process holds a claimed subscription while it delivers. */
const LEASE_MS = 60_000;
/** A stream subscription with nothing new is looked at again after this (a capture makes it due sooner). */
const IDLE_MS = 5_000;
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

type Sub = typeof epcisSubscriptions.$inferSelect;

/** Claims the due subscriptions (at most `n`), leasing them to this process. */
async function claimDue(ctx: AppContext, n: number): Promise<Sub[]> {
  const rows = await queryRows<{ tenant_id: number; id: number }>(
    ctx.db,
    sql`update epcis_subscriptions s set next_attempt_at = now() + ${`${LEASE_MS} milliseconds`}::interval
         where (s.tenant_id, s.id) in (select tenant_id, id from epcis_subscriptions
                                        where status = ${SUBSCRIPTION_STATUS.ACTIVE} and next_attempt_at <= now()
                                        order by next_attempt_at limit ${n} for update skip locked)
         returning s.tenant_id::float8 as tenant_id, s.id::float8 as id`,
  );
  const out: Sub[] = [];
  for (const r of rows) {
    const [s] = await ctx.db
      .select()
      .from(epcisSubscriptions)
      .where(and(eq(epcisSubscriptions.tenantId, Number(r.tenant_id)), eq(epcisSubscriptions.id, Number(r.id))));
    if (s) out.push(s);
  }
  return out;
}

/** What the webhook is posted (a test or bench may listen in). */
export type Post = (url: string, init: { body: string; headers: Record<string, string> }) => Promise<{ status: number }>;

const defaultPost: Post = async (url, init) => {
  const r = await fetch(url, { method: 'POST', body: init.body, headers: init.headers, signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
  await r.arrayBuffer().catch(() => undefined);
  return { status: r.status };
};

/** One delivery of a subscription: its next events (or, on its schedule, none when it reports empty), and its row written after. */
async function deliver(ctx: AppContext, sub: Sub, post: Post, now: Date): Promise<void> {
  const where = and(eq(epcisSubscriptions.tenantId, sub.tenantId), eq(epcisSubscriptions.id, sub.id));
  // the user it was made by: its party scope holds for what it is sent
  const session = sub.userId === null ? null : await sessionOfUser(ctx.db, sub.tenantId, sub.userId, 'subscription');
  const [named] = await queryRows<{ query: Record<string, EpcisQueryValue> }>(
    ctx.db,
    sql`select query from epcis_queries where tenant_id = ${sub.tenantId} and name = ${sub.queryName}`,
  );
  if (!session || !named) {
    await ctx.db
      .update(epcisSubscriptions)
      .set({ status: SUBSCRIPTION_STATUS.SUSPENDED, lastError: !session ? 'its user is gone or disabled' : 'its query is gone' })
      .where(where);
    return;
  }
  const p = await placeOf(ctx.db, sub.tenantId);
  const place: QueryPlace = { tenantCode: session.tenantCode, companyPrefixLength: p.companyPrefixLength };
  const q = { ...parseEpcisQuery(named.query, { source: 'json' }), orderBy: 'recordTime' as const, orderDirection: 'ASC' as const };
  const cursor = sub.cursorTime ? { value: sub.cursorTime.toISOString(), id: sub.cursorId } : undefined;
  const { rows, more } = await queryEvents(ctx.db, session, q, place, { limit: DELIVERY_EVENTS, cursor });
  const scheduled = !sub.stream && sub.schedule;
  const nextFire = () => {
    const expr = scheduled ? scheduleCron(sub.schedule as Record<string, unknown>) : null;
    return (expr && nextCronFire(expr, now, { utc: true })) || new Date(now.getTime() + IDLE_MS);
  };
  if (!rows.length && !(scheduled && sub.reportIfEmpty)) {
    await ctx.db
      .update(epcisSubscriptions)
      .set({ nextAttemptAt: scheduled ? nextFire() : new Date(now.getTime() + IDLE_MS) })
      .where(where);
    return;
  }
  const doc = toQueryDocument(
    rows.map((r) => eventOf(r, session.tenantCode)),
    {
      queryName: sub.queryName,
      subscriptionID: String(sub.id),
      epcFormat: 'Always_EPC_URN',
      companyPrefixLength: place.companyPrefixLength,
    },
  );
  const body = JSON.stringify(doc);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'GS1-EPCIS-Version': EPCIS_VERSION };
  if (sub.signatureToken) headers['GS1-Signature'] = signatureOf(body, sub.signatureToken);
  let status = 0;
  let error = '';
  try {
    status = (await post(sub.dest, { body, headers })).status;
  } catch (err) {
    error = (err as Error).message || 'the webhook did not answer';
  }
  if (status >= 200 && status < 300) {
    const last = rows[rows.length - 1];
    await ctx.db
      .update(epcisSubscriptions)
      .set({
        ...(last ? { cursorTime: new Date(last.orderValue ?? last.recordTime), cursorId: last.id } : {}),
        delivered: sql`${epcisSubscriptions.delivered} + ${rows.length}`,
        attempts: 0,
        failingSince: null,
        lastError: '',
        lastNotifiedAt: now,
        nextAttemptAt: more ? now : scheduled ? nextFire() : new Date(now.getTime() + IDLE_MS),
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
export async function deliverDue(ctx: AppContext, post: Post = defaultPost, now = () => new Date()): Promise<number> {
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
export function startDeliveries(ctx: AppContext, post: Post = defaultPost): () => Promise<void> {
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
