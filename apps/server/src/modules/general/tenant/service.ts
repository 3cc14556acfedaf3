import type { Readable } from 'node:stream';
import {
  type Lang,
  PLATFORM_TENANT_ID,
  TEMPLATE_TYPES,
  type TemplateType,
  type TenantCreate,
  type TenantUpdate,
  templateField,
  templatesOf,
  tenantResource,
  USER_TYPE,
} from '@tagloom/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { AppError, conflict, notFound } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import { cellOut, excelFields } from '../../../core/resource/excel.js';
import { PlatformScope } from '../../../core/tenant-scope.js';
import { checkExportSize, offsetPages, xlsxStream } from '../../../core/xlsx-stream.js';
import type { Tx } from '../../../db/client.js';
import {
  files,
  jobs,
  loginNames,
  RESOURCE_TABLES,
  roleMenus,
  roles,
  sessions,
  tenantGroups,
  tenantMenus,
  tenants,
  users,
} from '../../../db/schema/index.js';
import { checkGrants, grantTree, isPlatformMenu, loadMenus, refusePlatformScreens } from '../menu/grants.js';
import { createUser, loginKey } from '../user/service.js';
import type { TenantListQuery } from './query.js';

type TenantRow = typeof tenants.$inferSelect;
// biome-ignore lint/suspicious/noExplicitAny: resource tables are built from declarations
type AnyTable = PgTable & Record<string, any>;

/** Screens a tenant may be granted: tenant-side (T) and shared (B) screens, never a platform-only one (whatever its side says). */
export const TENANT_SIDES = ['T', 'B'];

/** The template resources each template id must point at. */
export const TEMPLATE_SCREENS: Record<TemplateType, string> = {
  goodsAttr: 'general/template-goods-attr',
  locationAttr: 'general/template-location-attr',
  codingRule: 'general/template-coding-rule',
};

/** What a tenant points at: one template of each type and its group. */
export type TenantRefKind = TemplateType | 'group';
const REF_COLUMNS: Record<TenantRefKind, PgColumn> = {
  goodsAttr: tenants.goodsAttrTemplateId,
  locationAttr: tenants.locationAttrTemplateId,
  codingRule: tenants.codingRuleTemplateId,
  group: tenants.groupId,
};

/** Sortable columns of the list, by the declaration's field key (the query schema allows only these keys). */
const SORT_COLUMNS: Record<string, PgColumn> = { code: tenants.code, name: tenants.name, createdAt: tenants.createdAt };

const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;
const grantKeys = { menu: 'tenant.menuNotGrantable', action: 'tenant.actionNotGrantable' };

/**
 * The tenant screen: a tenant is created with its menu grants, a TENANT_ADMIN role and its admin
 * user in one transaction; disabling it ends its live sessions; deleting it is refused while it
 * has users besides its admin or any data.
 */
export class TenantService {
  constructor(private readonly ctx: AppContext) {}

  private guard(session: SessionInfo, db: Tx = this.ctx.db) {
    return PlatformScope.of(session, db);
  }

  /** The list's conditions: the platform row never, then the filters that are set. */
  private filters(q: TenantListQuery): SQL | undefined {
    const [from, to] = q.createdAt ?? [];
    return and(
      ne(tenants.id, PLATFORM_TENANT_ID),
      q.code ? ilike(tenants.code, like(q.code)) : undefined,
      q.name ? ilike(tenants.name, like(q.name)) : undefined,
      q.adminUsername ? ilike(tenants.adminUsername, like(q.adminUsername)) : undefined,
      q.groupId ? eq(tenants.groupId, q.groupId) : undefined,
      q.status !== undefined ? eq(tenants.status, q.status) : undefined,
      from ? gte(tenants.createdAt, from) : undefined,
      to ? lte(tenants.createdAt, to) : undefined,
    );
  }

  /** The requested order (a whitelisted column), else by code; the id breaks ties so pages are stable. */
  private order(q: TenantListQuery) {
    const col = (q.sortField && SORT_COLUMNS[q.sortField]) || tenants.code;
    return [q.sortOrder === 'desc' ? desc(col) : asc(col), asc(tenants.id)];
  }

  private page(where: SQL | undefined, q: TenantListQuery, limit: number, offset: number) {
    return this.ctx.db
      .select({ t: tenants, groupName: tenantGroups.name })
      .from(tenants)
      .leftJoin(tenantGroups, eq(tenantGroups.id, tenants.groupId))
      .where(where)
      .orderBy(...this.order(q))
      .limit(limit)
      .offset(offset);
  }

  async list(session: SessionInfo, q: TenantListQuery) {
    this.guard(session);
    const where = this.filters(q);
    const [{ total }] = await this.ctx.db.select({ total: count() }).from(tenants).where(where);
    const rows = await this.page(where, q, q.pageSize, (q.page - 1) * q.pageSize);
    return { list: rows.map((r) => ({ ...r.t, groupName: r.groupName ?? '' })), total, page: q.page, pageSize: q.pageSize };
  }

  /**
   * The filtered, sorted tenants as .xlsx, as the generic resources export (one xlsx writer, rows
   * written while they are read): the declaration's exported columns labelled in `lang`, enum
   * labels, the group by its name. Passwords are never among them (not stored on the tenant, and
   * not exported fields).
   */
  async exportXlsx(session: SessionInfo, q: TenantListQuery, lang: Lang): Promise<Readable> {
    this.guard(session);
    const fields = excelFields(tenantResource as never).filter((f) => f.kind !== 'password');
    const where = this.filters(q);
    const [{ total }] = await this.ctx.db.select({ total: count() }).from(tenants).where(where);
    checkExportSize(total);
    const pages = offsetPages(
      total,
      (limit, offset) => this.page(where, q, limit, offset),
      (r) => {
        const row = r.t as unknown as Record<string, unknown>;
        return fields.map((f) => (f.key === 'groupId' ? (r.groupName ?? '') : cellOut(f, row[f.key], lang)));
      },
    );
    return xlsxStream(
      tenantResource.names[lang],
      fields.map((f) => f.label[lang]),
      pages,
    );
  }

  /**
   * Tenants (the platform row aside) that point at any of `ids` as their template of `kind` or their
   * group, with the id they point at. Other modules ask this before deleting such rows.
   */
  async tenantsUsing(kind: TenantRefKind, ids: number[], db: Tx = this.ctx.db) {
    if (!ids.length) return [];
    const col = REF_COLUMNS[kind];
    return db
      .select({ id: tenants.id, code: tenants.code, name: tenants.name, refId: sql<number>`${col}`.mapWith(Number) })
      .from(tenants)
      .where(and(inArray(col, ids), ne(tenants.id, PLATFORM_TENANT_ID)))
      .orderBy(asc(tenants.code));
  }

  private async find(db: Tx, id: number): Promise<TenantRow> {
    const [row] = await db
      .select()
      .from(tenants)
      .where(and(eq(tenants.id, id), ne(tenants.id, PLATFORM_TENANT_ID)));
    if (!row) throw notFound('tenant.tenant');
    return row;
  }

  async get(session: SessionInfo, id: number) {
    const ps = this.guard(session);
    const row = await this.find(this.ctx.db, id);
    const grants = await ps.for(id).select(tenantMenus);
    return { ...row, menus: grants.map((g) => ({ menuId: g.menuId, actions: g.actions })) };
  }

  /**
   * Each chosen template must exist in its template table, and a chosen group in the groups. The
   * rows are share-locked until the transaction ends, so that a concurrent delete (which locks them
   * for update before asking tenantsUsing) cannot slip between this check and the write.
   */
  private async checkTemplates(db: Tx, ids: Partial<Record<TemplateType, number>>, groupId?: number | null) {
    for (const t of TEMPLATE_TYPES) {
      if (ids[t] === undefined) continue;
      const table = (RESOURCE_TABLES as Record<string, AnyTable>)[TEMPLATE_SCREENS[t]];
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, ids[t]!), table.tenantId ? eq(table.tenantId, PLATFORM_TENANT_ID) : undefined))
        .limit(1)
        .for('share');
      if (!row) throw new AppError(400, 400, 'tenant.templateNotFound', { what: tenantResource.labels[templateField(t)] });
    }
    if (groupId) {
      const [row] = await db.select({ id: tenantGroups.id }).from(tenantGroups).where(eq(tenantGroups.id, groupId)).limit(1).for('share');
      if (!row) throw new AppError(400, 400, 'tenant.templateNotFound', { what: tenantResource.labels.groupId });
    }
  }

  /** What a tenant may be granted: tenant-side screens with their buttons; platform-only screens never. */
  private async grantable(db: Tx) {
    const { rows, screens } = await loadMenus(db);
    const allowed = new Map<number, Set<string>>();
    for (const s of screens.values()) if (TENANT_SIDES.includes(s.side) && !isPlatformMenu(s)) allowed.set(s.id, new Set(s.buttons.keys()));
    return { rows, screens, allowed };
  }

  async create(session: SessionInfo, input: TenantCreate): Promise<TenantRow> {
    const tenant = await this.ctx.db.transaction(async (tx) => {
      const ps = this.guard(session, tx);
      const [clash] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, input.code));
      if (clash) throw conflict('common.conflict', { what: tenantResource.labels.code });
      const { ids } = templatesOf(input);
      await this.checkTemplates(tx, ids, input.groupId);
      const { allowed, screens } = await this.grantable(tx);
      refusePlatformScreens(input.menus, screens);
      const grants = checkGrants(input.menus, allowed, grantKeys);
      const [row] = await tx
        .insert(tenants)
        .values({
          code: input.code,
          name: input.name,
          groupId: input.groupId ?? null,
          adminUsername: input.adminUsername.trim(),
          remark: input.remark ?? '',
          goodsAttrTemplateId: ids.goodsAttr,
          locationAttrTemplateId: ids.locationAttr,
          codingRuleTemplateId: ids.codingRule,
          createdBy: session.userId,
        })
        .returning();
      const scope = ps.for(row.id);
      await scope.insert(tenantMenus, grants);
      const [adminRole] = await scope.insert(roles, {
        code: 'TENANT_ADMIN',
        name: '租户管理员',
        alias: 'Tenant administrator',
        allMenus: true,
        createdBy: session.userId,
      });
      await createUser(tx, row.id, row.code, {
        username: input.adminUsername,
        password: input.password,
        userType: USER_TYPE.TENANT_ADMIN,
        roleIds: [adminRole.id],
        createdBy: session.userId,
      });
      return row;
    });
    await this.ctx.bus.emit(PERMISSIONS_CHANGED);
    return tenant;
  }

  async update(session: SessionInfo, input: TenantUpdate): Promise<TenantRow> {
    const { row, grantsChanged } = await this.ctx.db.transaction(async (tx) => {
      const ps = this.guard(session, tx);
      const existing = await this.find(tx, input.id);
      const name = input.name ?? existing.name;
      if (existing.adminUsername && name.toLowerCase() === existing.adminUsername.toLowerCase()) {
        throw new AppError(400, 400, 'validation.tenantNameIsAdmin');
      }
      const { ids } = templatesOf(input);
      await this.checkTemplates(tx, ids, input.groupId);
      let grantsChanged = false;
      if (input.menus) {
        const { allowed, screens } = await this.grantable(tx);
        refusePlatformScreens(input.menus, screens);
        const grants = checkGrants(input.menus, allowed, grantKeys);
        const scope = ps.for(existing.id);
        await scope.delete(tenantMenus);
        await scope.insert(tenantMenus, grants);
        // role grants keep only menus the tenant still has (buttons are intersected when read)
        await scope.delete(
          roleMenus,
          notInArray(
            roleMenus.menuId,
            grants.map((g) => g.menuId),
          ),
        );
        grantsChanged = true;
      }
      const [row] = await tx
        .update(tenants)
        .set({
          name,
          groupId: input.groupId === undefined ? existing.groupId : input.groupId,
          remark: input.remark ?? existing.remark,
          goodsAttrTemplateId: ids.goodsAttr ?? existing.goodsAttrTemplateId,
          locationAttrTemplateId: ids.locationAttr ?? existing.locationAttrTemplateId,
          codingRuleTemplateId: ids.codingRule ?? existing.codingRuleTemplateId,
          updatedAt: new Date(),
        })
        .where(eq(tenants.id, existing.id))
        .returning();
      return { row, grantsChanged };
    });
    if (grantsChanged) await this.ctx.bus.emit(PERMISSIONS_CHANGED);
    return row;
  }

  /** Enable or disable tenants; disabling ends every live session of their users at once. */
  async setStatus(session: SessionInfo, ids: number[], status: 0 | 1): Promise<number> {
    return this.ctx.db.transaction(async (tx) => {
      this.guard(session, tx);
      const rows = await tx
        .update(tenants)
        .set({ status, updatedAt: new Date() })
        .where(and(inArray(tenants.id, ids), ne(tenants.id, PLATFORM_TENANT_ID)))
        .returning({ id: tenants.id });
      if (rows.length !== new Set(ids).size) throw notFound('tenant.tenant');
      if (status === 0) {
        await tx
          .update(sessions)
          .set({ revokedAt: new Date(), revokeReason: 'tenantDisabled' })
          .where(and(inArray(sessions.tenantId, ids), isNull(sessions.revokedAt)));
      }
      return rows.length;
    });
  }

  /**
   * Delete tenants that hold nothing but what creating them made: the admin user, roles and grants
   * go with the tenant; other users or any rows in tenant-owned tables refuse the delete (409).
   */
  async remove(session: SessionInfo, ids: number[]): Promise<number> {
    const n = await this.ctx.db.transaction(async (tx) => {
      const ps = this.guard(session, tx);
      const rows = await tx
        .select()
        .from(tenants)
        .where(and(inArray(tenants.id, ids), ne(tenants.id, PLATFORM_TENANT_ID)));
      if (rows.length !== new Set(ids).size) throw notFound('tenant.tenant');
      for (const t of rows) {
        const scope = ps.for(t.id);
        const others = (await scope.select(users)).filter((u) => loginKey(u.username) !== loginKey(t.adminUsername ?? ''));
        if (others.length) throw conflict('tenant.hasUsers', { name: t.name, count: others.length });
        const dataTables: AnyTable[] = [
          files,
          ...Object.values(RESOURCE_TABLES as Record<string, AnyTable>).filter((table) => table.tenantId),
        ];
        for (const table of dataTables) {
          const [hit] = await tx.select({ one: sql`1` }).from(table).where(eq(table.tenantId, t.id)).limit(1);
          if (hit) throw conflict('tenant.hasData', { name: t.name });
        }
        await tx.delete(sessions).where(eq(sessions.tenantId, t.id));
        await tx.delete(loginNames).where(eq(loginNames.tenantId, t.id));
        await scope.delete(users);
        await scope.delete(roles);
        await scope.delete(tenantMenus);
        await scope.delete(jobs);
        await tx.delete(tenants).where(eq(tenants.id, t.id));
      }
      return rows.length;
    });
    await this.ctx.bus.emit(PERMISSIONS_CHANGED);
    return n;
  }

  /** The tree of grantable (tenant-side) screens with their buttons, and what the tenant has (when id is given). */
  async menus(session: SessionInfo, id?: number) {
    const ps = this.guard(session);
    const { rows, screens, allowed } = await this.grantable(this.ctx.db);
    const granted = new Map<number, string[]>();
    if (id) {
      await this.find(this.ctx.db, id);
      for (const g of await ps.for(id).select(tenantMenus)) granted.set(g.menuId, g.actions);
    }
    const offered = new Map(
      [...allowed.keys()].map((mid) => [mid, [...screens.get(mid)!.buttons].map(([code, names]) => ({ code, names }))]),
    );
    return grantTree(rows, offered, granted);
  }
}
