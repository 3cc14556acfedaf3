/** Tables of the store module's declarations, one line an area (db/schema re-exports this file). */
export * from './bills/tables.js';
