/** Tables of the warehouse module's declared resources and of its log feed (db/schema re-exports this file). */
export * from './abnormal/tables.js';
export * from './bills/tables.js';
export * from './cartons/tables.js';
export * from './grants/tables.js';
export * from './inspections/tables.js';
export * from './log/tables.js';
export * from './zones/tables.js';
