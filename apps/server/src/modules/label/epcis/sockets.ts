/**
 * Query subscriptions over WebSocket (EPCIS 2.0 REST binding): `GET /queries/{name}/events` with
 * `Upgrade: websocket` and `stream=true` (each new matching event as it is captured) or a schedule
 * (`second`, `minute`, `hour`, `dayOfMonth`, `month`, `dayOfWeek`: the events recorded since the last
 * fire, at each fire; `reportIfEmpty=true` sends an empty document too) — mutually exclusive —, and
 * `initialRecordTime` (default: now) → 101 with `GS1-Query-Min-Record-Time`. Each message the server
 * sends is an EPCISQueryDocument, as a webhook is posted it (subscriptions.ts nextResults).
 *
 * The handshake goes through the application's router (the server's `upgrade` event): the route's
 * hooks authenticate it as every EPCIS route (core/access.ts: a user's token or an integration key
 * with scope `subscribe`; a browser, which cannot set headers on a WebSocket, offers the token as
 * the subprotocol `bearer.<token>` beside `epcis`, and the server answers `epcis`) and a refusal is
 * the binding's problem document, answered over HTTP before the socket closes. The socket reads as
 * its user (that user's party scope), of its tenant only, and lasts as long as what it was opened
 * with: a key's until the key is revoked or replaced, a user's token's until that session is signed
 * out, revoked or expires (1008; a session's change is heard on the bus, so at once).
 *
 * A socket lives in the process that accepted it: that process looks for its sockets' new events
 * (a cursor a socket, record time and event id) when a capture pokes it (the bus's DELIVER_TOPIC,
 * heard by every process) and every IDLE_MS, and checks that the query, the user (and the key) still
 * stand; nothing runs while no socket is open. Deleting the query closes its sockets (here at once,
 * elsewhere at the next look); closing the application closes them all (1001).
 */
import type { IncomingMessage } from 'node:http';
import { ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type EpcisQueryValue, epcisProblem, INTEGRATION_KEY_STATUS, nextCronFire } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { AppContext } from '../../../core/context.js';
import { hashToken, SESSIONS_CHANGED } from '../../../core/sessions.js';
import { queryRows } from '../../../db/client.js';
import { sessions } from '../../../db/schema/index.js';
import { integrationKeyHashes, integrationKeys } from '../../tenant/people/tables.js';
import type { Cursor } from './query.js';
import { DELIVER_TOPIC, HELD_MS, IDLE_MS, nextResults, type Subscriber, scheduleCron, standingOf } from './subscriptions.js';

/** The fields of a schedule, as query parameters of the handshake. */
export const SCHEDULE_FIELDS = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;
/** The handshake's subscription controls (the rest of its query string is the named query's paging, ignored). */
export const SOCKET_CONTROLS: readonly string[] = ['stream', ...SCHEDULE_FIELDS, 'reportIfEmpty', 'initialRecordTime'];
/** The subprotocol the server answers; a token offered as `bearer.<token>` beside it is the caller's. */
export const SUBPROTOCOL = 'epcis';
const BEARER_PROTOCOL = 'bearer.';

/** The route constraint of a handshake (a request the server's `upgrade` event brought). */
const CONSTRAINT = 'epcisWebSocket';
export const WEBSOCKET_HANDSHAKE = { [CONSTRAINT]: 'yes' };

/** How often the sockets are pinged (one that did not answer the last ping is dropped). */
const PING_MS = 30_000;
/** A socket whose client reads slower than this much is sent nothing more until it catches up. */
const MAX_BUFFERED = 4 * 1024 * 1024;

/** How a socket subscribes: on a schedule (its cron) or streaming (null), and from when. */
export interface SocketControls {
  cron: string | null;
  reportIfEmpty: boolean;
  /** the record time it starts after (ISO 8601), default now */
  initialRecordTime: string | null;
}

/**
 * The controls of a handshake's query string: `stream=true` or a schedule (never both, nor neither:
 * the binding's SubscriptionControlsException), `reportIfEmpty`, `initialRecordTime`.
 */
export function socketControls(params: Readonly<Record<string, EpcisQueryValue>>): SocketControls {
  const bad = (detail: string) => epcisProblem('SubscriptionControlsException', detail);
  const one = (k: string): string | undefined => {
    const v = params[k];
    if (Array.isArray(v)) throw bad(`${k}: given twice`);
    return v === undefined || v === null ? undefined : String(v).trim();
  };
  const stream = one('stream');
  if (stream !== undefined && stream !== 'true') throw bad(`stream: only true (or a schedule instead)`);
  const schedule: Record<string, string> = {};
  for (const f of SCHEDULE_FIELDS) {
    const v = one(f);
    if (v !== undefined) schedule[f] = v;
  }
  const scheduled = Object.keys(schedule).length > 0;
  if (stream && scheduled) throw bad(`stream and a schedule (${SCHEDULE_FIELDS.join(', ')}) are mutually exclusive`);
  if (!stream && !scheduled) throw bad(`give stream=true or a schedule (${SCHEDULE_FIELDS.join(', ')})`);
  const cron = scheduled ? scheduleCron(schedule) : null;
  if (scheduled && !cron) throw bad('schedule: its fields do not make a valid schedule');
  const reportIfEmpty = one('reportIfEmpty');
  if (reportIfEmpty !== undefined && reportIfEmpty !== 'true' && reportIfEmpty !== 'false') throw bad('reportIfEmpty: true or false');
  const initial = one('initialRecordTime');
  if (initial !== undefined && Number.isNaN(Date.parse(initial))) throw bad('initialRecordTime: a date-time');
  return { cron, reportIfEmpty: reportIfEmpty === 'true', initialRecordTime: initial ? new Date(initial).toISOString() : null };
}

/** Who opened a socket (its user, the integration key it came with) and on which query. */
export interface SocketOwner {
  tenantId: number;
  userId: number;
  keyId?: number;
  queryName: string;
}

interface Sock {
  ws: WebSocket;
  /** (keyHash: the digest of the integration key it came with; sessionHash: of the user's token it came with) */
  who: Subscriber & { keyHash?: string; sessionHash?: string };
  cursor: Cursor;
  cron: string | null;
  reportIfEmpty: boolean;
  /** when it is looked at next (ms; 0: at once) */
  dueAt: number;
  /** when its query and user are checked next (a scheduled socket between its fires) */
  checkAt: number;
  /** it answered the last ping */
  alive: boolean;
}

/** A constraint strategy of the router, and what its storage keeps. */
type Strategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type Stored = NonNullable<ReturnType<ReturnType<Strategy['storage']>['get']>>;

/** A handshake on its way through the router. */
interface Handshake {
  socket: Socket;
  head: Buffer;
  res: ServerResponse;
}

/** This process's query subscriptions over WebSocket. */
export class QuerySockets {
  private readonly socks = new Set<Sock>();
  private readonly handshakes = new WeakMap<IncomingMessage, Handshake>();
  /** the 101's headers of a handshake accepted */
  private readonly answers = new WeakMap<IncomingMessage, string[]>();
  private readonly wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: 64 * 1024,
    handleProtocols: (offered) => (offered.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });
  private timer: NodeJS.Timeout | undefined;
  private offBus: (() => void) | undefined;
  private offSessions: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closing = false;
  private lastPing = 0;
  private serial = 0;

  constructor(private readonly ctx: AppContext) {
    this.wss.on('headers', (headers, req) => headers.push(...(this.answers.get(req) ?? [])));
  }

  /** How many sockets are open (in this process). */
  get size(): number {
    return this.socks.size;
  }

  /** The router's constraint: a request the `upgrade` event brought is a handshake. */
  strategy(): Strategy {
    return {
      name: CONSTRAINT,
      mustMatchWhenDerived: true,
      storage: () => {
        const handlers = new Map<unknown, Stored>();
        return {
          get: (v) => handlers.get(v) ?? null,
          set: (v, h) => {
            handlers.set(v, h);
          },
        };
      },
      deriveConstraint: (req) => (this.handshakes.has(req) ? 'yes' : undefined),
    };
  }

  /** The server's `upgrade` event: the handshake goes through the router (its hooks, its route or a refusal over HTTP). */
  upgrade(app: FastifyInstance, req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    if (this.closing || !(socket instanceof Socket)) {
      socket.destroy();
      return;
    }
    // another upgrade (h2c) is answered as a plain request, but its body never reaches the request: one with a body is refused
    if (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const res = new ServerResponse(req);
    res.assignSocket(socket);
    res.shouldKeepAlive = false;
    // a refusal (or any answer but the 101) ends the connection once written
    res.on('finish', () => socket.end());
    if (String(req.headers.upgrade ?? '').toLowerCase() === 'websocket') {
      this.handshakes.set(req, { socket, head, res });
      // a browser's token, offered as a subprotocol (it cannot set Authorization on a WebSocket)
      const offered = String(req.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((p) => p.trim());
      const carried = offered.find((p) => p.startsWith(BEARER_PROTOCOL))?.slice(BEARER_PROTOCOL.length);
      if (carried && !req.headers.authorization && !req.headers.token) req.headers.authorization = `Bearer ${carried}`;
    }
    app.routing(req, res);
  }

  /** The handshake of a route's request answered 101: the socket joins this process's subscriptions. */
  async accept(req: FastifyRequest, reply: FastifyReply, owner: SocketOwner, controls: SocketControls, headers: Record<string, string>) {
    const hs = this.handshakes.get(req.raw);
    if (!hs) throw epcisProblem('SubscriptionControlsException', 'a subscription needs a WebSocket handshake (Upgrade: websocket)');
    const start = controls.initialRecordTime ?? (await this.dbNow());
    // a key's socket lasts as long as that key (its secret: a new key stops it, as revoking it does)
    const bearer = /^Bearer[ \t]+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
    const keyHash = owner.keyId !== undefined && bearer ? hashToken(bearer) : undefined;
    // a user's socket lasts as long as the session it was opened with (signed out, revoked or expired: closed)
    const token = bearer ?? (typeof req.headers.token === 'string' ? req.headers.token : undefined);
    const sessionHash = owner.keyId === undefined && token ? hashToken(token) : undefined;
    this.answers.set(req.raw, [...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), `GS1-Query-Min-Record-Time: ${start}`]);
    reply.hijack();
    hs.res.detachSocket(hs.socket);
    this.wss.handleUpgrade(req.raw, hs.socket, hs.head, (ws) => {
      if (this.closing) {
        ws.close(1001, 'the server is stopping');
        return;
      }
      const now = Date.now();
      const sock: Sock = {
        ws,
        who: {
          tenantId: owner.tenantId,
          userId: owner.userId,
          ...(keyHash ? { keyHash } : {}),
          ...(sessionHash ? { sessionHash } : {}),
          queryName: owner.queryName,
          subscriptionID: `ws-${process.pid}-${++this.serial}`,
        },
        cursor: { value: start, id: 0 },
        cron: controls.cron,
        reportIfEmpty: controls.reportIfEmpty,
        dueAt: controls.cron ? this.nextFire(controls.cron, now) : 0,
        checkAt: now + IDLE_MS,
        alive: true,
      };
      ws.on('pong', () => {
        sock.alive = true;
      });
      ws.on('error', (err) => this.ctx.log.debug({ err }, 'EPCIS socket error'));
      ws.on('close', () => this.remove(sock));
      this.add(sock);
      this.wake();
    });
  }

  /** Closes the sockets of a named query (it was deleted); other processes' close at their next look. */
  closeQuery(tenantId: number, queryName: string): void {
    for (const s of this.socks)
      if (s.who.tenantId === tenantId && s.who.queryName === queryName) {
        s.ws.close(1000, 'the query was deleted');
        this.remove(s);
      }
  }

  /** Every socket closed (the application closes), the loop stopped. */
  async close(): Promise<void> {
    this.closing = true;
    for (const s of this.socks) {
      s.ws.close(1001, 'the server is stopping');
      this.remove(s);
    }
    await this.running;
    // a client that does not answer the close is not waited for
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private add(s: Sock): void {
    this.socks.add(s);
    if (this.timer) return;
    // the loop runs only while a socket is open
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
    this.offBus = this.ctx.bus.on(DELIVER_TOPIC, () => this.poke());
    // a session signed out or revoked (in any process): its sockets checked now
    this.offSessions = this.ctx.bus.on(SESSIONS_CHANGED, () => this.checkSessions());
    this.lastPing = Date.now();
  }

  private remove(s: Sock): void {
    if (!this.socks.delete(s)) return;
    // a closing handshake unanswered: the connection goes after a while
    setTimeout(() => s.ws.terminate(), 5_000).unref();
    if (this.socks.size) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.offBus?.();
    this.offBus = undefined;
    this.offSessions?.();
    this.offSessions = undefined;
  }

  /** A session changed: the sockets opened with a user's token have their standing checked now. */
  private checkSessions(): void {
    for (const s of this.socks) if (s.who.sessionHash !== undefined) s.checkAt = 0;
    this.wake();
  }

  /** A capture stored events (or a query was deleted): every socket is looked at now. */
  private poke(): void {
    for (const s of this.socks) {
      if (!s.cron) s.dueAt = 0;
      s.checkAt = 0;
    }
    this.wake();
  }

  private tick(): void {
    const now = Date.now();
    if (now - this.lastPing >= PING_MS) {
      this.lastPing = now;
      for (const s of this.socks) {
        if (!s.alive) {
          s.ws.terminate();
          this.remove(s);
          continue;
        }
        s.alive = false;
        s.ws.ping();
      }
    }
    this.wake();
  }

  private wake(): void {
    if (!this.socks.size || this.closing) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round()
      .catch((err) => this.ctx.log.warn({ err }, 'EPCIS sockets: a round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** The sockets that are due sent their next results; the others' query and user checked now and then. */
  private async round(): Promise<void> {
    for (const s of [...this.socks]) {
      if (this.closing) return;
      const now = Date.now();
      const due = s.dueAt <= now;
      if (!due && s.checkAt > now) continue;
      try {
        await this.serve(s, due, now);
      } catch (err) {
        this.ctx.log.warn({ err, query: s.who.queryName }, 'EPCIS socket: its results failed');
        s.dueAt = Math.max(s.dueAt, now + IDLE_MS);
        s.checkAt = now + IDLE_MS;
      }
    }
  }

  private async serve(s: Sock, due: boolean, now: number): Promise<void> {
    const standing = await standingOf(this.ctx, s.who);
    const gone = 'gone' in standing ? standing.gone : await this.credentialGone(s, now);
    if (gone) {
      s.ws.close(gone === 'its query is gone' ? 1000 : 1008, gone);
      this.remove(s);
      return;
    }
    s.checkAt = now + IDLE_MS;
    if (!due || 'gone' in standing) return;
    if (s.ws.bufferedAmount > MAX_BUFFERED) {
      s.dueAt = now + 1000;
      return;
    }
    const next = await nextResults(this.ctx, s.who, s.cursor, standing);
    if ('gone' in next) return;
    if (next.count || (s.cron && s.reportIfEmpty)) {
      if (!this.socks.has(s)) return;
      s.ws.send(next.body);
      if (next.last) s.cursor = next.last;
    }
    if (next.more) {
      s.dueAt = 0;
      this.again = true;
    } else s.dueAt = s.cron ? this.nextFire(s.cron, now) : now + (next.held ? HELD_MS : IDLE_MS);
  }

  /** A socket opened with an integration key: whether the key has been revoked, replaced by a new one or lost its scope since. */
  /** Why what the socket was opened with no longer stands (its key, else its user's session), or null. */
  private async credentialGone(s: Sock, now: number): Promise<string | null> {
    if (s.who.keyHash !== undefined) return (await this.keyGone(s.who.keyHash, s.who.tenantId)) ? 'its integration key is revoked' : null;
    if (s.who.sessionHash !== undefined)
      return (await this.sessionGone(s.who.sessionHash, now)) ? 'its session is signed out or expired' : null;
    return null;
  }

  private async keyGone(keyHash: string, tenantId: number): Promise<boolean> {
    const [k] = await this.ctx.db
      .select({ status: integrationKeys.status, canSubscribe: integrationKeys.canSubscribe })
      .from(integrationKeyHashes)
      .innerJoin(
        integrationKeys,
        and(eq(integrationKeys.tenantId, integrationKeyHashes.tenantId), eq(integrationKeys.id, integrationKeyHashes.keyId)),
      )
      .where(and(eq(integrationKeyHashes.keyHash, keyHash), eq(integrationKeyHashes.tenantId, tenantId)));
    return !k || k.status !== INTEGRATION_KEY_STATUS.ACTIVE || k.canSubscribe !== 1;
  }

  /** The session a user's socket was opened with is signed out, revoked or expired. */
  private async sessionGone(tokenHash: string, now: number): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash));
    return !row || row.revokedAt !== null || row.expiresAt.getTime() <= now;
  }

  private nextFire(cron: string, now: number): number {
    return nextCronFire(cron, new Date(now), { utc: true })?.getTime() ?? now + IDLE_MS;
  }

  /** The database's clock (record times are its), to the microsecond. */
  private async dbNow(): Promise<string> {
    const [r] = await queryRows<{ now: string }>(
      this.ctx.db,
      sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`,
    );
    return r.now;
  }
}
