/**
 * The gzip size of the JS needed to render /login: load /login in Chromium and gzip every JS file the
 * page fetched, as built in dist. `measureLogin(page, base, dist)` is the measure (the browser test
 * login-bytes.test.ts runs it against its server); run as a script, it starts the server (which
 * serves the built dist) and prints the figure file by file.
 * Usage: npm run build -w apps/web && node apps/web/scripts/measure-login.mjs
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
export const DIST = path.resolve(process.env.WEB_DIST || path.join(root, 'apps/web/dist'));
export const LIMIT_KB = 200;
/** zod's error class: a built chunk holding it carries zod */
const ZOD_MARK = /\bZodError\b/;

/**
 * Loads /login of `base` in `page` and measures the JS files it fetched (read from `dist`):
 * { files: [[path, gzip bytes]] largest first, kb, withZod: the files carrying zod, ok }.
 */
export async function measureLogin(page, base, dist = DIST) {
  const js = new Set();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js')) js.add(url.pathname);
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-submit').waitFor();
  let total = 0;
  const files = [];
  // zod belongs to the schemas (form checks, the server): /login needs none of it
  const withZod = [];
  for (const p of js) {
    const code = readFileSync(path.join(dist, p));
    const gz = gzipSync(code).length;
    total += gz;
    files.push([p, gz]);
    if (ZOD_MARK.test(code.toString('utf8'))) withZod.push(p);
  }
  files.sort((a, b) => b[1] - a[1]);
  const kb = total / 1024;
  return { files, kb, bytes: total, withZod, ok: kb <= LIMIT_KB && !withZod.length };
}

async function main() {
  const { chromium } = await import('playwright-core');
  const port = await new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-measure-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'db'), LOG_LEVEL: 'warn', SEED_DEMO: '0' },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  let browser;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const m = await measureLogin(await browser.newPage(), base);
    for (const [p, gz] of m.files) console.log(`${(gz / 1024).toFixed(1).padStart(8)} KB  ${p}`);
    console.log(`/login JS: ${m.files.length} files, ${m.kb.toFixed(1)} KB gzip (limit ${LIMIT_KB} KB; ${m.bytes} bytes)`);
    if (m.withZod.length)
      console.log(
        `/login loads zod in ${m.withZod.join(', ')}: import the zod-free domain part (see packages/domain/src/zod-free.test.ts)`,
      );
    process.exitCode = m.ok ? 0 : 1;
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
