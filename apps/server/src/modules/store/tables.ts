/** Tables of the store module, one line an area (db/schema re-exports this file). */
export * from './bills/tables.js';
export * from './counts/tables.js';
export * from './differences/tables.js';
export * from './erp/tables.js';
export * from './o2o/tables.js';
export * from './pos/tables.js';
export * from './retag/tables.js';
export * from './stock/tables.js';
