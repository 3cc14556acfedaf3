import type { L10n } from '../../../lang.js';
import { CODE_RE } from '../../general/_rule-issue.js';

/** A text in the three languages. */
export const L = (zh_CN: string, zh_TW: string, en_US: string): L10n => ({ zh_CN, zh_TW, en_US });
/** A code's characters: letters, digits, _ and -. */
export const CODE = { source: CODE_RE.source, message: 'validation.codeChars' };
