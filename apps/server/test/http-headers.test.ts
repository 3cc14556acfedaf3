import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PLATFORM_TENANT_ID } from '@tagloom/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_INLINE_MAX_BYTES, negotiateEncoding } from '../src/core/compression.js';
import { FileService, type StoredFile, sendStoredFile } from '../src/core/files.js';
import { TenantScope } from '../src/core/tenant-scope.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const BOUNDARY = '----tagloom-http-boundary';

/** A built console in miniature: the page with its nonce placeholder, a hashed asset with its .br/.gz, a public file. */
function fakeDist(dir: string) {
  const js = Buffer.from(`export const hello = ${JSON.stringify('x'.repeat(4000))};\n`);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__" /></head><body><div id="root"></div><script type="module" src="/assets/index-AbC_12-z.js"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'assets/index-AbC_12-z.js'), js);
  writeFileSync(path.join(dir, 'assets/index-AbC_12-z.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dir, 'assets/index-AbC_12-z.js.gz'), gzipSync(js));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  return js;
}

const header = (h: Record<string, unknown>, name: string) => String(h[name] ?? '');

function expectCommon(h: Record<string, unknown>) {
  expect(header(h, 'x-content-type-options')).toBe('nosniff');
  expect(header(h, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(header(h, 'permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(header(h, 'content-security-policy')).toContain("frame-ancestors 'none'");
}

describe(`HTTP headers, compression and caching on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let js: Buffer;
  const dist = mkdtempSync(path.join(tmpdir(), 'tagloom-dist-'));

  beforeAll(async () => {
    js = fakeDist(dist);
    t = await startTestApp({ WEB_DIST: dist });
    admin = await t.login('admin', 'admin123');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends the security headers on API answers, errors included, with a policy that lets nothing run', async () => {
    for (const res of [await get('/api/health'), await get('/api/nowhere'), await get('/api/user/info')]) {
      expectCommon(res.headers);
      expect(header(res.headers, 'content-security-policy')).toContain("default-src 'none'");
    }
  });

  it('serves the console page with a fresh style nonce in its policy and its markup, never cached', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/login', '/general/user', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(header(res.headers, 'content-type')).toContain('text/html');
      expect(header(res.headers, 'cache-control')).toBe('no-cache');
      expectCommon(res.headers);
      const csp = header(res.headers, 'content-security-policy');
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect(res.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
      expect(res.body).not.toContain('__CSP_NONCE__');
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
  });

  it('gives the OpenAPI UI its own policy: its own scripts only, inline styles allowed', async () => {
    const entry = await get('/api/docs');
    const res = entry.statusCode === 302 ? await get(new URL(String(entry.headers.location), 'http://x/api/docs').pathname) : entry;
    expect(res.statusCode).toBe(200);
    expect(header(res.headers, 'content-type')).toContain('text/html');
    expectCommon(res.headers);
    const csp = header(res.headers, 'content-security-policy');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('sends a hashed asset precompressed as the client accepts, cached for a year', async () => {
    const url = '/assets/index-AbC_12-z.js';
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(header(br.headers, 'content-encoding')).toBe('br');
    expect(header(br.headers, 'vary').toLowerCase()).toContain('accept-encoding');
    expect(header(br.headers, 'content-type')).toContain('javascript');
    expect(header(br.headers, 'cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(brotliDecompressSync(br.rawPayload), js)).toBe(0);
    expectCommon(br.headers);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(header(gz.headers, 'content-encoding')).toBe('gzip');
    expect(Buffer.compare(gunzipSync(gz.rawPayload), js)).toBe(0);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(header(plain.headers, 'vary').toLowerCase()).toContain('accept-encoding');
    expect(Buffer.compare(plain.rawPayload, js)).toBe(0);
    expect(header(plain.headers, 'cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files that are not hashed, and answers a missing asset with 404', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(header(icon.headers, 'cache-control')).toBe('no-cache');
    const missing = await get('/assets/gone-12345678.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(404);
  });

  it('compresses API JSON above 1 KB by Accept-Encoding, and leaves small answers alone', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/general/user/list',
      headers: { token: admin, 'accept-encoding': 'gzip, br', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(header(big.headers, 'content-encoding')).toBe('br');
    expect(header(big.headers, 'vary').toLowerCase()).toContain('accept-encoding');
    const body = JSON.parse(brotliDecompressSync(big.rawPayload).toString('utf8'));
    expect(body.code).toBe(200);
    expect(big.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(body)));
    const gz = await t.app.inject({
      method: 'POST',
      url: '/api/general/user/list',
      headers: { token: admin, 'accept-encoding': 'gzip;q=1, br;q=0', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(header(gz.headers, 'content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).code).toBe(200);
    // a large answer (the OpenAPI document, far above the in-place limit) goes through zlib's pool
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const doc = await get('/api/docs/json', { 'accept-encoding': accept });
      expect(header(doc.headers, 'content-encoding')).toBe(accept);
      const text = decode(doc.rawPayload).toString('utf8');
      expect(Buffer.byteLength(text)).toBeGreaterThan(COMPRESS_INLINE_MAX_BYTES);
      expect(JSON.parse(text).openapi).toMatch(/^3\./);
    }
    const small = await get('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(200);
  });

  it('picks the encoding by the q-values of Accept-Encoding', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*;q=0.1')).toBe('br');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it('sends a version file as a sandboxed attachment', async () => {
    const apk = Buffer.alloc(3000, 5);
    apk.write('PK\u0003\u0004', 0, 'latin1');
    const fields = {
      softwareName: 'PDA',
      softwareCode: 'pda',
      projectCode: 'P1',
      projectName: 'Stores',
      deviceType: 'handheld',
      upgradeType: 'forced',
      versionName: '1.0.0',
      versionNumber: 100,
      updatedInstructions: 'first',
    };
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="pda.apk"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      apk,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/general/version-app/create',
      headers: { token: admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat(parts),
    });
    expect(up.json().code).toBe(200);
    const res = await get(`/api/general/version-app/download?id=${up.json().data.id}`, { token: admin, 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(header(res.headers, 'content-disposition')).toMatch(/^attachment; filename="pda\.apk"/);
    expect(header(res.headers, 'content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(header(res.headers, 'x-content-type-options')).toBe('nosniff');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(res.rawPayload, apk)).toBe(0);
  });

  it('shows a user file inline only when it is a picture or a video, never SVG or PDF', async () => {
    const app = Fastify();
    const kinds: Record<string, string> = { png: 'image/png', svg: 'image/svg+xml', pdf: 'application/pdf', mp4: 'video/mp4' };
    app.get<{ Params: { kind: string } }>('/f/:kind', (req, reply) => {
      const kind = req.params.kind;
      const file = { name: `a.${kind}`, kind, mime: kinds[kind], size: 3 } as StoredFile;
      return sendStoredFile(reply, file, Readable.from([Buffer.from('abc')]), { inline: true });
    });
    const disposition = async (kind: string) => {
      const res = await app.inject({ method: 'GET', url: `/f/${kind}` });
      expect(header(res.headers, 'content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(header(res.headers, 'x-content-type-options')).toBe('nosniff');
      return header(res.headers, 'content-disposition').split(';')[0];
    };
    expect(await disposition('png')).toBe('inline');
    expect(await disposition('mp4')).toBe('inline');
    expect(await disposition('svg')).toBe('attachment');
    expect(await disposition('pdf')).toBe('attachment');
    await app.close();
  });

  it('stores uploaded files readable by the server only: files 600, folders 700', async () => {
    const svc = new FileService(t.ctx);
    const scope = new TenantScope(t.ctx.db, PLATFORM_TENANT_ID);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x20)]);
    const row = await svc.store(scope, Readable.from([pdf]), { scope: 'http-test', name: 'm.pdf', maxBytes: 10_000, allowed: ['pdf'] });
    const root = path.join(t.ctx.config.dataDir, 'files');
    const full = path.join(root, row.storagePath);
    expect(statSync(full).mode & 0o777).toBe(0o600);
    expect(readFileSync(full).equals(pdf)).toBe(true);
    let dir = path.dirname(full);
    const folders = [path.join(root, 'tmp')];
    while (dir.startsWith(root)) {
      folders.push(dir);
      dir = path.dirname(dir);
    }
    expect(folders.length).toBeGreaterThanOrEqual(5);
    for (const f of folders) expect([f, (statSync(f).mode & 0o777).toString(8)]).toEqual([f, '700']);
  });
});
