import type { EpcErrorShape } from './types.js';

/**
 * A refusal of the codec: what the GS1 EPC Tag Data Standard forbids. `key` is an i18n key of the
 * server catalogs (part `epc`), `params` its values, `field` the input it is about.
 */
export class EpcError extends Error implements EpcErrorShape {
  readonly key: string;
  readonly params: Record<string, string | number>;
  readonly field: string;
  constructor(field: string, key: string, params: Record<string, string | number> = {}) {
    super(`${field}: ${key} ${JSON.stringify(params)}`);
    this.name = 'EpcError';
    this.field = field;
    this.key = key;
    this.params = params;
  }
}

export const isEpcError = (e: unknown): e is EpcError => e instanceof EpcError;

/**
 * The reason of a refusal alone, translated by `t` (the console's i18next `t` or the server's
 * `translate` bound to a language): a `part` param (a catalog key naming an EPC component) is
 * translated first. The catalogs hold the keys under `epc.` (server part and console screen part).
 */
export function epcErrorReason(e: EpcErrorShape, t: (key: string, params?: Record<string, unknown>) => string): string {
  const part = e.params.part;
  return t(e.key, typeof part === 'string' ? { ...e.params, part: t(part) } : e.params);
}

/** "<field label>: <reason>" of a refusal (see epcErrorReason). */
export const describeEpcError = (e: EpcErrorShape, t: (key: string, params?: Record<string, unknown>) => string): string =>
  `${t(`epc.field.${e.field}`)}: ${epcErrorReason(e, t)}`;
