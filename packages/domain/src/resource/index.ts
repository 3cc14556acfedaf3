export * from './define.js';
export * from './fields.js';
export * from './machine.js';
