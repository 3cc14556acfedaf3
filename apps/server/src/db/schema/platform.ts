import type { L10n } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Platform-owned tables: one copy for the whole platform (reference tables when sharded by tenant).
 * The platform itself is tenant 0, so platform users and roles live in the tenant tables.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const stamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

export const tenants = pgTable(
  'tenants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    groupId: bigint('group_id', { mode: 'number' }),
    status: smallint('status').notNull().default(1),
    adminUsername: text('admin_username'),
    remark: text('remark').notNull().default(''),
    ...stamps,
  },
  (t) => [uniqueIndex('tenants_code_uq').on(t.code)],
);

/** Menu tree: level 1 module (menuType 1), level 2 group, level 3 screen. */
export const menus = pgTable(
  'menus',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    parentId: bigint('parent_id', { mode: 'number' }),
    level: smallint('level').notNull(),
    menuType: smallint('menu_type').notNull(),
    /** module code, 'module/group' or the screen's component code; unique */
    code: text('code').notNull(),
    names: jsonb('names').$type<L10n>().notNull(),
    alias: text('alias').notNull().default(''),
    component: text('component').notNull().default(''),
    path: text('path').notNull(),
    icon: text('icon').notNull().default(''),
    seq: integer('seq').notNull().default(0),
    /** 1 shown, 0 hidden (spec: hidden 0 means hidden) */
    hidden: smallint('hidden').notNull().default(1),
    terminal: text('terminal').notNull().default('web'),
    /** P platform, T tenant, B both */
    side: text('side').notNull().default('B'),
    status: smallint('status').notNull().default(1),
    ...stamps,
  },
  (t) => [uniqueIndex('menus_code_uq').on(t.code), index('menus_parent_idx').on(t.parentId)],
);

/** Operation buttons of a screen. */
export const menuButtons = pgTable(
  'menu_buttons',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    names: jsonb('names').$type<L10n>().notNull(),
    alias: text('alias').notNull().default(''),
    seq: integer('seq').notNull().default(0),
    status: smallint('status').notNull().default(1),
    ...stamps,
  },
  (t) => [uniqueIndex('menu_buttons_menu_code_uq').on(t.menuId, t.code)],
);

export const dictionaryModules = pgTable(
  'dictionary_modules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    seq: integer('seq').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('dictionary_modules_code_uq').on(t.code)],
);

export const dictionaryDetails = pgTable(
  'dictionary_details',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    moduleId: bigint('module_id', { mode: 'number' })
      .notNull()
      .references(() => dictionaryModules.id),
    num: text('num').notNull(),
    name: text('name').notNull(),
    nameTw: text('name_tw').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    seq: integer('seq').notNull().default(0),
    status: smallint('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...stamps,
  },
  (t) => [uniqueIndex('dictionary_details_module_num_uq').on(t.moduleId, t.num)],
);

/** Global directory of login names: user names are unique across tenants, users rows live per tenant. */
export const loginNames = pgTable('login_names', {
  username: text('username').primaryKey(),
  tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
});

/** Sessions live in the database so any server process can serve any request. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    loginType: text('login_type').notNull().default('1'),
    lang: text('lang').notNull().default('zh_CN'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.tenantId, t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Pending single sign-on requests (state, nonce, PKCE verifier), valid for minutes. */
export const ssoStates = pgTable('sso_states', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Last run of each background job; the conditional update decides which process runs it. */
export const jobState = pgTable('job_state', {
  name: text('name').primaryKey(),
  lastRunAt: ts('last_run_at').notNull().default(sql`'epoch'`),
  lastResult: text('last_result').notNull().default(''),
  lastDurationMs: integer('last_duration_ms').notNull().default(0),
  runs: integer('runs').notNull().default(0),
});

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
