import { defineConfig } from 'vitest/config';

/**
 * Browser stories: each file starts its own server (own database, free port), so files run in
 * parallel — two at a time by default (E2E_WORKERS to change), the larger files first. A worker keeps
 * its modules and its Chromium for its next file (isolate false; support/browser.ts e2eSuite): about
 * 1.5 s of imports and a browser's launch saved per file.
 * One seeded database is copied for each file (support/template.ts).
 * Polls wait for a state up to 15 s: a busy 2-core machine answers late, never wrongly.
 * A story's own cap is 180 s: a stuck step already fails at its poll's 15 s, so the cap only stops a
 * story that goes on working. CI's machines differ about 2× in speed: a story of eleven steps took
 * over 90 s on the slower one (stop 51's run, 4,169 s in all) and about 45 s on the faster.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    globalSetup: ['./support/template.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
    isolate: false,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
