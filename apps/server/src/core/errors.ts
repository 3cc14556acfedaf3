import { Code, describeIssues, type L10n, LANGS, type Lang, translate } from '@tagloom/domain';

/** An error the client should see: HTTP status, envelope code and an i18n message key. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

/** A 400; `data` travels in the envelope's data (e.g. `{ fields }` for the form to mark them). */
export const badRequest = (key: string, params?: Record<string, unknown>, data?: unknown) =>
  new AppError(400, Code.BAD_REQUEST, key, params, data);
export const unauthorized = (code: number, key: string) => new AppError(401, code, key);
export const forbidden = (key = 'auth.noPermission') => new AppError(403, Code.FORBIDDEN, key);
/**
 * A 404 'common.notFound' naming the thing: `what` is an i18n key, e.g. 'dictionary.module', or its
 * names in each language (a declaration's `names`). With `params`, a 404 of message `key` instead.
 */
export function notFound(what: string | L10n): AppError;
export function notFound(key: string, params: Record<string, unknown>): AppError;
export function notFound(what: string | L10n, params?: Record<string, unknown>): AppError {
  if (typeof what !== 'string') return new AppError(404, Code.NOT_FOUND, 'common.notFound', { what });
  return params
    ? new AppError(404, Code.NOT_FOUND, what, params)
    : new AppError(404, Code.NOT_FOUND, 'common.notFound', { what: { key: what } });
}
export const conflict = (key: string, params?: Record<string, unknown>, data?: unknown) =>
  new AppError(409, Code.CONFLICT, key, params, data);

/**
 * A 400 naming one field, as a declaration's own rule would say it: "<field label>: <message>" in the
 * request's language (the envelope localizes L10n params), and data.fields for the form to mark it.
 */
export function fieldRefusal(field: { key: string; label: L10n }, key: string, params: Record<string, unknown>, lang: Lang): AppError {
  const message = Object.fromEntries(LANGS.map((l) => [l, translate(l, key, params)])) as L10n;
  return badRequest('validation.field', { field: field.label, message }, { fields: [{ field: field.key, message: message[lang] }] });
}

/** A 400 for failed field rules: each issue on its field (with the field's label), and one sentence summing them up. */
export function validationError(lang: Lang, issues: Parameters<typeof describeIssues>[1], labels?: Record<string, L10n>): AppError {
  const { fields, summary } = describeIssues(lang, issues, labels);
  return badRequest('validation.summary', { summary }, { fields });
}
