// The tenant screen's own bodies (general/tenant): its columns' rules come from the declaration
// (tenant.ts); the body adds the menu grants and the templates picked as a list.
import { z } from 'zod';
import { checkRules, fieldRules } from '../../resource/schemas.js';
import { blankToUndefined, id, optionalId } from '../../schemas/common.js';
import { menuGrants } from './role.api.js';
import { tenantResource } from './tenant.js';

/** The three templates a tenant needs (spec §5), keyed by type. */
export const TEMPLATE_TYPES = ['goodsAttr', 'locationAttr', 'codingRule'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const templateField = (t: TemplateType) => `${t}TemplateId` as const;

interface TemplateInput {
  goodsAttrTemplateId?: number;
  locationAttrTemplateId?: number;
  codingRuleTemplateId?: number;
  /** the console's multi-select of templates: any mix of types, one of each allowed */
  templates?: { type: TemplateType; id: number }[];
}

/** The chosen template id of each type, or the type chosen twice. */
export function templatesOf(d: TemplateInput): { ids: Partial<Record<TemplateType, number>>; twice?: TemplateType } {
  const ids: Partial<Record<TemplateType, number>> = {};
  let twice: TemplateType | undefined;
  for (const t of TEMPLATE_TYPES) if (d[templateField(t)] !== undefined) ids[t] = d[templateField(t)];
  const seen = new Set<TemplateType>();
  for (const c of d.templates ?? []) {
    if (seen.has(c.type) || (ids[c.type] !== undefined && ids[c.type] !== c.id)) twice ??= c.type;
    seen.add(c.type);
    ids[c.type] = c.id;
  }
  return { ids, twice };
}

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

function templateRules(d: TemplateInput, ctx: Ctx, all: boolean) {
  const { ids, twice } = templatesOf(d);
  if (twice) issue(ctx, 'templates', 'validation.twoTemplatesOfOneType');
  if (all) for (const t of TEMPLATE_TYPES) if (ids[t] === undefined) issue(ctx, templateField(t), 'validation.required');
}

const templateShape = {
  goodsAttrTemplateId: optionalId(),
  locationAttrTemplateId: optionalId(),
  codingRuleTemplateId: optionalId(),
  templates: z
    .array(z.object({ type: z.enum(TEMPLATE_TYPES), id: id() }))
    .max(10)
    .optional(),
};

const tenantRules = fieldRules(tenantResource, ['code', 'name', 'groupId', 'remark', 'adminUsername', 'password'] as const);

export interface TenantCreate extends TemplateInput {
  code: string;
  name: string;
  groupId?: number | null;
  remark?: string;
  adminUsername: string;
  password: string;
  confirmPassword: string;
  menus: z.infer<typeof menuGrants>;
}
export const tenantCreate = z
  .object({
    ...tenantRules,
    groupId: z.preprocess(blankToUndefined, tenantRules.groupId.nullable().optional()),
    confirmPassword: z.string().max(64),
    ...templateShape,
    menus: menuGrants,
  })
  .superRefine((d, ctx) => {
    checkRules(tenantResource, d, ctx);
    templateRules(d, ctx, true);
  }) as unknown as z.ZodType<TenantCreate>;

export type TenantUpdate = Partial<Pick<TenantCreate, 'name' | 'groupId' | 'remark' | 'menus'>> & TemplateInput & { id: number };
export const tenantUpdate = z
  .object({
    id: id(),
    name: tenantRules.name.optional(),
    groupId: z.preprocess(blankToUndefined, tenantRules.groupId.nullable().optional()),
    remark: tenantRules.remark.optional(),
    ...templateShape,
    menus: menuGrants.optional(),
  })
  .superRefine((d, ctx) => {
    if (d.menus && !d.menus.length) issue(ctx, 'menus', 'validation.menusRequired');
    templateRules(d, ctx, false);
  }) as unknown as z.ZodType<TenantUpdate>;
