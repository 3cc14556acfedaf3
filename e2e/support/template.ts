/**
 * Vitest global setup: the server is bundled once (scripts/lib/server-bundle.mjs: a start from the
 * bundle spends about 2 s less CPU than one from the TypeScript sources, and every test file starts
 * a server); one server seeds a fresh embedded database once (platform, demo tenants), stops
 * cleanly, and every test file's server starts on a copy of that directory — the same fresh
 * database each file had before, without seeding it again (13 s of each file's start on this machine).
 * With E2E_PG_URL (PostgreSQL), each file still seeds its own database. E2E_FROM_SOURCE=1 runs the
 * servers from their TypeScript sources instead of the bundle.
 *
 * E2E_PREPARED names a JSON file of a bundle and a seeded directory made beforehand (support/prepare.ts,
 * which npm test runs beside the server suite's last lane, on a core it leaves idle): the run uses
 * them and leaves them to whoever made them.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error a plain JavaScript module of the repository's scripts
import { buildServerBundle } from '../../scripts/lib/server-bundle.mjs';
import { ROOT, startServer } from './server';

/** A server bundle and a seeded data directory ('' when not made). */
export interface Prepared {
  serverBundle: string;
  seededDataDir: string;
}

/** Removes a bundle and a seeded directory `prepare` made (the directory's temporary parent with it). */
export function removePrepared(made: Prepared): void {
  if (made.seededDataDir) rmSync(path.dirname(made.seededDataDir), { recursive: true, force: true });
  if (made.serverBundle) rmSync(made.serverBundle, { force: true });
}

/** Bundles the server (unless E2E_FROM_SOURCE=1) and seeds a data directory (unless E2E_PG_URL). */
export async function prepare(): Promise<Prepared> {
  let bundle = '';
  if (process.env.E2E_FROM_SOURCE !== '1') {
    // beside the sources (its imports of node_modules resolve as theirs do), one a run
    const dir = path.join(ROOT, 'apps/server/.bundle');
    mkdirSync(dir, { recursive: true });
    bundle = path.join(dir, `e2e-${process.pid}.mjs`);
    await buildServerBundle(ROOT, bundle);
  }
  if (process.env.E2E_PG_URL) return { serverBundle: bundle, seededDataDir: '' };
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'tagloom-e2e-seed-')), 'db');
  const server = await startServer({ DATA_DIR: dataDir }, { keepDataDir: true, bundle });
  await server.stop();
  trimWal(dataDir);
  return { serverBundle: bundle, seededDataDir: dataDir };
}

export default async function setup(project: TestProject) {
  const given = process.env.E2E_PREPARED;
  const handed = !!given && existsSync(given);
  const made: Prepared = handed ? JSON.parse(readFileSync(given, 'utf8')) : await prepare();
  project.provide('serverBundle', made.serverBundle);
  project.provide('seededDataDir', made.seededDataDir);
  // what was handed over is its maker's to remove
  return handed ? undefined : () => removePrepared(made);
}

/**
 * Removes the WAL segments a cleanly stopped PGlite directory does not need to start — those before
 * its last checkpoint's redo point (history) and after its record (recycled for later writes): more
 * than half of a seeded directory, which every test file's server copies. The checkpoint is read
 * from global/pg_control (state at byte 16, checkpoint at 32, its redo point at 40, timeline at 48,
 * little-endian); nothing is removed unless the directory was shut down cleanly and both segments
 * named are there.
 */
function trimWal(dataDir: string): void {
  const control = readFileSync(path.join(dataDir, 'global', 'pg_control'));
  const SHUT_DOWN = 1;
  if (control.readUInt32LE(16) !== SHUT_DOWN) return;
  const wal = path.join(dataDir, 'pg_wal');
  const segments = readdirSync(wal).filter((f) => /^[0-9A-F]{24}$/.test(f));
  if (!segments.length) return;
  const size = BigInt(statSync(path.join(wal, segments[0])).size);
  const perId = 0x100000000n / size;
  const timeline = BigInt(control.readUInt32LE(48));
  const nameOf = (lsn: bigint) =>
    [timeline, lsn / size / perId, (lsn / size) % perId].map((n) => n.toString(16).toUpperCase().padStart(8, '0')).join('');
  const first = nameOf(control.readBigUInt64LE(40));
  const last = nameOf(control.readBigUInt64LE(32));
  if (!segments.includes(first) || !segments.includes(last)) return;
  for (const s of segments) if (s < first || s > last) rmSync(path.join(wal, s));
}
