import type { WmsLogOptions } from '../log/writer.js';

/** Inspections in the warehouse log, at the warehouse of their bill; submitting, resetting and returning ask the QI grant. */
export const inspectionLog: WmsLogOptions = {
  siteOf: (row) => (row.siteId == null ? null : Number(row.siteId)),
  ops: { submit: 'qi', reset: 'qi', rollback: 'qi' },
};
