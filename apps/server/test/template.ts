/**
 * Vitest global setup: the API suite's seeded database is made once (migrations, partitions, the
 * platform and the demo tenants with the default test configuration) and every test app that seeds
 * the same way starts from a copy of it — PGlite from a dumped data directory, PostgreSQL from a
 * template database — instead of migrating and seeding again (≈ 10 s of each app's start).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { makeTemplate } from './support.js';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-test-template-'));
  const dataDir = path.join(dir, 'db');
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `tl_template_${process.pid}`;
    await makeTemplate({ dataDir, pgAdminUrl: admin, name });
    project.provide('serverTemplate', { pgTemplate: name, dataDir });
    return async () => {
      rmSync(dir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const file = path.join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await (await makeTemplate({ dataDir })).arrayBuffer()));
  project.provide('serverTemplate', { pgliteFile: file, dataDir });
  return () => rmSync(dir, { recursive: true, force: true });
}
