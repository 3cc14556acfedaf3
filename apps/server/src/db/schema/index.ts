export * from './dictionary.js';
export * from './logs.js';
export * from './platform.js';
export * from './resources.js';
export * from './tenant.js';
