/**
 * The zip container of an .xlsx, read with its sizes checked before anything is unpacked: the
 * central directory gives each part's unpacked size, their sum must stay under the limit, and each
 * part is then inflated with that limit as a hard stop (a directory that lies about a size cannot
 * make it inflate more).
 */
import { inflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { type SheetLimits, SheetRefusal } from './limits.js';

const SIG_EOCD = 0x06054b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  /** offset of the local header */
  offset: number;
}

const unreadable = () => new SheetRefusal('resource.importUnreadable');

export const isZip = (buf: Uint8Array) => buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] < 9 && buf[3] < 9;

export const tooLarge = (limits: SheetLimits) =>
  new SheetRefusal('resource.importTooLarge', { max: Math.round(limits.inflatedBytes / 1024 / 1024) });

/** The entries the central directory lists, refused when there are too many or their unpacked sizes add up past the limit. */
export function zipEntries(buf: Buffer, limits: SheetLimits): ZipEntry[] {
  // the end-of-central-directory record: 22 bytes plus a comment of up to 65,535
  let eocd = -1;
  for (let i = buf.length - 22; i >= 0 && i >= buf.length - 22 - 0xffff; i--) {
    if (buf.readUInt32LE(i) === SIG_EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  let count = buf.readUInt16LE(eocd + 10);
  let cdSize = buf.readUInt32LE(eocd + 12);
  let cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    // ZIP64: the locator just before points at the 64-bit record
    const loc = eocd - 20;
    if (loc < 0 || buf.readUInt32LE(loc) !== SIG_EOCD64_LOCATOR) throw unreadable();
    const rec = Number(buf.readBigUInt64LE(loc + 8));
    if (rec + 56 > buf.length || buf.readUInt32LE(rec) !== SIG_EOCD64) throw unreadable();
    count = Number(buf.readBigUInt64LE(rec + 32));
    cdSize = Number(buf.readBigUInt64LE(rec + 40));
    cdOffset = Number(buf.readBigUInt64LE(rec + 48));
  }
  if (count > limits.zipEntries) throw tooLarge(limits);
  if (cdOffset + cdSize > buf.length) throw unreadable();
  const entries: ZipEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== SIG_CENTRAL) throw unreadable();
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let offset = buf.readUInt32LE(p + 42);
    const name = buf.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLen);
    // ZIP64 extra field: the 64-bit values of the fields set to 0xFFFFFFFF, in this order
    for (let e = p + 46 + nameLen; e + 4 <= p + 46 + nameLen + extraLen; ) {
      const id = buf.readUInt16LE(e);
      const len = buf.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        const next = () => {
          if (q + 8 > e + 4 + len) throw unreadable();
          const v = Number(buf.readBigUInt64LE(q));
          q += 8;
          return v;
        };
        if (size === 0xffffffff) size = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (offset === 0xffffffff) offset = next();
      }
      e += 4 + len;
    }
    p += 46 + nameLen + extraLen + commentLen;
    total += size;
    if (size > limits.inflatedBytes || total > limits.inflatedBytes) throw tooLarge(limits);
    if (!name.endsWith('/')) entries.push({ name, method, flags, compressedSize, size, offset });
  }
  return entries;
}

/**
 * The parts unpacked, each stopped at what is left of the limit: a part that inflates to more
 * than the whole file may hold is refused while it inflates, whatever its directory entry said.
 */
export function unpack(buf: Buffer, entries: ZipEntry[], limits: SheetLimits): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  let left = limits.inflatedBytes;
  for (const e of entries) {
    const h = e.offset;
    if (h + 30 > buf.length || buf.readUInt32LE(h) !== SIG_LOCAL) throw unreadable();
    if (e.flags & 0x1) throw unreadable(); // encrypted
    const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
    if (start + e.compressedSize > buf.length) throw unreadable();
    const data = buf.subarray(start, start + e.compressedSize);
    let bytes: Buffer;
    if (e.method === 0) bytes = data;
    else if (e.method === 8) {
      try {
        bytes = inflateRawSync(data, { maxOutputLength: Math.max(1, left) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(limits);
        throw unreadable();
      }
    } else throw unreadable();
    if (bytes.length !== e.size) throw unreadable();
    left -= bytes.length;
    if (left < 0) throw tooLarge(limits);
    out[e.name] = bytes;
  }
  return out;
}

/** The same workbook as a zip of stored (uncompressed) parts: what the spreadsheet parser gets, with nothing left to inflate. */
export function storedZip(buf: Buffer, limits: SheetLimits): Buffer {
  const parts = unpack(buf, zipEntries(buf, limits), limits);
  return Buffer.from(zipSync(parts, { level: 0 }));
}
