/**
 * One issue of a cross-field rule. `message` is an i18n key under `validation.` (so that the
 * generic error description translates it); `params` fill its {{placeholders}}.
 */
export const ruleIssue = (field: string, message: string, params: Record<string, unknown> = {}) =>
  ({ path: [field], message, ...params }) as { path: string[]; message: string };

/** Rules also see unparsed input on some paths: read a json list defensively. */
export const asList = (v: unknown): unknown[] | undefined => (v === null || v === undefined ? [] : Array.isArray(v) ? v : undefined);

export const flagOn = (v: unknown) => v === true || v === 1;

export const CODE_RE = /^[A-Za-z0-9_-]+$/;
