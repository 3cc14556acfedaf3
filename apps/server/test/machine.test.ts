import { defineMachine, equipmentArchiveResource, equipmentResource, ONLINE, type ResourceDef, translate } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServices } from '../src/app.js';
import { badRequest } from '../src/core/errors.js';
import { ResourceService } from '../src/core/resource/service.js';
import { checkMachine } from '../src/core/resource/transitions.js';
import { menuButtons, menus, operationLog, tenantMenus } from '../src/db/schema/index.js';
import { equipment } from '../src/modules/rfid/tables.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/**
 * The generic state-machine parts on a tenant resource: the equipment archive (the RFID equipment
 * rows; the RFID screen serves its own bind/unbind) given, for this test, a machine on its online
 * status (bind: offline → online when it has a MAC address; unbind back; online rows final), and
 * the tenants' administrators its two buttons. Served by a second app over the same database, so
 * the declared resources stay as they are for every other test.
 */
const machine = defineMachine({
  field: 'onlineStatus',
  states: 'OnlineStatus',
  transitions: {
    bind: { from: [ONLINE.OFFLINE], to: ONLINE.ONLINE, guard: (row) => (row.macAddress ? undefined : 'validation.macAddress') },
    unbind: { from: [ONLINE.ONLINE], to: ONLINE.OFFLINE, danger: true },
  },
  final: [ONLINE.ONLINE],
});
const def: ResourceDef = { ...(equipmentArchiveResource as unknown as ResourceDef), machine };
const base = '/api/tenant/equipment';

describe(`state machines on the generic routes (${DRIVER})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let demo: string;
  let viewer: string;
  let acme: string;
  const hookCalls: { action: string; id: unknown; state: unknown }[] = [];

  const call = async (url: string, token: string, body: unknown, lang = 'en_US') => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { token, langeType: lang, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return {
      status: res.statusCode,
      body: res.json() as { code: number; msg: string; data: Record<string, unknown> & { list: Record<string, unknown>[] } },
    };
  };
  const idOf = async (token: string, code: string) => {
    const r = await call(`${base}/list`, token, { equipmentCoding: code });
    expect(r.body.data.list).toHaveLength(1);
    return r.body.data.list[0].id as number;
  };
  const stored = async (id: number) => (await t.ctx.db.select().from(equipment).where(eq(equipment.id, id)))[0];

  beforeAll(async () => {
    t = await startTestApp();
    const services = createServices(t.ctx);
    const table = equipment;
    services.resources.set(
      def.code,
      new ResourceService(t.ctx, def, table as never, {
        transitions: {
          // a side effect in the move's transaction; a remark "boom" makes it fail
          async bind(tx, row, { action }) {
            hookCalls.push({ action, id: row.id, state: row.onlineStatus });
            await tx
              .update(equipment)
              .set({ lastTimeOnline: new Date() })
              .where(and(eq(equipment.id, row.id as number), eq(equipment.tenantId, row.tenantId as number)));
            if (row.remark === 'boom') throw badRequest('validation.macAddress');
            // a hook that moves the state itself, not by the machine (a bug the service refuses)
            if (row.remark === 'direct')
              await tx
                .update(equipment)
                .set({ onlineStatus: ONLINE.OFFLINE })
                .where(and(eq(equipment.id, row.id as number), eq(equipment.tenantId, row.tenantId as number)));
          },
        },
      }),
    );
    // the machine's buttons on the archive screen, held by every tenant that has the screen
    const [screen] = await t.ctx.db.select({ id: menus.id }).from(menus).where(eq(menus.component, def.code));
    for (const code of ['bind', 'unbind'])
      await t.ctx.db.insert(menuButtons).values({ menuId: screen.id, code, names: { zh_CN: code, zh_TW: code, en_US: code } });
    await t.ctx.db
      .update(tenantMenus)
      .set({ actions: sql`${tenantMenus.actions} || array['bind', 'unbind']` })
      .where(eq(tenantMenus.menuId, screen.id));
    app = await buildApp(t.ctx, services);
    await app.ready();
    demo = await t.login('demo', 'demo123');
    viewer = await t.login('viewer', 'viewer123');
    acme = await t.login('acme', 'acme123');
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('moves a row by its action, runs the hook in the move, answers the row and the message, and logs it', async () => {
    const id = await idOf(demo, 'GATE-01');
    const r = await call(`${base}/bind`, demo, { id });
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('Bind: done');
    expect(r.body.data).toMatchObject({ id, onlineStatus: ONLINE.ONLINE });
    // the answer is the row after the hook: it wrote the last online time
    expect(r.body.data.lastTimeOnline).not.toBeNull();
    expect((await stored(id)).onlineStatus).toBe(ONLINE.ONLINE);
    expect(hookCalls.at(-1)).toEqual({ action: 'bind', id, state: ONLINE.ONLINE });
    const logged = await t.ctx.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.url, `${base}/bind`));
    expect(logged.some((l) => l.action === 'bind' && l.screen === 'tenant/equipment' && l.result === 1 && l.target === String(id))).toBe(
      true,
    );
  });

  it('refuses a move the state does not allow with 409 naming the state and the action, in the reader’s language', async () => {
    const id = await idOf(demo, 'GATE-01');
    const again = await call(`${base}/bind`, demo, { id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('"Bind" is not possible: the state is Online');
    expect((await call(`${base}/bind`, demo, { id }, 'zh_CN')).body.msg).toBe('当前状态为“在线”，不能绑定');
    expect((await call(`${base}/bind`, demo, { id }, 'zh_TW')).body.msg).toBe('目前狀態為「連線中」，不能綁定');
    expect((await call(`${base}/bind`, demo, { id: 99999999 })).status).toBe(404);
  });

  it('refuses a move its guard refuses, with the guard’s message', async () => {
    const id = await idOf(demo, 'HH-03'); // no MAC address
    const r = await call(`${base}/bind`, demo, { id });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(translate('en_US', 'validation.macAddress'));
    expect((await stored(id)).onlineStatus).toBe(ONLINE.OFFLINE);
  });

  it('lets only one of two concurrent moves win', async () => {
    const id = await idOf(demo, 'FIX-02');
    const before = hookCalls.length;
    const results = await Promise.all([
      call(`${base}/bind`, demo, { id }),
      call(`${base}/bind`, demo, { id }),
      call(`${base}/bind`, demo, { id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(hookCalls.length - before).toBe(1);
    expect((await stored(id)).onlineStatus).toBe(ONLINE.ONLINE);
  });

  it('answers 403 without the action’s button', async () => {
    const id = await idOf(viewer, 'HH-03');
    expect((await call(`${base}/bind`, viewer, { id })).status).toBe(403);
  });

  it('refuses edit and delete of a row in a final state, and allows them again once it moved out', async () => {
    const id = await idOf(demo, 'GATE-01');
    const edit = await call(`${base}/update`, demo, { id, remark: 'again' });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe('No longer editable: the state is Online');
    expect((await call(`${base}/update`, demo, { id, remark: 'again' }, 'zh_CN')).body.msg).toBe('状态为“在线”的设备档案不能再编辑');
    const del = await call(`${base}/delete`, demo, { ids: [id] });
    expect(del.status).toBe(409);
    expect(del.body.msg).toBe('No longer deletable: the state is Online');
    expect(await stored(id)).toBeDefined();
    const unbound = await call(`${base}/unbind`, demo, { id });
    expect(unbound.body).toMatchObject({ code: 200, data: { onlineStatus: ONLINE.OFFLINE } });
    expect((await call(`${base}/update`, demo, { id, remark: 'again' })).status).toBe(200);
  });

  it('runs onTransition in the same transaction: when it throws, the state does not move', async () => {
    const id = await idOf(demo, 'GATE-01');
    expect((await call(`${base}/update`, demo, { id, remark: 'boom' })).status).toBe(200);
    const lastOnline = (await stored(id)).lastTimeOnline;
    const r = await call(`${base}/bind`, demo, { id });
    expect(r.status).toBe(400);
    const row = await stored(id);
    expect(row.onlineStatus).toBe(ONLINE.OFFLINE);
    // the hook's own write went with it
    expect(row.lastTimeOnline?.getTime()).toBe(lastOnline?.getTime());
  });

  it('refuses a hook that writes the state field itself (every edge is the machine’s): the move and the write are undone', async () => {
    const id = await idOf(demo, 'GATE-01');
    expect((await call(`${base}/update`, demo, { id, remark: 'direct' })).status).toBe(200);
    const r = await call(`${base}/bind`, demo, { id });
    expect(r.status).toBe(500);
    expect((await stored(id)).onlineStatus).toBe(ONLINE.OFFLINE);
    expect((await call(`${base}/update`, demo, { id, remark: '' })).status).toBe(200);
  });

  it('does not reach another tenant’s rows: 404', async () => {
    const id = await idOf(demo, 'FIX-02');
    // ACME holds the button on its own equipment …
    const own = await idOf(acme, 'GATE-01');
    expect((await call(`${base}/bind`, acme, { id: own })).status).toBe(200);
    // … but DEMO's row is not there for it
    expect((await call(`${base}/unbind`, acme, { id })).status).toBe(404);
    expect((await stored(id)).onlineStatus).toBe(ONLINE.ONLINE);
  });

  it('declares one route per action in OpenAPI, and the scheduler’s on the real app', async () => {
    const paths = (app.swagger() as { paths: Record<string, { post?: { summary?: string } }> }).paths;
    expect(paths[`${base}/bind`]?.post?.summary).toBe('Equipment archive: Bind (Offline → Online)');
    expect(paths[`${base}/unbind`]?.post?.summary).toBe('Equipment archive: Unbind (Online → Offline)');
    const real = (t.app.swagger() as { paths: Record<string, { post?: { summary?: string } }> }).paths;
    expect(real['/api/general/scheduler/stop']?.post?.summary).toBe('Scheduled task: Stop (Normal or Paused → Stopped)');
    expect(real['/api/general/scheduler/recover']?.post?.summary).toBe('Scheduled task: Recover (Paused → Normal)');
  });
});

describe('declarations the generic transition routes refuse at start', () => {
  const withMachine = (m: object) => ({ ...(equipmentResource as unknown as ResourceDef), machine: m as never });
  it('needs the state an enum field of the machine’s enum, out of the form, and actions that are buttons off the generic paths', () => {
    expect(() => checkMachine(withMachine({ ...machine, field: 'equipmentName' }))).toThrow(/must be an enum field of OnlineStatus/);
    const formState = { ...withMachine(machine) };
    formState.list = formState.list.map((f) => (f.key === 'onlineStatus' ? { ...f, form: true } : f));
    expect(() => checkMachine(formState)).toThrow(/must move by the machine only/);
    expect(() => checkMachine(withMachine({ ...machine, transitions: { upload: machine.transitions.bind } }))).toThrow(/generic route/);
    expect(() => checkMachine(withMachine({ ...machine, transitions: { fly: machine.transitions.bind } }))).toThrow(/is no button/);
    expect(checkMachine(def)).toBe(machine);
  });
});
