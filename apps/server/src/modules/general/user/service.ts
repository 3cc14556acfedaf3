import { type Lang, userResource } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import { conflict } from '../../../core/errors.js';
import { loginKey } from '../../../core/login-throttle.js';
import { assertPasswordPolicy } from '../../../core/password-policy.js';
import { hashPassword } from '../../../core/passwords.js';
import { TenantScope } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { loginNames, userRoles, users } from '../../../db/schema/index.js';

/** Login names are unique across all tenants; the directory stores them lower-cased. */
export { loginKey } from '../../../core/login-throttle.js';

export interface NewUser {
  username: string;
  password: string;
  userType: number;
  aliasName?: string;
  roleIds?: number[];
  /** roles per terminal (web, app, pad); roleIds are web roles */
  roles?: { roleId: number; terminal: string }[];
  lang?: string;
  /**
   * who creates it: a user created by someone (an administrator, through the API) gets the password
   * policy (system parameter PASSWORD_STRENGTH); the seeds and system-made users do not
   */
  createdBy?: number | null;
  /** the password must be changed at the first sign-in (an administrator chose it) */
  mustChangePassword?: boolean;
}

/**
 * The columns of a new user, after the checks: the password policy (for a user an administrator
 * creates), a login name no tenant has yet. The login-name entry is written by registerLogin.
 */
export async function newUserColumns(db: Tx, tenantCode: string, input: NewUser, lang?: Lang) {
  if (input.createdBy != null)
    await assertPasswordPolicy(db, input.password, { key: 'password', label: userResource.labels.password }, lang);
  const taken = await db
    .select()
    .from(loginNames)
    .where(eq(loginNames.username, loginKey(input.username)));
  if (taken.length) throw conflict('common.conflict', { what: { key: 'field.username' } });
  return {
    username: input.username.trim(),
    userCode: `${tenantCode}-${loginKey(input.username)}`,
    aliasName: input.aliasName || null,
    passwordHash: await hashPassword(input.password),
    userType: input.userType,
    lang: input.lang ?? 'zh_CN',
    createdBy: input.createdBy ?? null,
  };
}

/** The login-name entry (login names are unique across tenants) and the roles of a new user. */
export async function registerLogin(
  db: Tx,
  user: { tenantId: number; id: number; username: string },
  opts: { mustChangePassword?: boolean; roles?: { roleId: number; terminal: string }[] },
) {
  await db.insert(loginNames).values({
    username: loginKey(user.username),
    tenantId: user.tenantId,
    userId: user.id,
    mustChangePassword: opts.mustChangePassword ?? false,
  });
  if (opts.roles?.length)
    await new TenantScope(db, user.tenantId).insert(
      userRoles,
      opts.roles.map((g) => ({ userId: user.id, roleId: g.roleId, terminal: g.terminal })),
    );
}

/** Create a user, its login-name entry and its web roles, all or nothing (tenant creation, seeds). */
export async function createUser(db: Tx, tenantId: number, tenantCode: string, input: NewUser) {
  const columns = await newUserColumns(db, tenantCode, input);
  const scope = new TenantScope(db, tenantId);
  return scope.transaction(async (tx) => {
    const [user] = await tx.insert(users, columns);
    const roles = [...(input.roleIds ?? []).map((roleId) => ({ roleId, terminal: 'web' })), ...(input.roles ?? [])];
    await registerLogin(tx.db, user, { mustChangePassword: input.mustChangePassword, roles });
    return user;
  });
}

/** Find a user by login name across tenants (login and single sign-on), with its login-name entry. */
export async function findLogin(db: Tx, username: string) {
  const [entry] = await db
    .select()
    .from(loginNames)
    .where(eq(loginNames.username, loginKey(username)));
  if (!entry) return undefined;
  const user = await new TenantScope(db, entry.tenantId).first(users, eq(users.id, entry.userId));
  return user ? { user, mustChangePassword: entry.mustChangePassword } : undefined;
}

/** Find a user by login name across tenants. */
export async function findByLoginName(db: Tx, username: string) {
  return (await findLogin(db, username))?.user;
}

/** Mark (or clear) the must-change-password flag of a user's login name. */
export async function setMustChangePassword(db: Tx, username: string, on: boolean): Promise<void> {
  await db
    .update(loginNames)
    .set({ mustChangePassword: on })
    .where(eq(loginNames.username, loginKey(username)));
}
