import { z } from 'zod';
import { LANGS } from '../lang.js';
import { password, userName } from './common.js';

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
});
export type UserInfo = z.infer<typeof userInfo>;

export { userName };
