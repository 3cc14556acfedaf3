/**
 * Makes the browser tests' server bundle and seeded data directory ahead of their run
 * (support/template.ts: `prepare`) and writes where they are to the JSON file named by its
 * argument; `--remove <file>` removes what that file names. npm test (scripts/test.mjs) runs it
 * beside the server suite's last lane and hands the file to the browser tests as E2E_PREPARED.
 * Usage: npx tsx e2e/support/prepare.ts <out.json> | --remove <out.json>
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type Prepared, prepare, removePrepared } from './template';

const [first, file] = process.argv.slice(2);
if (first === '--remove') {
  removePrepared(JSON.parse(readFileSync(file, 'utf8')) as Prepared);
  rmSync(file, { force: true });
} else if (first) {
  const made = await prepare();
  writeFileSync(first, `${JSON.stringify(made, null, 2)}\n`);
  console.log(
    `browser tests prepared: ${made.serverBundle || 'servers from source'}; ${made.seededDataDir || 'each server seeds its own'}`,
  );
} else {
  console.error('usage: npx tsx e2e/support/prepare.ts <out.json> | --remove <out.json>');
  process.exitCode = 2;
}
