import { describe, expect, it } from 'vitest';
import { CATALOGS, keysContaining } from '../i18n/index.js';
import { webScreensCatalog } from '../i18n/load-web.js';
import {
  defaultFeedWindow,
  defineFeed,
  deviceMessage,
  FEED_PRESETS,
  feedOrder,
  feedRowKey,
  filterLabel,
  parseStoredMessage,
  retentionDays,
  storedMessage,
  toFeedQuery,
} from './define.js';
import { EPC_FEEDS, FEEDS, rfidEpcDataFeed, syncLogFeed } from './index.js';

const lookup = (tree: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined), tree);

describe('feeds', () => {
  it('default to the last 7 days up to the end of today', () => {
    const [from, to] = defaultFeedWindow(syncLogFeed, new Date(2024, 2, 12, 10, 30, 45));
    expect(from).toEqual(new Date(2024, 2, 5, 10, 30, 0));
    expect(to).toEqual(new Date(2024, 2, 12, 23, 59, 59, 999));
  });

  it('build the body: declared filters only, trimmed, blanks dropped, tenant kept, window as ISO strings', () => {
    const from = new Date('2024-03-01T00:00:00Z');
    const body = toFeedQuery(
      syncLogFeed,
      { system: '  ERP ', documentNo: '   ', direction: 1, result: null, tenantId: 0, createdAt: [from, null], unknown: 'x' },
      { pageSize: 50 },
    );
    expect(body).toEqual({ pageSize: 50, system: 'ERP', direction: 1, tenantId: 0, createdAt: ['2024-03-01T00:00:00.000Z', null] });
    expect(toFeedQuery(syncLogFeed, { createdAt: [null, null] })).toEqual({});
  });

  it('refuse a filter on no column, an enum filter on a text column, a default window past the longest', () => {
    const base = {
      code: 'x/y',
      title: 't',
      table: 'x',
      scope: 'tenant' as const,
      columns: [{ key: 'a', label: 'l', kind: 'text' as const }],
      partition: { by: 'day' as const, retention: { days: 7 } },
      window: { defaultDays: 1, maxDays: 7 },
    };
    expect(() => defineFeed({ ...base, filters: [{ key: 'b', op: 'eq' }] })).toThrow(/not a column/);
    expect(() => defineFeed({ ...base, filters: [{ key: 'a', op: 'enum' }] })).toThrow(/not an enum/);
    expect(() => defineFeed({ ...base, filters: [], window: { defaultDays: 9, maxDays: 7 } })).toThrow(/default window/);
    expect(retentionDays({ months: 6 })).toBe(186);
  });

  it('name every label in the server catalogs (exports) and the console catalogs (screens), three languages', () => {
    const keys = FEEDS.flatMap((f) => [
      f.title,
      ...f.columns.map((c) => c.label),
      ...f.columns.flatMap((c) => c.options?.map((o) => o.label) ?? []),
    ]);
    for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const) {
      const web = webScreensCatalog(lang);
      for (const k of keys) {
        expect(typeof lookup(CATALOGS[lang], k), `${lang} server ${k}`).toBe('string');
        expect(lookup(web, k), `${lang} console ${k}`).toBe(lookup(CATALOGS[lang], k));
      }
    }
  });
});

describe('upserted feeds (one row a thing, e.g. EPC state)', () => {
  const base = {
    code: 'x/z',
    table: 'x',
    scope: 'tenant' as const,
    storage: 'upserted' as const,
    columns: [
      { key: 'seenAt', label: 'l', kind: 'time' as const },
      { key: 'code', label: 'l', kind: 'text' as const },
    ],
    order: [
      { key: 'seenAt', dir: 'desc' },
      { key: 'code', dir: 'asc' },
    ] as const,
  };

  it('keyset on their declared order, told apart by its last key; partitioned feeds on (created_at, id) desc', () => {
    expect(feedOrder(rfidEpcDataFeed)).toEqual([
      { key: 'lastSeenAt', dir: 'desc' },
      { key: 'epc', dir: 'asc' },
    ]);
    expect(feedRowKey(rfidEpcDataFeed)).toBe('epc');
    expect(feedOrder(syncLogFeed).map((o) => `${o.key} ${o.dir}`)).toEqual(['createdAt desc', 'id desc']);
    expect(feedRowKey(syncLogFeed)).toBe('id');
    for (const f of EPC_FEEDS) expect(f.partition).toBeUndefined();
  });

  it('take a labelled filter of their own and a time range, sent as ISO strings', () => {
    const feed = defineFeed({
      ...base,
      filters: [
        { key: 'placeId', op: 'eq', label: 'place' },
        { key: 'seenAt', op: 'range', presets: ['lastHour'] },
      ],
    });
    expect(filterLabel(feed, feed.filters[0]!)).toBe('place');
    expect(filterLabel(feed, feed.filters[1]!)).toBe('l');
    const from = new Date('2024-03-01T00:00:00Z');
    expect(toFeedQuery(feed, { placeId: 3, seenAt: [from, null] })).toEqual({ placeId: 3, seenAt: ['2024-03-01T00:00:00.000Z', null] });
    expect(toFeedQuery(feed, { seenAt: [null, null] })).toEqual({});
  });

  it('refuse an order on no column, a range on no time column, an unlabelled filter of no column', () => {
    expect(() => defineFeed({ ...base, filters: [], order: [{ key: 'nope', dir: 'desc' }] })).toThrow(/order key nope/);
    expect(() => defineFeed({ ...base, filters: [{ key: 'code', op: 'range' }] })).toThrow(/not a time column/);
    expect(() => defineFeed({ ...base, filters: [{ key: 'b', op: 'eq' }] })).toThrow(/not a column/);
    expect(() => defineFeed({ ...base, filters: [], pageSizes: [] })).toThrow(/no page sizes/);
  });

  it('name every label, placeholder and preset in the console catalogs, three languages', () => {
    const keys = EPC_FEEDS.flatMap((f) => [
      ...(f.hint ? [f.hint] : []),
      ...f.columns.map((c) => c.label),
      ...f.columns.flatMap((c) => c.options?.map((o) => o.label) ?? []),
      ...f.filters.flatMap((x) => [filterLabel(f, x), ...(x.placeholder ? [x.placeholder] : [])]),
    ]);
    for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const) {
      const web = webScreensCatalog(lang);
      for (const k of [...keys, ...FEED_PRESETS.map((p) => `feeds.presets.${p}`)])
        expect(typeof lookup(web, k), `${lang} console ${k}`).toBe('string');
    }
  });
});

describe('catalog messages stored in a localized column', () => {
  it('round-trips a key and its parameters, and leaves any other text alone', () => {
    const stored = storedMessage('readers.log.bound', { location: '上海 "旗舰店", 1F', scene: 'FITTING' });
    expect(parseStoredMessage(stored)).toEqual({ key: 'readers.log.bound', params: { location: '上海 "旗舰店", 1F', scene: 'FITTING' } });
    for (const other of ['Antenna 2', '', 'i18n:not json', 'i18n:{"params":{}}', null, 42])
      expect(parseStoredMessage(other)).toBeUndefined();
  });

  it("keeps a device's own words from being read as a catalog message", () => {
    const spoof = storedMessage('readers.log.revoked', { revoked: 1 });
    expect(parseStoredMessage(deviceMessage(spoof))).toBeUndefined();
    expect(deviceMessage(spoof).trim()).toBe(spoof);
    expect(deviceMessage('Antenna 2 disconnected')).toBe('Antenna 2 disconnected');
  });

  it('finds the keys whose words (not their parameters) hold a text, in the given language', () => {
    expect(keysContaining('en_US', 'BOUND TO')).toContain('readers.log.bound');
    expect(keysContaining('zh_CN', '已绑定到')).toContain('readers.log.bound');
    expect(keysContaining('zh_CN', 'bound to')).not.toContain('readers.log.bound');
    // "Bound to {{location}}, scene {{scene}}": a parameter's name is not a word of the message
    expect(keysContaining('en_US', 'location}}')).not.toContain('readers.log.bound');
    expect(keysContaining('en_US', 'location')).not.toContain('readers.log.bound');
  });
});
