import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/** `npm run shots`: the screenshot runs (shots/*.shots.ts), apart from `npm test`'s stories. */
export default defineConfig({ test: { ...base.test, include: ['shots/**/*.shots.ts'], testTimeout: 900_000 } });
