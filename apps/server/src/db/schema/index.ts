export * from './logs.js';
export * from './platform.js';
export * from './tenant.js';
