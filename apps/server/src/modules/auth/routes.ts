import {
  Code,
  changePasswordBody,
  currentRoleOf,
  LOGIN_TYPE,
  loginBody,
  loginData,
  normalizeLang,
  PARTY_SCREENS,
  passwordPolicy,
  ssoLoginData,
  userInfo,
} from '@tagloom/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionInfo } from '../../core/context.js';
import { envelope, okEmpty } from '../../core/envelope.js';
import { AppError } from '../../core/errors.js';
import { ThrottledError } from '../../core/login-throttle.js';
import { currentPasswordRule } from '../../core/password-policy.js';
import type { SessionService } from '../../core/sessions.js';
import { TenantScope } from '../../core/tenant-scope.js';
import type { AuthService, ClientMeta } from './service.js';
import type { SsoService } from './sso.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The account's own calls (info, password policy, change password, language, logout): declared
     * public for the shared access hook and resolved here, so that a session that must change its
     * initial password may still make them (every other call answers PASSWORD_CHANGE_REQUIRED).
     */
    account?: boolean;
  }
}

interface Deps {
  auth: AuthService;
  sessions: SessionService;
  sso: SsoService;
}

const langQuery = z.object({ langeType: z.string().max(16).optional() });

/** Sign-in, sign-out and the signed-in user's own account (spec §4, §7). */
export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, { auth, sessions, sso }) => {
  // the session of the account's own calls, as the shared access hook resolves it for other routes
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!req.routeOptions.config?.account) return;
    const session = await sessions.resolve(req.headers.token as string | undefined, { allowPasswordChange: true });
    req.session = session;
    const q = req.query as Record<string, unknown> | undefined;
    if (!req.headers.langetype && !q?.langeType) req.lang = session.lang;
    req.scope = new TenantScope(app.ctx.db, session.tenantId);
  });

  const meta = (req: { ip: string; headers: Record<string, unknown>; lang: ClientMeta['lang'] }, loginType: string): ClientMeta => ({
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    lang: req.lang,
    loginType,
  });

  app.post(
    '/user/login',
    {
      config: { access: 'public', skipOperationLog: true },
      schema: {
        tags: ['session'],
        summary: 'Password login',
        querystring: langQuery,
        body: loginBody,
        response: { 200: envelope(loginData) },
      },
    },
    async (req, reply) => {
      try {
        return reply.ok(await auth.login(req.body.username, req.body.password, meta(req, LOGIN_TYPE.PASSWORD)), 'auth.loginSuccess');
      } catch (err) {
        if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfter));
        throw err;
      }
    },
  );

  app.get(
    '/user/logout',
    {
      config: { access: 'public', account: true, writes: true, logTarget: (req) => req.session?.username ?? '' },
      schema: { tags: ['session'], summary: 'Revoke the current token', response: { 200: okEmpty } },
    },
    async (req, reply) => {
      await sessions.revoke(req.session!.tokenHash, 'logout');
      return reply.ok(null, 'auth.logoutSuccess');
    },
  );

  app.get(
    '/user/info',
    {
      config: { access: 'public', account: true },
      schema: { tags: ['session'], summary: 'The signed-in user', response: { 200: envelope(userInfo) } },
    },
    async (req, reply) => {
      const s = req.session as NonNullable<typeof req.session> & { mustChangePassword?: boolean };
      const { user, tenant } = await auth.userInfo(s.tenantId, s.userId);
      if (!user || !tenant) throw new AppError(401, Code.TOKEN_ILLEGAL, 'auth.tokenIllegal');
      return reply.ok({
        userCode: user.userCode,
        username: user.username,
        aliasName: user.aliasName,
        avatar: user.avatar,
        userType: user.userType,
        currentRole: currentRoleOf(user.userType),
        tenantId: tenant.id,
        tenantCode: tenant.code,
        tenantName: tenant.name,
        roles: [currentRoleOf(user.userType)],
        lang: req.lang,
        mustChangePassword: s.mustChangePassword === true,
        party: s.party ? { ...s.party, name: await partyName(app, s) } : null,
      });
    },
  );

  app.post(
    '/user/updatePassword',
    {
      config: { access: 'public', account: true, logTarget: (req) => req.session?.username ?? '' },
      schema: {
        tags: ['session'],
        summary: 'Change own password (revokes all own sessions); the new one must keep the password policy',
        body: changePasswordBody,
        response: { 200: okEmpty },
      },
    },
    async (req, reply) => {
      const s = req.session!;
      await auth.changePassword(s.tenantId, s.userId, req.body.oldPassword, req.body.newPassword, req.lang);
      return reply.ok(null, 'auth.passwordChanged');
    },
  );

  app.get(
    '/user/passwordPolicy',
    {
      config: { access: 'public', account: true },
      schema: {
        tags: ['session'],
        summary: 'The password rule in force (system parameter PASSWORD_STRENGTH): minimum length and kinds of characters',
        response: { 200: envelope(passwordPolicy) },
      },
    },
    async (_req, reply) => {
      const rule = await currentPasswordRule(app.ctx.db);
      return reply.ok({ level: rule.level, minLength: rule.minLength, classes: rule.classes });
    },
  );

  app.get(
    '/user/convertCurrLoginI18n',
    {
      config: {
        access: 'public',
        account: true,
        writes: true,
        logTarget: (req) => String((req.query as { langeType?: string }).langeType ?? ''),
      },
      schema: {
        tags: ['session'],
        summary: 'Switch the session language (zh_CN, zh_TW, en_US)',
        querystring: z.object({ langeType: z.string().min(2).max(16) }),
        response: { 200: okEmpty },
      },
    },
    async (req, reply) => {
      const lang = normalizeLang(req.query.langeType);
      const s = req.session!;
      await sessions.setLang(s.tokenHash, lang);
      await auth.setUserLang(s.tenantId, s.userId, lang);
      req.lang = lang;
      return reply.ok(null, 'auth.languageSwitched');
    },
  );

  app.get(
    '/user/ssoConfig',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Whether single sign-on is offered',
        response: { 200: envelope(z.object({ enabled: z.boolean(), startUrl: z.string() })) },
      },
    },
    async (_req, reply) => reply.ok({ enabled: sso.enabled, startUrl: '/api/user/ssoStart' }),
  );

  app.get(
    '/user/ssoStart',
    { config: { access: 'public' }, schema: { tags: ['session'], summary: 'Redirect to the identity provider' } },
    async (_req, reply) => reply.redirect(await sso.authorizationUrl(), 302),
  );

  app.get(
    '/user/ssoLogin',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Finish single sign-on with the query the identity provider returned; the token is in data.remark',
        querystring: z.record(z.string(), z.string()),
        response: { 200: envelope(ssoLoginData) },
      },
    },
    async (req, reply) => {
      const data = await auth.ssoLogin(() => sso.complete(req.query), meta(req, LOGIN_TYPE.SSO));
      const { token, ...rest } = data;
      return reply.ok({ ...rest, remark: token }, 'auth.loginSuccess');
    },
  );
};

/** The name of the party a session is bound to (its row on the party's screen), or its id when that screen is not served. */
async function partyName(app: FastifyInstance, s: SessionInfo): Promise<string> {
  const party = s.party!;
  const service = app.resourceServices.get(PARTY_SCREENS[party.kind]);
  const row = service ? await service.get(s, party.id).catch(() => undefined) : undefined;
  return row ? String(row[service!.def.titleField] ?? party.id) : String(party.id);
}
