// One database pass: it starts the real server process on its own embedded PGlite whatever TEST_DATABASE_URL says.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** The real server process on a fresh DATA_DIR: the directory tree is private to its user. */
describe('data directory permissions', () => {
  const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const root = mkdtempSync(path.join(tmpdir(), 'tagloom-modes-'));
  const dataDir = path.join(root, 'data');
  let child: ChildProcess | undefined;
  let output = '';
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const done = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await done;
    }
    rmSync(root, { recursive: true, force: true });
  });

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as { port: number };
        srv.close(() => resolve(port));
      });
      srv.on('error', reject);
    });

  /** Every path under dir with its mode bits, symbolic links aside. */
  const walk = (dir: string): { file: string; mode: number; dir: boolean }[] =>
    readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) return [];
      const me = { file: p, mode: st.mode & 0o777, dir: st.isDirectory() };
      return st.isDirectory() ? [me, ...walk(p)] : [me];
    });

  it('creates DATA_DIR, the database files and the keys folder for its user only, tightening a looser tree', async () => {
    // a tree left world-writable by an earlier version
    mkdirSync(path.join(dataDir, 'keys'), { recursive: true });
    chmodSync(dataDir, 0o777);
    chmodSync(path.join(dataDir, 'keys'), 0o777);
    writeFileSync(path.join(dataDir, 'keys', 'data-source.key'), `${Buffer.alloc(32, 7).toString('base64')}\n`);
    chmodSync(path.join(dataDir, 'keys', 'data-source.key'), 0o666);

    const port = await freePort();
    const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, DATA_SOURCE_KEY: _c, ...rest } = process.env;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...rest,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(root, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    // the server listens once the embedded database has started (answering 503 while it migrates)
    const end = Date.now() + 150_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.status === 200 || r.status === 503)
        .catch(() => false);
      if (ok) break;
      if (child.exitCode !== null || Date.now() > end) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const tree = walk(dataDir);
    expect(tree.length).toBeGreaterThan(10); // PGlite's own files are there
    const loose = tree.filter((e) => e.mode & 0o077).map((e) => `${e.file} ${e.mode.toString(8)}`);
    expect(loose).toEqual([]);
    expect(statSync(path.join(dataDir, 'keys')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'keys', 'data-source.key')).mode & 0o777).toBe(0o600);
  }, 180_000);
});
