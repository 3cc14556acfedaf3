import { and, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationLog } from '../db/schema/index.js';
import { deviceCall } from './feed/device-keys.js';
import { instrumentDatabase, runAsWrite, type WriteRequest } from './request-context.js';
import { storableText, truncateText } from './text-guard.js';

declare module 'fastify' {
  interface FastifyRequest {
    failureMessage: string;
    /** the write this request is, while its handler runs (null for reads) */
    operationWrite: WriteRequest | null;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * A write: a POST/PUT/PATCH/DELETE that is not a query (lists and lookups are POSTed with a body
 * as the spec's console does, and would bury the writes), or a GET declared as changing state.
 */
export function isWrite(req: FastifyRequest): boolean {
  const cfg = req.routeOptions.config;
  if (cfg?.writes === true) return true;
  const access = cfg?.access;
  return WRITE_METHODS.has(req.method) && !(access && typeof access === 'object' && access.action === 'query');
}
/** Fields never copied into the log. */
const SECRET = /pass(word)?|secret|token|credential|registrationcode/i;
const MAX_BODY_CHARS = 4000;
/** levels of a body copied into the log; deeper values are replaced by LOG_CUT */
const MAX_DEPTH = 5;
/** items of one list copied into the log */
const MAX_ITEMS = 50;
/** values (keys, items, scalars) copied into the log in all: a wide body is cut, not walked whole */
const MAX_NODES = 2000;
/** what stands for the part of a body the log leaves out (too deep, too wide) */
export const LOG_CUT = '…';

/**
 * The body as logged: secrets masked, at most MAX_ITEMS items a list, MAX_DEPTH levels (deeper
 * values are LOG_CUT, never the value itself), MAX_NODES values in all, text the log can store
 * and no longer than the log keeps. Walks at most MAX_DEPTH levels, whatever the body's depth or
 * width (a body 5,000 levels deep overflowed the stack once).
 */
function redact(value: unknown, depth: number, budget: { nodes: number }): unknown {
  if (--budget.nodes < 0) return LOG_CUT;
  if (typeof value === 'string') return storableText(truncateText(value, MAX_BODY_CHARS + 1));
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH || Buffer.isBuffer(value)) return LOG_CUT;
  // a Date (a checked body holds some) is logged as JSON writes it
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return redact((value as { toJSON(): unknown }).toJSON(), depth, budget);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < Math.min(value.length, MAX_ITEMS) && budget.nodes > 0; i++) out.push(redact(value[i], depth + 1, budget));
    if (out.length < value.length) out.push(LOG_CUT);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (budget.nodes <= 0) {
      out[LOG_CUT] = LOG_CUT;
      break;
    }
    const key = storableText(truncateText(k, 200));
    out[key] = SECRET.test(k) ? '***' : redact((value as Record<string, unknown>)[k], depth + 1, budget);
  }
  return out;
}

/** The body for the log's jsonb column: a long one is cut (never inside a surrogate pair) and kept as text. */
export function loggedBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return null;
  const kept = redact(body, 0, { nodes: MAX_NODES });
  const json = JSON.stringify(kept);
  return json.length > MAX_BODY_CHARS ? { truncated: truncateText(json, MAX_BODY_CHARS) } : JSON.parse(json);
}

function defaultTarget(req: FastifyRequest): string {
  const src = {
    ...(req.params as object),
    ...(req.query as object),
    ...(req.body && typeof req.body === 'object' ? req.body : {}),
  } as Record<string, unknown>;
  for (const k of ['id', 'ids', 'code', 'num', 'username', 'name']) {
    // copied as the body is (any depth, any width): what a caller sends there may be anything
    if (src[k] !== undefined && src[k] !== '') return truncateText(JSON.stringify(redact(src[k], 2, { nodes: 100 })) ?? '', 200);
  }
  return '';
}

/** Device routes (feed ingestion) are data, not operations: they stay out of the log. */
const loggable = (req: FastifyRequest) =>
  isWrite(req) && req.url.startsWith('/api') && !req.routeOptions.config?.skipOperationLog && !deviceCall(req);

/** The log row of a request: who, which tenant, screen and button, target, outcome, duration, body. */
function logRow(req: FastifyRequest, status: number): typeof operationLog.$inferInsert {
  const cfg = req.routeOptions.config;
  const access = cfg?.access;
  return {
    tenantId: req.session?.tenantId ?? 0,
    userId: req.session?.userId ?? null,
    username: storableText(req.session?.username ?? ''),
    screen: access && typeof access === 'object' ? access.screen : '',
    action: access && typeof access === 'object' ? access.action : '',
    method: req.method,
    url: storableText(truncateText(req.url, 500)),
    target: storableText((cfg?.logTarget ?? defaultTarget)(req)),
    result: status < 400 ? 1 : 0,
    status,
    message: storableText(req.failureMessage),
    ip: req.ip,
    durationMs: Math.round(performance.now() - req.startTime),
    body: loggedBody(req.body),
  };
}

/**
 * Every write through the API is recorded here, for every route, whatever its outcome: who, which
 * tenant, which screen and button, what target, the result, and how long it took.
 *
 * A write that commits carries its row: the request's first transaction (or single write
 * statement) inserts the row as a success just before it commits (see request-context.ts), so a
 * write without its row cannot commit. After the response the row is corrected when the request
 * ended otherwise (a later step failed), or inserted when nothing committed it (refusals, failed
 * writes, writes that wrote nothing).
 */
export function registerOperationLog(app: FastifyInstance): void {
  app.decorateRequest('failureMessage', '');
  app.decorateRequest('operationWrite', null);
  instrumentDatabase(app.ctx);

  // the handler (and what it starts) runs with its writes tied to the log row
  app.addHook('preHandler', (req, _reply, done) => {
    if (!loggable(req)) return done();
    const write: WriteRequest = { successRow: () => logRow(req, 200), pending: false, closed: false };
    req.operationWrite = write;
    runAsWrite(write, done);
  });
  // keep the message of a failed write for the log
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 && isWrite(req) && typeof payload === 'string') {
      try {
        req.failureMessage = truncateText(String(JSON.parse(payload).msg ?? ''), 500);
      } catch {
        // not JSON: nothing to keep
      }
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!loggable(req)) return;
    const write = req.operationWrite;
    if (write) write.closed = true;
    try {
      const done = write?.committed;
      if (!done) {
        await app.ctx.db.insert(operationLog).values(logRow(req, reply.statusCode));
      } else if (reply.statusCode !== 200) {
        // the write committed but the request ended otherwise: the row tells the outcome
        const row = logRow(req, reply.statusCode);
        const near = (ms: number) => new Date(done.createdAt.getTime() + ms);
        await app.ctx.db
          .update(operationLog)
          .set({ result: row.result, status: row.status, message: row.message, durationMs: row.durationMs })
          .where(
            and(
              eq(operationLog.tenantId, done.tenantId),
              gte(operationLog.createdAt, near(-1000)),
              lte(operationLog.createdAt, near(1000)),
              eq(operationLog.id, done.id),
            ),
          );
      }
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
  });
}
