import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Code, translate } from '@tagloom/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { consoleCsp, newNonce } from './security-headers.js';

/** What index.html holds where each response's CSP nonce goes (apps/web/index.html). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Vite's content-hashed build output: `assets/<name>-<8 character hash>.<ext>`. */
const HASHED = /^assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Cache-Control of a file of the built console, by its path relative to the dist folder. */
export function cacheControlOf(relPath: string): string {
  const rel = relPath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  return HASHED.test(rel) ? IMMUTABLE : 'no-cache';
}

/**
 * The built console at /: hashed assets cached for a year, everything else revalidated; each file
 * sent precompressed (.br/.gz written by the build) as the client's Accept-Encoding allows. The
 * page itself (index.html, for / and any page path: history-mode routing) is read on each request,
 * so a rebuilt console is served without a restart, and carries a fresh CSP nonce. Other unknown
 * URLs get the API's localized not-found envelope.
 */
export async function registerWebStatic(app: FastifyInstance, webDist: string): Promise<void> {
  const indexPath = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexPath);

  const sendConsole = async (reply: FastifyReply) => {
    const nonce = newNonce();
    const html = (await readFile(indexPath, 'utf8')).replaceAll(NONCE_PLACEHOLDER, nonce);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', consoleCsp(nonce))
      .send(html);
  };

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // the page is templated (its nonce) by sendConsole, never sent raw
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlOf(path.relative(webDist, file)));
      },
    });
    app.get('/', { schema: { hide: true } }, (_req, reply) => sendConsole(reply));
  }

  app.setNotFoundHandler((req, reply) => {
    const lang = req.lang ?? 'zh_CN';
    const pathname = req.url.split('?')[0];
    // history-mode routing: any other page path gets the console
    if (
      hasWeb &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      (!path.extname(pathname) || pathname === '/index.html')
    ) {
      return sendConsole(reply);
    }
    return reply.status(404).send({
      code: Code.NOT_FOUND,
      msg: translate(lang, 'common.routeNotFound', { method: req.method, url: pathname }),
      data: null,
    });
  });
}
