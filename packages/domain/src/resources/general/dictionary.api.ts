// The dictionary screen's own endpoints (general/dictionary): its modules and their details.
import { z } from 'zod';
import { id, int } from '../../schemas/common.js';

const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/);
const name = z.string().trim().min(1).max(128);

/** Dictionary module (spec §7 /dictionary/web/*). */
export const dictionaryModuleInput = z.object({
  code,
  name,
  remark: z.string().trim().max(256).optional().default(''),
  seq: int(0, 9999).optional().default(0),
});
export const dictionaryModuleUpdate = dictionaryModuleInput.extend({ id: id() });

/** Dictionary detail (spec §7 /dictionaryDetail/web/*). `num` is the value the console reads. */
export const dictionaryDetailInput = z.object({
  moduleId: id(),
  num: code,
  name,
  nameTw: z.string().trim().max(128).optional().default(''),
  nameEn: z.string().trim().max(128).optional().default(''),
  seq: int(0, 9999).optional().default(0),
  status: int(0, 1).optional().default(1),
  remark: z.string().trim().max(256).optional().default(''),
});
export const dictionaryDetailUpdate = dictionaryDetailInput.extend({ id: id() });

export const dictionaryDetailRow = z.object({
  id: z.number().int(),
  moduleId: z.number().int(),
  moduleCode: z.string(),
  num: z.string(),
  name: z.string(),
  nameTw: z.string(),
  nameEn: z.string(),
  seq: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
});
export type DictionaryDetailRow = z.infer<typeof dictionaryDetailRow>;

/** The dictionary module holding the console's language list. */
export const LANGUAGE_DICTIONARY = 'LANGUAGE_TYPE';
