// tenant/user: a tenant administrator's own users, on the platform user screen's hooks and services
// (modules/general/user), held to the session's tenant, plus the party binding.
import { checkRules, fieldRules, PARTY_KINDS, rolesByTerminal, tenantUserResource, USER_TYPE } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import type { SessionService } from '../../../core/sessions.js';
import { ownTenant } from '../../../core/tenant-scope.js';
import { UserAdminService } from '../../general/user/admin.js';
import { mustChangeBody, userHooks } from '../../general/user/hooks.js';
import { accountActionRoutes } from '../../general/user/routes.js';
import { checkParty, isPartyKind, partyNames } from './parties.js';

const SCREEN = 'tenant/user';
const tags = [SCREEN];
const labels = tenantUserResource.labels;

type Row = Record<string, unknown>;

const rules = fieldRules(tenantUserResource, ['username', 'aliasName', 'password', 'userType', 'partyKind', 'partyId'] as const);

/** POST /tenant/user/create: the declared fields, the roles per terminal (this tenant's), the must-change flag. */
export const tenantUserCreate = z
  .object({ ...rules, confirmPassword: z.string().max(64), roles: rolesByTerminal.optional() })
  .superRefine((d, ctx) => checkRules(tenantUserResource, d, ctx))
  .and(mustChangeBody);

/** POST /tenant/user/update: alias, type, roles and the party (null and null unbind it). */
export const tenantUserUpdate = z
  .object({
    id: z.number().int().positive(),
    aliasName: rules.aliasName.optional(),
    userType: rules.userType.optional(),
    partyKind: rules.partyKind.optional(),
    partyId: rules.partyId.optional(),
    roles: rolesByTerminal.optional(),
  })
  .and(mustChangeBody);

/**
 * The platform's user hooks (login name unique across tenants, password policy, roles of the
 * tenant, the login-name directory, nobody deletes themselves), with the tenant fixed to the
 * session's, and the party: a row of that kind in this tenant; the list shows its name.
 */
export function tenantUserHooks(ctx: AppContext): ResourceHooks {
  const shared = userHooks(ctx);
  return {
    body: { create: tenantUserCreate, update: tenantUserUpdate },
    async beforeWrite(tx, data, info) {
      const { session, existing, changes, lang = session.lang } = info;
      if (!existing) {
        data.tenantId = session.tenantId;
        data.userType ??= USER_TYPE.TENANT_USER;
        await checkParty(tx, session.tenantId, data.partyKind, data.partyId, labels, lang);
      } else if (changes && (changes.partyKind !== undefined || changes.partyId !== undefined)) {
        await checkParty(tx, session.tenantId, data.partyKind, data.partyId, labels, lang);
      }
      await shared.beforeWrite!(tx, data, info);
    },
    afterWrite: shared.afterWrite,
    beforeDelete: shared.beforeDelete,
    afterCommit: shared.afterCommit,
    async decorate(rows, info) {
      const shown = await shared.decorate!(rows, info);
      const names = new Map<string, string>();
      for (const kind of PARTY_KINDS) {
        const ids = shown.filter((r) => r.partyKind === kind).map((r) => Number(r.partyId));
        if (!ids.length) continue;
        for (const [id, name] of await partyNames(ctx.db, info.session.tenantId, kind, ids)) names.set(`${kind}:${id}`, name);
      }
      return shown.map(({ tenantId: _t, tenantCode: _c, tenantName: _n, ...r }: Row) => ({
        ...r,
        partyName: isPartyKind(r.partyKind) ? (names.get(`${r.partyKind}:${r.partyId}`) ?? '') : '',
      }));
    },
    rowFields: {
      userCode: z.string(),
      status: z.number(),
      lang: z.string(),
      roles: z.record(z.string(), z.array(z.object({ id: z.number(), code: z.string(), name: z.string() }))),
      mustChangePassword: z.number().int(),
      locked: z.boolean(),
      /** the bound party's name and code ('' when none) */
      partyName: z.string(),
    },
    refLabels: { partyId: 'partyName' },
    omitRoutes: ['template', 'import'],
  };
}

/**
 * tenant/user: the generic list, get, create, update, delete and export (hooks above), plus
 * allow/forbid login, reset password, unlock and the tenant's role options — the platform user
 * screen's services, reaching this tenant's users only.
 */
export const tenantUserRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  const admin = new UserAdminService(app.ctx, sessions, ownTenant);

  await accountActionRoutes(app, SCREEN, admin);

  app.post(
    `/${SCREEN}/roles`,
    {
      config: { access: { screen: SCREEN, action: 'query' } },
      schema: {
        tags,
        summary: 'Enabled roles of this tenant, for the role selects',
        response: {
          200: envelope(z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), alias: z.string(), terminal: z.string() }))),
        },
      },
    },
    async (req, reply) => reply.ok(await admin.roleOptions(req.session!, req.session!.tenantId)),
  );
};
