// How long a user waits for the console's first screen: the login click → the dashboard's first
// figures drawn, cold (a fresh browser context each run: no HTTP cache, no code cache, no storage),
// for the platform administrator and the demo tenant's administrator; with the bytes each step
// brought over the network (transfer: Chromium's encodedDataLength, headers plus body as sent;
// decoded: the bodies after content decoding, what the page has to parse).
//
// "Drawn" is the first animation frame in which the element is on the page (the frame that paints
// it): the shell (navbar), the first screen (data-testid="dashboard-admin", which the dashboard
// renders once its summary is in, figures included), and its two charts (data-drawn, set by the
// ECharts wrapper when a chart has finished drawing).
//
// Starts the real server (serving the built console of WEB_DIST, default apps/web/dist) on a fresh
// embedded database. Usage:
//   npm run build -w apps/web && npm run bench:first-screen -w bench
//   BENCH_RUNS=9 (default 5, after one unmeasured warm-up run an account that warms the server),
//   BENCH_LANG=en_US (the language cookie; default none: the console's default, zh_CN),
//   BENCH_WATERFALL=0 (no waterfall of the median run).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { loadAverage } from './lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.WEB_DIST || path.join(root, 'apps/web/dist'));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const LANG = process.env.BENCH_LANG;
const WATERFALL = process.env.BENCH_WATERFALL !== '0';
const ACCOUNTS = [
  { name: 'admin (platform)', username: 'admin', password: 'admin123' },
  { name: 'demo (tenant DEMO)', username: 'demo', password: 'demo123' },
];

/** One request as the DevTools protocol saw it; times are wall-clock ms (comparable with the page's). */
interface Req {
  url: string;
  type: string;
  start: number;
  end?: number;
  transfer: number;
  decoded: number;
  cached: boolean;
  failed?: boolean;
}

/** Records every request of a page; CDP's monotonic timestamps are turned into wall-clock ms. */
async function recorder(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const reqs = new Map<string, Req>();
  const pending = new Set<string>();
  let lastActivity = Date.now();
  const settle = (id: string) => {
    pending.delete(id);
    lastActivity = Date.now();
  };
  // wall-clock ms minus monotonic ms, from the first request (requestWillBeSent carries both)
  let offset: number | undefined;
  const wall = (ts: number) => ts * 1000 + (offset ?? 0);
  cdp.on('Network.requestWillBeSent', (e) => {
    offset ??= e.wallTime * 1000 - e.timestamp * 1000;
    // a redirect reuses the request id: the later hop replaces the earlier one
    pending.add(e.requestId);
    lastActivity = Date.now();
    reqs.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      start: wall(e.timestamp),
      transfer: 0,
      decoded: 0,
      cached: false,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.mimeType === 'text/event-stream') settle(e.requestId);
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = reqs.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = reqs.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    settle(e.requestId);
    const r = reqs.get(e.requestId);
    if (!r) return;
    r.end = wall(e.timestamp);
    if (!r.cached) r.transfer = e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (e) => {
    settle(e.requestId);
    const r = reqs.get(e.requestId);
    if (!r) return;
    r.end = wall(e.timestamp);
    r.failed = true;
  });
  return {
    /** the requests that started at or after `from` (wall ms) */
    since: (from: number) => [...reqs.values()].filter((r) => r.start >= from - 1),
    all: () => [...reqs.values()],
    /**
     * Resolves once no request is in flight and none started or ended for `quietMs` (Playwright's
     * networkidle fires once a document, not again after the sign-in's in-page navigation). A
     * request left open (an event stream) counts as settled once its headers are in.
     */
    idle: (quietMs = 500) =>
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (pending.size === 0 && Date.now() - lastActivity >= quietMs) {
            clearInterval(check);
            resolve();
          }
        }, 25);
      }),
  };
}

interface Bytes {
  requests: number;
  transfer: number;
  decoded: number;
  /** decoded JavaScript and API (JSON) bodies: what the page parses and runs */
  js: number;
  api: number;
}
function tally(reqs: Req[]): Bytes {
  const b: Bytes = { requests: 0, transfer: 0, decoded: 0, js: 0, api: 0 };
  for (const r of reqs) {
    b.requests++;
    b.transfer += r.transfer;
    b.decoded += r.decoded;
    if (r.type === 'Script') b.js += r.decoded;
    if (r.type === 'Fetch' || r.type === 'XHR') b.api += r.decoded;
  }
  return b;
}

/** The page's own clock: the click's event time and the first frame each milestone was on the page. */
interface Marks {
  click: number;
  shell?: number;
  screen?: number;
  chartLogins?: number;
  chartOrders?: number;
}

// Runs in the page before any of its scripts. The click's timestamp is the event's (when the input
// reached the page); each milestone is timed in the first animation frame that finds it on the page,
// the frame that paints it. Wall-clock ms (timeOrigin + now), to compare with the network's times.
// Plain source text: tsx would wrap a function's inner functions in a helper the page lacks.
const PAGE_PROBE = `(() => {
  const at = (t) => performance.timeOrigin + t;
  const probes = [
    ['shell', '[data-testid="navbar"]'],
    ['screen', '[data-testid="dashboard-admin"]'],
    ['chartLogins', '[data-testid="chart-logins"][data-drawn]'],
    ['chartOrders', '[data-testid="chart-orders"][data-drawn]'],
  ];
  document.addEventListener('click', (e) => {
    if (window.__fs || !e.target?.closest?.('[data-testid="login-submit"]')) return;
    const marks = { click: at(e.timeStamp) };
    window.__fs = marks;
    const frame = () => {
      for (const [key, selector] of probes) if (marks[key] === undefined && document.querySelector(selector)) marks[key] = at(performance.now());
      if (probes.every(([key]) => marks[key] !== undefined)) marks.done = true;
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, true);
})();`;

interface Run {
  loginPage: { ms: number; bytes: Bytes };
  marks: Marks;
  /** what came after the click until the first screen was drawn, and until the network went idle */
  toScreen: Bytes;
  afterClick: Bytes;
  waterfall: Req[];
}

async function run(browser: Browser, base: string, account: (typeof ACCOUNTS)[number]): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  try {
    if (LANG) await context.addCookies([{ name: 'language', value: LANG, url: base }]);
    await context.addInitScript({ content: PAGE_PROBE });
    const page = await context.newPage();
    const net = await recorder(context, page);
    const t0 = Date.now();
    await page.goto(`${base}/login`);
    await page.getByTestId('login-submit').waitFor();
    const loginMs = Date.now() - t0;
    await net.idle();
    const loginBytes = tally(net.all());
    await page.getByTestId('login-username').fill(account.username);
    await page.getByTestId('login-password').fill(account.password);
    await page.getByTestId('login-submit').click();
    await page
      .waitForFunction(() => (window as unknown as { __fs?: { done?: boolean } }).__fs?.done === true, undefined, {
        timeout: 60_000,
        polling: 100,
      })
      .catch(async (err) => {
        const marks = await page.evaluate(() => JSON.stringify((window as unknown as { __fs?: unknown }).__fs));
        throw new Error(`${account.username}: the first screen was not drawn in 60 s (at ${page.url()}; marks ${marks})`, { cause: err });
      });
    // and what follows it: the prefetch at idle (requestIdleCallback, at the latest 2 s after the first screen)
    await net.idle(2500);
    const marks = (await page.evaluate(() => (window as unknown as { __fs: Marks }).__fs)) as Marks;
    const after = net.since(marks.click);
    return {
      loginPage: { ms: loginMs, bytes: loginBytes },
      marks,
      toScreen: tally(after.filter((r) => r.end !== undefined && r.end <= (marks.screen ?? 0))),
      afterClick: tally(after),
      waterfall: after.sort((a, b) => a.start - b.start),
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '—' : `${Math.round(n)} ms`);

function printAccount(name: string, runs: Run[]) {
  const d = (r: Run, k: keyof Marks) => (r.marks[k] === undefined ? Number.NaN : r.marks[k]! - r.marks.click);
  const charts = (r: Run) => Math.max(d(r, 'chartLogins'), d(r, 'chartOrders'));
  const col = (label: string, xs: number[], fmt: (n: number) => string) =>
    console.log(`  ${label.padEnd(40)} ${fmt(median(xs)).padStart(10)}   runs: ${xs.map(fmt).join(', ')}`);
  console.log(`\n${name}: ${runs.length} cold runs (median, then each run)`);
  col(
    '/login: goto → form shown',
    runs.map((r) => r.loginPage.ms),
    ms,
  );
  col(
    'click → shell (navbar) drawn',
    runs.map((r) => d(r, 'shell')),
    ms,
  );
  col(
    'click → first screen drawn',
    runs.map((r) => d(r, 'screen')),
    ms,
  );
  col('click → both charts drawn', runs.map(charts), ms);
  const bytes = (label: string, pick: (r: Run) => Bytes) => {
    const m = (k: keyof Bytes) => median(runs.map((r) => pick(r)[k]));
    console.log(
      `  ${label.padEnd(40)} ${kb(m('transfer')).padStart(10)} transfer, ${kb(m('decoded'))} decoded (JS ${kb(m('js'))}, API ${kb(m('api'))}), ${m('requests')} requests`,
    );
  };
  bytes('/login page', (r) => r.loginPage.bytes);
  bytes('click → first screen drawn', (r) => r.toScreen);
  bytes('click → network idle (incl. prefetch)', (r) => r.afterClick);
}

function printWaterfall(name: string, runs: Run[]) {
  const byScreen = [...runs].sort((a, b) => a.marks.screen! - a.marks.click - (b.marks.screen! - b.marks.click));
  const r = byScreen[(byScreen.length - 1) >> 1];
  const click = r.marks.click;
  console.log(`\n${name}: the median run's requests after the click (ms from the click; * = after the first screen)`);
  for (const q of r.waterfall) {
    const u = new URL(q.url);
    const late = q.start > r.marks.screen! ? '*' : ' ';
    console.log(
      `  ${late}${ms(q.start - click).padStart(8)} → ${ms((q.end ?? Number.NaN) - click).padStart(8)}  ${q.type.padEnd(10)} ${kb(q.transfer).padStart(7)} ${kb(q.decoded).padStart(7)}  ${u.pathname}${q.failed ? ' (failed)' : ''}`,
    );
  }
  console.log(
    `  marks: shell ${ms(r.marks.shell! - click)}, first screen ${ms(r.marks.screen! - click)}, charts ${ms(Math.max(r.marks.chartLogins!, r.marks.chartOrders!) - click)}`,
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

const port = await freePort();
const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-first-screen-'));
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
  console.log(`console: ${dist}; language: ${LANG ?? 'default'}; load average before: ${loadAverage()}`);
  const results: [string, Run[]][] = [];
  for (const account of ACCOUNTS) {
    // the server's first sign-in of an account warms its caches and JIT: not what a user sees
    await run(browser, base, account);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await run(browser, base, account));
    results.push([account.name, runs]);
  }
  for (const [name, runs] of results) printAccount(name, runs);
  if (WATERFALL) for (const [name, runs] of results) printWaterfall(name, runs);
  console.log(`\nload average after: ${loadAverage()}`);
} finally {
  await browser.close();
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
