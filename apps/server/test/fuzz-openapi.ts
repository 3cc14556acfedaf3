import { RESOURCES } from '@tagloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRow } from './sample-row.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/**
 * Bad input never gets a 5xx: every operation of the OpenAPI document, called as the platform
 * admin and as the DEMO tenant admin, with generated bad values in each of its properties (body,
 * query string, path), and every list/export filter of the declarations with values of the wrong
 * kind. The generators are fixed lists, so every run sends the same requests.
 *
 * The probes are shared among the files fuzz-openapi-<n>.test.ts (each calls `fuzzOpenApi` with its
 * shard), so that the pool's workers run them side by side: every file builds the same probes for the
 * whole document, in the same order, and sends those of the operations its shard owns (a hash of
 * the operation's method and path, so an operation stays in its shard when others come and go).
 *
 * Left out: GET /api/user/logout (it would end the session under test) and the event streams. Logins are sent
 * from their own address, so that their refusals do not throttle the sessions under test. The two
 * databases share each operation's probes: PGlite sends every other one, PostgreSQL the rest.
 * FUZZ_DRY=1 prints the probes each shard would send, and sends none.
 */
const SKIP = new Set([
  'GET /api/user/logout',
  // event streams answer bad input with 400 (rfid-live.test.ts) and otherwise never end
  'GET /api/rfid/live',
  'GET /api/dashboard/live',
  'GET /api/warehouse/receiving-check/live',
  'GET /api/warehouse/receiving-qi/sample/live',
]);
/** A probe unanswered this long is reported (as 599), so one hanging operation is named, not a timed-out run. */
const PROBE_TIMEOUT_MS = 30_000;
const LOGIN_ADDRESS = '10.99.0.1';
/** An id no row has: writes with otherwise valid bodies change nothing that the run depends on. */
const NO_ROW = 999_999;

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  format?: string;
  default?: unknown;
};
type Doc = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: Schema }> }; parameters?: Param[] }>>;
  components?: { schemas?: Record<string, Schema> };
};
type Param = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: Schema };

const LONE = '\ud800';
/** Values wrong for any property: text PostgreSQL cannot store, a record, a list. */
const ANY_BAD: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', `a${LONE}b`],
  ['object', { nested: { deeper: ['x'] } }],
  ['array', [1, 'x', null]],
];
/** Values wrong for ids and numbers (and strings standing for them). */
const NUMBER_BAD: [string, unknown][] = [
  ['text in a number', 'abc'],
  ['boolean', true],
  ['huge number', 1e20],
  ['beyond int4', 2_147_483_648],
  ['below int4', -2_147_483_649],
  ['fraction', 1.5],
  ['exponent text', '1e3'],
  ['huge digits', '99999999999999999999999'],
];
/** Values wrong for enumerations (filters and fields). */
const ENUM_BAD: [string, unknown][] = [
  ['text in an enum', 'abc'],
  ['number in an enum', 987654],
  ['boolean', false],
];
/** Values wrong for text. */
const STRING_BAD: [string, unknown][] = [
  ['number in text', 12345],
  ['boolean', true],
  ['null', null],
  ['lone low surrogate', '\udc00'],
];
/** Values wrong for dates and date ranges. */
const DATE_BAD: [string, unknown][] = [
  ['invalid date', '2024-13-45T99:99:99'],
  ['not a date', 'yesterday'],
  ['ancient date', '-271821-04-20T00:00:00.000Z'],
  ['epoch overflow', 8.64e15],
  ['bad range', ['2024-02-30', 'not a date']],
  ['range of numbers', [1e20, -1e20]],
];
/** Valid dates and date-times as clients send them: a day, and ISO 8601 instants with offsets (UTC, east, west, fractions). */
const VALID_DATES = [
  '2024-02-29',
  '2026-12-31',
  '2024-02-29T10:20:30+08:00',
  '2024-02-29T23:59:59.999Z',
  '2025-07-01T00:00:00-05:30',
  '2025-07-01T08:00+08:00',
];
/** Values wrong for lists. */
const ARRAY_BAD: [string, unknown][] = [
  ['scalar for a list', 'x'],
  ['list of booleans', [true, false]],
  ['list of objects', [{ a: { b: 1 } }]],
  ['list with NUL', ['\u0000']],
  ['list of huge', [1e20, 2_147_483_648]],
  ['long list', Array.from({ length: 3000 }, (_, i) => i + 1)],
];

function resolve(doc: Doc, s: Schema | undefined, depth = 0): Schema {
  if (!s || depth > 8) return {};
  if (s.$ref) return resolve(doc, doc.components?.schemas?.[s.$ref.split('/').pop()!], depth + 1);
  if (s.allOf) {
    const merged: Schema = { properties: {}, required: [] };
    for (const part of s.allOf) {
      const r = resolve(doc, part, depth + 1);
      Object.assign(merged, { ...r, properties: merged.properties, required: merged.required });
      Object.assign(merged.properties!, r.properties);
      merged.required!.push(...(r.required ?? []));
    }
    return merged;
  }
  return s;
}

const typeOf = (s: Schema): string | undefined => {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  const alt = (s.anyOf ?? s.oneOf)?.map((x) => typeOf(x)).find(Boolean);
  return alt;
};

/** A plausible valid value of a schema (ids point at no row). */
function sample(doc: Doc, raw: Schema | undefined, key = '', depth = 0): unknown {
  const s = resolve(doc, raw);
  if (depth > 5) return undefined;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sample(doc, alt.find((x) => resolve(doc, x).type !== 'null') ?? alt[0], key, depth + 1);
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return /ids?$/i.test(key) ? NO_ROW : Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array': {
      if (Array.isArray(s.prefixItems ?? s.items))
        return ((s.prefixItems ?? s.items) as Schema[]).map((x) => sample(doc, x, key, depth + 1));
      const n = s.minItems ?? 0;
      return Array.from({ length: n }, () => sample(doc, s.items as Schema, key, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (!s.required?.includes(k) && depth > 0) continue;
        out[k] = sample(doc, v, k, depth + 1);
      }
      return out;
    }
    case 'string':
      if (s.format === 'date-time' || s.format === 'date') return '2024-01-01T00:00:00.000Z';
      return 'X'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return /ids?$/i.test(key) ? NO_ROW : 'X';
  }
}

/** The bad values tried on one property, by what the schema says it holds. */
function badValues(doc: Doc, raw: Schema, key: string): [string, unknown][] {
  const s = resolve(doc, raw);
  const t = typeOf(s);
  // a record in every property; a list in those that hold no list (lists get their own values)
  const out = ANY_BAD.filter(([label]) => label !== 'array' || t !== 'array');
  const dateLike = /(time|date|At)$/.test(key) || s.format === 'date-time' || s.format === 'date';
  const enumLike = !!(s.enum || s.anyOf || s.oneOf);
  if (enumLike) out.push(...ENUM_BAD);
  else if (t === 'integer' || t === 'number' || /ids?$/i.test(key) || !t) out.push(...NUMBER_BAD);
  if (t === 'string' && !s.enum) out.push(...STRING_BAD);
  if (t === 'array') out.push(...ARRAY_BAD);
  if (dateLike || !t) out.push(...DATE_BAD);
  return out;
}

/** Percent-encoding that also writes unpaired surrogates (as the 3 bytes a careless encoder sends). */
function encodeText(s: string): string {
  return s.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (c) => {
    if (c.length === 2 || !/[\ud800-\udfff]/.test(c)) return encodeURIComponent(c);
    const u = c.charCodeAt(0);
    return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  });
}

interface Probe {
  label: string;
  url: string;
  method: string;
  body?: unknown;
  rawBody?: string;
}

const SHARED_KEYS = new Set(['page', 'pageSize', 'sortOrder']);
const sharedSeen = new Map<string, number>();

/** Every probe of one operation. */
function probes(doc: Doc, method: string, path: string): Probe[] {
  const op = doc.paths[path][method];
  const params = (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const M = method.toUpperCase();
  const baseParams = Object.fromEntries(params.map((p) => [p.name, p.schema ? sample(doc, p.schema, p.name) : 'X']));
  const baseBody = bodySchema ? (sample(doc, bodySchema) as Record<string, unknown>) : undefined;

  const enc = (v: unknown) => encodeText(typeof v === 'string' ? v : JSON.stringify(v));
  const urlOf = (values: Record<string, unknown>, extra = '') => {
    let u = path;
    const q: string[] = [];
    for (const p of params) {
      const v = values[p.name];
      if (p.in === 'path') u = u.replace(`{${p.name}}`, v === undefined ? 'X' : enc(v));
      else if (v !== undefined) {
        if (Array.isArray(v)) for (const x of v) q.push(`${p.name}=${enc(x)}`);
        else q.push(`${p.name}=${enc(v)}`);
      }
    }
    const qs = [...q, extra].filter(Boolean).join('&');
    return qs ? `${u}?${qs}` : u;
  };

  const out: Probe[] = [{ label: 'plausible input', method: M, url: urlOf(baseParams), body: baseBody }];
  for (const p of params) {
    for (const [label, v] of badValues(doc, p.schema ?? {}, p.name)) {
      out.push({ label: `${p.in} ${p.name}: ${label}`, method: M, url: urlOf({ ...baseParams, [p.name]: v }), body: baseBody });
    }
    out.push({ label: `${p.in} ${p.name}: nested key`, method: M, url: urlOf(baseParams, `${p.name}[a][b]=1`), body: baseBody });
    if (p.required) {
      const { [p.name]: _gone, ...rest } = baseParams;
      out.push({ label: `${p.in} ${p.name}: missing`, method: M, url: urlOf(rest), body: baseBody });
    }
  }
  if (bodySchema && M !== 'GET') {
    const s = resolve(doc, bodySchema);
    const url = urlOf(baseParams);
    out.push({ label: 'body: missing required', method: M, url, body: {} });
    out.push({ label: 'body: a list', method: M, url, body: [baseBody] });
    out.push({ label: 'body: text', method: M, url, body: 'x' });
    out.push({
      label: 'body: extra nesting',
      method: M,
      url,
      body: { data: baseBody, [Object.keys(s.properties ?? { x: 1 })[0]]: { data: baseBody } },
    });
    out.push({ label: 'body: malformed JSON', method: M, url, rawBody: '{"a": ' });
    out.push({ label: 'body: NUL key', method: M, url, body: { ...baseBody, 'k\u0000': 1 } });
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      // paging and sorting are one shared rule on every list: tried on the first few lists only
      if (SHARED_KEYS.has(key) && (sharedSeen.set(key, (sharedSeen.get(key) ?? 0) + 1).get(key) ?? 0) > 4) continue;
      for (const [label, v] of badValues(doc, prop, key)) {
        out.push({ label: `body ${key}: ${label}`, method: M, url, body: { ...baseBody, [key]: v } });
      }
      // one level down: the first item of a list of records, or a record's fields
      const inner = resolve(doc, prop);
      const itemSchema = typeOf(inner) === 'array' && !Array.isArray(inner.items) ? resolve(doc, inner.items as Schema) : undefined;
      const rec = itemSchema && typeOf(itemSchema) === 'object' ? itemSchema : typeOf(inner) === 'object' ? inner : undefined;
      for (const [k2, p2] of Object.entries(rec?.properties ?? {})) {
        const base2 = sample(doc, rec, key, 1) as Record<string, unknown>;
        for (const [label, v] of badValues(doc, p2, k2).slice(0, 5)) {
          const value = { ...base2, [k2]: v };
          out.push({
            label: `body ${key}.${k2}: ${label}`,
            method: M,
            url,
            body: { ...baseBody, [key]: rec === itemSchema ? [value] : value },
          });
        }
      }
    }
  }
  return out;
}

/** Bad values for every list/export filter a declaration has, beyond what the OpenAPI shapes say. */
function filterProbes(): Probe[] {
  const out: Probe[] = [];
  const values: [string, unknown][] = [
    ['NUL', 'a\u0000b'],
    ['object', { a: 1 }],
    ['text', 'abc'],
    ['boolean', true],
    ['huge', 1e20],
    ['beyond int4', 2_147_483_648],
    ['fraction', 1.5],
    ['bad dates', ['2024-02-30', 'x']],
    ['far dates', ['+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z']],
    ['numbers as range', [1e20, 'z']],
  ];
  for (const def of RESOURCES) {
    for (const f of def.list.filter((x) => x.search)) {
      // export reads the same filters as the list: a few values suffice there
      for (const [i, [label, v]] of values.entries()) {
        for (const action of i < 2 ? ['list', 'export'] : ['list']) {
          out.push({
            label: `filter ${f.key} (${f.kind}, ${f.search}): ${label}`,
            method: 'POST',
            url: `/api/${def.code}/${action}`,
            body: { [f.key]: v },
          });
        }
      }
    }
    for (const [label, v] of [
      ['sortField', { sortField: 'nope' }],
      ['sortOrder', { sortOrder: 'sideways' }],
      ['page huge', { page: 1e20 }],
      ['page beyond int4', { page: 2_147_483_648, pageSize: 500 }],
      ['pageSize text', { pageSize: 'abc' }],
    ] as const) {
      out.push({ label: `list ${label}`, method: 'POST', url: `/api/${def.code}/list`, body: v });
    }
  }
  return out;
}

/** A group of probes sent in turn: one operation's, or one list's filters; `key` places it in a shard. */
interface Group {
  key: string;
  probes: Probe[];
}

/** Every probe group of the document, in document order (the same in every shard: `sharedSeen` counts along it). */
function probeGroups(doc: Doc): Group[] {
  sharedSeen.clear();
  const ops: [string, string][] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item)) if (!SKIP.has(`${method.toUpperCase()} ${path}`)) ops.push([method, path]);
  }
  expect(ops.length).toBeGreaterThan(150);
  const byUrl = new Map<string, Probe[]>();
  for (const p of filterProbes()) byUrl.set(p.url, [...(byUrl.get(p.url) ?? []), p]);
  // an export reads the same body as its list: every other probe is enough there
  const thin = (path: string, ps: Probe[]) => (path.endsWith('/export') ? ps.filter((_, i) => i % 2 === 0) : ps);
  // npm test runs both databases, which share the probes: the embedded one sends every other probe
  // of each operation, the first included, and PostgreSQL the others (an operation's only probe goes
  // to both) — every probe is sent, once, and every operation meets both databases
  const sample = (ps: Probe[]) => (ps.length === 1 ? ps : ps.filter((_, i) => i % 2 === (DRIVER === 'pg' ? 1 : 0)));
  return [
    ...ops.map(([m, p]) => ({ key: `${m.toUpperCase()} ${p}`, probes: sample(thin(p, probes(doc, m, p))) })),
    ...[...byUrl].map(([url, ps]) => ({ key: `filters ${url}`, probes: sample(ps) })),
  ];
}

/** The shard (0 … of-1) a group belongs to: FNV-1a of its key, so that it depends on nothing else. */
function shardOf(key: string, of: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h % of;
}

/**
 * The fuzz of the operations in shard `shard` (1 … `of`) of the document; `validDates` adds the
 * test of valid dates in every date field (one file runs it).
 */
export function fuzzOpenApi({ shard, of, validDates = false }: { shard: number; of: number; validDates?: boolean }) {
  describe(`no 5xx on bad input, OpenAPI operations of shard ${shard} of ${of}, on ${DRIVER}`, () => {
    let t: TestApp;
    let doc: Doc;
    const tokens: Record<string, string> = {};
    const users = [
      ['admin', 'admin123'],
      ['demo', 'demo123'],
    ] as const;

    beforeAll(async () => {
      const t0 = performance.now();
      t = await startTestApp();
      const t1 = performance.now();
      for (const [u, p] of users) tokens[u] = await t.login(u, p);
      const t2 = performance.now();
      doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(`fuzz ${shard}/${of} set up: app ${s(t1 - t0)}, sign-ins ${s(t2 - t1)}, OpenAPI document ${s(performance.now() - t2)}`);
    }, 120_000);
    afterAll(() => t?.close());

    it('answers every generated bad input with a 4xx (or a success), never a 5xx', async () => {
      const all = probeGroups(doc);
      const groups = all.filter((g) => shardOf(g.key, of) === shard - 1).map((g) => g.probes);
      if (process.env.FUZZ_DRY) {
        const per = Array.from({ length: of }, () => ({ groups: 0, probes: 0 }));
        for (const g of all) {
          per[shardOf(g.key, of)].groups++;
          per[shardOf(g.key, of)].probes += g.probes.length;
        }
        console.log(`fuzz dry run: ${all.reduce((n, g) => n + g.probes.length, 0)} probes; by shard`, per);
        return;
      }
      expect(groups.length).toBeGreaterThan(0);
      const offenders = new Map<string, string>();
      let sent = 0;
      let relogins = 0;
      let refusedUpFront = 0;
      for (const [user, password] of users) {
        for (const group of groups) {
          for (const [i, probe] of group.entries()) {
            const isLogin = probe.url.startsWith('/api/user/login') || probe.url.startsWith('/api/user/sso');
            const send = () => {
              let timer: NodeJS.Timeout | undefined;
              const late = new Promise<{ status: number; body: { code: number; msg: string } }>((resolve) => {
                timer = setTimeout(
                  () => resolve({ status: 599, body: { code: 599, msg: `no answer in ${PROBE_TIMEOUT_MS / 1000} s` } }),
                  PROBE_TIMEOUT_MS,
                );
              });
              const answer = t.call(probe.method, probe.url, {
                token: tokens[user],
                lang: 'en',
                body: probe.body,
                rawBody: probe.rawBody,
                remoteAddress: isLogin ? LOGIN_ADDRESS : undefined,
              });
              return Promise.race([answer, late]).finally(() => clearTimeout(timer));
            };
            let r = await send();
            sent++;
            if (r.status === 401 && !isLogin) {
              // a probe ended this session (e.g. disabled its account): sign in again
              tokens[user] = await t.login(user, password);
              relogins++;
              r = await send();
            }
            if (r.status >= 500) {
              const key = `${user} ${probe.method} ${probe.url.split('?')[0]} | ${probe.label}`;
              if (!offenders.has(key)) offenders.set(key, `${r.status} ${String(r.body?.msg).slice(0, 120)}`);
              if (process.env.FUZZ_VERBOSE) console.error(`5xx: ${key} → ${r.status} ${String(r.body?.msg).slice(0, 120)}`);
            }
            // the operation is refused to this user whatever the input (its button, or a platform-only
            // screen): its inputs are fuzzed with the user it serves
            if (i === 0 && r.status === 403 && r.body?.code === 403) {
              refusedUpFront++;
              break;
            }
          }
        }
      }
      console.log(
        `fuzz ${shard}/${of}: ${sent} requests to ${groups.length} of ${all.length} operations and filter lists; ${refusedUpFront} refused up front; ${relogins} sign-ins again`,
      );
      const report = [...offenders].map(([k, v]) => `${k} → ${v}`).join('\n');
      expect(report, `${offenders.size} of ${sent} requests answered 5xx (${relogins} sign-ins again):\n${report}`).toBe('');
    }, 900_000);

    it.runIf(validDates)(
      'answers valid dates (YYYY-MM-DD) and date-times (ISO 8601 with an offset) in every date field of every declaration, on create and update, never with a 5xx',
      async () => {
        const offenders: string[] = [];
        let sent = 0;
        let fields = 0;
        for (const service of t.app.resourceServices.values()) {
          const def = service.def;
          const dated = def.list.filter((f) => (f.kind === 'date' || f.kind === 'datetime') && f.form);
          if (!dated.length) continue;
          const token = tokens[def.owner === 'platform' ? 'admin' : 'demo'];
          const base = `/api/${def.code}`;
          // a row that passes the declaration (its first seed row), else the OpenAPI's plausible body
          const createSchema = doc.paths[`${base}/create`]?.post?.requestBody?.content?.['application/json']?.schema;
          const body = def.seed?.length
            ? sampleRow(def, 'D')
            : createSchema
              ? (sample(doc, createSchema) as Record<string, unknown>)
              : undefined;
          const listed = await t.call('POST', `${base}/list`, { token, body: { page: 1, pageSize: 1 } });
          const id = (listed.body.data?.list?.[0]?.id as number | undefined) ?? NO_ROW;
          for (const f of dated) {
            fields++;
            for (const value of VALID_DATES) {
              const probes: [string, unknown][] = [];
              if (body && doc.paths[`${base}/create`]) probes.push(['create', { ...body, [f.key]: value }]);
              if (doc.paths[`${base}/update`]) probes.push(['update', { id, [f.key]: value }]);
              for (const [action, payload] of probes) {
                const r = await t.call('POST', `${base}/${action}`, { token, body: payload, lang: 'en_US' });
                sent++;
                if (r.status >= 500)
                  offenders.push(`${def.code}/${action} ${f.key}=${value} → ${r.status} ${String(r.body?.msg).slice(0, 120)}`);
              }
            }
          }
        }
        console.log(`valid dates: ${sent} requests over ${fields} date fields`);
        expect(fields).toBeGreaterThan(10);
        expect(offenders).toEqual([]);
      },
      600_000,
    );
  });
}
