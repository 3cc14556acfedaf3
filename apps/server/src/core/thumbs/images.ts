import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { badRequest } from '../errors.js';

/**
 * Pictures are read with sharp (libvips): its work runs on libuv's thread pool, never on the event
 * loop, so a large image being measured or shrunk does not hold other requests. Decoding is capped
 * (pixels, and no cache of decoded images kept across requests).
 */
const MAX_PIXELS = 100_000_000;
sharp.cache(false);

/** Longest side of a thumbnail, in pixels. */
export const THUMB_SIZE = 160;

/** Width and height of a stored picture, from its header (the pixels are not decoded). */
export async function imageSize(file: string): Promise<{ width: number; height: number }> {
  const meta = await sharp(file, { limitInputPixels: MAX_PIXELS }).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** Refuses a picture smaller than the rule (or one that cannot be read as a picture). */
export async function checkImageSize(file: string, rule: { minWidth?: number; minHeight?: number }): Promise<void> {
  let size: { width: number; height: number };
  try {
    size = await imageSize(file);
  } catch {
    throw badRequest('file.badImage');
  }
  if (size.width < (rule.minWidth ?? 0) || size.height < (rule.minHeight ?? 0)) {
    throw badRequest('file.imageTooSmall', {
      minWidth: rule.minWidth ?? 0,
      minHeight: rule.minHeight ?? 0,
      width: size.width,
      height: size.height,
    });
  }
}

const making = new Map<string, Promise<void>>();

/**
 * The thumbnail of a picture (WebP, at most THUMB_SIZE square, EXIF rotation applied), made once
 * beside it: concurrent requests for the same one share the work; it appears under its name only
 * when complete.
 */
export async function ensureThumb(source: string, target: string): Promise<void> {
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return;
  let job = making.get(target);
  if (!job) {
    job = (async () => {
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await sharp(source, { limitInputPixels: MAX_PIXELS, animated: false })
          .rotate()
          .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 72 })
          .toFile(tmp);
        await rename(tmp, target);
      } finally {
        await rm(tmp, { force: true });
      }
    })().finally(() => making.delete(target));
    making.set(target, job);
  }
  await job;
}
