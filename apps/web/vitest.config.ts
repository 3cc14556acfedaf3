import { defineConfig } from 'vitest/config';

// a worker keeps the modules it loaded for its next file (no test mocks a module)
export default defineConfig({ test: { environment: 'node', include: ['src/**/*.test.ts'], isolate: false } });
