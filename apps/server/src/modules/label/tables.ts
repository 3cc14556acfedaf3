/** Tables of the label module's declared resources, by area (db/schema re-exports this file). */

export * from './epcis/tables.js';
export * from './orders/tables.js';
export * from './tags/tables.js';
export * from './templates/tables.js';
