/**
 * Feeds: high-volume data listed newest first by keyset, never counted. A feed is declared once
 * here, without zod, so the console imports it as is: its table, its columns (label key, kind, how
 * they show, enum), its filters, its order and how its table is stored. Most feeds are append-only
 * and partitioned by created_at (logs, reader reads, tag events): the server lists them by keyset
 * cursor on (created_at desc, id desc) inside a bounded time window and exports them as a stream.
 * An upserted feed (one row a thing, e.g. an EPC's state) is not partitioned and declares its own
 * keyset order; its module serves its list. The console shows every feed with the one FeedPage.
 */

/** A fixed choice of a column that is neither a domain enum nor a button code. */
export interface FeedOption {
  value: string | number;
  /** message key, in the server's and the console's catalogs */
  label: string;
}

export interface FeedColumn {
  /** the row's property (the drizzle column's key) */
  key: string;
  /** message key of the column's title (server catalog for exports, console catalog for the screen) */
  label: string;
  /** `time`: a timestamp, shown to the millisecond */
  kind: 'text' | 'int' | 'enum' | 'time';
  /** a domain ENUMS name (kind 'enum') */
  enum?: string;
  /** fixed choices (kind 'enum' without a domain enum) */
  options?: readonly FeedOption[];
  /**
   * How the value shows: `mono` codes and addresses, `long` text on one line with a tooltip,
   * `screen` a screen code shown by its name, `action` a button code shown by its name, `open` the
   * row's key as a link that opens its drawer (then no actions column), `seconds` a time to the second,
   * `resource` a declaration's code shown by its name.
   */
  display?: 'mono' | 'long' | 'screen' | 'action' | 'open' | 'seconds' | 'resource';
  /**
   * A state of the declaration named in another column (its key; that column a `resource` one):
   * shown, and exported, by that declaration's machine's states enum.
   */
  stateOf?: string;
  /**
   * `action` display: a value that is no button code (a system move) is the message
   * `<otherActions>.<value>` of the catalog (the value itself when there is none).
   */
  otherActions?: string;
  /** message key of the words shown and exported for an empty value (a system's move has no user) */
  empty?: string;
  /** column width in the console, px */
  width?: number;
  /** kept at the left while the table scrolls sideways (wide screens) */
  fixed?: 'left';
  /**
   * Values the server wrote as a message of its catalog (storedMessage: a key and its parameters)
   * are read in the reader's language (list and export); other values (a device's own words) as stored.
   */
  localized?: boolean;
}

/** How a message of the server's catalog is stored in a `localized` column: translated when read. */
const STORED_MESSAGE = 'i18n:';

/** A catalog message (key and parameters) as a `localized` column stores it. */
export function storedMessage(key: string, params: Record<string, string | number> = {}): string {
  return `${STORED_MESSAGE}${JSON.stringify({ key, params })}`;
}

/** A device's own words for a `localized` column: never read as a catalog message, whatever they start with. */
export const deviceMessage = (text: string): string => (text.startsWith(STORED_MESSAGE) ? ` ${text}` : text);

/** The prefix of stored catalog messages (`<column> like '<prefix>%'` finds them). */
export const STORED_MESSAGE_PREFIX = STORED_MESSAGE;

/** The key and parameters of a stored catalog message, or undefined for any other text. */
export function parseStoredMessage(v: unknown): { key: string; params: Record<string, string | number> } | undefined {
  if (typeof v !== 'string' || !v.startsWith(STORED_MESSAGE)) return undefined;
  try {
    const m = JSON.parse(v.slice(STORED_MESSAGE.length)) as { key?: unknown; params?: unknown };
    if (typeof m.key !== 'string') return undefined;
    const params = m.params && typeof m.params === 'object' ? (m.params as Record<string, string | number>) : {};
    return { key: m.key, params };
  } catch {
    return undefined;
  }
}

/** Quick choices of a time range filter (console labels `feeds.presets.<name>`). */
export const FEED_PRESETS = ['lastHour', 'today', 'last24h', 'last7d', 'last30d'] as const;
export type FeedPreset = (typeof FEED_PRESETS)[number];

/**
 * A search field: `eq` exact, `like` contains (case-insensitive), `prefix` starts with
 * (case-insensitive), `enum` one of the column's choices, `range` [from, to] of a time column
 * (either end open). On a busy feed a `like` reads the window's rows until a page matches (a rare
 * value scans thousands of rows); a `prefix` can be answered from an index on (upper(column)
 * text_pattern_ops, created_at, id) the feed's table declares.
 */
export interface FeedFilter {
  key: string;
  op: 'eq' | 'like' | 'prefix' | 'enum' | 'range';
  /**
   * message key of the field's label; a filter with its own label need not be a column (e.g. a
   * location id the screen offers as a select: the console is given its control)
   */
  label?: string;
  /** message key of the input's placeholder (default: the op's) */
  placeholder?: string;
  /** the longest text typed (default 128) */
  maxLength?: number;
  /** `range`: the quick choices offered */
  presets?: readonly FeedPreset[];
}

export type FeedRetention = { days: number } | { months: number };

/** One key of a feed's keyset order. */
export interface FeedOrderKey {
  key: string;
  dir: 'asc' | 'desc';
}

/** What every feed declares, however it is stored. */
interface FeedBase {
  /** the screen code; routes are /api/<code>/list and /api/<code>/export */
  code: string;
  /** the SQL table, partitioned by range on created_at */
  table: string;
  /** `platform`: every tenant's rows, for platform users, with a tenant filter; `tenant`: the session's tenant only */
  scope: 'platform' | 'tenant';
  columns: readonly FeedColumn[];
  filters: readonly FeedFilter[];
  /** fields the list returns for the detail drawer, neither columns nor exported (e.g. a request body) */
  detail?: readonly string[];
  /** page sizes offered, the first the default (default 20, 50, 100) */
  pageSizes?: readonly number[];
  /** message key of the line beside the toolbar's buttons (default: the window's hint, for a partitioned feed) */
  hint?: string;
}

/** An append-only feed, its table partitioned by range on created_at; the server's feed routes serve it. */
export interface PartitionedFeedDef extends FeedBase {
  storage?: 'partitioned';
  /** message key of the feed's name (export sheet and file name) */
  title: string;
  /** always (created_at desc, id desc) */
  order?: undefined;
  partition: {
    by: 'day' | 'month';
    /** whole partitions that ended before this are dropped */
    retention: FeedRetention;
    /** partitions created ahead of today (default 2 units) */
    ahead?: number;
    /**
     * a log: the operator's LOG_RETENTION_DAYS caps its retention too (login, operation, sync and
     * device logs); the business records (tag events, the book's journal, POS, …) keep theirs
     */
    logs?: boolean;
  };
  window: {
    /** without a window asked for, the list covers this many days up to now */
    defaultDays: number;
    /** the longest window a list or export may ask for */
    maxDays: number;
  };
  /** the most rows an export writes (default: a sheet's limit) */
  exportCap?: number;
}

/**
 * A feed of an upserted table (one row a thing, rewritten as it changes): no partitions, no
 * retention, no default window, listed by its declared keyset order. Its module serves the list
 * (the console is given the request); it has no export.
 */
export interface UpsertedFeedDef extends FeedBase {
  storage: 'upserted';
  /** the keyset order: its last key is unique (the row's key and the cursor's tie-break) */
  order: readonly [FeedOrderKey, ...FeedOrderKey[]];
  partition?: undefined;
  window?: undefined;
}

export type FeedDef = PartitionedFeedDef | UpsertedFeedDef;

/** The keyset order of a feed (a partitioned one: newest created first). */
export const feedOrder = (def: FeedDef): readonly FeedOrderKey[] =>
  def.order ?? [
    { key: 'createdAt', dir: 'desc' },
    { key: 'id', dir: 'desc' },
  ];

/** The property that tells a feed's rows apart (the last key of its order). */
export const feedRowKey = (def: FeedDef): string => {
  const order = feedOrder(def);
  return order[order.length - 1]!.key;
};

/** A feed's filter's label: its own or its column's. */
export const filterLabel = (def: Pick<FeedDef, 'columns'>, f: FeedFilter): string =>
  f.label ?? def.columns.find((c) => c.key === f.key)?.label ?? f.key;

export const DAY_MS = 86_400_000;

/** Checks a declaration once, where it is written (a wrong filter or window fails at startup, not on a request). */
export function defineFeed<const D extends FeedDef>(def: D): D {
  const keys = new Set(def.columns.map((c) => c.key));
  for (const f of def.filters) {
    const col = def.columns.find((c) => c.key === f.key);
    if (!col) {
      // a filter of its own (labelled) is no column's; enum, prefix and range filters need theirs
      if (!f.label || f.op === 'enum' || f.op === 'range' || def.storage !== 'upserted')
        throw new Error(`feed ${def.code}: filter ${f.key} is not a column`);
      continue;
    }
    if (f.op === 'enum' && col.kind !== 'enum') throw new Error(`feed ${def.code}: filter ${f.key} is not an enum column`);
    if (f.op === 'prefix' && col.kind !== 'text') throw new Error(`feed ${def.code}: prefix filter ${f.key} is not a text column`);
    if (f.op === 'range' && col.kind !== 'time') throw new Error(`feed ${def.code}: range filter ${f.key} is not a time column`);
  }
  if (def.storage === 'upserted') {
    for (const o of def.order) if (!keys.has(o.key)) throw new Error(`feed ${def.code}: order key ${o.key} is not a column`);
  } else {
    // the server's generic list answers the declared ops on created_at-partitioned rows only
    if (def.filters.some((f) => f.op === 'range')) throw new Error(`feed ${def.code}: a partitioned feed's range is its window`);
    if (def.window.defaultDays > def.window.maxDays) throw new Error(`feed ${def.code}: default window longer than the longest`);
  }
  if (def.pageSizes && !def.pageSizes.length) throw new Error(`feed ${def.code}: no page sizes`);
  for (const c of def.columns) {
    if (c.kind === 'enum' && !c.enum && !c.options && c.display !== 'action')
      throw new Error(`feed ${def.code}: enum column ${c.key} names no enum or options`);
  }
  for (const k of def.detail ?? []) if (keys.has(k)) throw new Error(`feed ${def.code}: detail ${k} is a column`);
  return def;
}

/** The retention in days (a month counted as 31 days, so a whole month is never dropped early). */
export const retentionDays = (r: FeedRetention): number => ('days' in r ? r.days : r.months * 31);

/** The default window of a feed: [now − defaultDays (to the minute), end of today]. */
export function defaultFeedWindow(def: Pick<PartitionedFeedDef, 'window'>, now = new Date()): [Date, Date] {
  const from = new Date(now.getTime() - def.window.defaultDays * DAY_MS);
  from.setSeconds(0, 0);
  const to = new Date(now);
  to.setHours(23, 59, 59, 999);
  return [from, to];
}

/** The list/export body of a feed. `cursor` is the `next` of the previous page. */
export interface FeedQuery {
  createdAt?: [string | null, string | null];
  pageSize?: number;
  cursor?: string;
  tenantId?: number;
  /** ask the planner's estimate of the matching rows with the first page */
  estimate?: boolean;
  [filter: string]: unknown;
}

/** One page of a feed: rows newest first, the cursor of the next page (null at the end), an estimate of the rows in the window. */
export interface FeedPageData<R = Record<string, unknown>> {
  list: R[];
  next: string | null;
  hasMore: boolean;
  /** the planner's estimate of the rows matching (first page, when asked), never an exact count */
  estimate?: number;
}

type DateLike = { toISOString(): string } | null | undefined;

/** Search form values → the list/export body: blank filters dropped, texts trimmed, window as ISO strings. */
export function toFeedQuery(def: Pick<FeedDef, 'filters'>, values: Record<string, unknown>, extra: Partial<FeedQuery> = {}): FeedQuery {
  const body: FeedQuery = { ...extra };
  for (const f of def.filters) {
    const v = values[f.key];
    if (v === undefined || v === null) continue;
    if (f.op === 'range') {
      const r = v as [DateLike, DateLike];
      if (Array.isArray(r) && (r[0] || r[1])) body[f.key] = [r[0]?.toISOString() ?? null, r[1]?.toISOString() ?? null];
    } else if (typeof v === 'string') {
      const s = v.trim();
      if (s) body[f.key] = s.slice(0, 128);
    } else body[f.key] = v;
  }
  const tenantId = values.tenantId;
  if (typeof tenantId === 'number' && Number.isInteger(tenantId) && tenantId >= 0) body.tenantId = tenantId;
  const range = values.createdAt as [DateLike, DateLike] | null | undefined;
  if (range && (range[0] || range[1])) body.createdAt = [range[0]?.toISOString() ?? null, range[1]?.toISOString() ?? null];
  return body;
}
