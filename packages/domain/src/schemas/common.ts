import { z } from 'zod';
import { LIMITS } from '../constants.js';

/**
 * Shared field rules (spec §5). A failed custom rule's message is an i18n key (`validation.*`),
 * which the server and the console translate into the user's language.
 */
export const CHINESE_RE = /[\u3400-\u9fff\uf900-\ufaff]/;

export const userName = () => z.string().trim().min(LIMITS.userNameMin).max(64);
export const password = () =>
  z
    .string()
    .min(LIMITS.passwordMin)
    .max(64)
    .refine((v) => !CHINESE_RE.test(v), { message: 'validation.noChinese' });

/** Positive integer ids, accepted as numbers or numeric strings (query strings, form posts). */
export const id = () => z.coerce.number().int().positive();
export const idList = () => z.array(id()).min(1).max(1000);

export const paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});

export const pageResult = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ list: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
