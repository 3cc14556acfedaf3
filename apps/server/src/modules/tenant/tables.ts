/** Tables of the tenant module's declared resources, by area (db/schema re-exports this file). */
export * from './goods/tables.js';
export * from './people/tables.js';
export * from './places/tables.js';
