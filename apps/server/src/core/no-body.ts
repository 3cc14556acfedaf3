/**
 * A write route that declares no body takes none: one onRoute hook gives every POST/PUT/PATCH/DELETE
 * route without a body schema a check, before its handler, that refuses any non-empty body with a
 * localized 400 (a body of 5,000 nested objects on POST /api/jobs/{id}/cancel once reached the
 * handler and the operation log). The check stays out of the OpenAPI document: such a route is
 * documented, as before, without a request body.
 *
 * Left alone: routes that read their body themselves — multipart uploads and imports (the body is
 * the stream, none is parsed), a route declaring `config.ownBody` (a JSON body it checks itself, or
 * multipart), and device routes (readers' batches parsed by their own content-type parser).
 */
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { badRequest } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the handler reads and checks its body itself (no body schema declared): no empty-body check is added */
    ownBody?: boolean;
  }
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** No body, or an empty one: nothing, null, '', {} or [] (the console sends {} with some calls). */
export function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return true;
  if (Array.isArray(body)) return body.length === 0;
  if (typeof body === 'object' && !Buffer.isBuffer(body)) {
    for (const k in body) if (Object.hasOwn(body, k)) return false;
    return Object.getPrototypeOf(body) === Object.prototype || Object.getPrototypeOf(body) === null;
  }
  return false;
}

const refuseBody: preValidationHookHandler = (req: FastifyRequest, _reply, done) => {
  if (isEmptyBody(req.body) || (typeof req.isMultipart === 'function' && req.isMultipart())) return done();
  done(badRequest('common.noBody'));
};

/** Registers the hook (before the routes: it sees each route as it is added). */
export function registerNoBody(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WITH_BODY.has(String(m).toUpperCase()))) return;
    if (route.schema?.body) return;
    const cfg = route.config as { ownBody?: boolean; access?: unknown } | undefined;
    if (cfg?.ownBody || cfg?.access === 'device') return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [refuseBody, ...own];
  });
}
