// Starts a throwaway PostgreSQL server on a free loopback port for the test run, and stops it.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pgBinDir } from './system-deps.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** `fsync`: the server syncs its writes to disk (off by default: a test run's throwaway server need not survive a crash). */
export async function startPostgres({ fsync = false } = {}) {
  const bin = pgBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const isRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the server as the postgres system user then
  const asPg = (cmd, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-pg-'));
  chmodSync(dir, 0o777);
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (cmd, args) => {
    const [c, a] = asPg(cmd, args);
    const r = spawnSync(c, a, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  run(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run(`${bin}/pg_ctl`, [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${fsync ? 'on' : 'off'} -c max_connections=200`,
    'start',
  ]);
  const version = execFileSync(`${bin}/postgres`, ['--version'], { encoding: 'utf8' }).trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    stop() {
      try {
        run(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
