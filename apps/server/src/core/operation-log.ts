import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    failureMessage: string;
  }
}

import { operationLog } from '../db/schema/index.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * A write: a POST/PUT/PATCH/DELETE that is not a query (lists and lookups are POSTed with a body
 * as the spec's console does, and would bury the writes), or a GET declared as changing state.
 */
function isWrite(req: FastifyRequest): boolean {
  const cfg = req.routeOptions.config;
  if (cfg?.writes === true) return true;
  const access = cfg?.access;
  return WRITE_METHODS.has(req.method) && !(access && typeof access === 'object' && access.action === 'query');
}
/** Fields never copied into the log. */
const SECRET = /pass(word)?|secret|token|credential/i;
const MAX_BODY_CHARS = 4000;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET.test(k) ? '***' : redact(v, depth + 1);
  return out;
}

function defaultTarget(req: FastifyRequest): string {
  const src = {
    ...(req.params as object),
    ...(req.query as object),
    ...(req.body && typeof req.body === 'object' ? req.body : {}),
  } as Record<string, unknown>;
  for (const k of ['id', 'ids', 'code', 'num', 'username', 'name']) {
    if (src[k] !== undefined && src[k] !== '') return JSON.stringify(src[k]).slice(0, 200);
  }
  return '';
}

/**
 * Every write through the API is recorded here, for every route, whatever its outcome: who, which
 * tenant, which screen and button, what target, the result, and how long it took.
 */
export function registerOperationLog(app: FastifyInstance): void {
  app.decorateRequest('failureMessage', '');
  // keep the message of a failed write for the log
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 && isWrite(req) && typeof payload === 'string') {
      try {
        req.failureMessage = String(JSON.parse(payload).msg ?? '').slice(0, 500);
      } catch {
        // not JSON: nothing to keep
      }
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const cfg = req.routeOptions.config;
    if (!isWrite(req) || !req.url.startsWith('/api') || cfg?.skipOperationLog) return;
    const access = cfg?.access;
    const screen = access && typeof access === 'object' ? access.screen : '';
    const action = access && typeof access === 'object' ? access.action : '';
    let body: unknown = null;
    if (req.body && typeof req.body === 'object') {
      const json = JSON.stringify(redact(req.body));
      body = json.length > MAX_BODY_CHARS ? { truncated: json.slice(0, MAX_BODY_CHARS) } : JSON.parse(json);
    }
    try {
      await app.ctx.db.insert(operationLog).values({
        tenantId: req.session?.tenantId ?? 0,
        userId: req.session?.userId ?? null,
        username: req.session?.username ?? '',
        screen,
        action,
        method: req.method,
        url: req.url.slice(0, 500),
        target: (cfg?.logTarget ?? defaultTarget)(req),
        result: reply.statusCode < 400 ? 1 : 0,
        status: reply.statusCode,
        message: req.failureMessage,
        ip: req.ip,
        durationMs: Math.round(performance.now() - req.startTime),
        body,
      });
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
  });
}
