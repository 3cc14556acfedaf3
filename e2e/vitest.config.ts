import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['**/*.test.ts'], exclude: ['node_modules/**'], testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false },
});
