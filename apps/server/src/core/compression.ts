import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Smaller bodies are not worth the CPU and the header bytes. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Bodies up to this size are compressed in place: tens of microseconds (a 2 KB answer: 26 µs with
 * brotli), where a trip to zlib's thread pool costs 0.15 ms and up to 2 ms at the 99th percentile
 * on a busy machine (bench: a lookup's answer). Larger ones go to the pool, off the event loop.
 */
export const COMPRESS_INLINE_MAX_BYTES = 16 * 1024;
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/i;

/**
 * The best encoding the client accepts among ours (br, then gzip), from its Accept-Encoding
 * header with q-values; undefined when it takes neither.
 */
export function negotiateEncoding(header: string | undefined, offered: readonly ('br' | 'gzip')[] = ['br', 'gzip']) {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const v = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(v) ? v : 0);
  }
  let best: 'br' | 'gzip' | undefined;
  let bestQ = 0;
  for (const enc of offered) {
    const v = q.get(enc) ?? q.get('*') ?? 0;
    if (v > bestQ) {
      best = enc;
      bestQ = v;
    }
  }
  return best;
}

function addVary(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (vary !== '*' && !/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) reply.header('vary', `${vary}, accept-encoding`);
}

/**
 * Compresses the bodies the app builds in memory (API JSON, the console page) above 1 KB, with
 * brotli (a quick level) or gzip as the client accepts: small ones in place, larger ones off the
 * event loop (zlib's thread pool).
 * Streams (files, exports, the precompressed console assets) are left as they are.
 * Register it after every other onSend hook that reads the payload as text.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    addVary(reply);
    const encoding = negotiateEncoding(req.headers['accept-encoding'] as string | undefined);
    if (!encoding) return payload;
    const inline = body.length <= COMPRESS_INLINE_MAX_BYTES;
    const brotliOptions = {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    };
    const out =
      encoding === 'br'
        ? inline
          ? brotliCompressSync(body, brotliOptions)
          : await brotli(body, brotliOptions)
        : inline
          ? gzipSync(body, { level: 6 })
          : await gz(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return out;
  });
}
