import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, createServices, type Services } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { Bus } from '../src/core/bus.js';
import type { AppContext } from '../src/core/context.js';
import { ensurePartitions } from '../src/core/partitions.js';
import { JobQueue } from '../src/core/queue/queue.js';
import { type Database, openPglite, openPostgres, queryRows } from '../src/db/client.js';
import { analyzeStale } from '../src/db/statistics.js';
import { seed } from '../src/seed/index.js';

/** Which database the API suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const DRIVER = process.env.TEST_DATABASE_URL ? 'pg' : 'pglite';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  services: Services;
  database: Database;
  /** the job queue's runner, started as the server starts it (a test may stop it and run its own) */
  queue: JobQueue;
  /** URL of this test's own PostgreSQL database (pg driver only), to open a second "process" on it */
  databaseUrl?: string;
  call(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; lang?: string; headers?: Record<string, string>; rawBody?: string; remoteAddress?: string },
  ): Promise<{ status: number; body: { code: number; msg: string; data: any }; headers: Record<string, unknown> }>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/** The seeded database every default test app starts from (test/template.ts makes it once per run). */
export interface ServerTemplate {
  /** PGlite: a dumped data directory */
  pgliteFile?: string;
  /** PostgreSQL: a template database on the test server */
  pgTemplate?: string;
  /** the template's data directory: the files its seed stored (brand logos) are copied with it */
  dataDir?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplate: ServerTemplate;
  }
}

/** The configuration a template is seeded with; an app asking for another seed seeds its own database. */
const TEMPLATE_ENV = { ADMIN_PASSWORD: 'admin123', SEED_DEMO: '1' };

async function migrateAndSeed(database: Database, config: ReturnType<typeof loadConfig>) {
  const log = pino({ level: 'silent' });
  await database.withStartupLock(async () => {
    await database.migrate();
    await ensurePartitions(database.db);
    await seed(database.db, config, log);
  });
}

/**
 * Makes the template in `dataDir` (the files its seed stores): a PostgreSQL database `name`
 * (returns an empty blob), or a PGlite dump.
 */
export async function makeTemplate(opts: { dataDir: string; pgAdminUrl?: string; name?: string }): Promise<Blob> {
  const config = loadConfig({ DATA_DIR: opts.dataDir, WEB_DIST: path.join(opts.dataDir, 'no-web'), ...TEMPLATE_ENV });
  let url: string | undefined;
  if (opts.pgAdminUrl) {
    const c = new pg.Client({ connectionString: opts.pgAdminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${opts.name}`);
    await c.end();
    const u = new URL(opts.pgAdminUrl);
    u.pathname = `/${opts.name}`;
    url = u.toString();
  }
  const database = await openTestDatabase(url);
  try {
    await migrateAndSeed(database, config);
    if (url) return new Blob([]);
    // analyzed as a server's first start leaves it (main.ts)
    await analyzeStale(database);
    // the dump without the WAL segments a start from it never reads (every app of the run loads it):
    // after a checkpoint, only the segments from its redo point to its record
    await database.db.execute(sql`checkpoint`);
    const [cp] = await queryRows<{ redo: string; last: string }>(
      database.db,
      sql`select redo_wal_file as redo, pg_walfile_name(checkpoint_lsn) as last from pg_control_checkpoint()`,
    );
    return walTrimmed(new Uint8Array(await (await database.dump!()).arrayBuffer()), cp.redo, cp.last);
  } finally {
    await database.close();
  }
}

/**
 * A PGlite data directory's tarball without the WAL segments outside [first, last] (names compare as
 * they sort): the segments before a checkpoint's redo point are history, those after its record
 * recycled ones a start would write over — more than half of a seeded dump, and what each test app
 * would untar in memory before it starts.
 */
export function walTrimmed(tar: Uint8Array<ArrayBuffer>, first: string, last: string): Blob {
  const keep: Uint8Array<ArrayBuffer>[] = [];
  const text = (at: number, len: number) =>
    Buffer.from(tar.subarray(at, at + len))
      .toString('utf8')
      .replace(/\0.*$/s, '');
  let at = 0;
  let pending: Uint8Array<ArrayBuffer>[] = [];
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const type = String.fromCharCode(tar[at + 156]);
    const prefix = text(at + 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${text(at, 100)}`;
    const entry = tar.subarray(at, end);
    at = end;
    // an extended header (pax, GNU long name) goes with the entry after it
    if (type === 'x' || type === 'L') {
      pending.push(entry);
      continue;
    }
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (!segment || (segment >= first && segment <= last)) keep.push(...pending, entry);
    pending = [];
  }
  keep.push(new Uint8Array(1024));
  return new Blob(keep);
}

let templateBlob: Blob | undefined;
/** The run's template, when the global setup made one (a file run alone without it seeds its own). */
function template(): ServerTemplate {
  try {
    return inject('serverTemplate') ?? {};
  } catch {
    return {};
  }
}

/** A fresh PostgreSQL database on the test server (a copy of `from`, if given), dropped when the test closes. */
async function freshPgDatabase(from?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `tl_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(from ? `CREATE DATABASE ${name} TEMPLATE ${from} STRATEGY FILE_COPY` : `CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin.toString() });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

/**
 * Open the database a test uses; `url` reuses an existing PostgreSQL test database, `load` a PGlite
 * dump. PGlite is in memory, or in `dataDir` on disk (as the server keeps it) when given and
 * TEST_PGLITE_ON_DISK=1 (the benchmarks' on-disk mode).
 */
export async function openTestDatabase(url?: string, load?: Blob, dataDir?: string): Promise<Database> {
  const log = pino({ level: 'silent' });
  if (url) return openPostgres(url, 5, log);
  return openPglite(dataDir && process.env.TEST_PGLITE_ON_DISK === '1' ? dataDir : 'memory', { load });
}

/**
 * The seeded files of the template, hard-linked into a test's own DATA_DIR (directories made, files
 * linked): the file service never changes a stored file in place (it writes a new name and renames),
 * so a link is as good as a copy, and a test's start does not copy and later delete 250 files.
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.isDirectory()) linkTree(path.join(from, e.name), path.join(to, e.name));
    else linkSync(path.join(from, e.name), path.join(to, e.name));
  }
}

export async function startTestApp(env: Record<string, string> = {}, reuse?: { databaseUrl: string }): Promise<TestApp> {
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const tmp = mkdtempSync(path.join(tmpdir(), 'tagloom-test-'));
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl = reuse?.databaseUrl;
  // seeded as the template is (and a database of its own): start from a copy of the template
  const tpl = !reuse && Object.entries(TEMPLATE_ENV).every(([k, v]) => (env[k] ?? v) === v) ? template() : {};
  if (DRIVER === 'pg' && !databaseUrl) {
    const fresh = await freshPgDatabase(tpl.pgTemplate);
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }
  if (DRIVER === 'pglite' && tpl.pgliteFile) templateBlob ??= new Blob([readFileSync(tpl.pgliteFile)]);
  const copied = DRIVER === 'pg' ? !!tpl.pgTemplate && !reuse : !!tpl.pgliteFile;
  const config = loadConfig({
    DATA_DIR: path.join(tmp, 'db'),
    WEB_DIST: path.join(tmp, 'no-web'),
    ADMIN_PASSWORD: 'admin123',
    SEED_DEMO: '1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = await openTestDatabase(databaseUrl, DRIVER === 'pglite' && copied ? templateBlob : undefined, config.dataDir);
  const seededFiles = tpl.dataDir && path.join(tpl.dataDir, 'files');
  if (copied && seededFiles && existsSync(seededFiles)) linkTree(seededFiles, path.join(config.dataDir, 'files'));
  // a copy of the template is migrated and seeded already: its partitions are brought up to date
  if (copied) await ensurePartitions(database.db);
  else await migrateAndSeed(database, config);
  const bus = new Bus(database, log);
  await bus.start();
  const ctx: AppContext = { config, database, db: database.db, bus, log, startedAt: new Date(), readiness: { ready: true, error: null } };
  const services = createServices(ctx);
  const app = await buildApp(ctx, services);
  await app.ready();
  // as main.ts does; the scheduler's fires are worked by each test's Scheduler (its handlers are injected)
  const queue = new JobQueue(ctx, services, { pollMs: 200, skipKinds: ['scheduler.fire'] });
  queue.start();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.token = opts.token;
    if (opts.lang) headers.langeType = opts.lang;
    let payload: string | undefined;
    if (opts.rawBody !== undefined) {
      payload = opts.rawBody;
      headers['content-type'] = 'application/json';
    } else if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await app.inject({ method: method as 'GET', url, headers, payload, remoteAddress: opts.remoteAddress });
    let body: any;
    try {
      body = res.json();
    } catch {
      body = { code: -1, msg: res.body, data: null };
    }
    return { status: res.statusCode, body, headers: res.headers };
  };

  return {
    app,
    ctx,
    services,
    database,
    queue,
    databaseUrl,
    call,
    async login(username, password) {
      const r = await call('POST', '/api/user/login', { body: { username, password } });
      if (r.body.code !== 200) throw new Error(`login ${username} failed: ${r.body.msg}`);
      return r.body.data.token as string;
    },
    async close() {
      await queue.stop();
      await app.close();
      await bus.stop();
      await database.close();
      await drop?.();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
