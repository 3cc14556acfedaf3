import { Code, describeIssues, type L10n, type Lang, translate } from '@tagloom/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors.js';
import { isRefViolation, refViolation } from './resource/refs.js';

/** Response schema of a route: the `{code, msg, data}` envelope around its data. */
export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });
export const okEmpty = envelope(z.null());

/** Translate params given as {key} (names of things) before they go into a message. */
export function localizeParams(lang: Lang, params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v && typeof v === 'object' && 'key' in v) out[k] = translate(lang, String((v as { key: string }).key));
    else if (v && typeof v === 'object' && 'en_US' in v) out[k] = (v as L10n)[lang];
    else out[k] = v;
  }
  return out;
}

const PG_UNIQUE = '23505';
const PG_FK = '23503';
const PG_CHECK = '23514';
const PG_DATA_EXCEPTION = '22';

function pgCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Connection-level failures: the database went away after start (or is restarting). */
const DB_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function isDatabaseDown(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown; message?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && DB_DOWN.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|connection (is )?closed|Client has encountered a connection error/i.test(e.message)
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Every answer under /api is an envelope with a meaningful HTTP status; errors are localized. */
export function registerEnvelope(app: FastifyInstance): void {
  app.decorateReply('ok', function ok(data, msgKey = 'common.success', params = {}) {
    return { code: Code.OK, msg: translate(this.request.lang, msgKey, localizeParams(this.request.lang, params)), data };
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? 'zh_CN';
    const send = (status: number, code: number, msg: string, data: unknown = null) =>
      reply.status(status).type('application/json; charset=utf-8').send({ code, msg, data });

    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'application error');
      return send(err.status, err.code, translate(lang, err.key, localizeParams(lang, err.params)), err.data);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        ...(v.params as Record<string, unknown>),
        code: v.keyword,
        message: v.message,
        path: v.instancePath.split('/').filter(Boolean),
      }));
      const { fields, summary } = describeIssues(lang, issues, req.routeOptions.config?.fieldLabels);
      return send(400, Code.BAD_REQUEST, summary, { fields });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return send(400, Code.BAD_REQUEST, translate(lang, 'common.malformedJson'));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, 413, translate(lang, 'common.tooLarge'));
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(400, Code.BAD_REQUEST, translate(lang, 'common.badRequest'));
    }
    // a declared reference (f.ref): "<X> is used by <Y>" (409) or "the selected <X> does not exist" (400)
    if (isRefViolation(err))
      return refViolation(req.server.ctx.db, err).then((e) => {
        reply.status(e!.status).type('application/json; charset=utf-8');
        return { code: e!.code, msg: translate(lang, e!.key, localizeParams(lang, e!.params)), data: e!.data };
      });
    const pg = pgCode(err);
    if (pg === PG_UNIQUE) return send(409, Code.CONFLICT, translate(lang, 'common.conflict', { what: '' }).trim());
    if (pg === PG_FK) return send(409, Code.CONFLICT, translate(lang, 'common.inUse', { what: '' }).trim());
    if (pg === PG_CHECK) return send(400, Code.BAD_REQUEST, translate(lang, 'common.badRequest'));
    // class 22, data exception: a value the database refuses (out of range, malformed, bad text);
    // the validation should have named it, so it is logged to be fixed there
    if (pg?.startsWith(PG_DATA_EXCEPTION)) {
      req.log.warn({ err }, 'value refused by the database');
      return send(400, Code.BAD_REQUEST, translate(lang, 'validation.dataException'));
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, err.statusCode, translate(lang, 'common.badRequest'));
    }
    if (isDatabaseDown(err)) {
      req.log.error({ err }, 'database unreachable');
      return send(503, Code.UNAVAILABLE, translate(lang, 'common.dbUnavailable'));
    }
    req.log.error({ err }, 'unhandled error');
    return send(500, Code.SERVER_ERROR, translate(lang, 'common.serverError'));
  });
}
