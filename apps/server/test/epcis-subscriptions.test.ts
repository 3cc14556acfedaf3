import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { queryRows } from '../src/db/client.js';
import { nextResults, webhookPost } from '../src/modules/label/epcis/subscriptions.js';
import { recordTagEventRow } from '../src/modules/label/tags/store.js';
import { epcisDocument, problems } from './epcis-validate.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: EPCIS documents are read loosely
type Json = Record<string, any>;

/** A subscriber's webhook: what it was posted, its answer for each call (200 unless told; a 3xx redirects to /moved). */
function webhook() {
  const got: { body: Json; raw: string; signature: string; status: number; url: string }[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const status = answers.shift() ?? 200;
      got.push({ body: JSON.parse(raw), raw, signature: String(req.headers['gs1-signature'] ?? ''), status, url: req.url ?? '' });
      res.writeHead(status, status >= 300 && status < 400 ? { location: '/moved' } : {}).end();
    });
  });
  return {
    got,
    answers,
    start: () =>
      new Promise<string>((ok) =>
        server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
      ),
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
    /** the event IDs of the deliveries it answered 2xx */
    delivered: () =>
      got.filter((g) => g.status < 300).flatMap((g) => g.body.epcisBody.queryResults.resultsBody.eventList.map((e: Json) => e.eventID)),
  };
}

/** A WebSocket subscriber: the documents it was sent, how it was closed; or, refused, the handshake's answer. */
function socket(url: string, opts: { headers?: Record<string, string>; protocols?: string[] } = {}) {
  const ws = new WebSocket(url, opts.protocols ?? ['epcis'], { headers: opts.headers ?? {} });
  const got: { at: number; body: Json }[] = [];
  let closed: { code: number; reason: string } | null = null;
  ws.on('message', (data) => got.push({ at: Date.now(), body: JSON.parse(String(data)) }));
  ws.on('close', (code, reason) => {
    closed = { code, reason: String(reason) };
  });
  const opened = new Promise<{ status: number; headers: Record<string, unknown>; body: Json | null }>((resolve, reject) => {
    ws.on('upgrade', (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: null }));
    ws.on('unexpected-response', (_req, res) => {
      let raw = '';
      res.on('data', (c) => {
        raw += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw ? JSON.parse(raw) : null }));
    });
    ws.on('error', reject);
  });
  return {
    ws,
    got,
    opened,
    closed: () => closed,
    /** the event IDs it was sent */
    events: () => got.flatMap((g) => g.body.epcisBody.queryResults.resultsBody.eventList.map((e: Json) => e.eventID as string)),
  };
}

const event = (epc: string, bizStep: string, id: string) =>
  epcisDocument([
    {
      type: 'ObjectEvent',
      eventID: id,
      eventTime: new Date(Date.now() - 5_000).toISOString(),
      eventTimeZoneOffset: '+00:00',
      epcList: [epc],
      action: 'OBSERVE',
      bizStep,
    },
  ]);

/**
 * Subscriptions (EPCIS 2.0 REST binding): a webhook subscribed to a named query is sent each new
 * matching event once, signed with its token, soon after the capture; a failing webhook is retried
 * until it answers 2xx and then gets the events it missed, once; another tenant's subscription
 * hears nothing of this tenant's events.
 */
describe(`EPCIS subscriptions on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let acme: string;
  const hook = webhook();
  const other = webhook();
  let url = '';
  let otherUrl = '';

  const call = (method: string, path: string, token: string, body?: unknown) =>
    t.call(method, `/api/epcis${path}`, {
      token,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { rawBody: JSON.stringify(body) }),
    }) as Promise<{ status: number; body: Json; headers: Record<string, unknown> }>;

  beforeAll(async () => {
    // the receivers listen on 127.0.0.1: this app lets webhooks go to private addresses
    t = await startTestApp({ EPCIS_WEBHOOK_ALLOW_PRIVATE: '1' });
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
    url = await hook.start();
    otherUrl = await other.start();
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await hook.stop();
    await other.stop();
  });

  it('sends each new matching event once, signed, soon after its capture; retries a failing webhook; keeps tenants apart', async () => {
    const epc = 'urn:epc:id:sgtin:4012345.011111.9001';
    for (const [token, dest] of [
      [demo, url],
      [acme, otherUrl],
    ]) {
      expect(
        (await call('POST', '/queries', token, { name: 'arrivals', query: { MATCH_anyEPC: [epc], EQ_bizStep: ['receiving'] } })).status,
      ).toBe(201);
      const sub = await call('POST', '/queries/arrivals/subscriptions', token, { dest, signatureToken: 'hush-123', stream: true });
      expect(sub.status, JSON.stringify(sub.body)).toBe(201);
      expect(sub.body.subscriptionID).toBeTruthy();
      expect(JSON.stringify(sub.body)).not.toContain('hush-123');
    }
    // refused: neither stream nor schedule, a bad URL
    expect((await call('POST', '/queries/arrivals/subscriptions', demo, { dest: url })).body.type).toBe(
      'epcisException:SubscriptionControlsException',
    );
    expect((await call('POST', '/queries/arrivals/subscriptions', demo, { dest: 'ftp://x', stream: true })).status).toBe(400);

    const capture = async (doc: unknown) => expect((await call('POST', '/capture', demo, doc)).status).toBe(202);
    await capture(event(epc, 'receiving', 'urn:uuid:0b1e7c4e-4d6c-4b67-9c31-2a5d3f000001'));
    // not matching the query: never sent
    await capture(event(epc, 'shipping', 'urn:uuid:0b1e7c4e-4d6c-4b67-9c31-2a5d3f000002'));
    await expect.poll(() => hook.delivered(), { timeout: 20_000, interval: 50 }).toContain('urn:uuid:0b1e7c4e-4d6c-4b67-9c31-2a5d3f000001');
    const first = hook.got[0];
    expect(first.signature).toBe(`sha256=${createHmac('sha256', 'hush-123').update(first.raw).digest('hex')}`);
    expect(first.body.type).toBe('EPCISQueryDocument');
    expect(first.body.epcisBody.queryResults.queryName).toBe('arrivals');
    expect(problems(first.body)).toEqual([]);

    // the webhook fails twice: retried, then the missed event comes, once
    hook.answers.push(500, 503);
    await capture(event(epc, 'receiving', 'urn:uuid:0b1e7c4e-4d6c-4b67-9c31-2a5d3f000003'));
    await expect.poll(() => hook.delivered(), { timeout: 30_000, interval: 50 }).toContain('urn:uuid:0b1e7c4e-4d6c-4b67-9c31-2a5d3f000003');
    expect(hook.got.filter((g) => g.status >= 500).length).toBe(2);
    const ids = hook.delivered();
    expect(ids.filter((i) => i.endsWith('000001'))).toHaveLength(1);
    expect(ids.filter((i) => i.endsWith('000003'))).toHaveLength(1);
    expect(ids.some((i) => i.endsWith('000002'))).toBe(false);
    const listed = await call('GET', '/queries/arrivals/subscriptions', demo);
    expect(listed.body[0]).toMatchObject({ stream: true, status: 'active', delivered: 2 });
    expect(listed.body[0].lastNotifiedAt).toBeTruthy();
    // ACME's subscription of the same name heard nothing of DEMO's events
    expect(other.delivered()).toEqual([]);
    // unsubscribed: nothing more
    const id = listed.body[0].subscriptionID;
    expect((await call('DELETE', `/queries/arrivals/subscriptions/${id}`, demo)).status).toBe(204);
    expect((await call('GET', `/queries/arrivals/subscriptions/${id}`, demo)).status).toBe(404);
  }, 90_000);

  it('does not follow a webhook’s redirect', async () => {
    const epc = 'urn:epc:id:sgtin:4012345.011111.9002';
    expect((await call('POST', '/queries', demo, { name: 'moved', query: { MATCH_anyEPC: [epc] } })).status).toBe(201);
    const sub = await call('POST', '/queries/moved/subscriptions', demo, { dest: url, stream: true });
    expect(sub.status).toBe(201);
    const before = hook.got.length;
    hook.answers.push(307);
    expect((await call('POST', '/capture', demo, event(epc, 'receiving', 'urn:uuid:0b1e7c4e-4d6c-4b67-9c31-2a5d3f000011'))).status).toBe(
      202,
    );
    await expect
      .poll(async () => (await call('GET', `/queries/moved/subscriptions/${sub.body.subscriptionID}`, demo)).body.lastError ?? '', {
        timeout: 20_000,
        interval: 100,
      })
      .toContain('redirects are not followed');
    expect(hook.got.slice(before).map((g) => g.url)).toEqual(['/hook']);
    expect((await call('DELETE', '/queries/moved', demo)).status).toBe(204);
  }, 60_000);

  it.runIf(DRIVER === 'pg')(
    'holds back the events recorded after a transaction still running began: its late commit is sent, in order, once',
    async () => {
      expect((await call('POST', '/queries', demo, { name: 'late', query: { EQ_bizStep: ['departing'] } })).status).toBe(201);
      expect((await call('POST', '/queries/late/subscriptions', demo, { dest: url, stream: true })).status).toBe(201);
      const [who] = await queryRows<{ tenant_id: number; user_id: number }>(
        t.ctx.db,
        sql`select u.tenant_id::float8 as tenant_id, u.id::float8 as user_id from users u join tenants n on n.id = u.tenant_id
             where n.code = 'DEMO' and u.username = 'demo'`,
      );
      // an event written in a transaction that stays open (another request of a process, a long job's chunk)
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let early = '';
      const open = t.ctx.db.transaction(async (tx) => {
        early = (
          await recordTagEventRow(tx, {
            tenantId: who.tenant_id,
            action: 'OBSERVE',
            bizStep: 'departing',
            epcs: ['30340242201D8840009EFB21'],
          })
        ).eventId;
        await gate;
      });
      await expect.poll(() => early).not.toBe('');
      // a later event captured and committed meanwhile
      const late = 'urn:uuid:0b1e7c4e-4d6c-4b67-9c31-2a5d3f000021';
      const captured = await call('POST', '/capture', demo, event('urn:epc:id:sgtin:4012345.011111.9021', 'departing', late));
      expect(captured.status).toBe(202);
      await expect
        .poll(async () => (await call('GET', String(captured.headers.location).replace(/^.*\/api\/epcis/, ''), demo)).body.success, {
          timeout: 20_000,
          interval: 50,
        })
        .toBe(true);
      // what a subscriber is sent now: not the later event, whose cursor would pass the early one for good
      const subscriber = { tenantId: who.tenant_id, userId: who.user_id, queryName: 'late', subscriptionID: 'probe' };
      const now = await nextResults(t.ctx, subscriber, undefined);
      expect('gone' in now).toBe(false);
      if (!('gone' in now)) {
        expect(now.body).not.toContain(late);
        expect(now.held).toBe(true);
      }
      expect(hook.delivered()).not.toContain(late);
      release();
      await open;
      // committed: both come, in their record time's order, once
      await expect
        .poll(() => hook.delivered().filter((id) => id === early || id === late), { timeout: 20_000, interval: 50 })
        .toEqual([early, late]);
      expect((await call('DELETE', '/queries/late', demo)).status).toBe(204);
    },
    60_000,
  );
});

/**
 * Subscriptions over WebSocket (GET /queries/{name}/events with Upgrade: websocket), on a server
 * listening as the real one does; and the webhooks' SSRF guard, on by default (this app leaves it on).
 */
describe(`EPCIS subscriptions over WebSocket, and the webhooks' guard, on ${DRIVER}`, () => {
  let t: TestApp | undefined;
  let base = '';
  let demo: string;
  let acme: string;
  let supplierKey: string;
  let queryOnlyKey: string;
  const app = () => t!;

  const call = (method: string, path: string, token: string, body?: unknown) =>
    app().call(method, `/api/epcis${path}`, {
      ...(token.startsWith('tlk_') ? { headers: { authorization: `Bearer ${token}` } } : { token }),
      ...(body === undefined ? {} : { rawBody: JSON.stringify(body) }),
    }) as Promise<{ status: number; body: Json; headers: Record<string, unknown> }>;
  const capture = async (token: string, doc: unknown) => expect((await call('POST', '/capture', token, doc)).status).toBe(202);
  /** a socket on a named query's events, as a key (Authorization) or a user (token header) */
  const open = (name: string, token: string, query: string, opts: { protocols?: string[]; noAuth?: boolean } = {}) =>
    socket(`${base.replace(/^http/, 'ws')}/api/epcis/queries/${name}/events?${query}`, {
      headers: opts.noAuth ? {} : token.startsWith('tlk_') ? { authorization: `Bearer ${token}` } : { token },
      ...(opts.protocols ? { protocols: opts.protocols } : {}),
    });

  beforeAll(async () => {
    t = await startTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
    const [supplier] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from users where username = 'supplier01'`);
    const key = async (name: string, scopes: Json) => {
      const r = await app().call('POST', '/api/tenant/integration-key/create', {
        token: demo,
        body: { name, userId: supplier.id, ...scopes },
      });
      expect(r.status, r.body.msg).toBe(200);
      return r.body.data.key as string;
    };
    supplierKey = await key('Supplier socket', { canCapture: 1, canQuery: 1, canSubscribe: 1 });
    queryOnlyKey = await key('Supplier query', { canCapture: 0, canQuery: 1, canSubscribe: 0 });
    for (const token of [demo, acme])
      expect((await call('POST', '/queries', token, { name: 'objects', query: { eventType: ['ObjectEvent'] } })).status).toBe(201);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  // (how soon: ≤ 2 s is a speed goal, measured by bench/epcis.ts; here, that it comes, and to whom)
  it('sends each new matching event, only of its tenant and its party', async () => {
    const mine = open('objects', demo, 'stream=true');
    const opened = await mine.opened;
    expect(opened.status).toBe(101);
    expect(opened.headers['sec-websocket-protocol']).toBe('epcis');
    expect(Date.parse(String(opened.headers['gs1-query-min-record-time']))).toBeGreaterThan(Date.now() - 60_000);
    expect(opened.headers['gs1-epcis-version']).toBe('2.0.0');
    // a browser's way: the token as a subprotocol beside epcis
    const browser = open('objects', demo, 'stream=true', { noAuth: true, protocols: ['epcis', `bearer.${demo}`] });
    expect((await browser.opened).status).toBe(101);
    // the supplier's user (a party): its own captures only; ACME: its tenant's only
    const party = open('objects', supplierKey, 'stream=true');
    const other = open('objects', acme, 'stream=true');
    expect((await party.opened).status).toBe(101);
    expect((await other.opened).status).toBe(101);

    const tenantWide = 'urn:uuid:2c1e7c4e-4d6c-4b67-9c31-2a5d3f000001';
    await capture(demo, event('urn:epc:id:sgtin:4012345.011111.9101', 'receiving', tenantWide));
    await expect.poll(() => mine.events(), { timeout: 15_000, interval: 20 }).toContain(tenantWide);
    const doc = mine.got[0].body;
    expect(doc.type).toBe('EPCISQueryDocument');
    expect(doc.epcisBody.queryResults.queryName).toBe('objects');
    expect(problems(doc)).toEqual([]);
    await expect.poll(() => browser.events(), { timeout: 15_000, interval: 20 }).toContain(tenantWide);

    const partys = 'urn:uuid:2c1e7c4e-4d6c-4b67-9c31-2a5d3f000002';
    await capture(supplierKey, event('urn:epc:id:sgtin:4012345.011111.9102', 'receiving', partys));
    await expect.poll(() => party.events(), { timeout: 15_000, interval: 20 }).toContain(partys);
    await expect.poll(() => mine.events(), { timeout: 15_000, interval: 20 }).toContain(partys);
    expect(party.events()).not.toContain(tenantWide);
    expect(mine.events().filter((e) => e === tenantWide)).toHaveLength(1);
    expect(other.events()).toEqual([]);
    for (const s of [mine, browser, party, other]) s.ws.close();
  }, 60_000);

  it('refuses a stream with a schedule, a bad schedule, no handshake, no key or scope, an unknown query', async () => {
    const both = await open('objects', demo, 'stream=true&minute=5').opened;
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ type: 'epcisException:SubscriptionControlsException', status: 400 });
    expect(both.body?.detail).toContain('mutually exclusive');
    expect((await open('objects', demo, '').opened).body?.type).toBe('epcisException:SubscriptionControlsException');
    expect((await open('objects', demo, 'minute=99').opened).status).toBe(400);
    expect((await open('objects', demo, 'stream=false').opened).status).toBe(400);
    expect((await open('objects', demo, 'stream=true', { noAuth: true }).opened).status).toBe(401);
    const noScope = await open('objects', queryOnlyKey, 'stream=true').opened;
    expect(noScope.status).toBe(403);
    expect(noScope.body?.type).toBe('epcisException:SecurityException');
    expect((await open('nothing', demo, 'stream=true').opened).body?.type).toBe('epcisException:NoSuchNameException');
    // a plain GET of the events with the controls: they need the handshake
    const plain = await call('GET', '/queries/objects/events?stream=true', demo);
    expect(plain.status).toBe(400);
    expect(plain.body.type).toBe('epcisException:SubscriptionControlsException');
    expect((await call('GET', '/queries/objects/events', demo)).status).toBe(200);
  }, 60_000);

  it('sends a scheduled socket its results at the schedule (empty ones when asked), and closes it when its query is deleted', async () => {
    expect((await call('POST', '/queries', demo, { name: 'ticking', query: { EQ_bizStep: ['shipping'] } })).status).toBe(201);
    const ticking = open('ticking', demo, 'second=*&reportIfEmpty=true');
    expect((await ticking.opened).status).toBe(101);
    await expect.poll(() => ticking.got.length, { timeout: 5_000, interval: 50 }).toBeGreaterThan(0);
    expect(ticking.got[0].body.epcisBody.queryResults.resultsBody.eventList).toEqual([]);
    const shipped = 'urn:uuid:2c1e7c4e-4d6c-4b67-9c31-2a5d3f000003';
    await capture(demo, event('urn:epc:id:sgtin:4012345.011111.9103', 'shipping', shipped));
    await expect.poll(() => ticking.events(), { timeout: 5_000, interval: 50 }).toContain(shipped);
    // the query deleted: its sockets closed
    const stream = open('ticking', demo, 'stream=true');
    expect((await stream.opened).status).toBe(101);
    expect((await call('DELETE', '/queries/ticking', demo)).status).toBe(204);
    await expect.poll(() => ticking.closed()?.code, { timeout: 10_000, interval: 20 }).toBe(1000);
    await expect.poll(() => stream.closed()?.code, { timeout: 10_000, interval: 20 }).toBe(1000);
    expect(stream.closed()?.reason).toContain('deleted');
  }, 60_000);

  it('refuses a webhook to a loopback, private or link-local address, or a name of one, when subscribed and when delivered', async () => {
    for (const dest of [
      'http://127.0.0.1:9/hook',
      'http://localhost:9/hook',
      'http://2130706433/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/hook',
      'http://172.16.0.1/hook',
      'http://192.168.1.1/hook',
      'http://0.0.0.0/hook',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const r = await call('POST', '/queries/objects/subscriptions', demo, { dest, stream: true });
      expect(r.status, dest).toBe(400);
      expect(r.body.type).toBe('epcisException:SubscriptionControlsException');
      expect(r.body.detail, dest).toMatch(/^dest: /);
    }
    // a public address is taken (and unsubscribed at once: nothing listens there)
    const ok = await call('POST', '/queries/objects/subscriptions', demo, { dest: 'https://203.0.113.10/hook', stream: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await call('DELETE', `/queries/objects/subscriptions/${ok.body.subscriptionID}`, demo)).status).toBe(204);

    // a webhook whose address became private after it subscribed (written here as DNS rebinding would
    // make it): refused at its delivery, the receiver never called
    const hook = webhook();
    const local = await hook.start();
    try {
      const [tenant] = await queryRows<{ id: number }>(app().ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
      const [user] = await queryRows<{ id: number }>(app().ctx.db, sql`select id::int as id from users where username = 'demo'`);
      await app().ctx.db.execute(
        sql`insert into epcis_subscriptions (tenant_id, query_name, dest, stream, cursor_time, user_id)
            values (${tenant.id}, 'objects', ${local}, true, now() - interval '1 day', ${user.id})`,
      );
      await expect
        .poll(async () => (await call('GET', '/queries/objects/subscriptions', demo)).body.map((s: Json) => s.lastError ?? '').join(), {
          timeout: 20_000,
          interval: 100,
        })
        .toContain('dest refused');
      expect(hook.got).toEqual([]);
      // the connection's own lookup refuses a name of a private address too (the address connected to is the one checked)
      const localName = local.replace('127.0.0.1', 'localhost');
      await expect(webhookPost(false)(localName, { body: '{}', headers: {} })).rejects.toThrow(/private/);
      expect(hook.got).toEqual([]);
      expect((await webhookPost(true)(localName, { body: '{}', headers: {} })).status).toBe(200);
    } finally {
      await hook.stop();
    }
  }, 60_000);

  it.runIf(DRIVER === 'pg')(
    'serves a socket of another process on the same database: its captures reach it, its deletion closes it',
    async () => {
      const second = await startTestApp({}, { databaseUrl: app().databaseUrl! });
      try {
        const secondBase = await second.app.listen({ port: 0, host: '127.0.0.1' });
        expect((await call('POST', '/queries', demo, { name: 'elsewhere', query: { EQ_bizStep: ['packing'] } })).status).toBe(201);
        const far = socket(`${secondBase.replace(/^http/, 'ws')}/api/epcis/queries/elsewhere/events?stream=true`, {
          headers: { token: demo },
        });
        expect((await far.opened).status).toBe(101);
        const packed = 'urn:uuid:2c1e7c4e-4d6c-4b67-9c31-2a5d3f000004';
        await capture(demo, event('urn:epc:id:sgtin:4012345.011111.9104', 'packing', packed));
        await expect.poll(() => far.events(), { timeout: 15_000, interval: 20 }).toContain(packed);
        expect((await call('DELETE', '/queries/elsewhere', demo)).status).toBe(204);
        await expect.poll(() => far.closed()?.code, { timeout: 5_000, interval: 20 }).toBe(1000);
      } finally {
        await second.close();
      }
    },
    60_000,
  );

  it('closes a key’s socket once the key is replaced by a new one', async () => {
    const s = open('objects', supplierKey, 'stream=true');
    expect((await s.opened).status).toBe(101);
    const [row] = await queryRows<{ id: number }>(
      app().ctx.db,
      sql`select id::int as id from integration_keys where name = 'Supplier socket'`,
    );
    const rotated = await app().call('POST', '/api/tenant/integration-key/rotate', { token: demo, body: { id: row.id } });
    expect(rotated.status, rotated.body.msg).toBe(200);
    await expect.poll(() => s.closed()?.code, { timeout: 10_000, interval: 50 }).toBe(1008);
    expect(s.closed()?.reason).toContain('integration key');
  }, 60_000);

  it('closes a user’s socket once its session signs out, at once; a socket of another session of the user stays', async () => {
    const token = await app().login('demo', 'demo123');
    const other = await app().login('demo', 'demo123');
    const s = open('objects', token, 'stream=true');
    const kept = open('objects', other, 'stream=true', { noAuth: true, protocols: ['epcis', `bearer.${other}`] });
    expect((await s.opened).status).toBe(101);
    expect((await kept.opened).status).toBe(101);
    const out = await app().call('GET', '/api/user/logout', { token });
    expect(out.status, out.body.msg).toBe(200);
    await expect.poll(() => s.closed()?.code, { timeout: 10_000, interval: 50 }).toBe(1008);
    expect(s.closed()?.reason).toContain('session');
    expect(kept.closed()).toBeNull();
    kept.ws.close();
  }, 60_000);

  it('closes its sockets when the application closes', async () => {
    const s = open('objects', demo, 'stream=true');
    expect((await s.opened).status).toBe(101);
    const closing = t!.close();
    t = undefined;
    await closing;
    await expect.poll(() => s.closed()?.code, { timeout: 5_000, interval: 20 }).toBe(1001);
  }, 60_000);
});
