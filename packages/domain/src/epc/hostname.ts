/**
 * The custom hostname of the '++' schemes (EPC Tag Data Standard 2.3 §14.5.16): a 1-bit encoding
 * indicator, a 6-bit length, then URN Code 40 (indicator 0: 16 bits per 3 characters of 0–9 A–Z - . :)
 * or 7-bit ASCII (indicator 1) where 7-bit and 14-bit optimisation sequences stand for "id.",
 * ".com", ".co.uk" … and the length counts 7-bit sequences (a 14-bit one counts two).
 */
import type { BitWriter } from './bits.js';
import { isCharset82 } from './chars.js';
import { EpcError } from './errors.js';
import type { Cursor } from './tds2-methods.js';
import { HOST_SEQ7, HOST_SEQ14 } from './tds2-tables.js';

const PART = 'epc.part.hostname';
const CODE40 = '\0ABCDEFGHIJKLMNOPQRSTUVWXYZ-.:0123456789';

/** Decode the hostname at the cursor. */
export function readHostname(c: Cursor): string {
  const indicator = c.int(1, PART);
  const n = c.int(6, PART);
  let s = '';
  if (indicator === 0) {
    for (let g = 0; g < Math.ceil(n / 3); g++) {
      const r = c.int(16, PART) - 1;
      for (const i of [Math.floor(r / 1600), Math.floor(r / 40) % 40, r % 40]) {
        if (r < 0 || i >= 40) throw new EpcError('epc', 'epc.badChar', { part: PART, char: `0x${(r + 1).toString(16).toUpperCase()}` });
        if (i > 0) s += CODE40[i];
      }
    }
    if (s.length !== n) throw new EpcError('epc', 'epc.badString', { part: PART });
  } else {
    for (let k = 0; k < n; ) {
      const v = c.int(7, PART);
      k++;
      if (v < 4) {
        if (k >= n) throw new EpcError('epc', 'epc.truncated', { part: PART });
        const second = c.int(7, PART);
        k++;
        const seq = HOST_SEQ14[v]![second];
        if (!seq)
          throw new EpcError('epc', 'epc.hostnameSeq', {
            value: `${v.toString(2).padStart(7, '0')} ${second.toString(2).padStart(7, '0')}`,
          });
        s += seq;
      } else if (HOST_SEQ7[v]) s += HOST_SEQ7[v];
      else if (isCharset82(v) || v === 35) s += String.fromCharCode(v);
      else throw new EpcError('epc', 'epc.hostnameSeq', { value: v.toString(2).padStart(7, '0') });
    }
  }
  if (s === '') throw new EpcError('epc', 'epc.emptyField', { part: PART });
  return s;
}

/** Every optimisation sequence with its bits (7 or 14) and its value(s). */
const SEQUENCES: { text: string; bits: 7 | 14; first: number; second?: number }[] = [
  ...Object.entries(HOST_SEQ7).map(([v, text]) => ({ text, bits: 7 as const, first: Number(v) })),
  ...HOST_SEQ14.flatMap((table, first) => table.map((text, second) => ({ text, bits: 14 as const, first, second }))),
];

/** Whether `host` can be a '++' hostname: 1–63 characters of the GS1 AI encodable character set 82. */
export const isHostname = (host: string): boolean =>
  host.length >= 1 && host.length <= 63 && [...host].every((ch) => isCharset82(ch.charCodeAt(0)));

/**
 * Encode a hostname (checked by `isHostname`): URN Code 40 when its characters allow and it is no
 * longer so, else 7-bit ASCII taking at each position the longest optimisation sequence that matches.
 */
export function writeHostname(w: BitWriter, host: string): void {
  const seq: { bits: number; first: number; second?: number }[] = [];
  for (let i = 0; i < host.length; ) {
    let best: (typeof SEQUENCES)[number] | undefined;
    for (const s of SEQUENCES) {
      if (
        host.startsWith(s.text, i) &&
        (!best || s.text.length > best.text.length || (s.text.length === best.text.length && s.bits < best.bits))
      )
        best = s;
    }
    if (best) {
      seq.push(best);
      i += best.text.length;
    } else {
      seq.push({ bits: 7, first: host.charCodeAt(i) });
      i++;
    }
  }
  const asciiBits = seq.reduce((a, s) => a + s.bits, 0);
  const length7 = asciiBits / 7;
  if (/^[0-9A-Z.:-]+$/.test(host) && 16 * Math.ceil(host.length / 3) <= asciiBits) {
    w.int(0, 1).int(host.length, 6);
    for (let i = 0; i < host.length; i += 3) {
      const [a = 0, b = 0, c = 0] = [...host.slice(i, i + 3)].map((ch) => CODE40.indexOf(ch));
      w.int(1600 * a + 40 * b + c + 1, 16);
    }
    return;
  }
  if (length7 > 63) throw new EpcError('hostname', 'epc.hostnameInput');
  w.int(1, 1).int(length7, 6);
  for (const s of seq) {
    w.int(s.first, 7);
    if (s.bits === 14) w.int(s.second!, 7);
  }
}
