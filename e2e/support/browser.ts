/** Chromium via playwright-core, plus the steps most stories share. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, onTestFailed } from 'vitest';
import { ROOT, type RunningServer, startServer } from './server';
import { tagMenuUntil } from './tags';

/** screenshots and downloads, beside npm test's reports */
export const OUTPUT = path.join(ROOT, 'test-output', 'e2e');
mkdirSync(OUTPUT, { recursive: true });

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Caches that hold for one test file only (its server, its accounts' states): emptied when the file
 * ends. A worker runs several files one after the other in one module graph (vitest.config.ts:
 * isolate false), and a later file's server may get an earlier one's port.
 */
const fileCaches: Map<unknown, unknown>[] = [];
export function fileCache<K, V>(): Map<K, V> {
  const cache = new Map<K, V>();
  fileCaches.push(cache as Map<unknown, unknown>);
  return cache;
}

/**
 * The worker's Chromium: launched by its first test file and used by the next ones (each story opens
 * its own contexts, so nothing of a file's pages outlives it); it ends with the worker's process.
 */
let workerBrowser: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= launch().then((b) => {
    b.on('disconnected', () => {
      workerBrowser = undefined;
    });
    return b;
  });
  workerBrowser.catch(() => {
    workerBrowser = undefined;
  });
  return workerBrowser;
}

/**
 * A test file's server (started with `env`) and Chromium: started before its tests; the server is
 * stopped after them and the file's browser contexts closed. The properties are set once they have
 * started, so read them inside the tests.
 */
export function e2eSuite(env: Record<string, string> = {}): { readonly server: RunningServer; readonly browser: Browser } {
  const suite = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(env), sharedBrowser()]);
  });
  afterAll(async () => {
    for (const cache of fileCaches) cache.clear();
    if (suite.browser?.isConnected()) await Promise.all(suite.browser.contexts().map((c) => c.close()));
    await suite.server?.stop();
  });
  // a story fails on any page error (an uncaught exception or unhandled rejection) of its sessions
  afterEach(() => {
    const errors = opened.splice(0).flatMap((s) => s.errors.filter((e) => e.startsWith('pageerror')));
    expect(errors, 'page errors').toEqual([]);
  });
  return suite;
}

/** The sessions opened by the running story (checked for page errors when it ends). */
const opened: Session[] = [];

export interface Session {
  context: BrowserContext;
  page: Page;
  /** console errors and page errors seen so far */
  errors: string[];
}

export async function newSession(
  browser: Browser,
  baseURL: string,
  opts: { width?: number; height?: number; lang?: string; storageState?: StorageState } = {},
): Promise<Session> {
  // the console honours the reduced-motion wish (no animations): a click never lands in an opening
  // dialog or menu, and the machine's two cores are not spent drawing them
  const context = await browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 800 },
    reducedMotion: 'reduce',
    storageState: opts.storageState,
  });
  if (opts.lang) await context.addCookies([{ name: 'language', value: opts.lang, url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // where it came from, so a failure names the resource
    if (m.type() === 'error') errors.push(`console: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`);
  });
  const session = { context, page, errors };
  opened.push(session);
  return session;
}

/** A signed-in browser state (cookies and local storage), as Playwright saves it. */
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Each file's signed-in states, by server and account: one login per account per file. */
const signedInStates = fileCache<string, Promise<StorageState>>();

/**
 * A new session already signed in as `username`, on `path` (default the home screen). The file signs in
 * through the login form once per account; later sessions start from that saved state (its token
 * cookie and local storage) in a fresh context, so a story still starts on a clean page with no
 * kept-alive tabs. A story that ends or revokes its session (logout, password change, kick-out) must
 * sign in with `login` instead, and say why: it would sign out every later story of the file.
 */
export async function signedIn(
  suite: { readonly server: RunningServer; readonly browser: Browser },
  username: string,
  password: string,
  opts: { width?: number; height?: number; lang?: string; path?: string } = {},
): Promise<Session> {
  const key = `${suite.server.url} ${username}`;
  let state = signedInStates.get(key);
  if (!state) {
    state = (async () => {
      const first = await suite.browser.newContext({ baseURL: suite.server.url, reducedMotion: 'reduce' });
      const page = await first.newPage();
      await login(page, username, password);
      const saved = await first.storageState();
      await first.close();
      return saved;
    })();
    signedInStates.set(key, state);
    state.catch(() => signedInStates.delete(key));
  }
  // the language is the session's own (a cookie the login page would have set)
  const saved = await state;
  const storageState = { ...saved, cookies: saved.cookies.filter((c) => c.name !== 'language') };
  const session = await newSession(suite.browser, suite.server.url, { ...opts, storageState });
  await session.page.goto(opts.path ?? '/');
  await session.page.getByTestId('navbar').waitFor();
  return session;
}

/** Each file's kept sessions, by server, account, language and size (see `keptSignedIn`). */
const keptSessions = fileCache<string, Promise<Session>>();

/**
 * A signed-in session the file's stories go on with, one per account, language and size: the
 * console loads once, and each later story goes to `path` through the console's router, its
 * previous screens' tabs closed (their screens unmounted, so no hidden form of theirs doubles a
 * test id) — no new context and no page load, about 1.2 s of the machine's time less per story.
 * A story leaves it as a user would leave a tab (its dialogs closed, its token not revoked) and does
 * not close it; a story that fails drops it, so the next one starts from a fresh page. Page errors
 * are checked per story, as for `signedIn`.
 */
export async function keptSignedIn(
  suite: { readonly server: RunningServer; readonly browser: Browser },
  username: string,
  password: string,
  opts: { width?: number; height?: number; lang?: string; path: string },
): Promise<Session> {
  const key = [suite.server.url, username, opts.lang, opts.width, opts.height].join(' ');
  let kept = keptSessions.get(key);
  const fresh = !kept;
  if (!kept) {
    kept = signedIn(suite, username, password, opts);
    keptSessions.set(key, kept);
    kept.catch(() => keptSessions.delete(key));
  }
  const session = await kept;
  onTestFailed(() => {
    if (keptSessions.get(key) === kept) keptSessions.delete(key);
    void session.context.close().catch(() => {});
  });
  if (fresh) return session;
  session.errors.length = 0;
  if (!opened.includes(session)) opened.push(session);
  const { page } = session;
  const target = opts.path.split('?')[0];
  if (pathOf(page) !== target) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, opts.path);
    await page.waitForURL((u) => u.pathname === target);
  }
  // the other screens' tabs closed ("Close others" of its tag; the home tab stays): one screen
  // mounted, as on a fresh page
  const others = page.locator(`[data-testid="tag"]:not([data-path="${target}"]) [data-testid="tag-close"]`);
  if (await others.count()) {
    await tagMenuUntil(
      page,
      target,
      (menu) => menu.locator('li[data-menu-id$="-others"]'),
      async () => !(await others.count()),
    );
  }
  return session;
}

export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('navbar').waitFor();
}

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/**
 * Saves a screenshot once the page stands still: its fonts loaded, no animation left to finish (the
 * sessions ask for reduced motion, so they end at once) and every chart on show drawn.
 */
export async function shot(page: Page, name: string) {
  // the charts on show (a kept-alive view's, hidden behind the current one, is not drawn until shown)
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-chart]:not([data-drawn])')].every((el) => !el.checkVisibility() || !el.clientWidth),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    // the animations playing toward an end (a paused or endless one would never finish)
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
  await page.screenshot({ path: path.join(OUTPUT, `${name}.png`) });
}

/** The token the console holds (to act on the session from the test, e.g. revoke it). */
export async function tokenOf(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies();
  return cookies.find((c) => c.name === 'Admin-Token')?.value ?? '';
}

/**
 * A failed story's error with the console's errors added to its message; the error itself is kept,
 * so the report still points at the line that failed.
 */
export function withConsoleErrors(err: unknown, errors: string[]): Error {
  const e = err instanceof Error ? err : new Error(String(err));
  e.message = `${e.message}\nconsole: ${errors.join('\n')}`;
  return e;
}
