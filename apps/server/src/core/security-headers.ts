import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The HTTP security headers of every response, in one place. Three Content-Security-Policies:
 * - the console page (index.html): its own scripts only, no inline script; style elements only with
 *   the page's nonce (antd's CSS-in-JS gets it through ConfigProvider `csp`), style attributes allowed
 *   (React styles go through the CSSOM, but echarts writes tooltip markup with style attributes);
 * - the OpenAPI UI under /api/docs: swagger-ui's own scripts, its inline styles and data: images;
 * - everything else (API JSON, assets, errors): nothing may run or load (`default-src 'none'`).
 * User files carry their own sandboxing policy (see `userFileHeaders`); a policy a handler already
 * set is kept.
 */

const join = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');

/** A page's policy: its own scripts only, never framed; `styles` and `img` are what differ per page. */
const pageCsp = (styles: Record<string, string>, img: string) =>
  join({
    'default-src': "'self'",
    'script-src': "'self'",
    ...styles,
    'img-src': img,
    // videos play from blob: URLs (their bytes fetched with the token header)
    'media-src': "'self' blob:",
    'font-src': "'self' data:",
    'connect-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  });

/** The console page's policy; `nonce` is the one written into that response's index.html. */
export const consoleCsp = (nonce: string) =>
  pageCsp({ 'style-src': `'self' 'nonce-${nonce}'`, 'style-src-attr': "'unsafe-inline'" }, "'self' data: blob:");

/** swagger-ui sets styles inline and draws its icons from data: URLs; no inline script. */
export const DOCS_CSP = pageCsp({ 'style-src': "'self' 'unsafe-inline'" }, "'self' data:");

/** Responses that are not pages: if one is ever opened as a document, nothing in it runs or loads. */
export const NONE_CSP = join({ 'default-src': "'none'", 'base-uri': "'none'", 'form-action': "'none'", 'frame-ancestors': "'none'" });

/** A user's file (upload, version, attachment), shown or downloaded: sandboxed, no script, no subresource. */
export const USER_FILE_CSP = "default-src 'none'; sandbox";

/** Browser features the console never uses, off for it and for anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((f) => `${f}=()`)
  .join(', ');

const COMMON: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** A fresh nonce for one console page. */
export const newNonce = () => randomBytes(16).toString('base64');

/** Headers of a user's file: a download, or an inline preview of a type a browser shows safely. */
export function userFileHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', USER_FILE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache');
}

/** Adds the headers to every response the app sends (errors and not-found answers included). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    for (const [k, v] of Object.entries(COMMON)) if (!reply.hasHeader(k)) reply.header(k, v);
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', req.url.startsWith('/api/docs') ? DOCS_CSP : NONE_CSP);
    }
    return payload;
  });
}
