/**
 * The warehouse log (E15, feed F8 of ../shared/operations.md): one row for every move of a warehouse
 * document's state machine — a user's button or a system move — with who made it, at which site,
 * the document (its declaration's code and its own code), the action, the states before and after,
 * the EPCs it concerned and what the action was given (a reason …). A tenant feed by month, kept 24
 * months; written by the server's one transition wrapper (modules/warehouse/log), read on warehouse/log.
 * A warehouse's or store's user sees its own site's rows.
 */
import { defineFeed, type FeedColumn } from '../../feed/define.js';

const F = (key: string, kind: FeedColumn['kind'] = 'text', more: Partial<FeedColumn> = {}): FeedColumn => ({
  key,
  label: `wmsLog.field.${key}`,
  kind,
  ...more,
});

export const wmsLogFeed = defineFeed({
  code: 'warehouse/log',
  title: 'wmsLog.title',
  table: 'wms_log',
  scope: 'tenant',
  columns: [
    F('username', 'text', { width: 110, empty: 'wmsLog.systemUser' }),
    F('siteName', 'text', { display: 'long', width: 140 }),
    // the declaration's code: the console shows the declaration's name, its states by its machine's enum
    F('docType', 'text', { display: 'resource', width: 100 }),
    F('docCode', 'text', { display: 'mono', width: 150 }),
    F('action', 'enum', { display: 'action', otherActions: 'wmsLog.system', width: 110 }),
    F('fromState', 'int', { stateOf: 'docType', width: 100 }),
    F('toState', 'int', { stateOf: 'docType', width: 100 }),
    F('epcCount', 'int', { width: 90 }),
  ],
  filters: [
    { key: 'docCode', op: 'prefix' },
    { key: 'action', op: 'eq' },
    { key: 'username', op: 'like' },
  ],
  detail: ['userId', 'siteId', 'detail'],
  partition: { by: 'month', retention: { months: 24 }, ahead: 2 },
  window: { defaultDays: 30, maxDays: 366 },
});
