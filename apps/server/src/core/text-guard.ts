import { fieldLabel, type Lang, translate } from '@tagloom/domain';
import type { FastifyInstance } from 'fastify';
import { type AppError, badRequest } from './errors.js';

/**
 * Text PostgreSQL cannot store: NUL (refused in text and jsonb) and UTF-16 surrogates without
 * their pair (a jsonb escape `\ud800` is refused; a text column would silently get U+FFFD).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
const BAD = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const BAD_ALL = new RegExp(BAD.source, 'g');
export const hasBadText = (s: string): boolean => BAD.test(s);

/** The same text with every NUL and unpaired surrogate replaced by U+FFFD (for logs and a reader's words, never for a user's data). */
export const storableText = (s: string): string => (hasBadText(s) ? s.replace(BAD_ALL, '\ufffd') : s);

/** At most `max` UTF-16 units of `s`, never ending inside a surrogate pair. */
export function truncateText(s: string, max: number): string {
  if (s.length <= max) return s;
  const end = max > 0 && /[\ud800-\udbff]/.test(s[max - 1]) ? max - 1 : max;
  return s.slice(0, end);
}

const MAX_DEPTH = 64;
const MAX_REPORTED = 20;

/** Paths (key lists) of the strings and keys in `value` that hold text PostgreSQL cannot store. */
export function badTextPaths(
  value: unknown,
  path: (string | number)[] = [],
  out: (string | number)[][] = [],
  depth = 0,
): (string | number)[][] {
  if (out.length >= MAX_REPORTED || depth > MAX_DEPTH) return out;
  if (typeof value === 'string') {
    if (hasBadText(value)) out.push(path);
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) badTextPaths(v, [...path, i], out, depth + 1);
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [k, v] of Object.entries(value)) {
      // a key is text too: it ends up in the operation log's jsonb
      if (hasBadText(k)) out.push([...path, storableText(k)]);
      else badTextPaths(v, [...path, k], out, depth + 1);
    }
  }
  return out;
}

/** The 400 naming each field whose text cannot be stored (the route's labels, else the catalog's, else the path). */
export function badTextError(lang: Lang, paths: (string | number)[][], labels?: Parameters<typeof fieldLabel>[2]): AppError {
  const message = translate(lang, 'validation.badCharacters');
  const fields = paths.map((p) => ({ field: p.map(String).join('.'), message, label: fieldLabel(lang, p, labels) }));
  const summary = fields.map((f) => translate(lang, 'validation.field', { field: f.label, message })).join('; ');
  return badRequest('validation.summary', { summary }, { fields: fields.map(({ field }) => ({ field, message })) });
}

/**
 * One check for every route, before its own validation: the body, query string and path
 * parameters hold no NUL and no unpaired surrogate, in any string or key at any depth.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const paths = [...badTextPaths(req.body), ...badTextPaths(req.query), ...badTextPaths(req.params)];
    if (paths.length) throw badTextError(req.lang ?? 'zh_CN', paths, req.routeOptions.config?.fieldLabels);
  });
}
