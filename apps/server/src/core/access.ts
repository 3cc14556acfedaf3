import { type ActionCode, Code, INTEGRATION_KEY_PREFIX, isPlatformScreen, normalizeLang, PLATFORM_TENANT_ID } from '@tagloom/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noteRequest } from './activity.js';
import type { Access, IntegrationKeyResolver } from './context.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import { deviceCall, resolveDevice } from './feed/device-keys.js';
import { isWrite } from './operation-log.js';
import type { PermissionService } from './permissions.js';
import type { SessionService } from './sessions.js';
import { TenantScope } from './tenant-scope.js';

/** The request's language: langeType header or query, then the session's, then the default. */
function requestLang(req: FastifyRequest): string | undefined {
  const q = req.query as Record<string, unknown> | undefined;
  return (req.headers.langetype as string | undefined) ?? (q?.langeType as string | undefined);
}

/** The token of an `Authorization: Bearer …` header. */
const bearerOf = (req: FastifyRequest): string | undefined => /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.authorization ?? '')?.[1];

/** Whether a route is for platform users only: marked so, or serving a screen of the code's platform list. */
export const platformOnly = (access: Access): boolean =>
  typeof access === 'object' && (access.platform === true || isPlatformScreen(access.screen));

/**
 * Authentication and authorization for every route, in one place. Each /api route must declare
 * `config.access`; the server refuses to start with a route that does not. A platform-only route
 * (see platformOnly) is refused to every tenant user before any grant is looked at: the platform
 * boundary rests on the code, not on the editable menus table.
 */
export function registerAccess(
  app: FastifyInstance,
  sessions: SessionService,
  permissions: PermissionService,
  integrationKeys?: IntegrationKeyResolver,
): void {
  app.decorateRequest('session', undefined);
  app.decorateRequest('device', undefined);
  app.decorateRequest('scope', undefined as unknown as TenantScope);
  app.decorateRequest('lang', 'zh_CN');
  app.decorateRequest('startTime', 0);
  app.decorateRequest('holds', async function (this: FastifyRequest, screen: string, action: ActionCode) {
    const s = this.session;
    // can() refuses a platform-only screen to a tenant user on its own
    return s ? permissions.can(s.tenantId, s.userId, screen, action) : false;
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access)
      throw new Error(`Route ${route.method} ${route.url} declares no access (public, session or a screen button)`);
  });

  app.addHook('onRequest', async (req) => {
    req.startTime = performance.now();
    noteRequest();
    const explicit = requestLang(req);
    req.lang = normalizeLang(explicit);
    const { readiness } = app.ctx;
    if (!readiness.ready && req.url.startsWith('/api') && !req.url.startsWith('/api/health')) {
      throw new AppError(503, Code.UNAVAILABLE, 'common.dbUnavailable');
    }
    const access: Access | undefined = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    if (access === 'device' || deviceCall(req)) {
      // a device's key, never a user session: the tenant is the key's
      req.device = await resolveDevice(app.ctx.db, req);
      req.scope = new TenantScope(app.ctx.db, req.device.tenantId);
      return;
    }
    if (typeof access === 'object' && access.integration && !req.headers.token) {
      const bearer = bearerOf(req);
      if (bearer?.startsWith(INTEGRATION_KEY_PREFIX)) {
        // an integration key: its user's session, its scope standing for the button
        const key = integrationKeys ? await integrationKeys.resolve(bearer) : null;
        if (!key) throw unauthorized(Code.TOKEN_ILLEGAL, 'auth.keyIllegal');
        req.session = { ...key.session, integrationKeyId: key.keyId };
        if (!explicit) req.lang = key.session.lang;
        req.scope = new TenantScope(app.ctx.db, key.session.tenantId);
        if (!key.scopes[access.integration]) throw new AppError(403, Code.FORBIDDEN, 'auth.keyScope', { scope: access.integration });
        return;
      }
    }
    const token =
      (req.headers.token as string | undefined) ?? (typeof access === 'object' && access.integration ? bearerOf(req) : undefined);
    const session = await sessions.resolve(token);
    req.session = session;
    if (!explicit) req.lang = session.lang;
    req.scope = new TenantScope(app.ctx.db, session.tenantId);
    if (access === 'session') return;
    if (platformOnly(access) && session.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
    if (!(await permissions.can(session.tenantId, session.userId, access.screen, access.action))) throw forbidden();
  });

  // A signed-in user's write may have changed what sessions resolve to (a login forbidden, a party
  // bound, a tenant disabled): this process's cached sessions go before the answer does, so the
  // next request here reads them again. Other processes hear it from the database (SESSIONS_CHANGED).
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.session && isWrite(req)) sessions.forget();
    return payload;
  });
}
