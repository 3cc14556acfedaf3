// Request bodies of the platform General screens with nested data (tenant, user, menu, role grants).
import { z } from 'zod';
import { TERMINALS } from '../constants.js';
import { id, idList, password, userName } from './common.js';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const flag = () => z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.union([z.literal(0), z.literal(1)]));
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1).max(max);
const optionalId = () => z.preprocess(blankToUndefined, id().optional());

/** One screen granted with some of its buttons (tenant grants, role grants). */
export const menuGrant = z.object({
  menuId: id(),
  actions: z
    .array(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/))
    .max(64)
    .default([]),
});
export const menuGrants = z.array(menuGrant).max(2000);
export type MenuGrant = z.infer<typeof menuGrant>;

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

const tenantShape = {
  name: required(64),
  groupId: z.preprocess(blankToUndefined, id().nullable().optional()),
  remark: text(256).optional(),
  ...templateShape,
};

export const tenantCreate = z
  .object({
    code: required(32).regex(/^[A-Z0-9]+$/, { message: 'validation.tenantCode' }),
    ...tenantShape,
    adminUsername: userName(),
    password: password(),
    confirmPassword: z.string().max(64),
    menus: menuGrants,
  })
  .superRefine((d, ctx) => {
    if (d.password !== d.confirmPassword) issue(ctx, 'confirmPassword', 'validation.passwordsDiffer');
    if (d.name.toLowerCase() === d.adminUsername.trim().toLowerCase()) issue(ctx, 'adminUsername', 'validation.tenantNameIsAdmin');
    if (!d.menus.length) issue(ctx, 'menus', 'validation.menusRequired');
    templateRules(d, ctx, true);
  });
export type TenantCreate = z.infer<typeof tenantCreate>;

export const tenantUpdate = z
  .object({ id: id(), ...tenantShape, name: required(64).optional(), menus: menuGrants.optional() })
  .superRefine((d, ctx) => {
    if (d.menus && !d.menus.length) issue(ctx, 'menus', 'validation.menusRequired');
    templateRules(d, ctx, false);
  });
export type TenantUpdate = z.infer<typeof tenantUpdate>;

export const tenantQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  code: text(32).optional(),
  name: text(64).optional(),
  groupId: optionalId(),
  status: z.preprocess(blankToUndefined, flag().optional()),
  adminUsername: text(64).optional(),
});

/** Role ids per terminal (spec: roles per terminal). */
export const rolesByTerminal = z.object(Object.fromEntries(TERMINALS.map((t) => [t, z.array(id()).max(50).optional()]))) as z.ZodType<
  Partial<Record<(typeof TERMINALS)[number], number[]>>
>;

const userType = () => z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.number().int().min(1).max(4));

export const userCreate = z
  .object({
    tenantId: z.coerce.number().int().min(0),
    username: userName(),
    aliasName: text(64).optional(),
    password: password(),
    confirmPassword: z.string().max(64),
    userType: userType(),
    loginStatus: flag().optional(),
    roles: rolesByTerminal.optional(),
  })
  .superRefine((d, ctx) => {
    if (d.password !== d.confirmPassword) issue(ctx, 'confirmPassword', 'validation.passwordsDiffer');
  });
export type UserCreate = z.infer<typeof userCreate>;

export const userUpdate = z.object({
  id: id(),
  aliasName: text(64).optional(),
  userType: userType().optional(),
  roles: rolesByTerminal.optional(),
});
export type UserUpdate = z.infer<typeof userUpdate>;

export const userQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  tenantId: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional()),
  username: text(64).optional(),
  aliasName: text(64).optional(),
  userType: z.preprocess(blankToUndefined, userType().optional()),
  loginStatus: z.preprocess(blankToUndefined, flag().optional()),
});

export const resetPassword = z
  .object({ id: id(), password: password().optional(), confirmPassword: z.string().max(64).optional() })
  .superRefine((d, ctx) => {
    if (d.password !== undefined && d.password !== d.confirmPassword) issue(ctx, 'confirmPassword', 'validation.passwordsDiffer');
  });

export const idsBody = z.object({ ids: idList() });

export const roleAssign = z.object({ id: id(), grants: menuGrants });

const names = z.object({ zh_CN: required(64), zh_TW: text(64).default(''), en_US: text(64).default('') });

const menuShape = {
  names,
  alias: text(64).optional(),
  terminal: z.enum(TERMINALS).optional(),
  hidden: flag().optional(),
  component: text(128).optional(),
  path: text(256).optional(),
  seq: z.coerce.number().int().min(0).max(100000).optional(),
  icon: text(64).optional(),
  side: z.enum(['P', 'T', 'B']).optional(),
  status: flag().optional(),
};
const menuCode = () => required(128).regex(/^[A-Za-z0-9][A-Za-z0-9/_-]*$/, { message: 'validation.codeChars' });

export const menuCreate = z.object({
  parentId: z.preprocess(blankToUndefined, id().nullable().optional()),
  code: menuCode(),
  ...menuShape,
});
export type MenuCreate = z.infer<typeof menuCreate>;
export const menuUpdate = z.object({ id: id(), code: menuCode().optional(), ...menuShape, names: names.optional() });
export type MenuUpdate = z.infer<typeof menuUpdate>;

export const menuButtonSave = z.object({
  menuId: id(),
  id: optionalId(),
  code: required(32).regex(/^[A-Za-z][A-Za-z0-9]*$/, { message: 'validation.codeChars' }),
  names,
  alias: text(64).optional(),
  seq: z.coerce.number().int().min(0).max(100000).optional(),
  status: flag().optional(),
});
export type MenuButtonSave = z.infer<typeof menuButtonSave>;

export const menuDataItemSave = z.object({
  menuId: id(),
  id: optionalId(),
  code: required(64).regex(/^[A-Za-z][A-Za-z0-9_]*$/, { message: 'validation.codeChars' }),
  name: required(64),
  visible: flag().optional(),
  seq: z.coerce.number().int().min(0).max(100000).optional(),
});
export type MenuDataItemSave = z.infer<typeof menuDataItemSave>;
