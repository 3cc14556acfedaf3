export * from './define.js';
export * from './fields.js';
