/** Tables of the supply module's declared resources, by area (db/schema re-exports this file). */
export * from './chain/tables.js';
export * from './label-order/tables.js';
