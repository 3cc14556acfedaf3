import type { L10n } from '../../../lang.js';
import { f } from '../../../resource/fields.js';
import { CODE_RE } from '../../general/_rule-issue.js';

/** A code's characters: letters, digits, _ and -. */
export const CODE = { source: CODE_RE.source, message: 'validation.codeChars' };
/**
 * A quantity (spec §5: a number greater than 0, at most 16 digits): an int4 column, so at most nine
 * digits here (999,999,999), the column's CHECK within its range.
 */
export const quantity = (label: L10n, extra: { width?: number; max?: number } = {}) =>
  f.int({ label, min: 1, max: 999_999_999, width: 100, ...extra });
