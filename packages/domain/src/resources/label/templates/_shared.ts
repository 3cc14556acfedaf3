import { CODE_RE } from '../../general/_rule-issue.js';

/** A code's characters: letters, digits, _ and -. */
export const CODE = { source: CODE_RE.source, message: 'validation.codeChars' };
