// Request bodies of the platform General screens with nested data (tenant, user, menu, role grants).
import { z } from 'zod';
import { TERMINALS } from '../constants.js';
import { checkRules, fieldRules } from '../resource/define.js';
import { MENU_NAME_MAX, menuResource } from '../resources/general/menu.js';
import { tenantResource } from '../resources/general/tenant.js';
import { userResource } from '../resources/general/user.js';
import { id, idList, int, password } from './common.js';

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

// the field rules come from the declaration (resources/general/tenant.ts); the body adds the menu
// grants and the templates picked as a list
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

export const tenantQuery = z.object({
  page: int(1).default(1),
  pageSize: int(1, 500).default(20),
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

// the field rules come from the declaration (resources/general/user.ts); the body adds the roles per
// terminal, and a tenant id of 0 (the platform, which is no tenant row to pick)
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

export const userQuery = z.object({
  page: int(1).default(1),
  pageSize: int(1, 500).default(20),
  tenantId: z.preprocess(blankToUndefined, int(0).optional()),
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

/** A name in the three languages: Simplified Chinese required, the others fall back to it. */
const names = z.object({ zh_CN: required(MENU_NAME_MAX), zh_TW: text(MENU_NAME_MAX).default(''), en_US: text(MENU_NAME_MAX).default('') });

// a menu's field rules come from its declaration (resources/general/menu.ts); a field left out
// stays out (on create the parent's terminal and side are inherited, on update the value is kept)
const menuRules = fieldRules(menuResource, [
  'code',
  'alias',
  'component',
  'path',
  'terminal',
  'side',
  'hidden',
  'seq',
  'icon',
  'status',
] as const);
const { code: menuCode, ...menuOptional } = menuRules;
const menuShape = Object.fromEntries(Object.entries(menuOptional).map(([k, s]) => [k, s.optional()])) as {
  [K in keyof typeof menuOptional]: z.ZodOptional<(typeof menuOptional)[K]>;
};

export interface MenuFields {
  names: { zh_CN: string; zh_TW: string; en_US: string };
  code: string;
  alias?: string;
  component?: string;
  path?: string;
  terminal?: string;
  side?: string;
  hidden?: number;
  seq?: number;
  icon?: string;
  status?: number;
}
export type MenuCreate = MenuFields & { parentId?: number | null };
export const menuCreate = z.object({
  parentId: z.preprocess(blankToUndefined, id().nullable().optional()),
  code: menuCode,
  names,
  ...menuShape,
}) as unknown as z.ZodType<MenuCreate>;
export type MenuUpdate = Partial<MenuFields> & { id: number };
export const menuUpdate = z.object({
  id: id(),
  code: menuCode.optional(),
  names: names.optional(),
  ...menuShape,
}) as unknown as z.ZodType<MenuUpdate>;

export const menuButtonSave = z.object({
  menuId: id(),
  id: optionalId(),
  code: required(32).regex(/^[A-Za-z][A-Za-z0-9]*$/, { message: 'validation.codeChars' }),
  names,
  alias: text(64).optional(),
  seq: int(0, 100000).optional(),
  status: flag().optional(),
});
export type MenuButtonSave = z.infer<typeof menuButtonSave>;

export const menuDataItemSave = z.object({
  menuId: id(),
  id: optionalId(),
  code: required(64).regex(/^[A-Za-z][A-Za-z0-9_]*$/, { message: 'validation.codeChars' }),
  name: required(64),
  visible: flag().optional(),
  seq: int(0, 100000).optional(),
});
export type MenuDataItemSave = z.infer<typeof menuDataItemSave>;
