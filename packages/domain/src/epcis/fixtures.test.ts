/**
 * GS1's own material (apps/server/test/fixtures/epcis, copied from github gs1/EPCIS): every example
 * document of its JSON folder reads without error and our checks agree with GS1's JSON schema (ajv,
 * as the server compiles it) on them; a query document we write validates against the schema; what
 * the binding (openapi.yaml) names — problem types, discovery headers, the GET /events parameters — is
 * what this module knows.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { eventHash } from '../resources/label/tags/event-hash.js';
import { readCaptureDocument } from './capture.js';
import { EPCIS_PROBLEM_TYPES } from './problem.js';
import { EPCIS_QUERY_PARAMETERS_REFUSED, EPCIS_QUERY_PARAMETERS_SUPPORTED, parseEpcisQuery } from './query.js';
import { discoveryHeaders, toQueryDocument } from './serve.js';

const FIXTURES = fileURLToPath(new URL('../../../../apps/server/test/fixtures/epcis/', import.meta.url));
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.jsonld') ? [p] : [];
  });
const examples = walk(join(FIXTURES, 'examples')).map((p) => ({
  name: relative(join(FIXTURES, 'examples'), p),
  // biome-ignore lint/suspicious/noExplicitAny: GS1's documents are read loosely
  doc: JSON.parse(readFileSync(p, 'utf8')) as Record<string, any>,
}));

const ajv = new Ajv({ strict: false, allErrors: true });
(addFormatsPlugin as unknown as (a: Ajv) => void)(ajv);
// GS1's schema, where the server validates captures with it
const SCHEMA = fileURLToPath(new URL('../../../../apps/server/src/modules/label/epcis/gs1/EPCIS-JSON-Schema.json', import.meta.url));
const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
const schemaErrors = (doc: unknown) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

// biome-ignore lint/suspicious/noExplicitAny: the binding is read loosely
const openapi = parseYaml(readFileSync(join(FIXTURES, 'openapi.yaml'), 'utf8')) as Record<string, any>;

describe("GS1's example documents", () => {
  it('are all there: the EPCISDocuments of the JSON folder and its EPCISQueryDocument', () => {
    expect(examples.filter((x) => x.doc.type === 'EPCISDocument')).toHaveLength(46);
    expect(examples.filter((x) => x.doc.type === 'EPCISQueryDocument')).toHaveLength(1);
  });

  for (const { name, doc } of examples)
    it(`${name}: valid against the schema, read without error, each event kept as captured`, () => {
      expect(schemaErrors(doc)).toEqual([]);
      const list = doc.type === 'EPCISDocument' ? doc.epcisBody.eventList : doc.epcisBody.queryResults.resultsBody.eventList;
      const before = JSON.stringify(doc);
      const { events } = readCaptureDocument(doc);
      expect(JSON.stringify(doc)).toBe(before);
      expect(events).toHaveLength(list.length);
      events.forEach((e, i) => {
        expect(e.raw).toBe(list[i]);
        expect(e.eventType).toBe(list[i].type);
        expect(e.eventId).toBe(list[i].eventID ?? eventHash(list[i]));
        expect(e.eventTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      });
    });

  it('agree with our checks: a document the schema refuses, we refuse (each example with a field broken)', () => {
    const breakers: [string, (e: Record<string, unknown>) => void][] = [
      ['eventTime', (e) => (e.eventTime = '2005-04-03 20:33')],
      ['eventTimeZoneOffset', (e) => (e.eventTimeZoneOffset = '+25:00')],
      ['type', (e) => (e.type = 'QuantityEvent')],
      ['bizStep', (e) => (e.bizStep = 'shipping2')],
      ['unknown field', (e) => (e.epclist = [])],
    ];
    let compared = 0;
    for (const { doc } of examples.filter((x) => x.doc.type === 'EPCISDocument'))
      for (const [, breakIt] of breakers) {
        const copy = structuredClone(doc);
        breakIt(copy.epcisBody.eventList[0]);
        expect(schemaErrors(copy).length).toBeGreaterThan(0);
        expect(() => readCaptureDocument(copy)).toThrow(/ValidationException: eventList\[0\]\./);
        compared++;
      }
    expect(compared).toBe(46 * breakers.length);
  });

  it('make query documents the schema takes (their extension namespaces carried along)', () => {
    const events = examples
      .filter((x) => x.doc.type === 'EPCISDocument')
      .flatMap((x) =>
        readCaptureDocument(x.doc).events.map((e) => ({
          event: e.raw,
          context: e.context,
          eventID: e.eventId,
          recordTime: '2024-05-01T10:00:00.000Z',
        })),
      );
    const doc = toQueryDocument(events, { now: new Date('2024-05-01T00:00:00Z') });
    expect(schemaErrors(doc)).toEqual([]);
    expect(doc.epcisBody.queryResults.resultsBody.eventList).toHaveLength(events.length);
    // the query document reads back as a capture (the binding's POST /capture takes one)
    expect(readCaptureDocument(doc).events).toHaveLength(events.length);
    const subscribed = toQueryDocument(events.slice(0, 2), {
      queryName: 'mine',
      subscriptionID: 'sub-1',
      epcFormat: 'Always_GS1_Digital_Link',
    });
    expect(schemaErrors(subscribed)).toEqual([]);
  });
});

describe('the binding (openapi.yaml)', () => {
  it('names exactly our problem types', () => {
    const text = readFileSync(join(FIXTURES, 'openapi.yaml'), 'utf8');
    const named = new Set([...text.matchAll(/epcisException:(\w+)/g)].map((m) => m[1]));
    named.delete('IUnsupportedMediaTypeException'); // a typo of the binding's, beside UnsupportedMediaTypeException
    expect([...named].sort()).toEqual(Object.keys(EPCIS_PROBLEM_TYPES).sort());
  });

  it('defines every discovery header we send', () => {
    const headers = new Set(Object.keys(openapi.components.headers));
    const all = discoveryHeaders({
      captureLimit: 500,
      captureFileSizeLimit: 1024,
      vendorVersion: 'tagloom-1',
      extensions: { ex: 'http://ns.example.com/epcis/' },
      captureErrorBehaviour: 'rollback',
    });
    for (const h of Object.keys(all)) expect(headers.has(h), h).toBe(true);
  });

  it('lists every GET /events query parameter as supported or refused, and we read the supported ones', () => {
    const params = openapi.components.parameters as Record<string, { in: string; name: string }>;
    const names = (openapi.paths['/events'].get.parameters as { $ref: string }[])
      .map((p) => params[p.$ref.split('/').pop()!])
      .filter((p) => p.in === 'query')
      .map((p) => p.name);
    expect(names.length).toBeGreaterThan(50);
    const known = new Set<string>([...EPCIS_QUERY_PARAMETERS_SUPPORTED, ...EPCIS_QUERY_PARAMETERS_REFUSED]);
    for (const n of names) expect(known.has(n), n).toBe(true);
    for (const n of names)
      if ((EPCIS_QUERY_PARAMETERS_REFUSED as readonly string[]).includes(n))
        expect(() => parseEpcisQuery({ [n]: 'x' }), n).toThrow(
          new RegExp(`QueryParameterException: ${n}: this query parameter is not supported`),
        );
  });
});
