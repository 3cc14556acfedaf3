/**
 * The readers' ingestion quotas: a token bucket a reader and one a tenant, in events (a batch of
 * 5,000 reads costs 5,000 tokens), refilled at RFID_DEVICE_EVENTS_PER_SECOND /
 * RFID_TENANT_EVENTS_PER_SECOND up to RFID_DEVICE_BURST / RFID_TENANT_BURST (config.ts). A batch
 * is admitted while both of its buckets are above zero, and then taken whole (its events may take
 * the level below zero: the reader then waits until it is above zero again); else it is refused
 * before its body is read or parsed — HTTP 429 with Retry-After, the seconds until the level is
 * above zero again (the reader resends it then: nothing was stored); over MQTT the message is
 * refused and acknowledged. An admitted batch holds, until it is read, as many tokens as its size
 * could hold events (RESERVE_BYTES_PER_EVENT, at most a batch's limit): batches arriving together
 * do not all find the level their first one left; once read it costs the events it held (none for
 * a resend of a batch already stored). Refusals are counted on the reader's bucket row (the operator's panel:
 * batches refused today) and written to the equipment log (`rateLimited`: the first refusal at
 * once, then a line a minute at most a reader while it goes on, with the count).
 *
 * Where the buckets live: in the database (rfid_ingest_buckets), shared by every server process.
 * A process does not write them per batch (a row every batch of a tenant would update is a lock
 * its batches queue on): it adds up what it took and refused, and writes it every FLUSH_MS in one
 * statement, which answers the buckets' levels (the other processes' batches included). It
 * decides from the last level it read less what it took since. So with N processes a reader can
 * take up to N × FLUSH_MS of its traffic beyond its bucket before every process has seen it; the
 * rate it is held to over time is the configured one, wherever its batches land.
 */
import { Code, type RfidTransport, storedMessage } from '@tagloom/domain';
import { INGEST_MAX_EVENTS } from '@tagloom/domain/rfid/formats.js';
import { sql } from 'drizzle-orm';
import type { IngestQuotaConfig } from '../../../config.js';
import type { AppContext } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { queryRows } from '../../../db/client.js';
import { type EquipmentEvent, equipmentEventsValues, insertEquipmentEventsFrom } from './log.js';

/** An admitted batch holds a token for every this many bytes of its body until it is read (no event is smaller). */
export const RESERVE_BYTES_PER_EVENT = 80;

/** A batch admitted: the tokens it holds until it is read, then its cost (`settle`; never settled — a body too large, a reader gone — it costs what it held). */
export interface Admission {
  tenantId: number;
  deviceCode: string;
  reserved: number;
  settled: boolean;
}

/** How often a process writes what it took and refused (and reads the levels back). */
export const FLUSH_MS = 200;
/** A reader refused without pause gets an equipment-log line this often at most (the first at once). */
export const LOG_EVERY_MS = 60_000;
/** A bucket this process has not used for this long is forgotten (read again from the database when used). */
const FORGET_MS = 10 * 60_000;

export type QuotaScope = 'device' | 'tenant';

/** A batch refused over a quota: 429 with Retry-After (`retryAfter` seconds). */
export class QuotaError extends AppError {
  constructor(
    readonly scope: QuotaScope,
    readonly retryAfter: number,
    params: { code: string; rate: number; burst: number },
    readonly tenantId: number,
    readonly transport: RfidTransport,
  ) {
    super(429, Code.TOO_MANY, `ingest.quota.${scope}`, { ...params, seconds: retryAfter });
  }
}

/** What this process knows of one bucket. */
interface Bucket {
  tenantId: number;
  /** '' for the tenant's bucket */
  code: string;
  /** the level last read from the database (or the burst before that), at `at` (this process's clock, ms) */
  level: number;
  at: number;
  /** events taken since the last write, and in the write under way */
  pending: number;
  writing: number;
  /** batches refused since the last write, and in the write under way (reader buckets only) */
  refused: number;
  refusedWriting: number;
  used: number;
}

/** Refusals of one reader over one quota, for the equipment log. */
interface Refusals {
  tenantId: number;
  code: string;
  scope: QuotaScope;
  /** refused since the last log line */
  count: number;
  since: number;
  /** when the last line was written (undefined: none yet in this episode) */
  loggedAt: number | undefined;
  retryAfter: number;
  transport: RfidTransport;
}

const key = (tenantId: number, code: string) => `${tenantId}\u0000${code}`;

export class IngestQuota {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refusals = new Map<string, Refusals>();
  private timer: NodeJS.Timeout | undefined;
  private dueAt = Number.POSITIVE_INFINITY;
  private writing: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly ctx: AppContext) {}

  private get config(): IngestQuotaConfig {
    return this.ctx.config.ingestQuota;
  }

  private bucket(tenantId: number, code: string, burst: number, now: number): Bucket {
    const k = key(tenantId, code);
    let b = this.buckets.get(k);
    if (!b) {
      b = { tenantId, code, level: burst, at: now, pending: 0, writing: 0, refused: 0, refusedWriting: 0, used: now };
      this.buckets.set(k, b);
    }
    b.used = now;
    return b;
  }

  /** The level of a bucket now, as this process knows it. */
  private available(b: Bucket, rate: number, burst: number, now: number): number {
    return Math.min(burst, b.level + (rate * Math.max(0, now - b.at)) / 1000) - b.pending - b.writing;
  }

  /**
   * Admits a reader's batch of `bytes` (its tokens held until `settle`), or refuses it when one of
   * its buckets is empty (counted, and logged soon). Costs no database round trip.
   */
  admit(tenantId: number, deviceCode: string, transport: RfidTransport, bytes: number, count = true): Admission | QuotaError {
    const over = this.refusal(tenantId, deviceCode, transport, count);
    if (over) return over;
    const reserved = Math.max(1, Math.min(INGEST_MAX_EVENTS + 1, Math.ceil(bytes / RESERVE_BYTES_PER_EVENT)));
    this.take(tenantId, deviceCode, reserved);
    return { tenantId, deviceCode, reserved, settled: false };
  }

  /** An admitted batch's cost once it is read, in place of the tokens it held (once; later calls do nothing). */
  settle(a: Admission, events: number): void {
    if (a.settled) return;
    a.settled = true;
    this.take(a.tenantId, a.deviceCode, events - a.reserved);
  }

  /**
   * The refusal of a reader's next batch when one of its buckets is empty (counted, and logged
   * soon, unless `count` is false: `counted` then does), else undefined.
   */
  refusal(tenantId: number, deviceCode: string, transport: RfidTransport, count = true): QuotaError | undefined {
    const { deviceRate, deviceBurst, tenantRate, tenantBurst } = this.config;
    const now = Date.now();
    const over: { scope: QuotaScope; rate: number; burst: number; level: number }[] = [];
    if (deviceRate > 0) {
      const level = this.available(this.bucket(tenantId, deviceCode, deviceBurst, now), deviceRate, deviceBurst, now);
      if (level <= 0) over.push({ scope: 'device', rate: deviceRate, burst: deviceBurst, level });
    }
    if (tenantRate > 0) {
      const level = this.available(this.bucket(tenantId, '', tenantBurst, now), tenantRate, tenantBurst, now);
      if (level <= 0) over.push({ scope: 'tenant', rate: tenantRate, burst: tenantBurst, level });
    }
    if (!over.length) return undefined;
    // the bucket that stays empty longer names the refusal; the reader may resend once both are above zero
    const waits = over.map((o) => ({ ...o, seconds: Math.max(1, Math.ceil((-o.level + 1) / o.rate)) }));
    const worst = waits.reduce((a, b) => (b.seconds > a.seconds ? b : a));
    const err = new QuotaError(worst.scope, worst.seconds, { code: deviceCode, rate: worst.rate, burst: worst.burst }, tenantId, transport);
    if (count) this.counted(err);
    return err;
  }

  /** Counts a refusal (for the panel and the equipment log). */
  counted(err: QuotaError): void {
    this.countRefused(err.tenantId, String(err.params.code), err.scope, err.retryAfter, err.transport, Date.now());
  }

  /** Takes `events` from the reader's and the tenant's buckets (gives them back when negative). */
  take(tenantId: number, deviceCode: string, events: number): void {
    if (events === 0) return;
    const { deviceRate, deviceBurst, tenantRate, tenantBurst } = this.config;
    const now = Date.now();
    if (deviceRate > 0) this.bucket(tenantId, deviceCode, deviceBurst, now).pending += events;
    if (tenantRate > 0) this.bucket(tenantId, '', tenantBurst, now).pending += events;
    this.schedule(FLUSH_MS);
  }

  private countRefused(tenantId: number, code: string, scope: QuotaScope, seconds: number, transport: RfidTransport, now: number) {
    // counted on the reader's row whichever bucket refused
    this.bucket(tenantId, code, this.config.deviceBurst, now).refused++;
    const k = `${key(tenantId, code)}\u0000${scope}`;
    let r = this.refusals.get(k);
    if (!r) {
      r = { tenantId, code, scope, count: 0, since: now, loggedAt: undefined, retryAfter: seconds, transport };
      this.refusals.set(k, r);
    }
    if (r.count === 0) r.since = now;
    r.count++;
    r.retryAfter = seconds;
    r.transport = transport;
    this.schedule(FLUSH_MS);
  }

  /** Writes at `delay` ms from now at the latest. */
  private schedule(delay: number): void {
    if (this.closed) return;
    const due = Date.now() + delay;
    if (due >= this.dueAt) return;
    clearTimeout(this.timer);
    this.dueAt = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.dueAt = Number.POSITIVE_INFINITY;
      void this.flush();
    }, delay);
    this.timer.unref();
  }

  /** Writes what this process took and refused since the last write, and reads the levels back. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    this.writing = this.write().finally(() => {
      this.writing = undefined;
    });
    await this.writing;
  }

  private async write(): Promise<void> {
    const now = Date.now();
    const { deviceRate, deviceBurst, tenantRate, tenantBurst } = this.config;
    const rows: { tenant_id: number; equipment_coding: string; debit: number; rate: number; burst: number; refused: number }[] = [];
    const sent: Bucket[] = [];
    for (const [k, b] of this.buckets) {
      if (!b.pending && !b.refused) {
        if (now - b.used > FORGET_MS) this.buckets.delete(k);
        continue;
      }
      const tenant = b.code === '';
      const rate = tenant ? tenantRate : deviceRate;
      // a bucket turned off since (configuration): its refusals are still counted, at a full level
      rows.push({
        tenant_id: b.tenantId,
        equipment_coding: b.code,
        debit: rate > 0 ? b.pending : 0,
        rate,
        burst: tenant ? tenantBurst : deviceBurst,
        refused: b.refused,
      });
      b.writing = b.pending;
      b.refusedWriting = b.refused;
      b.pending = 0;
      b.refused = 0;
      sent.push(b);
    }
    const lines: EquipmentEvent[] = [];
    const logged: { r: Refusals; count: number; since: number }[] = [];
    let nextLog = Number.POSITIVE_INFINITY;
    for (const [k, r] of this.refusals) {
      if (r.count === 0) {
        // an episode is over once a minute passed without a refusal: the next one is logged at once
        if (r.loggedAt === undefined || now - r.loggedAt >= LOG_EVERY_MS) this.refusals.delete(k);
        else nextLog = Math.min(nextLog, r.loggedAt + LOG_EVERY_MS);
        continue;
      }
      if (r.loggedAt !== undefined && now - r.loggedAt < LOG_EVERY_MS) {
        nextLog = Math.min(nextLog, r.loggedAt + LOG_EVERY_MS);
        continue;
      }
      logged.push({ r, count: r.count, since: r.since });
      lines.push({
        tenantId: r.tenantId,
        equipmentCoding: r.code,
        eventType: 'rateLimited',
        level: 'warn',
        at: new Date(r.since),
        message: storedMessage(`ingest.log.rateLimited.${r.scope}`, {
          count: r.count,
          seconds: Math.max(1, Math.round((now - r.since) / 1000)),
          retryAfter: r.retryAfter,
          transport: r.transport,
          rate: r.scope === 'tenant' ? tenantRate : deviceRate,
        }),
      });
      r.count = 0;
      r.loggedAt = now;
      nextLog = Math.min(nextLog, now + LOG_EVERY_MS);
    }
    if (!rows.length && !lines.length) {
      if (nextLog < Number.POSITIVE_INFINITY) this.schedule(Math.max(FLUSH_MS, nextLog - now));
      return;
    }
    try {
      const levels = await queryRows<{ tenant_id: string | number; equipment_coding: string; tokens: number }>(
        this.ctx.db,
        sql`with v as (
              select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                as v(tenant_id bigint, equipment_coding text, debit float8, rate float8, burst float8, refused int)),
            u as (
              insert into rfid_ingest_buckets as x (tenant_id, equipment_coding, tokens, rate, burst, updated_at, refused_day, refused_batches, refused_at)
              select tenant_id, equipment_coding, burst - debit, rate, burst, now(),
                     case when refused > 0 then current_date end, refused, case when refused > 0 then now() end
              from v
              -- one order for every writer: two writes never wait for each other's rows crosswise
              order by tenant_id, equipment_coding
              on conflict (tenant_id, equipment_coding) do update set
                -- (the debit is burst - tokens as inserted; tokens given back never take a bucket over its burst,
                -- and a level read is never taken over it)
                tokens = least(excluded.burst,
                               least(excluded.burst, x.tokens + excluded.rate * greatest(0, extract(epoch from excluded.updated_at - x.updated_at)))
                               - (excluded.burst - excluded.tokens)),
                rate = excluded.rate,
                burst = excluded.burst,
                updated_at = greatest(x.updated_at, excluded.updated_at),
                refused_batches = case when excluded.refused_batches = 0 then x.refused_batches
                                       when x.refused_day = excluded.refused_day then x.refused_batches + excluded.refused_batches
                                       else excluded.refused_batches end,
                refused_day = coalesce(excluded.refused_day, x.refused_day),
                refused_at = coalesce(excluded.refused_at, x.refused_at)
              returning x.tenant_id, x.equipment_coding, x.tokens)
            ${lines.length ? sql`, l as (${insertEquipmentEventsFrom(null, equipmentEventsValues(lines))})` : sql``}
            select tenant_id, equipment_coding, tokens from u`,
      );
      const got = Date.now();
      for (const row of levels) {
        const b = this.buckets.get(key(Number(row.tenant_id), row.equipment_coding));
        if (!b) continue;
        b.level = Number(row.tokens);
        b.at = got;
      }
      for (const b of sent) {
        b.writing = 0;
        b.refusedWriting = 0;
      }
    } catch (err) {
      // nothing is lost: taken again into the next write
      for (const b of sent) {
        b.pending += b.writing;
        b.refused += b.refusedWriting;
        b.writing = 0;
        b.refusedWriting = 0;
        if (!this.buckets.has(key(b.tenantId, b.code))) this.buckets.set(key(b.tenantId, b.code), b);
      }
      for (const { r, count, since } of logged) {
        r.count += count;
        r.since = Math.min(r.since, since);
        r.loggedAt = undefined;
      }
      if (!this.closed) this.ctx.log.warn({ err }, 'rfid: ingestion quotas not written (tried again)');
      this.schedule(Math.max(FLUSH_MS, 1000));
      return;
    }
    const busy = [...this.buckets.values()].some((b) => b.pending || b.refused);
    if (busy) this.schedule(FLUSH_MS);
    else if (nextLog < Number.POSITIVE_INFINITY) this.schedule(Math.max(FLUSH_MS, nextLog - Date.now()));
  }

  /** Forgets every level (tests: after the buckets' rows were changed by hand). */
  reset(): void {
    this.buckets.clear();
    this.refusals.clear();
  }

  /** Writes what is left (shutdown); no more writes after. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.dueAt = Number.POSITIVE_INFINITY;
    await this.flush().catch(() => undefined);
    this.closed = true;
  }
}

const quotas = new WeakMap<AppContext, IngestQuota>();

/** The process's quotas of this server. */
export function ingestQuota(ctx: AppContext): IngestQuota {
  let q = quotas.get(ctx);
  if (!q) {
    q = new IngestQuota(ctx);
    quotas.set(ctx, q);
  }
  return q;
}
