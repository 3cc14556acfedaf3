// npm test: everything a fresh machine needs to prove the product works, in one run.
//
// The unit tests and the two database passes of the server suite (PGlite, PostgreSQL 15) run side
// by side when the machine has two cores or more (TEST_SIDE_BY_SIDE=0 runs them one after the other,
// =1 side by side anyway); their output is printed line by line, each line prefixed with its step.
// The run ends with a table of every step's time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './lib/pg-server.mjs';
import { CHROMIUM, ensureSystemDeps } from './lib/system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** every step run: name, seconds, ok, and whether it ran beside others */
const steps = [];
const SIDE_BY_SIDE = process.env.TEST_SIDE_BY_SIDE ? process.env.TEST_SIDE_BY_SIDE === '1' : availableParallelism() >= 2;

function finish(name, t0, ok, beside = false) {
  const secs = (Date.now() - t0) / 1000;
  steps.push({ name, secs, ok, beside });
  if (!ok) failures.push(name);
  console.log(`${ok ? '✓' : '✗'} ${name} (${secs.toFixed(1)} s)`);
  return ok;
}

/** A step run alone, its output straight to the terminal. */
function step(name, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return finish(name, t0, r.status === 0);
}

/** A step run beside others: each line of its output printed as it comes, after `label │ `. */
function stepBeside(name, label, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`▶ ${name} (${label.trim()} │ …)`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${label} │ ${line}\n`));
    }
    child.on('error', (err) => {
      console.log(`${label} │ ${err.message}`);
      resolve(finish(name, t0, false, true));
    });
    child.on('close', (code) => resolve(finish(name, t0, code === 0, true)));
  });
}

/** Runs `tasks` (each a function returning a promise), at most `width` at a time. */
async function pool(tasks, width) {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: Math.min(width, queue.length) }, async () => {
      while (queue.length) await queue.shift()();
    }),
  );
}

const jsonOf = (name) => path.join(out, `${name.replace(/\W+/g, '-')}.json`);
const vitestArgs = (project, json) => [
  'vitest',
  'run',
  '--root',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${json}`,
];

/** Adds a vitest run's JSON report to the totals. */
function count(name, ok) {
  const json = jsonOf(name);
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (r.numTotalTests === 0) failures.push(`${name}: ran no test`);
  } else if (!ok) totals.failed += 1;
  return ok;
}

function vitest(name, project, env = {}) {
  return count(name, step(name, 'npx', vitestArgs(project, jsonOf(name)), env));
}

async function vitestBeside(name, label, project, env = {}) {
  return count(name, await stepBeside(name, label, 'npx', vitestArgs(project, jsonOf(name)), env));
}

ensureSystemDeps();
step('lint (biome)', 'npx', ['biome', 'check', '.']);
step('i18n catalogs hold the same keys', 'node', ['scripts/check-i18n.mjs']);
step('casts that switch the type checker off (as never, as unknown as) do not grow', 'node', ['scripts/count-casts.mjs']);
step('no import circle (server, domain, console)', 'node', ['scripts/check-circles.mjs']);
// the type checks are single-threaded: two at a time on a machine of two cores or more
await pool(
  [
    ['typecheck', 'tsc    ', 'packages/domain'],
    ['typecheck server', 'tsc srv', 'apps/server'],
    ...(existsSync(path.join(root, 'apps/web/tsconfig.json')) ? [['typecheck web', 'tsc web', 'apps/web']] : []),
    ['typecheck browser tests', 'tsc e2e', 'e2e'],
    ['typecheck benchmarks', 'tsc bch', 'bench'],
  ].map(
    ([name, label, project]) =>
      () =>
        stepBeside(name, label, 'npx', ['tsc', '-p', project]),
  ),
  SIDE_BY_SIDE ? 2 : 1,
);

const webUnit = existsSync(path.join(root, 'apps/web/vitest.config.ts'));
const browserTests = existsSync(path.join(root, 'e2e/vitest.config.ts'));
/** where the browser tests' bundle and seeded database are, when made ahead of their run (e2e/support/prepare.ts) */
const prepared = path.join(out, 'e2e-prepared.json');

/**
 * Builds the console and makes the browser tests' server bundle and seeded database, beside the
 * server suite's lane still running: that lane's last files leave a core idle now and then, and the
 * seeding (a minute, mostly one thread) no longer holds up the browser tests' start. Resolves to
 * whether the console was built.
 */
let browserPrep;
function prepareBrowserTests() {
  browserPrep ??= (async () => {
    if (!(await stepBeside('build the console', 'build ', 'npm', ['run', 'build', '-w', 'apps/web']))) return false;
    await stepBeside('seed the browser tests’ database', 'e2e   ', 'npx', ['tsx', 'e2e/support/prepare.ts', prepared]);
    return true;
  })();
  return browserPrep;
}
let pg;
const pgStart = Date.now();
console.log('\n▶ start PostgreSQL');
try {
  pg = await startPostgres();
  console.log(`${pg.version} at ${pg.url}`);
  finish('start PostgreSQL', pgStart, true);
} catch (err) {
  console.log(err.message);
  finish('start PostgreSQL (the server tests on PostgreSQL do not run)', pgStart, false);
}
try {
  if (SIDE_BY_SIDE) {
    console.log('\nThe unit tests and the server suite on PGlite and on PostgreSQL, side by side:');
    const lanes = [
      // the unit tests are short: one lane, beside the two database passes
      (async () => {
        await vitestBeside('domain unit tests', 'domain', 'packages/domain');
        if (webUnit) await vitestBeside('web unit tests', 'web   ', 'apps/web');
      })(),
      vitestBeside('server tests on PGlite', 'pglite', 'apps/server'),
    ];
    if (pg)
      lanes.push(
        vitestBeside('server tests on PostgreSQL', 'pg    ', 'apps/server', { TEST_DATABASE_URL: pg.url }).then((ok) => {
          // the shorter database pass is over: the browser tests are prepared beside the other
          if (browserTests) prepareBrowserTests();
          return ok;
        }),
      );
    await Promise.all(lanes);
  } else {
    vitest('domain unit tests', 'packages/domain');
    vitest('server tests on PGlite', 'apps/server');
    if (webUnit) vitest('web unit tests', 'apps/web');
    if (pg) vitest('server tests on PostgreSQL', 'apps/server', { TEST_DATABASE_URL: pg.url });
  }
} finally {
  pg?.stop();
}

if (browserTests) {
  const built = SIDE_BY_SIDE ? await prepareBrowserTests() : step('build the console', 'npm', ['run', 'build', '-w', 'apps/web']);
  // the browser tests include the weight of /login (login-bytes.test.ts: at most 200 KB gzip)
  if (built) {
    const env = { CHROMIUM_PATH: CHROMIUM, ...(existsSync(prepared) ? { E2E_PREPARED: prepared } : {}) };
    vitest('browser tests (Chromium)', 'e2e', env);
  }
  if (existsSync(prepared)) spawnSync('npx', ['tsx', 'e2e/support/prepare.ts', '--remove', prepared], { cwd: root, stdio: 'inherit' });
}

const total = (Date.now() - started) / 1000;
const width = Math.max(...steps.map((s) => s.name.length), 5) + 2;
console.log('\n────────────────────────────────────────');
console.log(`${'Step'.padEnd(width)}${'seconds'.padStart(9)}  result`);
for (const s of steps) {
  console.log(`${s.name.padEnd(width)}${s.secs.toFixed(1).padStart(9)}  ${s.ok ? 'ok' : 'FAILED'}${s.beside ? '  (side by side)' : ''}`);
}
console.log(`${'Total'.padEnd(width)}${total.toFixed(1).padStart(9)}`);
writeFileSync(path.join(out, 'steps.json'), `${JSON.stringify({ total, sideBySide: SIDE_BY_SIDE, steps }, null, 2)}\n`);
console.log('────────────────────────────────────────');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
