// Bytes on the wire for what a user feels first: the /login page, then the first dashboard (admin
// signs in and lands on it), with a cold cache and again with the cache of that first visit.
// Starts the real server (serving the built console of WEB_DIST, default apps/web/dist) on a fresh
// embedded database and drives Chromium; bytes are Chromium's own count of what came over the
// network (CDP Network.loadingFinished encodedDataLength: headers plus the body as sent).
// Usage: npm run build -w apps/web && npm run bench:web-bytes -w bench
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.WEB_DIST || path.join(root, 'apps/web/dist'));

interface Tally {
  requests: number;
  bytes: number;
  fromCache: number;
  notModified: number;
  encodings: Map<string, number>;
}

/** Counts every request of one page through the DevTools protocol, from `start()` on. */
async function meter(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let tally: Tally = { requests: 0, bytes: 0, fromCache: 0, notModified: 0, encodings: new Map() };
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) cached.add(e.requestId);
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    const enc = headers['content-encoding'] || 'identity';
    if (!cached.has(e.requestId)) tally.encodings.set(enc, (tally.encodings.get(enc) ?? 0) + 1);
  });
  // the raw status: a revalidated response is reported above as the cached 200
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    if (e.statusCode === 304) tally.notModified++;
  });
  cdp.on('Network.loadingFinished', (e) => {
    tally.requests++;
    if (cached.has(e.requestId)) tally.fromCache++;
    else tally.bytes += e.encodedDataLength;
  });
  return {
    start() {
      tally = { requests: 0, bytes: 0, fromCache: 0, notModified: 0, encodings: new Map() };
    },
    read: () => tally,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
function report(name: string, t: Tally) {
  const enc = [...t.encodings].map(([k, v]) => `${k}×${v}`).join(' ');
  console.log(
    `${name.padEnd(34)} ${kb(t.bytes).padStart(10)}  ${String(t.requests).padStart(3)} requests, ${t.fromCache} from cache, ${t.notModified} × 304  [${enc}]`,
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Network idle and nothing pending for a moment: the page has fetched all it will. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

async function loginPage(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-submit').waitFor();
  await settle(page);
}

async function signIn(page: Page) {
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard-admin').waitFor();
  await page.getByTestId('chart-logins').locator('canvas').waitFor();
  await settle(page);
}

const port = await freePort();
const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-web-bytes-'));
const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'db'), WEB_DIST: dist, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  console.log(`console: ${dist}`);
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  // cold: an empty cache
  const first = await context.newPage();
  const m1 = await meter(context, first);
  await loginPage(first, base);
  const coldLogin = m1.read();
  m1.start();
  await signIn(first);
  const coldDash = m1.read();
  report('/login, cold cache', coldLogin);
  report('sign in → dashboard, cold cache', coldDash);
  console.log(`${'total to the first dashboard, cold'.padEnd(34)} ${kb(coldLogin.bytes + coldDash.bytes).padStart(10)}`);
  await first.close();
  // warm: the same browser cache, signed out (a returning user)
  await context.clearCookies();
  const again = await context.newPage();
  await again.goto(`${base}/favicon.svg`);
  await again.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const m2 = await meter(context, again);
  await loginPage(again, base);
  const warmLogin = m2.read();
  m2.start();
  await signIn(again);
  const warmDash = m2.read();
  report('/login, warm cache', warmLogin);
  report('sign in → dashboard, warm cache', warmDash);
  console.log(`${'total to the dashboard, warm'.padEnd(34)} ${kb(warmLogin.bytes + warmDash.bytes).padStart(10)}`);
  await context.close();
} finally {
  await browser.close();
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
