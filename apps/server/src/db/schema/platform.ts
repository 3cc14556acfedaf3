import { type L10n, menuResource, tenantResource, versionResources } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { declaredForeignKeys, declaredTable, searchIndexes } from '../resource-table.js';

/**
 * Platform-owned tables: one copy for the whole platform (reference tables when sharded by tenant).
 * The platform itself is tenant 0, so platform users and roles live in the tenant tables.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const stamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

// registered under its declaration's code: every tenant table's tenant_id points at it (db/resource-table.ts)
export const tenants = declaredTable(
  tenantResource,
  pgTable(
    'tenants',
    {
      id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
      code: text('code').notNull(),
      name: text('name').notNull(),
      groupId: bigint('group_id', { mode: 'number' }),
      status: smallint('status').notNull().default(1),
      adminUsername: text('admin_username'),
      remark: text('remark').notNull().default(''),
      /** templates chosen at creation (spec §5): ids in the goods-attr, location-attr and coding-rule template tables */
      goodsAttrTemplateId: bigint('goods_attr_template_id', { mode: 'number' }),
      locationAttrTemplateId: bigint('location_attr_template_id', { mode: 'number' }),
      codingRuleTemplateId: bigint('coding_rule_template_id', { mode: 'number' }),
      /** the tenant's time zone (IANA; blank: Asia/Shanghai): its locations' unless they name their own (migration 0042) */
      timeZone: text('time_zone').notNull().default(''),
      createdBy: bigint('created_by', { mode: 'number' }),
      ...stamps,
    },
    // the group and templates it points at: real keys from the declaration's ref fields (deleting one in use: 409)
    // and the trigram indexes of its contains searches (db/resource-table.ts searchIndexes)
    (t) => [uniqueIndex('tenants_code_uq').on(t.code), ...declaredForeignKeys(tenantResource, t), ...searchIndexes('tenants', t)],
  ),
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
  (t) => [uniqueIndex('menus_code_uq').on(t.code), index('menus_parent_idx').on(t.parentId), ...searchIndexes('menus', t, [menuResource])],
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

/** Data items of a screen (menu "data items"): the fields/columns it shows, each visible or not. */
export const menuDataItems = pgTable(
  'menu_data_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 1 shown, 0 hidden */
    visible: smallint('visible').notNull().default(1),
    seq: integer('seq').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('menu_data_items_menu_code_uq').on(t.menuId, t.code)],
);

/** Software versions of the app, web, .net and java clients (four screens over one table). */
export const softwareVersions = pgTable(
  'software_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** app, web, net, java */
    type: text('type').notNull(),
    softwareName: text('software_name').notNull(),
    softwareCode: text('software_code').notNull(),
    projectCode: text('project_code').notNull().default(''),
    projectName: text('project_name').notNull().default(''),
    deviceType: text('device_type').notNull().default(''),
    /** optional, forced */
    upgradeType: text('upgrade_type').notNull().default('optional'),
    versionName: text('version_name').notNull(),
    versionNumber: integer('version_number').notNull(),
    updatedInstructions: text('updated_instructions').notNull().default(''),
    uploadedPerson: text('uploaded_person').notNull().default(''),
    uploadTime: ts('upload_time'),
    /** the platform's (tenant 0) files row holding the bytes */
    fileId: bigint('file_id', { mode: 'number' }),
    fileName: text('file_name').notNull().default(''),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('software_versions_number_uq').on(t.type, t.softwareCode, t.versionNumber),
    check('software_versions_type_ck', sql`${t.type} in ('app', 'web', 'net', 'java')`),
    check('software_versions_upgrade_ck', sql`${t.upgradeType} in ('optional', 'forced')`),
    // the contains searches of its four screens (db/resource-table.ts searchIndexes)
    ...searchIndexes('software_versions', t, Object.values(versionResources)),
  ],
);

/** Global directory of login names: user names are unique across tenants, users rows live per tenant. */
export const loginNames = pgTable('login_names', {
  username: text('username').primaryKey(),
  tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** the password was set by an administrator (create, reset): it must be changed at the next sign-in */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
});

/**
 * Login throttling counters, one row per (user name, address), per address (username '') and per
 * user name (ip ''). An attempt is reserved here, atomically, before its password is checked; a
 * success releases it, a failure keeps it. `blocked_until` is when the next attempt may come.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    /** lower-cased login name, '' for the per-address row */
    username: text('username').notNull(),
    /** client address, '' for the per-user-name row */
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: ts('last_failure_at'),
    blockedUntil: ts('blocked_until').notNull().default(sql`'epoch'`),
    /** (user name, address) rows: the last successful sign-in from there, which lets the address through */
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);

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
    /** opened with an initial password: only the account's own calls until it is changed */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
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

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
