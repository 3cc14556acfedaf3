// One database pass: it starts the real server process on its own embedded PGlite (or an unreachable address) whatever TEST_DATABASE_URL says.
/** The real server process (src/main.ts) at start: refusing a bad configuration, and an unreachable database. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

let child: ChildProcess | undefined;
let output = '';

function start(env: Record<string, string | undefined>): ChildProcess {
  output = '';
  const { DATABASE_URL: _a, ADMIN_PASSWORD: _b, TEST_DATABASE_URL: _c, ...rest } = process.env;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...rest, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return child;
}

const exited = (c: ChildProcess) => new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));

async function until<T>(probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out; server said:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

afterEach(async () => {
  if (child && child.exitCode === null) {
    const done = exited(child);
    child.kill('SIGTERM');
    await done;
  }
  child = undefined;
});

describe('server start', () => {
  it('refuses to start on PostgreSQL without ADMIN_PASSWORD, saying so', async () => {
    const c = start({ PORT: String(await freePort()), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(await exited(c)).toBe(1);
    expect(output).toContain('ADMIN_PASSWORD must be set when DATABASE_URL is set');
  });

  it('with its database unreachable: listens, reports it in /api/health, answers 503, and stops on SIGTERM', async () => {
    const dead = await freePort(); // nothing listens there
    const port = await freePort();
    const c = start({ PORT: String(port), DATABASE_URL: `postgres://nobody@127.0.0.1:${dead}/none`, ADMIN_PASSWORD: 'x1234' });
    const health = await until(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      const body = await res.json();
      return body.msg ? { status: res.status, body } : undefined;
    });
    expect(health.status).toBe(503);
    expect(health.body.msg).toMatch(/ECONNREFUSED 127\.0\.0\.1/);
    const login = await fetch(`http://127.0.0.1:${port}/api/user/login?langeType=en_US`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'x1234' }),
    });
    expect(login.status).toBe(503);
    expect((await login.json()).msg).toBe('The database cannot be reached');
    expect(output).toMatch(/retrying in 5 s/);
    const done = exited(c);
    c.kill('SIGTERM');
    expect(await done).toBe(0);
  });
});
