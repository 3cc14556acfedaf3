/**
 * The tag event history: every lifecycle event of a tag as a full GS1 EPCIS 2.0 event — its type
 * (ObjectEvent, AggregationEvent, TransactionEvent, AssociationEvent), event time and zone offset,
 * action, bizStep, disposition, read point, business location, parent (an SSCC), the EPCs (a
 * handful, the children of an aggregation, or all the tags of a label order as one row), quantity
 * list, business transactions, sources and destinations, an error declaration, and its event ID
 * (GS1's canonical event hash) — a tenant feed partitioned by month. Label orders, binding, clearing and every later module
 * (receiving, counts, sales, RFID reads) append to it through the server's recordTagEvent.
 */
import { defineFeed, type FeedColumn, type FeedOption } from './define.js';

/** The EPCIS 2.0 event types the lifecycle holds (TransformationEvent: later, operations.md §10). */
export const EPCIS_EVENT_TYPES = [
  'ObjectEvent',
  'AggregationEvent',
  'TransactionEvent',
  'AssociationEvent',
  'TransformationEvent',
] as const;
export type EpcisEventType = (typeof EPCIS_EVENT_TYPES)[number];
/** EPCIS 2.0 event actions. */
export const EPCIS_ACTIONS = ['ADD', 'OBSERVE', 'DELETE'] as const;
export type EpcisAction = (typeof EPCIS_ACTIONS)[number];
/**
 * The CBV 2.0 business steps the platform records (bare names, as in EPCIS 2.0 JSON-LD): CBV values
 * only (a return is `receiving` with disposition `returned`; CBV has no "returning"), checked
 * against the CBV lists and GS1's EPCIS 2.0 JSON schema by the tests.
 */
export const BIZ_STEPS = [
  'commissioning',
  'encoding',
  'shipping',
  'receiving',
  'arriving',
  'departing',
  'accepting',
  'inspecting',
  'packing',
  'unpacking',
  'storing',
  'cycle_counting',
  'stock_taking',
  'retail_selling',
  'decommissioning',
  'destroying',
  // the operations slices (../shared/operations.md F6)
  'picking',
  'stocking',
  'loading',
  'void_shipping',
  'staging_outbound',
  'holding',
  'entering_exiting',
  // a defective piece sent to repair (logistics/defective)
  'repairing',
] as const;
export type BizStep = (typeof BIZ_STEPS)[number];
/** The CBV 2.0 dispositions the platform records. */
export const DISPOSITIONS = [
  'active',
  'encoded',
  'in_progress',
  'in_transit',
  'available',
  'conformant',
  'non_conformant',
  'retail_sold',
  'returned',
  'inactive',
  'destroyed',
  'unknown',
  // the operations slices (../shared/operations.md F6)
  'sellable_accessible',
  'sellable_not_accessible',
  'non_sellable_other',
  'damaged',
  'stolen',
  'container_closed',
  'completeness_verified',
  'completeness_inferred',
  'mismatch_instance',
  'mismatch_class',
  'mismatch_quantity',
  'reserved',
  'needs_replacement',
  'recalled',
] as const;
export type Disposition = (typeof DISPOSITIONS)[number];
/** EPCIS 2.0 business transaction types (CBV bare names). */
export const BIZ_TRANSACTION_TYPES = ['po', 'desadv', 'inv', 'recadv', 'prodorder', 'rma'] as const;
export type BizTransactionType = (typeof BIZ_TRANSACTION_TYPES)[number];
/** CBV 2.0 source/destination types (bare names). */
export const SOURCE_DEST_TYPES = ['owning_party', 'possessing_party', 'location'] as const;
export type SourceDestType = (typeof SOURCE_DEST_TYPES)[number];
/** CBV 2.0 error reasons of an error declaration (bare names). */
export const ERROR_REASONS = ['did_not_occur', 'incorrect_data'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

const options = (values: readonly string[], prefix: string): FeedOption[] => values.map((v) => ({ value: v, label: `${prefix}.${v}` }));
const F = (key: string, kind: FeedColumn['kind'] = 'text', more: Partial<FeedColumn> = {}): FeedColumn => ({
  key,
  label: `tags.event.${key}`,
  kind,
  ...more,
});

export const tagEventFeed = defineFeed({
  code: 'label/lifecycle',
  title: 'tags.event.title',
  table: 'label_tag_events',
  scope: 'tenant',
  columns: [
    F('eventType', 'enum', { options: options(EPCIS_EVENT_TYPES, 'tags.eventType'), width: 130 }),
    F('bizStep', 'enum', { options: options(BIZ_STEPS, 'tags.bizStep'), width: 120 }),
    F('action', 'enum', { options: options(EPCIS_ACTIONS, 'tags.action'), width: 90 }),
    F('disposition', 'enum', { options: options(DISPOSITIONS, 'tags.disposition'), width: 110 }),
    F('epc', 'text', { display: 'mono', width: 230 }),
    F('epcCount', 'int', { width: 90 }),
    F('parentId', 'text', { display: 'mono', width: 230 }),
    F('orderCode', 'text', { display: 'mono', width: 170 }),
    F('readPoint', 'text', { display: 'long', width: 140 }),
    F('bizLocation', 'text', { display: 'long', width: 140 }),
    F('username', 'text', { width: 110 }),
    F('source', 'text', { width: 110 }),
  ],
  filters: [
    { key: 'eventType', op: 'enum' },
    { key: 'bizStep', op: 'enum' },
    { key: 'action', op: 'enum' },
    { key: 'epc', op: 'eq' },
    { key: 'orderCode', op: 'eq' },
    { key: 'username', op: 'like' },
  ],
  detail: [
    'eventTimeZoneOffset',
    'eventId',
    'bizTransactions',
    'sources',
    'destinations',
    'quantities',
    'errorDeclaration',
    'epcs',
    'orderId',
  ],
  partition: { by: 'month', retention: { months: 24 }, ahead: 2 },
  window: { defaultDays: 30, maxDays: 366 },
});

export const TAG_FEEDS = [tagEventFeed] as const;
