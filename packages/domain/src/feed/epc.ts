/**
 * The EPC screens (area P) as feeds of the upserted table rfid_epc_states (one row an EPC, rewritten
 * as its reads fold in): rfid/epc-data, every EPC's data (decode, first and last seen, read count,
 * last reader/antenna/RSSI/location), and rfid/epc-state, presence. Both keyset on (last seen desc,
 * EPC) with "load more" (a million rows: no page numbers, no count). The server's rfid state module
 * serves their lists (GET /api/<code>/list), with the tenant's, the party's and the location's scope.
 */
import { PRESENCES } from '../rfid/presence.js';
import { defineFeed, type FeedColumn, type FeedOrderKey, type UpsertedFeedDef } from './define.js';

const F = (key: string, kind: FeedColumn['kind'], more: Partial<FeedColumn> = {}, label = key): FeedColumn => ({
  key,
  label: `presence.field.${label}`,
  kind,
  ...more,
});
const ORDER: readonly [FeedOrderKey, FeedOrderKey] = [
  { key: 'lastSeenAt', dir: 'desc' },
  { key: 'epc', dir: 'asc' },
];
const EPC = F('epc', 'text', { display: 'open', fixed: 'left', width: 215 });
/** the decoded GTIN and serial (or the scheme of an EPC that is no SGTIN) */
const GTIN = F('gtin', 'text', { width: 190 }, 'gtinSerial');
const EPC_FILTER = { key: 'epc', op: 'prefix', placeholder: 'presence.epcPrefixPlaceholder', maxLength: 64 } as const;
/** What both EPC feeds share: the table, its keyset order and the page sizes. */
const epcFeed = (code: string, more: Pick<UpsertedFeedDef, 'columns' | 'filters'> & Partial<UpsertedFeedDef>): UpsertedFeedDef =>
  defineFeed({
    code,
    table: 'rfid_epc_states',
    scope: 'tenant',
    storage: 'upserted',
    order: ORDER,
    pageSizes: [50, 100, 200],
    ...more,
  });

export const rfidEpcDataFeed = epcFeed('rfid/epc-data', {
  columns: [
    EPC,
    GTIN,
    F('firstSeenAt', 'time', { display: 'seconds', width: 165 }),
    F('lastSeenAt', 'time', { display: 'seconds', width: 165 }),
    F('readCount', 'int', { width: 100 }),
    F('lastEquipment', 'text', { display: 'mono', width: 150 }, 'lastEquipmentAntenna'),
    F('lastRssiCdbm', 'int', { width: 110 }, 'lastRssi'),
    F('lastLocationName', 'text', { width: 170 }, 'lastLocation'),
  ],
  filters: [
    EPC_FILTER,
    // a location of the user's reach, where the EPC was read last
    { key: 'locationId', op: 'eq', label: 'presence.field.lastLocation' },
    { key: 'equipment', op: 'eq', label: 'presence.field.lastEquipment', placeholder: 'presence.equipmentPlaceholder', maxLength: 32 },
    { key: 'lastSeenAt', op: 'range', presets: ['lastHour', 'today', 'last7d'] },
  ],
  hint: 'presence.dataHint',
});

export const rfidEpcStateFeed = epcFeed('rfid/epc-state', {
  columns: [
    EPC,
    F('presence', 'enum', { options: [...PRESENCES, 'unplaced'].map((v) => ({ value: v, label: `presence.state.${v}` })), width: 110 }),
    F('presenceLocationName', 'text', { width: 170 }, 'presenceLocation'),
    F('presenceSince', 'time', { display: 'seconds', width: 165 }),
    F('lastSeenAt', 'time', { display: 'seconds', width: 155 }),
    F('lastEquipment', 'text', { display: 'mono', width: 110 }),
    GTIN,
  ],
  // the presence is chosen by the counts on top of the screen
  filters: [EPC_FILTER, { key: 'locationId', op: 'eq', label: 'presence.field.presenceLocation' }],
});

/** The upserted feeds (served by their modules, never partitioned). */
export const EPC_FEEDS: readonly UpsertedFeedDef[] = [rfidEpcDataFeed, rfidEpcStateFeed];
