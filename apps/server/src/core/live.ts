import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { AppContext } from './context.js';

/**
 * Server push across processes. publishLive() sends NOTIFY on one channel with a small JSON
 * payload; every server process LISTENs once (lazily, on its first subscriber) and fans the
 * message out in memory to the subscribers of that tenant and topic (SSE routes). The
 * subscriber set is connection state of this process, not shared state: nothing else is kept.
 */

/** The NOTIFY channel of live messages (bus.ts has its own, for cache invalidation). */
export const LIVE_CHANNEL = 'tagloom_live';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: stay well under. */
export const LIVE_MAX_PAYLOAD = 7000;
/** Subscribers one process serves at most (each one an open SSE response). */
export const LIVE_MAX_SUBSCRIBERS = 500;

const TOPICS = new Set<string>();

/**
 * Declares a live topic (`<module>.<name>`, e.g. `wms.carton`): core knows no module, each module
 * declares the topics it publishes, once (a second declaration of a name is a programming error).
 */
export function defineLiveTopic<T extends string>(topic: T): T {
  if (!/^[a-z][a-z0-9]*\.[a-z][a-zA-Z0-9]*$/.test(topic)) throw new Error(`live topic: not <module>.<name>: ${topic}`);
  if (TOPICS.has(topic)) throw new Error(`live topic declared twice: ${topic}`);
  TOPICS.add(topic);
  return topic;
}

/** Topics published today (the data shapes are below). */
export const LIVE_TOPICS = {
  /** a batch of reads was committed (ingest pipeline, after commit): data is LiveReadsData */
  reads: defineLiveTopic('rfid.reads'),
  /** EPC states changed (the fold queue folded batches): data is { batches } */
  states: defineLiveTopic('rfid.states'),
} as const;

/** One read as the live console shows it. */
export interface LiveRead {
  epc: string;
  tid?: string | null;
  antenna: number | null;
  rssiCdbm: number | null;
  /** ISO time of the read */
  at: string;
  locationId?: number | null;
  readCount?: number;
}

/** What the ingest pipeline publishes on LIVE_TOPICS.reads after a batch committed. */
export interface LiveReadsData {
  batchId: number | string;
  equipmentCoding: string;
  locationId?: number | null;
  format?: string;
  transport?: string;
  accepted: number;
  invalid: number;
  /** the reads themselves (trimmed by publishLive when the payload would be too large; `accepted` stays the truth) */
  reads: LiveRead[];
}

/** A message as subscribers receive it. */
export interface LiveMessage<T = unknown> {
  tenantId: number;
  topic: string;
  data: T;
  /** ISO time it was published */
  at: string;
  /** set when publishLive cut arrays in data to fit the NOTIFY limit */
  truncated?: boolean;
}

type Handler = (msg: LiveMessage) => void;
type LiveCtx = Pick<AppContext, 'database' | 'log'>;

const keyOf = (tenantId: number, topic: string) => `${tenantId}\u0000${topic}`;

/** Shortens the longest array of data (or data itself) until the payload fits; never throws. */
export function encodeLive(msg: LiveMessage, limit = LIVE_MAX_PAYLOAD): string {
  let text = JSON.stringify(msg);
  if (Buffer.byteLength(text) <= limit) return text;
  const data = msg.data;
  const cut = { ...msg, truncated: true };
  const longest = (): { get: () => unknown[]; set: (a: unknown[]) => void } | undefined => {
    const d = cut.data;
    if (Array.isArray(d)) return { get: () => cut.data as unknown[], set: (a) => (cut.data = a) };
    if (d && typeof d === 'object') {
      const obj = d as Record<string, unknown>;
      let best: string | undefined;
      for (const [k, v] of Object.entries(obj))
        if (Array.isArray(v) && v.length && (!best || v.length > (obj[best] as unknown[]).length)) best = k;
      if (best) {
        const k = best;
        return { get: () => obj[k] as unknown[], set: (a) => (obj[k] = a) };
      }
    }
    return undefined;
  };
  cut.data = Array.isArray(data) ? [...data] : data && typeof data === 'object' ? { ...(data as object) } : data;
  for (let i = 0; i < 64; i++) {
    const arr = longest();
    if (!arr) break;
    const a = arr.get();
    arr.set(a.slice(0, Math.floor(a.length / 2)));
    text = JSON.stringify(cut);
    if (Buffer.byteLength(text) <= limit) return text;
  }
  return JSON.stringify({ tenantId: msg.tenantId, topic: msg.topic, at: msg.at, data: null, truncated: true });
}

/** The subscribers of one database (one process per database in practice), behind one LISTEN. */
class LiveHub {
  private subs = new Map<string, Set<Handler>>();
  private size = 0;
  private listening: Promise<() => Promise<void>> | undefined;

  constructor(private readonly ctx: LiveCtx) {}

  get count(): number {
    return this.size;
  }

  private dispatch(payload: string): void {
    let msg: LiveMessage;
    try {
      msg = JSON.parse(payload) as LiveMessage;
    } catch {
      return;
    }
    if (typeof msg?.tenantId !== 'number' || typeof msg.topic !== 'string') return;
    for (const h of this.subs.get(keyOf(msg.tenantId, msg.topic)) ?? []) {
      try {
        h(msg);
      } catch (err) {
        this.ctx.log.warn({ err, topic: msg.topic }, 'live subscriber failed');
      }
    }
  }

  async subscribe(tenantId: number, topic: string, handler: Handler): Promise<() => void> {
    if (this.size >= LIVE_MAX_SUBSCRIBERS) throw new LiveFullError();
    const key = keyOf(tenantId, topic);
    const set = this.subs.get(key) ?? new Set<Handler>();
    this.subs.set(key, set);
    set.add(handler);
    this.size++;
    let done = false;
    const unsubscribe = () => {
      if (done) return;
      done = true;
      set.delete(handler);
      this.size--;
      if (!set.size) this.subs.delete(key);
    };
    try {
      this.listening ??= this.ctx.database.listen(LIVE_CHANNEL, (p) => this.dispatch(p));
      await this.listening;
    } catch (err) {
      this.listening = undefined;
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  async stop(): Promise<void> {
    const l = this.listening;
    this.listening = undefined;
    this.subs.clear();
    this.size = 0;
    if (l) await (await l.catch(() => undefined))?.();
  }
}

/** Thrown by subscribeLive when this process already serves LIVE_MAX_SUBSCRIBERS. */
export class LiveFullError extends Error {
  constructor() {
    super('too many live subscribers');
  }
}

const hubs = new WeakMap<object, LiveHub>();
function hubOf(ctx: LiveCtx): LiveHub {
  let hub = hubs.get(ctx.database);
  if (!hub) {
    hub = new LiveHub(ctx);
    hubs.set(ctx.database, hub);
  }
  return hub;
}

/**
 * Publish to every process's subscribers of (tenantId, topic). Never fails the caller: an error
 * is logged and swallowed; data too large for NOTIFY is trimmed (longest array halved until it
 * fits, `truncated: true`). Call it after the commit of what it announces.
 */
export async function publishLive(ctx: LiveCtx, msg: { tenantId: number; topic: string; data: unknown }): Promise<void> {
  try {
    const payload = encodeLive({ tenantId: msg.tenantId, topic: msg.topic, data: msg.data, at: new Date().toISOString() });
    await ctx.database.notify(LIVE_CHANNEL, payload);
  } catch (err) {
    ctx.log.warn({ err, topic: msg.topic }, 'live publish failed');
  }
}

/**
 * Publish from inside a transaction: the NOTIFY is PostgreSQL's, delivered when the transaction
 * commits and dropped when it rolls back — after the commit of what it announces, by construction.
 * Trimmed as publishLive's; an error fails the transaction (it is one statement of it).
 */
export async function publishLiveIn(tx: Tx, msg: { tenantId: number; topic: string; data: unknown }): Promise<void> {
  const payload = encodeLive({ tenantId: msg.tenantId, topic: msg.topic, data: msg.data, at: new Date().toISOString() });
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

/**
 * Receive the messages of (tenantId, topic) published by any process, from when the promise
 * resolves (LISTEN is in place then). Resolves with the unsubscribe function; rejects with
 * LiveFullError when this process serves too many subscribers already.
 */
export function subscribeLive<T = unknown>(
  ctx: LiveCtx,
  tenantId: number,
  topic: string,
  handler: (msg: LiveMessage<T>) => void,
): Promise<() => void> {
  return hubOf(ctx).subscribe(tenantId, topic, handler as Handler);
}

/** How many live subscribers this process serves (health, tests). */
export const liveSubscriberCount = (ctx: LiveCtx): number => hubs.get(ctx.database)?.count ?? 0;

/** Drop the subscribers and the LISTEN (server stop). */
export async function stopLive(ctx: LiveCtx): Promise<void> {
  await hubs.get(ctx.database)?.stop();
  hubs.delete(ctx.database);
}
