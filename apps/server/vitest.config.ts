import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * A test file that runs the same whatever TEST_DATABASE_URL says (it opens no database, or always its
 * own embedded PGlite) carries a line `// One database pass: <why>` in its head; the PostgreSQL pass
 * leaves it out, since the PGlite pass has run it already.
 */
const ONE_PASS = /^\/\/ One database pass: /m;
const onePass = process.env.TEST_DATABASE_URL
  ? ['src', 'test'].flatMap((dir) =>
      readdirSync(path.join(here, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `${dir}/${f}`)
        .filter((f) => ONE_PASS.test(readFileSync(path.join(here, f), 'utf8').slice(0, 2000))),
    )
  : [];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...onePass],
    // one seeded database made once, copied for every test app that seeds the same way
    globalSetup: ['./test/template.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // each file opens its own database; two at a time fits a 2-core machine
    maxWorkers: 2,
    // a worker keeps the modules it loaded for its next file (each file starts its own app and
    // database, and no test mocks a module): about 1.3 s of loading saved per file
    isolate: false,
  },
});
