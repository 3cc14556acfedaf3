// npm run shots: builds the console and photographs every screen in three languages at 1366 and 390 px
// (test-output/shots/index.html). For people to look at; `npm test` asserts behaviour.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, ensureSystemDeps } from './lib/system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
ensureSystemDeps();
if (!process.env.WEB_DIST) run('npm', ['run', 'build', '-w', 'apps/web']);
run('npx', ['vitest', 'run', '--root', 'e2e', '--config', 'vitest.shots.config.ts', ...process.argv.slice(2)], { CHROMIUM_PATH: CHROMIUM });
