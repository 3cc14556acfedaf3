import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
