import { Code } from '@tagloom/domain';
import { eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { AppContext } from '../../core/context.js';
import { AppError, badRequest } from '../../core/errors.js';
import { ssoStates } from '../../db/schema/index.js';

const STATE_TTL_MS = 10 * 60_000;

/**
 * OpenID Connect authorization-code login with PKCE. The pending request (state, nonce,
 * verifier) is kept in the database, so the callback may reach any server process.
 * The identity provider sends the browser back to the console's /login page, which passes the
 * query on to GET /api/user/ssoLogin.
 */
export class SsoService {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly ctx: AppContext) {}

  get enabled(): boolean {
    return Boolean(this.ctx.config.oidc);
  }

  get redirectUri(): string {
    return `${this.ctx.config.publicUrl}/login`;
  }

  private settings() {
    const s = this.ctx.config.oidc;
    if (!s) throw badRequest('auth.ssoNotConfigured');
    return s;
  }

  private discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const s = this.settings();
      const issuer = new URL(s.issuer);
      const insecure = issuer.protocol === 'http:';
      if (insecure) this.ctx.log.warn({ issuer: s.issuer }, 'OIDC issuer is plain http: allowed, but only fit for tests');
      this.configuration = oidc
        .discovery(
          issuer,
          s.clientId,
          undefined,
          oidc.ClientSecretPost(s.clientSecret),
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((err) => {
          this.configuration = undefined;
          throw err;
        });
    }
    return this.configuration;
  }

  /** Where to send the browser to sign in. */
  async authorizationUrl(): Promise<string> {
    const s = this.settings();
    const config = await this.discover().catch((err) => {
      throw new AppError(502, Code.SERVER_ERROR, 'auth.ssoFailed', { reason: (err as Error).message });
    });
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.ctx.db.delete(ssoStates).where(lt(ssoStates.expiresAt, new Date()));
    await this.ctx.db.insert(ssoStates).values({ state, nonce, codeVerifier, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: s.scope,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.toString();
  }

  /** Finish the login: exchange the code, check state and nonce, return the user name claimed. */
  async complete(query: Record<string, string>): Promise<string> {
    const s = this.settings();
    const state = query.state ?? '';
    const [pending] = await this.ctx.db.delete(ssoStates).where(eq(ssoStates.state, state)).returning();
    if (!pending || pending.expiresAt.getTime() < Date.now()) throw badRequest('auth.ssoStateInvalid');
    if (query.error) {
      throw new AppError(401, Code.UNAUTHORIZED, 'auth.ssoFailed', { reason: query.error_description || query.error });
    }
    try {
      const config = await this.discover();
      const current = new URL(this.redirectUri);
      for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims: Record<string, unknown> = tokens.claims() ?? {};
      let name = claims[s.usernameClaim] ?? claims.sub;
      if (!name && tokens.access_token) {
        const info: Record<string, unknown> = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
        name = info[s.usernameClaim] ?? info.sub;
      }
      return String(name ?? '');
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(401, Code.UNAUTHORIZED, 'auth.ssoFailed', { reason: (err as Error).message });
    }
  }
}
