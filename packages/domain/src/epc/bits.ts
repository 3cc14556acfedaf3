import { EpcError } from './errors.js';

/**
 * Bit strings of the EPC binary encoding, most significant bit first (TDS §14). A reader over the
 * bits of the hex read from a tag, a writer building one; integers of up to 53 bits are plain
 * numbers, wider ones (GIAI-96's asset reference) BigInt.
 */

const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  NIBBLE['0123456789ABCDEF'.charCodeAt(i)] = i;
  NIBBLE['0123456789abcdef'.charCodeAt(i)] = i;
}
/** The value of a hex digit's char code, or −1. */
export const nibble = (code: number): number => (code < 128 ? NIBBLE[code]! : -1);

export class BitReader {
  readonly bits: Uint8Array;
  constructor(hex: string) {
    const bits = new Uint8Array(hex.length * 4);
    for (let i = 0; i < hex.length; i++) {
      const v = nibble(hex.charCodeAt(i));
      if (v < 0) throw new EpcError('epc', 'epc.notHex', { char: hex[i]! });
      bits[i * 4] = (v >> 3) & 1;
      bits[i * 4 + 1] = (v >> 2) & 1;
      bits[i * 4 + 2] = (v >> 1) & 1;
      bits[i * 4 + 3] = v & 1;
    }
    this.bits = bits;
  }
  get length(): number {
    return this.bits.length;
  }
  /** The unsigned integer of `len` (≤ 53) bits at `pos`. */
  int(pos: number, len: number): number {
    let v = 0;
    for (let i = pos; i < pos + len; i++) v = v * 2 + this.bits[i]!;
    return v;
  }
  /** The unsigned integer of `len` bits at `pos`, as decimal text (BigInt past 53 bits). */
  dec(pos: number, len: number): string {
    if (len <= 53) return String(this.int(pos, len));
    let v = 0n;
    for (let i = pos; i < pos + len; i++) v = (v << 1n) | BigInt(this.bits[i]!);
    return v.toString();
  }
  /** Whether every bit from `pos` to the end is zero. */
  zeroFrom(pos: number): boolean {
    for (let i = pos; i < this.bits.length; i++) if (this.bits[i]) return false;
    return true;
  }
}

export class BitWriter {
  private readonly out: number[] = [];
  /** Append the unsigned integer `value` (a number of ≤ 53 bits, or a BigInt, or decimal text) in `len` bits. */
  int(value: number | bigint | string, len: number): this {
    if (typeof value === 'number' && len <= 53) {
      for (let i = len - 1; i >= 0; i--) this.out.push(Math.floor(value / 2 ** i) % 2);
      return this;
    }
    const v = BigInt(value);
    for (let i = len - 1; i >= 0; i--) this.out.push(Number((v >> BigInt(i)) & 1n));
    return this;
  }
  /** Append bits given as a string of 0 and 1. */
  raw(bits: string): this {
    for (const b of bits) this.out.push(b === '1' ? 1 : 0);
    return this;
  }
  /** Append each character's low `width` bits (7-bit or 6-bit strings), then zeros up to `len` bits when given. */
  chars(s: string, width: 6 | 7 | 8, len?: number): this {
    const start = this.out.length;
    for (let i = 0; i < s.length; i++) this.int(s.charCodeAt(i) & ((1 << width) - 1), width);
    if (len !== undefined) while (this.out.length - start < len) this.out.push(0);
    return this;
  }
  get length(): number {
    return this.out.length;
  }
  /** Upper-case hex, zero bits padding the last 16-bit word (a tag's EPC bank holds whole words). */
  hex(): string {
    while (this.out.length % 16 !== 0) this.out.push(0);
    let s = '';
    for (let i = 0; i < this.out.length; i += 4)
      s += '0123456789ABCDEF'[this.out[i]! * 8 + this.out[i + 1]! * 4 + this.out[i + 2]! * 2 + this.out[i + 3]!];
    return s;
  }
}
