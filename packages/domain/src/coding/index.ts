/** Coding rules: the engine that turns a tenant's rule into EPCs, and its checks. Pure and zod-free. */
export * from './checks.js';
export * from './engine.js';
export * from './layout.js';
