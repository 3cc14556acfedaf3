// The sheet worker's first module, plain JavaScript: workers do not inherit the TypeScript loader
// the server runs under (node --import tsx, or a test runner's own), so the worker registers tsx
// itself before it loads its TypeScript entry (workerData.entry).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
