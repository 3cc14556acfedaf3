import {
  Code,
  changePasswordBody,
  currentRoleOf,
  LOGIN_TYPE,
  loginBody,
  loginData,
  normalizeLang,
  ssoLoginData,
  userInfo,
} from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, okEmpty } from '../../core/envelope.js';
import { AppError } from '../../core/errors.js';
import type { SessionService } from '../../core/sessions.js';
import type { AuthService, ClientMeta } from './service.js';
import type { SsoService } from './sso.js';

interface Deps {
  auth: AuthService;
  sessions: SessionService;
  sso: SsoService;
}

const langQuery = z.object({ langeType: z.string().max(16).optional() });

/** Sign-in, sign-out and the signed-in user's own account (spec §4, §7). */
export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, { auth, sessions, sso }) => {
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
    async (req, reply) =>
      reply.ok(await auth.login(req.body.username, req.body.password, meta(req, LOGIN_TYPE.PASSWORD)), 'auth.loginSuccess'),
  );

  app.get(
    '/user/logout',
    {
      config: { access: 'session', writes: true, logTarget: (req) => req.session?.username ?? '' },
      schema: { tags: ['session'], summary: 'Revoke the current token', response: { 200: okEmpty } },
    },
    async (req, reply) => {
      await sessions.revoke(req.session!.tokenHash, 'logout');
      return reply.ok(null, 'auth.logoutSuccess');
    },
  );

  app.get(
    '/user/info',
    { config: { access: 'session' }, schema: { tags: ['session'], summary: 'The signed-in user', response: { 200: envelope(userInfo) } } },
    async (req, reply) => {
      const s = req.session!;
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
      });
    },
  );

  app.post(
    '/user/updatePassword',
    {
      config: { access: 'session', logTarget: (req) => req.session?.username ?? '' },
      schema: {
        tags: ['session'],
        summary: 'Change own password (revokes all own sessions)',
        body: changePasswordBody,
        response: { 200: okEmpty },
      },
    },
    async (req, reply) => {
      const s = req.session!;
      await auth.changePassword(s.tenantId, s.userId, req.body.oldPassword, req.body.newPassword);
      return reply.ok(null, 'auth.passwordChanged');
    },
  );

  app.get(
    '/user/convertCurrLoginI18n',
    {
      config: { access: 'session', writes: true, logTarget: (req) => String((req.query as { langeType?: string }).langeType ?? '') },
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
