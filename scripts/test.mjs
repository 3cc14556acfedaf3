// npm test: everything a fresh machine needs to prove the product works, in one run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './lib/pg-server.mjs';
import { CHROMIUM, ensureSystemDeps } from './lib/system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    failures.push(name);
    console.log(`✗ ${name} (${secs} s)`);
  } else console.log(`✓ ${name} (${secs} s)`);
  return r.status === 0;
}

function vitest(name, project, env = {}) {
  const json = path.join(out, `${name.replace(/\W+/g, '-')}.json`);
  const ok = step(
    name,
    'npx',
    ['vitest', 'run', '--root', project, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    env,
  );
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (r.numTotalTests === 0) {
      failures.push(`${name}: ran no test`);
    }
  } else if (!ok) totals.failed += 1;
  return ok;
}

ensureSystemDeps();
step('lint (biome)', 'npx', ['biome', 'check', '.']);
step('i18n catalogs hold the same keys', 'node', ['scripts/check-i18n.mjs']);
step('typecheck', 'npx', ['tsc', '-p', 'packages/domain']) &&
  step('typecheck server', 'npx', ['tsc', '-p', 'apps/server']) &&
  (existsSync(path.join(root, 'apps/web/tsconfig.json')) ? step('typecheck web', 'npx', ['tsc', '-p', 'apps/web']) : true) &&
  step('typecheck browser tests', 'npx', ['tsc', '-p', 'e2e']) &&
  step('typecheck benchmarks', 'npx', ['tsc', '-p', 'bench']);

vitest('domain unit tests', 'packages/domain');
vitest('server tests on PGlite', 'apps/server');
if (existsSync(path.join(root, 'apps/web/vitest.config.ts'))) vitest('web unit tests', 'apps/web');

let pg;
try {
  pg = await startPostgres();
  console.log(`\nStarted ${pg.version} at ${pg.url}`);
  vitest('server tests on PostgreSQL', 'apps/server', { TEST_DATABASE_URL: pg.url });
} catch (err) {
  failures.push(`PostgreSQL: ${err.message}`);
} finally {
  pg?.stop();
}

if (existsSync(path.join(root, 'e2e/vitest.config.ts'))) {
  if (step('build the console', 'npm', ['run', 'build', '-w', 'apps/web'])) {
    step('the JS that renders /login is at most 200 KB gzip', 'node', ['apps/web/scripts/measure-login.mjs'], { CHROMIUM_PATH: CHROMIUM });
    vitest('browser tests (Chromium)', 'e2e', { CHROMIUM_PATH: CHROMIUM });
  }
}

console.log('\n────────────────────────────────────────');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
