import { LANGUAGE_DICTIONARY, PLATFORM_TENANT_ID, USER_TYPE } from '@tagloom/domain';
import screensCN from '@tagloom/domain/i18n/web-screens-parts/screens/zh-CN.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { TenantScope } from '../core/tenant-scope.js';
import type { Tx } from '../db/client.js';
import { appMeta, dictionaryDetails, dictionaryModules, roleMenus, roles, tenantMenus, tenants } from '../db/schema/index.js';
import { seedHistoryDemo, seedLogDemo } from '../modules/general/logs/seed.js';
import { createUser } from '../modules/general/user/service.js';
import { seedVersionsDemo } from '../modules/general/versions/seed.js';
import { screenGrants, syncMenuTree } from './menus.js';
import { seedResources } from './resources.js';

/**
 * The names the platform ships, stored in Simplified Chinese: taken from the console's catalog, whose
 * `shipped` section shows them in the user's language while they are left as shipped.
 */
const SHIPPED = screensCN.shipped;
const roleName = (code: keyof (typeof SHIPPED)['general/role']) => SHIPPED['general/role'][code].name;

async function meta(db: Tx, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return row?.value;
}

async function setMeta(db: Tx, key: string, value: string) {
  await db.insert(appMeta).values({ key, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } });
}

/** Grant a tenant every screen of the given sides, with all their buttons. */
export async function grantTenant(db: Tx, tenantId: number, sides: string[]) {
  const grants = await screenGrants(db, sides);
  const scope = new TenantScope(db, tenantId);
  await scope.delete(tenantMenus);
  if (grants.length) await scope.insert(tenantMenus, grants);
  return grants;
}

async function createTenant(
  db: Tx,
  t: { code: string; name: string; admin: string; password: string; extraUsers?: { username: string; password: string; role: 'viewer' }[] },
) {
  const [tenant] = await db.insert(tenants).values({ code: t.code, name: t.name, adminUsername: t.admin }).returning();
  const grants = await grantTenant(db, tenant.id, ['T', 'B']);
  const scope = new TenantScope(db, tenant.id);
  const [admin] = await scope.insert(roles, {
    code: 'TENANT_ADMIN',
    name: roleName('TENANT_ADMIN'),
    alias: 'Tenant administrator',
    allMenus: true,
  });
  const [viewer] = await scope.insert(roles, { code: 'VIEWER', name: roleName('VIEWER'), alias: 'Read-only user' });
  await scope.insert(
    roleMenus,
    grants.map((g) => ({ roleId: viewer.id, menuId: g.menuId, actions: g.actions.filter((a) => a === 'query' || a === 'export') })),
  );
  await createUser(db, tenant.id, tenant.code, {
    username: t.admin,
    password: t.password,
    userType: USER_TYPE.TENANT_ADMIN,
    roleIds: [admin.id],
  });
  for (const u of t.extraUsers ?? []) {
    await createUser(db, tenant.id, tenant.code, {
      username: u.username,
      password: u.password,
      userType: USER_TYPE.TENANT_USER,
      roleIds: [viewer.id],
    });
  }
  return tenant;
}

const LANGUAGES = [
  { num: 'zh_CN', name: '简体中文', nameTw: '簡體中文', nameEn: 'Simplified Chinese' },
  { num: 'zh_TW', name: '繁體中文', nameTw: '繁體中文', nameEn: 'Traditional Chinese' },
  { num: 'en_US', name: 'English', nameTw: 'English', nameEn: 'English' },
];

/**
 * Seed what every installation needs (platform tenant, admin, menus, language dictionary), and
 * on the embedded default (or SEED_DEMO=1) the demo tenants. Runs under the startup lock.
 */
export async function seed(db: Tx, config: Config, log: Logger): Promise<void> {
  await db.transaction(async (tx) => {
    await syncMenuTree(tx);
    if (!(await meta(tx, 'seeded.platform'))) {
      await tx
        .insert(tenants)
        .values({ id: PLATFORM_TENANT_ID, code: 'PLATFORM', name: SHIPPED['general/tenant'].PLATFORM.name, adminUsername: 'admin' })
        .onConflictDoNothing();
      const grants = await grantTenant(tx, PLATFORM_TENANT_ID, ['P', 'B']);
      const scope = new TenantScope(tx, PLATFORM_TENANT_ID);
      const [superRole] = await scope.insert(roles, {
        code: 'SUPER_ADMIN',
        name: roleName('SUPER_ADMIN'),
        alias: 'Super administrator',
        allMenus: true,
      });
      const [auditor] = await scope.insert(roles, { code: 'AUDITOR', name: roleName('AUDITOR'), alias: 'Auditor' });
      await scope.insert(
        roleMenus,
        grants.map((g) => ({ roleId: auditor.id, menuId: g.menuId, actions: g.actions.filter((a) => a === 'query' || a === 'export') })),
      );
      const admin = await createUser(tx, PLATFORM_TENANT_ID, 'PLATFORM', {
        username: 'admin',
        password: config.adminPassword,
        userType: USER_TYPE.PLATFORM_ADMIN,
        aliasName: 'Administrator',
        roleIds: [superRole.id],
      });
      await scope.update(roles, { createdBy: admin.id });
      const [mod] = await tx
        .insert(dictionaryModules)
        .values({ code: LANGUAGE_DICTIONARY, name: '语言类型', remark: 'Console languages' })
        .returning();
      await tx.insert(dictionaryDetails).values(LANGUAGES.map((l, i) => ({ ...l, moduleId: mod.id, seq: i + 1 })));
      await setMeta(tx, 'seeded.platform', new Date().toISOString());
      log.info('seeded the platform: admin user, roles, menus, language dictionary');
    }
    if (config.seedDemo && !(await meta(tx, 'seeded.demo'))) {
      const demo = await createTenant(tx, {
        code: 'DEMO',
        name: SHIPPED['general/tenant'].DEMO.name,
        admin: 'demo',
        password: 'demo123',
        extraUsers: [{ username: 'viewer', password: 'viewer123', role: 'viewer' }],
      });
      const acme = await createTenant(tx, { code: 'ACME', name: 'ACME Apparel', admin: 'acme', password: 'acme123' });
      const scope = new TenantScope(tx, PLATFORM_TENANT_ID);
      const [auditor] = await scope.select(roles, eq(roles.code, 'AUDITOR'));
      await createUser(tx, PLATFORM_TENANT_ID, 'PLATFORM', {
        username: 'auditor',
        password: 'auditor123',
        userType: USER_TYPE.PLATFORM_USER,
        roleIds: [auditor.id],
      });
      await seedResources(tx, [demo.id, acme.id], null);
      await seedLogDemo(tx, [demo.id, acme.id]);
      // the demo tenant's master data beyond the declarations' seed rows (ACME keeps only those)
      const { MODULES } = await import('../app.js');
      for (const m of MODULES) await m.seedDemo?.(tx, { id: demo.id, code: 'DEMO' }, { config });
      // the platform's side: released versions of every client, and the demo users' last weeks in the logs
      await seedVersionsDemo(tx);
      await seedHistoryDemo(tx);
      await setMeta(tx, 'seeded.demo', new Date().toISOString());
      log.info('seeded demo tenants DEMO (demo/demo123, viewer/viewer123) and ACME (acme/acme123), platform auditor/auditor123');
    }
  });
}
