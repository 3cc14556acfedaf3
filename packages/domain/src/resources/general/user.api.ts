// The user screen's own bodies (general/user): its columns' rules come from the declaration
// (user.ts); the body adds the roles per terminal, and a tenant id of 0 (the platform, which is no
// tenant row to pick).
import { z } from 'zod';
import { TERMINALS } from '../../constants.js';
import { checkRules, fieldRules } from '../../resource/schemas.js';
import { flag, id, int, password } from '../../schemas/common.js';
import { userResource } from './user.js';

/** Role ids per terminal (spec: roles per terminal). */
export const rolesByTerminal = z.object(Object.fromEntries(TERMINALS.map((t) => [t, z.array(id()).max(50).optional()]))) as z.ZodType<
  Partial<Record<(typeof TERMINALS)[number], number[]>>
>;

const userRules = fieldRules(userResource, ['username', 'aliasName', 'password', 'userType'] as const);

export interface UserCreate {
  tenantId: number;
  username: string;
  aliasName?: string;
  password: string;
  confirmPassword: string;
  userType: number;
  loginStatus?: 0 | 1;
  roles?: z.infer<typeof rolesByTerminal>;
}
export const userCreate = z
  .object({
    ...userRules,
    tenantId: int(0),
    confirmPassword: z.string().max(64),
    loginStatus: flag().optional(),
    roles: rolesByTerminal.optional(),
  })
  .superRefine((d, ctx) => checkRules(userResource, d, ctx)) as unknown as z.ZodType<UserCreate>;

export interface UserUpdate {
  id: number;
  aliasName?: string;
  userType?: number;
  roles?: z.infer<typeof rolesByTerminal>;
}
export const userUpdate = z.object({
  id: id(),
  aliasName: userRules.aliasName.optional(),
  userType: userRules.userType.optional(),
  roles: rolesByTerminal.optional(),
}) as unknown as z.ZodType<UserUpdate>;

export const resetPassword = z
  .object({ id: id(), password: password().optional(), confirmPassword: z.string().max(64).optional() })
  .superRefine((d, ctx) => {
    if (d.password !== undefined && d.password !== d.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordsDiffer' });
  });

/** POST /general/user/roles: the enabled roles of one tenant (0: the platform), for the role selects. */
export const userRolesBody = z.object({ tenantId: int(0) });
export const userRoleOption = z.object({ id: z.number(), code: z.string(), name: z.string(), alias: z.string(), terminal: z.string() });
export type UserRoleOption = z.infer<typeof userRoleOption>;

/** The answer of POST /general/user/reset-password: the generated password, shown once (null when one was given). */
export const resetPasswordAnswer = z.object({ password: z.string().nullable() });
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswer>;
