import { DECLARED_RESOURCES, id, type ResourceDef } from '@tagloom/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refereesOf } from '../../db/resource-table.js';
import { forbidden } from '../errors.js';

/** Rows a reference picker gets per page. */
export const OPTIONS_PAGE = 20;

/** GET /api/<code>/options?q=&page=&ids= */
export const optionsQuery = z.object({
  q: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  /** comma-separated ids whose labels are wanted (the picker's current value) */
  ids: z
    .string()
    .max(2000)
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const out = s.split(',').map((x) => id().safeParse(x.trim()));
      if (out.some((r) => !r.success)) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalidFormat' });
        return z.NEVER;
      }
      return out.map((r) => r.data as number).slice(0, 100);
    }),
});
export type OptionsQuery = z.infer<typeof optionsQuery>;

export const optionsPage = z.object({
  list: z.array(z.object({ value: z.number(), label: z.string() })),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/**
 * Who may read a resource's picker options: whoever may query its screen, or may add or edit a row
 * of a screen with a ref field pointing at it (a tenant form picking its group needs no right to the
 * group screen). The rows stay in the caller's scope (tenant rows of its tenant only).
 */
export async function checkOptionsAccess(req: FastifyRequest, def: ResourceDef): Promise<void> {
  if (await req.holds(def.screen ?? def.code, 'query')) return;
  const declared = DECLARED_RESOURCES.filter((d) => d.list.some((f) => f.ref?.resource === def.code));
  for (const referee of new Set([...declared, ...refereesOf(def.code)])) {
    const screen = referee.screen ?? referee.code;
    if ((await req.holds(screen, 'add')) || (await req.holds(screen, 'edit'))) return;
  }
  throw forbidden();
}
