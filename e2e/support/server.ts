/** Starts the real server (serving the built console) on a free port with a fresh embedded database. */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a seeded PGlite data directory to copy ('' when every server seeds its own) */
    seededDataDir: string;
    /** the server bundled as one module (support/template.ts; '' to run it from its sources) */
    serverBundle: string;
  }
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** With E2E_PG_URL (a PostgreSQL server's admin URL) each server gets a fresh database of its own. */
async function freshPgDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const admin = process.env.E2E_PG_URL;
  if (!admin) return { env: {}, drop: async () => {} };
  const name = `tl_e2e_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), ADMIN_PASSWORD: 'admin123', SEED_DEMO: '1' },
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** What the global setup provided (support/template.ts), if anything. */
function provided(key: 'seededDataDir' | 'serverBundle'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return ''; // outside a test file (the global setup itself)
  }
}

/**
 * Starts the server on a free port. Its embedded database is a copy of the one the global setup
 * seeded (or a fresh one seeded now, when there is none or `env` sets its own DATA_DIR);
 * `keepDataDir` leaves a DATA_DIR given in `env` in place when stopping. It runs from the run's
 * server bundle when there is one (`opts.bundle`, else the global setup's), else from its sources.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { keepDataDir?: boolean; bundle?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-e2e-'));
  const database = await freshPgDatabase();
  const seeded = env.DATA_DIR || database.env.DATABASE_URL ? '' : provided('seededDataDir');
  const bundle = opts.bundle ?? provided('serverBundle');
  if (seeded) cpSync(seeded, path.join(dir, 'db'), { recursive: true });
  const child: ChildProcess = spawn(process.execPath, bundle ? [bundle] : ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'db'),
      LOG_LEVEL: 'warn',
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // a first start migrates and seeds a fresh database (demo reads included): minutes on a loaded 2-core machine
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      // no server left behind holding its port and a core
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
      if (env.DATA_DIR && !opts.keepDataDir) rmSync(env.DATA_DIR, { recursive: true, force: true });
      await database.drop();
    },
  };
}
