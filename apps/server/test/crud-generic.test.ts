import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, templateGoodsAttrs, templateLocationAttrs, tenantGroups } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const EN = 'en_US';

/**
 * What the one generic resource path guarantees the tenant, user, role and menu screens now that
 * they run on it (the hand-written routes did not): every answer shows a row the same way (list,
 * get, create and update), and an update is checked against the declaration's cross-field rules
 * on the whole row, reported on the field as on create.
 */
describe(`tenant, user, role and menu on the generic resource path (${DRIVER})`, () => {
  let t: TestApp;
  let admin: string;
  let body: Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    const menuId = new Map((await t.ctx.db.select({ id: menus.id, code: menus.code }).from(menus)).map((m) => [m.code, m.id]));
    const [{ id: goods }] = await t.ctx.db.select({ id: templateGoodsAttrs.id }).from(templateGoodsAttrs).limit(1);
    const [{ id: location }] = await t.ctx.db.select({ id: templateLocationAttrs.id }).from(templateLocationAttrs).limit(1);
    const [group] = await t.ctx.db.select().from(tenantGroups).limit(1);
    body = {
      code: 'GEN1',
      name: 'Generic One',
      groupId: group.id,
      adminUsername: 'gen1_admin',
      password: 'gen1pass',
      confirmPassword: 'gen1pass',
      goodsAttrTemplateId: goods,
      locationAttrTemplateId: location,
      codingRuleTemplateId: 1,
      menus: [{ menuId: menuId.get('label/sketch')!, actions: ['query'] }],
    };
  });
  afterAll(() => t?.close());

  const post = (url: string, data: unknown) => t.call('POST', `/api${url}`, { token: admin, lang: EN, body: data });

  it('shows a tenant with its group name in list, get, create and update alike', async () => {
    const [group] = await t.ctx.db
      .select()
      .from(tenantGroups)
      .where(eq(tenantGroups.id, body.groupId as number));
    const made = await post('/general/tenant/create', body);
    expect(made.status).toBe(200);
    expect(made.body.data.groupName).toBe(group.name);
    const id = made.body.data.id as number;
    const upd = await post('/general/tenant/update', { id, remark: 'edited' });
    expect([upd.status, upd.body.data.groupName, upd.body.data.remark]).toEqual([200, group.name, 'edited']);
    const got = await t.call('GET', `/api/general/tenant/get?id=${id}`, { token: admin });
    expect(got.body.data.groupName).toBe(group.name);
    const listed = (await post('/general/tenant/list', { code: 'GEN1' })).body.data.list;
    expect(listed.map((r: { groupName: string }) => r.groupName)).toEqual([group.name]);
  });

  it('shows a user with its tenant and roles per terminal in list, get, create and update alike', async () => {
    const [demo] = (await post('/general/tenant/list', { code: 'DEMO' })).body.data.list as { id: number; name: string }[];
    const made = await post('/general/user/create', {
      tenantId: demo.id,
      username: 'gen_user',
      password: 'genpass12',
      confirmPassword: 'genpass12',
      userType: 4,
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ tenantName: demo.name, tenantCode: 'DEMO', roles: { web: [] } });
    const id = made.body.data.id as number;
    const upd = await post('/general/user/update', { id, aliasName: 'Gen' });
    expect(upd.body.data).toMatchObject({ aliasName: 'Gen', tenantName: demo.name, roles: { web: [] } });
    const got = await t.call('GET', `/api/general/user/get?id=${id}`, { token: admin });
    expect(got.body.data).toMatchObject({ tenantName: demo.name, tenantCode: 'DEMO' });
    expect(got.body.data).not.toHaveProperty('passwordHash');
  });

  it("checks an update against the declaration's cross-field rules on the whole row, naming the field as on create", async () => {
    const [tenant] = (await post('/general/tenant/list', { code: 'GEN1' })).body.data.list as { id: number }[];
    const r = await post('/general/tenant/update', { id: tenant.id, name: 'GEN1_ADMIN' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('Admin login name: The tenant name and the admin user name must differ');
    expect(r.body.data.fields).toEqual([{ field: 'adminUsername', message: 'The tenant name and the admin user name must differ' }]);
  });
});
