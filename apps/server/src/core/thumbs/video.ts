import { open } from 'node:fs/promises';
import { badRequest } from '../errors.js';

/**
 * Video checks beyond the first bytes: an MP4 is a chain of ISO boxes that fills the file exactly,
 * starting with an `ftyp` of a video brand and holding a `moov` (an image or an audio file in the
 * same container, or bytes that merely begin with "ftyp", are refused); a WebM is an EBML header
 * whose DocType is "webm", followed by its Segment. Only the box and element headers are read
 * (a few reads of a few bytes, through the file system's own threads), never the media.
 */

/** ftyp major brands of MP4-family video files (not HEIF pictures, not M4A audio). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'msnv',
  'mmp4',
  'f4v ',
  'qt  ',
  'XAVC',
]);

/** At most this many top-level boxes are walked (a real file has a handful). */
const MAX_BOXES = 10_000;

const bad = () => badRequest('file.badVideo');

async function checkMp4(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(16);
    let at = 0;
    let boxes = 0;
    let moov = false;
    while (at < size) {
      if (++boxes > MAX_BOXES || size - at < 8) throw bad();
      const { bytesRead } = await fh.read(head, 0, 16, at);
      if (bytesRead < 8) throw bad();
      let len = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (!/^[\x20-\x7e]{4}$/.test(type)) throw bad();
      if (len === 1) {
        if (bytesRead < 16) throw bad();
        len = Number(head.readBigUInt64BE(8));
      } else if (len === 0) len = size - at;
      if (len < 8 || at + len > size) throw bad();
      if (at === 0) {
        if (type !== 'ftyp' || len < 16) throw bad();
        const brand = Buffer.alloc(4);
        await fh.read(brand, 0, 4, 8);
        if (!MP4_BRANDS.has(brand.toString('latin1'))) throw bad();
      }
      if (type === 'moov') moov = true;
      at += len;
    }
    if (!moov) throw bad();
  } finally {
    await fh.close();
  }
}

/** An EBML variable-length integer at `at`: its value and its length in bytes. */
function vint(b: Buffer, at: number, keepMarker: boolean): { value: number; len: number } | undefined {
  const first = b[at];
  if (first === undefined || first === 0) return undefined;
  const len = Math.clz32(first) - 23;
  if (len > 8 || at + len > b.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> len);
  for (let k = 1; k < len; k++) value = value * 256 + b[at + k];
  return { value, len };
}

async function checkWebm(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    const b = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(b, 0, b.length, 0);
    const buf = b.subarray(0, bytesRead);
    const id = vint(buf, 0, true);
    if (id?.value !== 0x1a45dfa3) throw bad();
    const size = vint(buf, id.len, false);
    if (!size) throw bad();
    const start = id.len + size.len;
    const end = start + size.value;
    if (end > buf.length) throw bad();
    let docType = '';
    for (let at = start; at < end; ) {
      const eid = vint(buf, at, true);
      const esize = eid && vint(buf, at + eid.len, false);
      if (!eid || !esize) throw bad();
      const body = at + eid.len + esize.len;
      if (body + esize.value > end) throw bad();
      if (eid.value === 0x4282) docType = buf.toString('latin1', body, body + esize.value).replace(/\0+$/, '');
      at = body + esize.value;
    }
    const segment = vint(buf, end, true);
    if (docType !== 'webm' || !segment || segment.value !== 0x18538067) throw bad();
  } finally {
    await fh.close();
  }
}

/** Refuses a file sniffed as mp4 or webm whose structure is not that of a video of that kind. */
export async function checkVideo(path: string, kind: 'mp4' | 'webm'): Promise<void> {
  if (kind === 'mp4') await checkMp4(path);
  else await checkWebm(path);
}
