import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLog } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const PUBLIC_URL = 'http://console.test';
const CLIENT = { client_id: 'tagloom', client_secret: 'tagloom-secret' };

/** Walks the identity provider's own login and consent pages like a browser, with a cookie jar. */
async function signInAtProvider(authorizeUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookieHeader() } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
  let url = authorizeUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(PUBLIC_URL)) return new URL(url);
    const res = await go(url);
    const loc = res.headers.get('location');
    if (loc) {
      url = new URL(loc, url).toString();
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`identity provider page without a form: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt: prompt ?? 'consent' });
    const posted = await go(new URL(action, url).toString(), {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    url = new URL(posted.headers.get('location')!, url).toString();
  }
  throw new Error('too many redirects at the identity provider');
}

describe(`single sign-on (OpenID Connect) on ${DRIVER}`, () => {
  let server: Server;
  let t: TestApp;
  let issuer: string;

  beforeAll(async () => {
    // a real OpenID provider on a loopback port, with its development login pages
    server = await new Promise<Server>((resolve) => {
      const srv = createServer();
      srv.listen(0, '127.0.0.1', () => resolve(srv));
    });
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          ...CLIENT,
          redirect_uris: [`${PUBLIC_URL}/login`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: { openid: ['sub'], profile: ['preferred_username', 'name'] },
      findAccount: async (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: async () => ({ sub: `sub-${id}`, preferred_username: id, name: id }),
      }),
      pkce: { required: () => true },
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['test-cookie-key'] },
    });
    server.on('request', provider.callback());
    t = await startTestApp({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT.client_id,
      OIDC_CLIENT_SECRET: CLIENT.client_secret,
      PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => server?.close(r));
  });

  it('announces single sign-on to the login page', async () => {
    const r = await t.call('GET', '/api/user/ssoConfig');
    expect(r.body.data).toEqual({ enabled: true, startUrl: '/api/user/ssoStart' });
  });

  it('signs a known user in through the identity provider; the token comes back in remark', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/user/ssoStart' });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await signInAtProvider(authorize.toString(), 'demo');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('code')).toBeTruthy();

    const r = await t.call('GET', `/api/user/ssoLogin${back.search}`);
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ username: 'demo', userType: 3 });
    const token = r.body.data.remark;
    const info = await t.call('GET', '/api/user/info', { token });
    expect(info.body.data.username).toBe('demo');
    // the same code cannot be used twice
    const replay = await t.call('GET', `/api/user/ssoLogin${back.search}`, { lang: 'en' });
    expect(replay.body.code).not.toBe(200);
    expect(replay.body.msg).toMatch(/expired or is invalid/);
  });

  it('refuses an identity with no TagLoom account, with the message', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/user/ssoStart' });
    const back = await signInAtProvider(start.headers.location as string, 'stranger');
    const r = await t.call('GET', `/api/user/ssoLogin${back.search}`, { lang: 'en' });
    expect([r.status, r.body.msg]).toEqual([401, 'No account is linked to the single sign-on user stranger']);
    const [logged] = await t.ctx.db.select().from(loginLog).where(eq(loginLog.username, 'stranger'));
    expect(logged).toMatchObject({ result: 0, loginType: '0', message: 'No account is linked to the single sign-on user stranger' });
  });

  it('refuses a forged state, and writes the attempt to the login log', async () => {
    const r = await t.call('GET', '/api/user/ssoLogin?code=abc&state=forged', { lang: 'en', remoteAddress: '192.0.2.77' });
    expect(r.status).toBe(400);
    const [logged] = await t.ctx.db.select().from(loginLog).where(eq(loginLog.ip, '192.0.2.77'));
    expect(logged).toMatchObject({ result: 0, username: '(single sign-on)', message: expect.stringMatching(/expired or is invalid/) });
  });

  it('says single sign-on is not configured when it is not', async () => {
    // the platform alone (no demo tenants): a second app starts in seconds
    const plain = await startTestApp({ SEED_DEMO: '0' });
    try {
      expect((await plain.call('GET', '/api/user/ssoConfig')).body.data.enabled).toBe(false);
      const r = await plain.call('GET', '/api/user/ssoLogin?code=x&state=y', { lang: 'en' });
      expect([r.status, r.body.msg]).toEqual([400, 'Single sign-on is not configured']);
    } finally {
      await plain.close();
    }
  });
});
