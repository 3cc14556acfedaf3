import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { epcToDigitalLink, readCaptureDocument } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { captureReadersStarted, INLINE_READ_CHARS } from '../src/modules/label/epcis/read-pool.js';
import { epcisDocument, problems } from './epcis-validate.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: EPCIS documents are read loosely
type Json = Record<string, any>;

const EXAMPLES = fileURLToPath(new URL('./fixtures/epcis/examples/', import.meta.url));
/** GS1's example documents (fixtures/epcis/examples), by their path under it. */
function examples(dir = EXAMPLES, under = ''): { name: string; text: string }[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) =>
      statSync(join(dir, f)).isDirectory()
        ? examples(join(dir, f), `${under}${f}/`)
        : [{ name: `${under}${f}`, text: readFileSync(join(dir, f), 'utf8') }],
    );
}

/**
 * The EPCIS 2.0 REST binding (/api/epcis) as an OpenEPCIS-style client uses it: GS1's own example
 * documents captured and found again by event ID, EPC and the standard query parameters; invalid
 * documents refused with the binding's exception and nothing stored; integration keys and tenants
 * kept apart; the platform's own lifecycle events served in the same documents.
 */
describe(`EPCIS 2.0 REST binding on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  let captureKey: string;
  let queryKey: string;
  let supplierKey: string;
  const docs = examples();

  const call = (
    method: string,
    url: string,
    opts: { token?: string; key?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    t.call(method, `/api/epcis${url}`, {
      ...(opts.token ? { token: opts.token } : {}),
      headers: {
        'gs1-epc-format': 'Always_EPC_URN',
        ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/ld+json' } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { rawBody: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) } : {}),
    }) as Promise<{ status: number; body: Json; headers: Record<string, unknown> }>;

  /** A capture: its job followed until it ends (GET /capture/{id} until running is false). */
  const capture = async (doc: unknown, opts: { key?: string; token?: string; behaviour?: string } = {}) => {
    const r = await call('POST', '/capture', {
      ...(opts.key ? { key: opts.key } : { token: opts.token ?? demo }),
      body: doc,
      headers: opts.behaviour ? { 'gs1-capture-error-behaviour': opts.behaviour } : {},
    });
    if (r.status !== 202) return { status: r.status, body: r.body, job: null as Json | null };
    const where = String(r.headers.location);
    expect(where).toMatch(/^\/api\/epcis\/capture\/\d+$/);
    for (;;) {
      const j = await t.call('GET', where, opts.key ? { headers: { authorization: `Bearer ${opts.key}` } } : { token: opts.token ?? demo });
      const job = j.body as Json;
      if (job.running === false) return { status: r.status, body: r.body, job };
      await new Promise((ok) => setTimeout(ok, 20));
    }
  };
  const events = async (query: string, token = demo) => {
    const r = await call('GET', `/events${query}`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.epcisBody.queryResults.resultsBody.eventList as Json[];
  };
  /** The eventIDs a query finds, sorted. */
  const idsOf = async (query: string) => (await events(query)).map((e) => String(e.eventID)).sort();

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
    const [admin] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from users where username = 'demo'`);
    const [supplier] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from users where username = 'supplier01'`);
    const key = async (name: string, scopes: Json, userId = admin.id) => {
      const r = await t.call('POST', '/api/tenant/integration-key/create', { token: demo, body: { name, userId, ...scopes } });
      expect(r.status, r.body.msg).toBe(200);
      return r.body.data.key as string;
    };
    captureKey = await key('Capture partner', { canCapture: 1, canQuery: 1 });
    queryKey = await key('Query partner', { canCapture: 0, canQuery: 1 });
    supplierKey = await key('Supplier partner', { canCapture: 1, canQuery: 1 }, supplier.id);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('announces the binding: versions, limits and what a capture does on errors', async () => {
    const r = await call('OPTIONS', '/');
    expect(r.status).toBe(204);
    expect(r.headers['gs1-epcis-version']).toBe('2.0.0');
    expect(r.headers['gs1-cbv-version']).toBe('2.0.0');
    expect(Number(r.headers['gs1-epcis-capture-limit'])).toBeGreaterThan(0);
    expect(Number(r.headers['gs1-epcis-capture-file-size-limit'])).toBeGreaterThan(0);
    const root = await call('GET', '/', { key: queryKey });
    expect(root.status).toBe(200);
    expect(root.body.member).toContain('events');
    expect((await call('GET', '/eventTypes', { token: demo })).body.member).toContain('TransformationEvent');
    // the tenant's tags, a page at a time
    const epcs = await call('GET', '/epcs?perPage=2', { token: demo });
    expect(epcs.body.member).toHaveLength(2);
    for (const m of epcs.body.member) expect(m).toMatch(/^urn:epc:/);
    const next = /<([^>]+)>; rel="next"/.exec(String(epcs.headers.link))?.[1];
    expect(next).toBeTruthy();
    const more = await t.call('GET', next!, { token: demo });
    expect((more.body as Json).member).toHaveLength(2);
    expect((more.body as Json).member[0]).not.toBe(epcs.body.member[0]);
  });

  it('captures every GS1 example document and finds each event again by its eventID, valid against the schema', async () => {
    expect(docs.length).toBeGreaterThanOrEqual(40);
    // GS1's examples reuse some eventIDs across documents: the repository stores an eventID once
    const stored = new Set<string>();
    for (const d of docs) {
      const json = JSON.parse(d.text);
      const { job } = await capture(json, { key: captureKey });
      expect(job, d.name).not.toBeNull();
      expect(job?.success, `${d.name}: ${JSON.stringify(job?.errors)}`).toBe(true);
      for (const e of readCaptureDocument(json).events) {
        const r = await call('GET', `/events/${encodeURIComponent(e.eventId)}`, { key: queryKey });
        expect(r.status, `${d.name} ${e.eventId}`).toBe(200);
        expect(problems(r.body), d.name).toEqual([]);
        const found = r.body.epcisBody.queryResults.resultsBody.eventList;
        expect(found.map((x: Json) => x.eventID)).toContain(e.eventId);
        if (!stored.has(e.eventId)) expect(found[0].type, `${d.name} ${e.eventId}`).toBe(e.eventType);
        stored.add(e.eventId);
      }
    }
    // a document captured again stores nothing twice
    const again = await capture(JSON.parse(docs.find((d) => d.name === 'Example_9.6.1-ObjectEvent.jsonld')!.text));
    expect(again.job).toMatchObject({ success: true, eventsStored: 0 });
    expect(again.job?.eventsAlreadyKnown).toBeGreaterThan(0);
  }, 240_000);

  it('finds an EPC as a member (MATCH_epc), as the parent (MATCH_parentID) or either (MATCH_anyEPC)', async () => {
    const sscc = 'urn:epc:id:sscc:4098765.0000000777';
    const child = 'urn:epc:id:sgtin:4098765.011111.777';
    const at = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    const { job } = await capture(
      epcisDocument([
        // the carton packed: its SSCC the parent, the garment a child
        {
          type: 'AggregationEvent',
          eventID: 'urn:uuid:7a1f0c3e-0000-4000-8000-000000000777',
          eventTime: at(3),
          eventTimeZoneOffset: '+00:00',
          parentID: sscc,
          childEPCs: [child],
          action: 'ADD',
          bizStep: 'packing',
          readPoint: { id: 'urn:epc:id:sgln:4012345.00001.0' },
        },
        // the carton itself seen at the dock: its SSCC a member
        {
          type: 'ObjectEvent',
          eventID: 'urn:uuid:7a1f0c3e-0000-4000-8000-000000000778',
          eventTime: at(2),
          eventTimeZoneOffset: '+00:00',
          epcList: [sscc],
          action: 'OBSERVE',
          bizStep: 'shipping',
          readPoint: { id: 'urn:epc:id:sgln:4012345.00001.0' },
        },
      ]),
    );
    expect(job?.success, JSON.stringify(job?.errors)).toBe(true);
    const [packed, seen] = ['urn:uuid:7a1f0c3e-0000-4000-8000-000000000777', 'urn:uuid:7a1f0c3e-0000-4000-8000-000000000778'];
    expect(await idsOf(`?MATCH_epc=${sscc}`)).toEqual([seen]);
    expect(await idsOf(`?MATCH_parentID=${sscc}`)).toEqual([packed]);
    expect(await idsOf(`?MATCH_anyEPC=${sscc}`)).toEqual([packed, seen]);
    // a child is a member of its aggregation (MATCH_epc reads childEPCs), never its parent
    expect(await idsOf(`?MATCH_epc=${child}`)).toEqual([packed]);
    expect(await idsOf(`?MATCH_parentID=${child}`)).toEqual([]);
    expect(await idsOf(`?MATCH_anyEPC=${child}`)).toEqual([packed]);
    // with other parameters beside them, and by pattern (no index lookup first)
    expect(await idsOf(`?MATCH_anyEPC=${sscc}&EQ_bizStep=shipping`)).toEqual([seen]);
    expect(await idsOf('?MATCH_anyEPC=urn:epc:idpat:sscc:4098765.*')).toEqual([packed, seen]);
  });

  it('pages through an EPC named by more than a thousand events (found as a set, not by their keys)', async () => {
    const epc = 'urn:epc:id:sgtin:4098765.011111.1001';
    const t0 = Date.now() - 3_600_000;
    const many = Array.from({ length: 1_001 }, (_, i) => ({
      type: 'ObjectEvent',
      eventTime: new Date(t0 + i * 1000).toISOString(),
      eventTimeZoneOffset: '+00:00',
      epcList: [epc],
      action: 'OBSERVE',
      bizStep: i % 2 ? 'storing' : 'inspecting',
      readPoint: { id: 'urn:epc:id:sgln:4098765.00001.0' },
    }));
    const { job } = await capture(epcisDocument(many));
    expect(job?.success, JSON.stringify(job?.errors)).toBe(true);
    const seen: string[] = [];
    let url = `/api/epcis/events?MATCH_anyEPC=${epc}&perPage=1000`;
    for (let pages = 0; url && pages < 5; pages++) {
      const r = await t.call('GET', url, { token: demo });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      seen.push(...(r.body as Json).epcisBody.queryResults.resultsBody.eventList.map((e: Json) => e.eventID));
      url = /<([^>]+)>; rel="next"/.exec(String(r.headers.link ?? ''))?.[1] ?? '';
    }
    expect(new Set(seen).size).toBe(1_001);
    // the other parameters still filter them, and maxEventCount counts them
    expect(await events(`?MATCH_anyEPC=${epc}&EQ_bizStep=storing&perPage=1000`)).toHaveLength(500);
    const tooMany = await call('GET', `/events?MATCH_anyEPC=${epc}&maxEventCount=1000`, { token: demo });
    expect(tooMany.status).toBe(413);
  }, 120_000);

  it('answers the standard query parameters, a page at a time', async () => {
    // Example 9.6.1: ObjectEvents of urn:epc:id:sgtin:0614141.107346.2017 and .2018, shipping, in 2005
    const byEpc = await events('?MATCH_anyEPC=urn:epc:id:sgtin:0614141.107346.2018');
    expect(byEpc.length).toBeGreaterThan(0);
    for (const e of byEpc) expect(JSON.stringify(e)).toContain('urn:epc:id:sgtin:0614141.107346.2018');
    // the same EPC named by its GS1 Digital Link finds the same events
    const link = epcToDigitalLink('urn:epc:id:sgtin:0614141.107346.2018')!;
    expect(link).toBe('https://id.gs1.org/01/10614141073464/21/2018');
    const byLink = await events(`?MATCH_anyEPC=${encodeURIComponent(link)}`);
    expect(byLink.map((e) => e.eventID).sort()).toEqual(byEpc.map((e) => e.eventID).sort());
    const shipping = await events('?EQ_bizStep=shipping&eventType=ObjectEvent&LT_eventTime=2006-01-01T00:00:00Z');
    expect(shipping.length).toBeGreaterThan(0);
    for (const e of shipping) {
      expect(e.type).toBe('ObjectEvent');
      expect(e.bizStep).toMatch(/shipping$/);
      expect(Date.parse(e.eventTime)).toBeLessThan(Date.parse('2006-01-01T00:00:00Z'));
    }
    const transforms = await events('?eventType=TransformationEvent');
    expect(transforms.length).toBeGreaterThan(0);
    // pages: two at a time, following Link rel="next" until there is none, no event twice
    const seen: string[] = [];
    let url = '/api/epcis/events?eventType=AssociationEvent&perPage=2';
    for (let pages = 0; url && pages < 50; pages++) {
      const r = await t.call('GET', url, { token: demo });
      expect(r.status).toBe(200);
      const list = (r.body as Json).epcisBody.queryResults.resultsBody.eventList as Json[];
      expect(list.length).toBeLessThanOrEqual(2);
      seen.push(...list.map((e) => e.eventID));
      const link = String(r.headers.link ?? '');
      url = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? '';
    }
    expect(seen.length).toBeGreaterThanOrEqual(8);
    expect(new Set(seen).size).toBe(seen.length);
    // eventCountLimit caps the events of all the pages together (what is left rides in the token)
    const limited: string[] = [];
    let pages = 0;
    url = '/api/epcis/events?eventType=AssociationEvent&orderBy=eventTime&orderDirection=ASC&eventCountLimit=5&perPage=2';
    for (; url && pages < 50; pages++) {
      const r = await t.call('GET', url, { token: demo });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      limited.push(...(r.body as Json).epcisBody.queryResults.resultsBody.eventList.map((e: Json) => e.eventID));
      url = /<([^>]+)>; rel="next"/.exec(String(r.headers.link ?? ''))?.[1] ?? '';
    }
    expect(limited).toHaveLength(5);
    expect(pages).toBe(3);
    const firstFive = await call('GET', '/events?eventType=AssociationEvent&orderBy=eventTime&orderDirection=ASC&perPage=5', {
      token: demo,
    });
    expect(limited).toEqual(firstFive.body.epcisBody.queryResults.resultsBody.eventList.map((e: Json) => e.eventID));
    // a limit of a page exactly: no next page
    const one = await t.call('GET', '/api/epcis/events?eventType=AssociationEvent&orderBy=eventTime&eventCountLimit=2&perPage=2', {
      token: demo,
    });
    expect(one.headers.link).toBeUndefined();
    // a parameter the binding does not know: QueryParameterException naming it
    const bad = await call('GET', '/events?EQ_nothing=1', { token: demo });
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('epcisException:QueryParameterException');
    expect(bad.body.detail).toContain('EQ_nothing');
    const tampered = await call('GET', '/events?nextPageToken=abc.def', { token: demo });
    expect(tampered.status).toBe(400);
    // a named query, and its events
    const made = await call('POST', '/queries', {
      token: demo,
      body: { name: 'transforms', query: { eventType: ['TransformationEvent'] } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const named = await call('GET', '/queries/transforms/events', { token: demo });
    expect(named.body.epcisBody.queryResults.queryName).toBe('transforms');
    expect(named.body.epcisBody.queryResults.resultsBody.eventList.length).toBe(transforms.length);
    expect((await call('GET', '/queries/nope/events', { token: demo })).body.type).toBe('epcisException:NoSuchNameException');
  });

  it('refuses an invalid document whole (rollback) naming the event and field, and stores nothing', async () => {
    const count = async () => Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from epcis_captures`))[0].n);
    const before = await count();
    const doc = JSON.parse(docs.find((d) => d.name === 'Example_9.6.1-ObjectEvent.jsonld')!.text);
    doc.epcisBody.eventList[1].eventTime = 'yesterday';
    const r = await capture(doc);
    expect(r.status).toBe(400);
    expect(r.body.type).toBe('epcisException:ValidationException');
    expect(r.body.detail).toContain('eventList[1]');
    expect(await count()).toBe(before);
    // proceed: the valid events are stored, the invalid one is the job's error
    doc.epcisBody.eventList[0].eventID = 'urn:uuid:7d4a07d0-1cf2-4bd4-9b0e-9a1d2c3b4a51';
    const p = await capture(doc, { behaviour: 'proceed' });
    expect(p.job).toMatchObject({ running: false, success: false, captureErrorBehaviour: 'proceed' });
    expect(p.job?.errors[0].type).toBe('epcisException:ValidationException');
    expect(
      (await call('GET', `/events/${encodeURIComponent('urn:uuid:7d4a07d0-1cf2-4bd4-9b0e-9a1d2c3b4a51')}`, { token: demo })).status,
    ).toBe(200);
    // not JSON, and not an EPCIS document
    expect((await call('POST', '/capture', { token: demo, body: '{"type":' })).body.type).toBe('epcisException:ValidationException');
    expect((await call('POST', '/capture', { token: demo, body: { type: 'Nothing' } })).status).toBe(400);
  });

  it('refuses text the database cannot store (NUL, a lone surrogate), naming where, never a 5xx', async () => {
    const ev = (bad: string) => ({
      type: 'ObjectEvent',
      eventTime: new Date(Date.now() - 60_000).toISOString(),
      eventTimeZoneOffset: '+00:00',
      epcList: ['urn:epc:id:sgtin:0614141.107346.2017'],
      action: 'OBSERVE',
      bizStep: 'shipping',
      readPoint: { id: `urn:epc:id:sgln:0614141.00777.${bad}` },
    });
    const context = ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'];
    for (const bad of ['a\u0000b', 'x\ud800y']) {
      const one = await call('POST', '/events', { token: demo, body: { '@context': context, ...ev(bad) } });
      expect(one.status).toBe(400);
      expect(one.body.detail).toContain('readPoint.id');
      const doc = epcisDocument([ev('ok'), ev(bad)]);
      const r = await capture(doc);
      expect(r.status).toBe(400);
      expect(r.body.detail).toContain('eventList[1].readPoint.id');
      // proceed: the good event stored, the other told
      const p = await capture(doc, { behaviour: 'proceed' });
      expect(p.job).toMatchObject({ running: false, success: false, eventsTotal: 2 });
      expect(p.job?.errors[0].detail).toContain('eventList[1].readPoint.id');
    }
  });

  it('reads a large document off the event loop: refused or stored as a small one is, duplicates and known events told', async () => {
    const per = 40;
    const list = Array.from({ length: 1_200 }, (_, e) => ({
      type: 'ObjectEvent',
      eventID: `urn:uuid:5e0c1a2b-0000-4000-8000-${String(e).padStart(12, '0')}`,
      eventTime: new Date(Date.now() - 3_600_000 + e * 1000).toISOString(),
      eventTimeZoneOffset: '+08:00',
      epcList: Array.from({ length: per }, (_, k) => `urn:epc:id:sgtin:4012345.011111.${7_000_000 + e * per + k}`),
      action: 'OBSERVE',
      bizStep: 'receiving',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00001.0' },
    }));
    const doc = epcisDocument(list);
    // (read by the worker thread: larger than what is read where it comes)
    expect(JSON.stringify(doc).length).toBeGreaterThan(INLINE_READ_CHARS);
    const good = list[700].eventTime;
    list[700].eventTime = 'yesterday';
    const refused = await capture(doc);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('eventList[700]');
    expect(captureReadersStarted()).toBeGreaterThan(0);
    list[700].eventTime = good;
    // an event twice in the document: stored once
    list.push(list[5]);
    const r = await capture(doc);
    expect(r.job).toMatchObject({ running: false, success: true, eventsTotal: 1_201, eventsStored: 1_200, eventsAlreadyKnown: 1 });
    const last = `urn:epc:id:sgtin:4012345.011111.${7_000_000 + 1_200 * per - 1}`;
    const found = await events(`?MATCH_anyEPC=${encodeURIComponent(last)}`);
    expect(found.map((e) => e.eventID)).toEqual([list[1_199].eventID]);
    expect(found[0].epcList).toHaveLength(per);
    // the same document again: every event known, none stored twice
    const again = await capture(doc);
    expect(again.job).toMatchObject({ success: true, eventsStored: 0, eventsAlreadyKnown: 1_201 });
  });

  it('keeps keys to their scopes and tenants to their own events', async () => {
    const doc = JSON.parse(docs.find((d) => d.name === 'Example_9.6.2-ObjectEvent.jsonld')!.text);
    const noScope = await call('POST', '/capture', { key: queryKey, body: doc });
    expect(noScope.status).toBe(403);
    expect(noScope.body.type).toBe('epcisException:SecurityException');
    expect((await call('GET', '/events', { key: 'tlk_not-a-key' })).status).toBe(401);
    expect((await call('GET', '/events')).status).toBe(401);
    // ACME sees none of DEMO's captured events, by ID or by EPC
    const [one] = await events('?MATCH_anyEPC=urn:epc:id:sgtin:0614141.107346.2018');
    expect((await call('GET', `/events/${encodeURIComponent(one.eventID)}`, { token: acme })).status).toBe(404);
    expect(await events('?MATCH_anyEPC=urn:epc:id:sgtin:0614141.107346.2018', acme)).toEqual([]);
    // a key acting as a label supplier's user: the events it captured itself, not the tenant's others
    const mine = JSON.parse(JSON.stringify(doc));
    mine.epcisBody.eventList = [{ ...mine.epcisBody.eventList[0], eventID: 'urn:uuid:5a1c9e0e-0a43-4c0e-8a55-7f1e2d3c4b01' }];
    expect((await capture(mine, { key: supplierKey })).job?.success).toBe(true);
    const seen = await call('GET', '/events?eventType=ObjectEvent&perPage=1000', { key: supplierKey });
    expect(seen.status).toBe(200);
    const ids = seen.body.epcisBody.queryResults.resultsBody.eventList.map((e: Json) => e.eventID);
    expect(ids).toContain('urn:uuid:5a1c9e0e-0a43-4c0e-8a55-7f1e2d3c4b01');
    expect(ids).not.toContain(one.eventID);
  });

  it('serves the platform’s own lifecycle events, and a partner’s event about a TagLoom tag joins that tag’s lifecycle', async () => {
    // a tag of the demo with lifecycle events of its own
    const [tag] = await queryRows<{ epc: string }>(
      t.ctx.db,
      sql`select e.epcs[1] as epc from label_tag_events e join tenants n on n.id = e.tenant_id
           where n.code = 'DEMO' and e.capture_id is null and cardinality(e.epcs) > 0 and e.epcs[1] like '30%' limit 1`,
    );
    const lookup = await t.call('POST', '/api/label/epc/decode', { token: demo, body: { epc: tag.epc } });
    const urn: string = lookup.body.data.uri;
    expect(urn).toMatch(/^urn:epc:id:sgtin:/);
    // the EPC query and the clear-tag check take the tag's URN and its Digital Link as they take its hex
    const byUrn = await t.call('GET', `/api/label/epc-query/lookup?code=${encodeURIComponent(urn)}`, { token: demo });
    expect(byUrn.body.data).toMatchObject({ found: true, code: tag.epc });
    const check = await t.call('POST', '/api/label/clear-tag/check', { token: demo, body: { epcs: [epcToDigitalLink(urn)!] } });
    expect(check.status, check.body.msg).toBe(200);
    expect([...check.body.data.tags.map((x: Json) => x.epc), ...check.body.data.cleared]).toContain(tag.epc);
    const own = await events(`?MATCH_anyEPC=${urn}`);
    expect(own.length).toBeGreaterThan(0);
    expect(
      problems({
        ...(own[0] && epcisDocument(own)),
      }),
    ).toEqual([]);
    // a retailer's receipt of it, captured: found by the tag's URN, and in the tag's lifecycle
    const receipt = epcisDocument([
      {
        type: 'ObjectEvent',
        eventTime: new Date(Date.now() - 60_000).toISOString(),
        eventTimeZoneOffset: '+01:00',
        epcList: [urn],
        action: 'OBSERVE',
        bizStep: 'receiving',
        disposition: 'in_progress',
        readPoint: { id: 'urn:epc:id:sgln:4012345.00001.0' },
      },
    ]);
    const { job } = await capture(receipt);
    expect(job?.success).toBe(true);
    const withIt = await events(`?MATCH_anyEPC=${urn}&EQ_bizStep=receiving`);
    expect(withIt.map((e) => e.readPoint?.id)).toContain('urn:epc:id:sgln:4012345.00001.0');
    const history = await t.call('GET', `/api/label/lifecycle/events?epc=${tag.epc}`, { token: demo });
    expect(history.status, history.body.msg).toBe(200);
    expect(JSON.stringify(history.body.data)).toContain('urn:epc:id:sgln:4012345.00001.0');
  });
});
