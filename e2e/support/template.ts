/**
 * Vitest global setup: one server seeds a fresh embedded database once (platform, demo tenants),
 * stops cleanly, and every test file's server starts on a copy of that directory — the same fresh
 * database each file had before, without seeding it again (13 s of each file's start on this machine).
 * With E2E_PG_URL (PostgreSQL), each file still seeds its own database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

export default async function setup(project: TestProject) {
  if (process.env.E2E_PG_URL) {
    project.provide('seededDataDir', '');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-e2e-seed-'));
  const dataDir = path.join(dir, 'db');
  const server = await startServer({ DATA_DIR: dataDir }, { keepDataDir: true });
  await server.stop();
  project.provide('seededDataDir', dataDir);
  return () => rmSync(dir, { recursive: true, force: true });
}
