import type { Readable } from 'node:stream';
import { type Lang, type MenuGrant, PLATFORM_TENANT_ID, roleResource } from '@tagloom/domain';
import { type AnyColumn, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { AppContext, SessionInfo } from '../../../core/context.js';
import { AppError, conflict, notFound } from '../../../core/errors.js';
import { PERMISSIONS_CHANGED } from '../../../core/permissions.js';
import { cellOut, excelFields } from '../../../core/resource/excel.js';
import { PlatformScope } from '../../../core/tenant-scope.js';
import { checkExportSize, offsetPages, xlsxStream } from '../../../core/xlsx-stream.js';
import type { Tx } from '../../../db/client.js';
import { roleMenus, roles, tenantMenus, tenants, userRoles } from '../../../db/schema/index.js';
import { checkGrants, grantTree, isPlatformMenu, loadMenus, refusePlatformScreens } from '../menu/grants.js';

type RoleRow = typeof roles.$inferSelect;
export interface RoleQuery {
  page: number;
  pageSize: number;
  tenantId?: number;
  code?: string;
  name?: string;
  status?: number;
  terminal?: string;
  /** one of ROLE_SORT_FIELDS; anything else sorts by the default */
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}
export interface RoleInput {
  tenantId?: number;
  code: string;
  name: string;
  alias?: string;
  status?: number;
  terminal?: string;
}

/**
 * Columns the list may sort by: the declaration's sortable fields, each mapped to its column here,
 * so a sort parameter only ever picks one of these (it is never put into SQL as text).
 */
export const ROLE_SORT_FIELDS = roleResource.list.filter((f) => f.sort).map((f) => f.key);
const SORT_COLUMNS: Record<string, AnyColumn> = Object.fromEntries(
  ROLE_SORT_FIELDS.map((key) => {
    const col = (roles as unknown as Record<string, AnyColumn | undefined>)[key];
    if (!col) throw new Error(`general/role: sortable field ${key} has no column`);
    return [key, col];
  }),
);

const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;
const grantKeys = { menu: 'role.menuNotGranted', action: 'role.actionNotGranted' };

/**
 * Roles of the platform (tenant 0) or of a chosen tenant. A platform administrator edits, assigns
 * and deletes only roles it created (spec §5, §6); built-in roles (all menus) are never deleted.
 */
export class RoleAdminService {
  constructor(private readonly ctx: AppContext) {}

  private ps(session: SessionInfo, db: Tx = this.ctx.db) {
    return PlatformScope.of(session, db);
  }

  private view(r: RoleRow, session: SessionInfo) {
    return { ...r, builtIn: r.allMenus, mine: r.createdBy === session.userId };
  }

  /** The filters of the list and the export: one tenant (the platform by default). */
  private filters(ps: PlatformScope, q: RoleQuery) {
    return ps.where(
      roles,
      q.tenantId ?? PLATFORM_TENANT_ID,
      q.code ? ilike(roles.code, like(q.code)) : undefined,
      q.name ? ilike(roles.name, like(q.name)) : undefined,
      q.status !== undefined ? eq(roles.status, q.status) : undefined,
      q.terminal ? eq(roles.terminal, q.terminal) : undefined,
    );
  }

  /** A declared sortable field in either direction, else by code; ties by id. */
  private order(q: RoleQuery): SQL[] {
    const col = q.sortField ? SORT_COLUMNS[q.sortField] : undefined;
    if (!col) return [asc(roles.code), asc(roles.id)];
    return [q.sortOrder === 'desc' ? desc(col) : asc(col), asc(roles.id)];
  }

  private page(ps: PlatformScope, where: SQL | undefined, q: RoleQuery, limit: number, offset: number) {
    return ps.db
      .select()
      .from(roles)
      .where(where)
      .orderBy(...this.order(q))
      .limit(limit)
      .offset(offset);
  }

  async list(session: SessionInfo, q: RoleQuery) {
    const ps = this.ps(session);
    const where = this.filters(ps, q);
    const [{ total }] = await ps.db.select({ total: count() }).from(roles).where(where);
    const rows = await this.page(ps, where, q, q.pageSize, (q.page - 1) * q.pageSize);
    return { list: rows.map((r) => this.view(r, session)), total, page: q.page, pageSize: q.pageSize };
  }

  /** The filtered, sorted roles (every page) as an .xlsx workbook: the declaration's exported columns labelled in `lang`. */
  async exportXlsx(session: SessionInfo, q: RoleQuery, lang: Lang): Promise<Readable> {
    const ps = this.ps(session);
    const fields = excelFields(roleResource);
    const where = this.filters(ps, q);
    const [{ total }] = await ps.db.select({ total: count() }).from(roles).where(where);
    checkExportSize(total);
    const pages = offsetPages(
      total,
      (limit, offset) => this.page(ps, where, q, limit, offset) as Promise<Record<string, unknown>[]>,
      (r) => fields.map((f) => cellOut(f, r[f.key], lang)),
    );
    return xlsxStream(
      roleResource.names[lang],
      fields.map((f) => f.label[lang]),
      pages,
    );
  }

  /** A role of any tenant by id (one identity sequence, so ids are unique). */
  private async find(ps: PlatformScope, id: number): Promise<RoleRow> {
    const [row] = await ps.db
      .select()
      .from(roles)
      .where(ps.where(roles, undefined, eq(roles.id, id)));
    if (!row) throw notFound('role.role');
    return row;
  }

  /** "A platform administrator can only edit or delete roles it created." */
  private own(session: SessionInfo, role: RoleRow) {
    if (role.createdBy !== session.userId) throw new AppError(403, 403, 'role.notCreator');
  }

  async get(session: SessionInfo, id: number) {
    return this.view(await this.find(this.ps(session), id), session);
  }

  private async uniqueCode(ps: PlatformScope, tenantId: number, code: string, id?: number) {
    const [clash] = await ps.for(tenantId).select(roles, eq(roles.code, code), id ? ne(roles.id, id) : undefined);
    if (clash) throw conflict('common.conflict', { what: { key: 'role.code' } });
  }

  async create(session: SessionInfo, input: RoleInput) {
    const tenantId = input.tenantId ?? PLATFORM_TENANT_ID;
    return this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
      if (!tenant) throw notFound('tenant.tenant');
      await this.uniqueCode(ps, tenantId, input.code);
      const [row] = await ps.for(tenantId).insert(roles, {
        code: input.code,
        name: input.name,
        alias: input.alias ?? '',
        status: input.status ?? 1,
        terminal: input.terminal ?? 'web',
        createdBy: session.userId,
      });
      return this.view(row, session);
    });
  }

  async update(session: SessionInfo, input: Partial<RoleInput> & { id: number }) {
    const row = await this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const role = await this.find(ps, input.id);
      this.own(session, role);
      const changesAccess =
        (input.status !== undefined && input.status !== role.status) || (input.terminal !== undefined && input.terminal !== role.terminal);
      if (role.allMenus && (changesAccess || (input.code !== undefined && input.code !== role.code))) {
        throw conflict('role.builtIn', { code: role.code });
      }
      if (input.code) await this.uniqueCode(ps, role.tenantId, input.code, role.id);
      const [row] = await ps.for(role.tenantId).update(
        roles,
        {
          code: input.code ?? role.code,
          name: input.name ?? role.name,
          alias: input.alias ?? role.alias,
          status: input.status ?? role.status,
          terminal: input.terminal ?? role.terminal,
          updatedAt: new Date(),
        },
        eq(roles.id, role.id),
      );
      return row;
    });
    await this.ctx.bus.emit(PERMISSIONS_CHANGED);
    return this.view(row, session);
  }

  /** Delete own roles that no user holds; built-in roles never. */
  async remove(session: SessionInfo, ids: number[]): Promise<number> {
    const n = await this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const rows = await tx
        .select()
        .from(roles)
        .where(ps.where(roles, undefined, inArray(roles.id, ids)));
      if (rows.length !== new Set(ids).size) throw notFound('role.role');
      for (const r of rows) {
        if (r.allMenus) throw conflict('role.builtIn', { code: r.code });
        this.own(session, r);
        const [held] = await ps.for(r.tenantId).select(userRoles, eq(userRoles.roleId, r.id));
        if (held) throw conflict('role.inUse', { code: r.code });
        await ps.for(r.tenantId).delete(roles, eq(roles.id, r.id));
      }
      return rows.length;
    });
    await this.ctx.bus.emit(PERMISSIONS_CHANGED);
    return n;
  }

  /**
   * What the role may be granted: its tenant's granted screens of the role's terminal, with the
   * granted buttons; a tenant's role never gets a platform-only screen, whatever the grant rows say.
   */
  private async grantable(ps: PlatformScope, role: RoleRow) {
    const { rows, screens } = await loadMenus(ps.db);
    const allowed = new Map<number, Set<string>>();
    for (const g of await ps.for(role.tenantId).select(tenantMenus)) {
      const s = screens.get(g.menuId);
      if (!s || s.terminal !== role.terminal) continue;
      if (role.tenantId !== PLATFORM_TENANT_ID && isPlatformMenu(s)) continue;
      allowed.set(g.menuId, new Set(g.actions.filter((a) => s.buttons.has(a))));
    }
    return { rows, screens, allowed };
  }

  async menus(session: SessionInfo, id: number) {
    const ps = this.ps(session);
    const role = await this.find(ps, id);
    const { rows, screens, allowed } = await this.grantable(ps, role);
    const granted = new Map<number, string[]>();
    if (role.allMenus) for (const [mid, acts] of allowed) granted.set(mid, [...acts]);
    else for (const g of await ps.for(role.tenantId).select(roleMenus, eq(roleMenus.roleId, role.id))) granted.set(g.menuId, g.actions);
    const offered = new Map(
      [...allowed].map(([mid, acts]) => [mid, [...acts].map((code) => ({ code, names: screens.get(mid)!.buttons.get(code)! }))]),
    );
    return { role: this.view(role, session), tree: grantTree(rows, offered, granted) };
  }

  /** Replace the role's menus and buttons; each must be within what its tenant is granted. */
  async assign(session: SessionInfo, id: number, grants: MenuGrant[]): Promise<number> {
    const n = await this.ctx.db.transaction(async (tx) => {
      const ps = this.ps(session, tx);
      const role = await this.find(ps, id);
      this.own(session, role);
      if (role.allMenus) throw conflict('role.builtIn', { code: role.code });
      const { allowed, screens } = await this.grantable(ps, role);
      if (role.tenantId !== PLATFORM_TENANT_ID) refusePlatformScreens(grants, screens);
      const checked = checkGrants(grants, allowed, grantKeys);
      const scope = ps.for(role.tenantId);
      await scope.delete(roleMenus, eq(roleMenus.roleId, role.id));
      if (checked.length)
        await scope.insert(
          roleMenus,
          checked.map((g) => ({ ...g, roleId: role.id })),
        );
      return checked.length;
    });
    await this.ctx.bus.emit(PERMISSIONS_CHANGED);
    return n;
  }
}
