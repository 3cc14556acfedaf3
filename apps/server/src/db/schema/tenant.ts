import { roleResource, tenantRoleResource, tenantUserResource, userResource } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
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
import { searchIndexes } from '../resource-table.js';
import { menus, tenants } from './platform.js';

/**
 * Tenant-owned tables: tenant_id leads every primary key, unique constraint and foreign key,
 * so the schema can be distributed by tenant_id (Citus) without a rewrite.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tenantId = () =>
  bigint('tenant_id', { mode: 'number' })
    .notNull()
    .references(() => tenants.id);
const stamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    userCode: text('user_code').notNull(),
    username: text('username').notNull(),
    aliasName: text('alias_name'),
    passwordHash: text('password_hash').notNull(),
    userType: smallint('user_type').notNull(),
    /** 1 allowed, 0 forbidden */
    loginStatus: smallint('login_status').notNull().default(1),
    status: smallint('status').notNull().default(1),
    avatar: text('avatar'),
    phone: text('phone'),
    email: text('email'),
    lang: text('lang').notNull().default('zh_CN'),
    createdBy: bigint('created_by', { mode: 'number' }),
    passwordChangedAt: ts('password_changed_at'),
    /**
     * the party a tenant user is bound to (a store, warehouse, factory or label supplier: PartyKind)
     * and its row id; the user then sees and acts on that party's rows only (ResourceInput.partyScope)
     */
    partyKind: text('party_kind'),
    partyId: bigint('party_id', { mode: 'number' }),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('users_party_kind', sql`${t.partyKind} is null or ${t.partyKind} in ('store', 'warehouse', 'factory', 'labelSupplier')`),
    check('users_party_both', sql`(${t.partyKind} is null) = (${t.partyId} is null)`),
    index('users_party_idx').on(t.tenantId, t.partyKind, t.partyId),
    uniqueIndex('users_tenant_username_uq').on(t.tenantId, t.username),
    uniqueIndex('users_tenant_code_uq').on(t.tenantId, t.userCode),
    // the contains searches of the platform's and the tenants' user screens (db/resource-table.ts searchIndexes)
    ...searchIndexes('users', t, [userResource, tenantUserResource]),
  ],
);

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    alias: text('alias').notNull().default(''),
    status: smallint('status').notNull().default(1),
    terminal: text('terminal').notNull().default('web'),
    /** a role granted every menu and button its tenant has (tenant admins, the platform super admin) */
    allMenus: boolean('all_menus').notNull().default(false),
    /** user id that created it: a platform admin edits or deletes only roles it created */
    createdBy: bigint('created_by', { mode: 'number' }),
    ...stamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('roles_tenant_code_uq').on(t.tenantId, t.code),
    ...searchIndexes('roles', t, [roleResource, tenantRoleResource]),
  ],
);

/** Menus and buttons a role is granted. */
export const roleMenus = pgTable(
  'role_menus',
  {
    tenantId: tenantId(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.menuId] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    terminal: text('terminal').notNull().default('web'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId, t.terminal] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    index('user_roles_role_idx').on(t.tenantId, t.roleId),
  ],
);

/** Menus and buttons a tenant is granted (the tenant's "menu permissions"). */
export const tenantMenus = pgTable(
  'tenant_menus',
  {
    tenantId: tenantId(),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.menuId] })],
);

/** Uploaded files: bytes under DATA_DIR/files, metadata here; sha256 spots repeated uploads. */
export const files = pgTable(
  'files',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    /** what the file belongs to, e.g. 'general/version-app' */
    scope: text('scope').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    storagePath: text('storage_path').notNull(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('files_scope_sha_idx').on(t.tenantId, t.scope, t.sha256)],
);

/**
 * The one durable job queue (core/queue/): imports, exports, scheduled fires, maintenance. A row is
 * claimed with FOR UPDATE SKIP LOCKED by one of the server processes, which holds it by a lease it
 * renews while running; a lease left to expire (a crashed process) puts the job back in the queue
 * until max_attempts, then fails it. `created_by` is the job's owner (null for system jobs).
 */
export const jobs = pgTable(
  'jobs',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    /** queued, running, done, failed, cancelled */
    state: text('state').notNull().default('queued'),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** an i18n key (with message_params) saying what the job is doing or how it ended */
    message: text('message').notNull().default(''),
    messageParams: jsonb('message_params'),
    result: jsonb('result'),
    /** a stored file (files table, same tenant) the job produced, e.g. an export's .xlsx */
    resultFileId: bigint('result_file_id', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: ts('run_after').notNull().defaultNow(),
    leaseUntil: ts('lease_until'),
    workerId: text('worker_id'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** at most one job per key and tenant (a scheduled fire, a recurring kind's period) */
    dedupeKey: text('dedupe_key'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('jobs_claim_idx').on(t.state, t.runAfter),
    index('jobs_owner_idx').on(t.tenantId, t.createdBy, t.createdAt),
    uniqueIndex('jobs_dedupe_idx').on(t.tenantId, t.dedupeKey),
  ],
);

/** Rows a running job wrote, a batch per committed chunk: undone (compensated) when the job does not finish. */
export const jobWrites = pgTable(
  'job_writes',
  {
    tenantId: tenantId(),
    jobId: text('job_id').notNull(),
    seq: integer('seq').notNull(),
    /** the table the rows went to */
    target: text('target').notNull(),
    rowIds: bigint('row_ids', { mode: 'number' }).array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.jobId, t.seq] }),
    foreignKey({ columns: [t.tenantId, t.jobId], foreignColumns: [jobs.tenantId, jobs.id] }).onDelete('cascade'),
  ],
);

/**
 * A tenant's counters, by key: document numbers of a day ('LPO20261124') and the like. Taken with
 * one upsert … RETURNING, so concurrent writers (several server processes) never share a number.
 */
export const counters = pgTable(
  'counters',
  {
    tenantId: tenantId(),
    key: text('key').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
