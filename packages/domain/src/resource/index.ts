export * from './buttons.js';
export * from './can.js';
export * from './define.js';
export * from './fields.js';
export * from './file-kinds.js';
export * from './machine.js';
export * from './row.js';
