import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { webhookPost } from '../src/modules/label/epcis/subscriptions.js';
import { problems } from './epcis-validate.js';
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

const event = (epc: string, bizStep: string, id: string) => ({
  '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: new Date().toISOString(),
  epcisBody: {
    eventList: [
      {
        type: 'ObjectEvent',
        eventID: id,
        eventTime: new Date(Date.now() - 5_000).toISOString(),
        eventTimeZoneOffset: '+00:00',
        epcList: [epc],
        action: 'OBSERVE',
        bizStep,
      },
    ],
  },
});

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
    const started = Date.now();
    await capture(event(epc, 'receiving', 'urn:uuid:0b1e7c4e-4d6c-4b67-9c31-2a5d3f000001'));
    // not matching the query: never sent
    await capture(event(epc, 'shipping', 'urn:uuid:0b1e7c4e-4d6c-4b67-9c31-2a5d3f000002'));
    await expect.poll(() => hook.delivered(), { timeout: 20_000, interval: 50 }).toContain('urn:uuid:0b1e7c4e-4d6c-4b67-9c31-2a5d3f000001');
    expect(Date.now() - started).toBeLessThan(15_000);
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
});

/** The webhooks' SSRF guard, on by default (this app leaves it on). */
describe(`EPCIS webhooks' guard on ${DRIVER}`, () => {
  let t: TestApp | undefined;
  let demo: string;
  const app = () => t!;

  const call = (method: string, path: string, token: string, body?: unknown) =>
    app().call(method, `/api/epcis${path}`, {
      token,
      ...(body === undefined ? {} : { rawBody: JSON.stringify(body) }),
    }) as Promise<{ status: number; body: Json; headers: Record<string, unknown> }>;

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    expect((await call('POST', '/queries', demo, { name: 'objects', query: { eventType: ['ObjectEvent'] } })).status).toBe(201);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

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
});
