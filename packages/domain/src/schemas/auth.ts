import { z } from 'zod';
import { LANGS } from '../lang.js';
import { PASSWORD_LEVELS } from '../password.js';
import { password, userName } from './common.js';

// the password policy and its checks are zod-free (password.ts): the console's shell imports them
export * from '../password.js';

export const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginData = z.object({
  token: z.string(),
  userCode: z.string(),
  username: z.string(),
  userType: z.number().int(),
  /** the password was set by an administrator: only the account's own calls work until it is changed */
  mustChangePassword: z.boolean(),
});
export type LoginData = z.infer<typeof loginData>;

/** SSO answers like login, but the token is carried in `remark` (spec §3, §7). */
export const ssoLoginData = loginData.omit({ token: true }).extend({ remark: z.string() });

export const changePasswordBody = z
  .object({
    oldPassword: z.string().min(1).max(128),
    newPassword: password(),
    confirmPassword: z.string().min(1).max(128),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'validation.passwordsDiffer',
    path: ['confirmPassword'],
  });

export const userInfo = z.object({
  userCode: z.string(),
  username: z.string(),
  aliasName: z.string().nullable(),
  avatar: z.string().nullable(),
  userType: z.number().int(),
  currentRole: z.enum(['plat', 'tenant']),
  tenantId: z.number().int(),
  tenantCode: z.string(),
  tenantName: z.string(),
  roles: z.array(z.string()),
  lang: z.enum(LANGS),
  mustChangePassword: z.boolean(),
  /** the party (store, warehouse, factory, label supplier) the user is bound to: it sees that party's rows only */
  party: z
    .object({ kind: z.enum(['store', 'warehouse', 'factory', 'labelSupplier']), id: z.number().int(), name: z.string() })
    .nullable()
    .optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

export { userName };

/** GET /user/passwordPolicy */
export const passwordPolicy = z.object({
  level: z.enum(PASSWORD_LEVELS),
  minLength: z.number().int(),
  classes: z.array(z.enum(['letter', 'lower', 'upper', 'digit', 'symbol'])),
});
