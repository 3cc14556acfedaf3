/**
 * Vitest global setup: the server is bundled once (scripts/lib/server-bundle.mjs: a start from the
 * bundle spends about 2 s less CPU than one from the TypeScript sources, and every test file starts
 * a server); one server seeds a fresh embedded database once (platform, demo tenants), stops
 * cleanly, and every test file's server starts on a copy of that directory — the same fresh
 * database each file had before, without seeding it again (13 s of each file's start on this machine).
 * With E2E_PG_URL (PostgreSQL), each file still seeds its own database. E2E_FROM_SOURCE=1 runs the
 * servers from their TypeScript sources instead of the bundle.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error a plain JavaScript module of the repository's scripts
import { buildServerBundle } from '../../scripts/lib/server-bundle.mjs';
import { ROOT, startServer } from './server';

export default async function setup(project: TestProject) {
  let bundle = '';
  if (process.env.E2E_FROM_SOURCE !== '1') {
    // beside the sources (its imports of node_modules resolve as theirs do), one a run
    const dir = path.join(ROOT, 'apps/server/.bundle');
    mkdirSync(dir, { recursive: true });
    bundle = path.join(dir, `e2e-${process.pid}.mjs`);
    await buildServerBundle(ROOT, bundle);
  }
  project.provide('serverBundle', bundle);
  const removeBundle = () => bundle && rmSync(bundle, { force: true });
  if (process.env.E2E_PG_URL) {
    project.provide('seededDataDir', '');
    return removeBundle;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-e2e-seed-'));
  const dataDir = path.join(dir, 'db');
  const server = await startServer({ DATA_DIR: dataDir }, { keepDataDir: true, bundle });
  await server.stop();
  project.provide('seededDataDir', dataDir);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    removeBundle();
  };
}
