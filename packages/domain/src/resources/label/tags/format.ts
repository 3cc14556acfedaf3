/**
 * The shapes of the hex codes a tag carries, pure (no zod): the console checks inputs with them
 * before sending, the server with the same rules.
 */

/** An EPC as stored: upper-case hex, whole 16-bit words, 96 to 256 bits (24–64 hex digits). */
export const EPC_HEX = /^(?:[0-9A-F]{4}){6,16}$/;
/** A chip's TID: upper-case hex, whole 16-bit words, 32 to 256 bits (8–64 hex digits). */
export const TID_HEX = /^(?:[0-9A-F]{4}){2,16}$/;

/** A typed code as stored: spaces, dashes and colons dropped, upper case. */
export const normalizeHex = (s: string): string => s.replace(/[\s:-]+/g, '').toUpperCase();

/**
 * The EPCs (or EPC/TID pairs) of a pasted text or a sheet's column: one a line, separated from a
 * TID by a comma, semicolon, tab or space; blank lines and a header line ("EPC,TID") skipped.
 */
export function parseHexLines(text: string): { line: number; epc: string; tid?: string }[] {
  const out: { line: number; epc: string; tid?: string }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const cells = raw
      .split(/[,;\t ]+/)
      .map((c) => c.trim())
      .filter(Boolean);
    if (!cells.length) return;
    if (i === 0 && /^epc$/i.test(cells[0])) return;
    out.push({ line: i + 1, epc: normalizeHex(cells[0]), ...(cells[1] ? { tid: normalizeHex(cells[1]) } : {}) });
  });
  return out;
}

/** At most this many EPCs (or pairs) in one bind or clear request. */
export const TAG_BATCH_MAX = 5000;
