/** Tables of the warehouse module's declared resources (db/schema re-exports this file). */
export * from './bills/tables.js';
export * from './cartons/tables.js';
export * from './zones/tables.js';
