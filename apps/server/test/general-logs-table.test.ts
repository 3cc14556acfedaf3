import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePartitions, prunePartitions } from '../src/core/partitions.js';
import { queryRows } from '../src/db/client.js';
import { writeDeviceLog, writeSyncLog } from '../src/modules/general/logs/service.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const DAY = 86_400_000;

describe(`log screens on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  let demo: string;
  let demoTenantId: number;

  const list = (screen: string, body: Record<string, unknown> = {}, token = admin, lang = 'en_US') =>
    t.call('POST', `/api/general/${screen}/list`, { token, body, lang });
  const exportRows = async (screen: string, body: Record<string, unknown>, token = auditor, lang = 'en_US') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/general/${screen}/export`,
      headers: { token, langeType: lang },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    auditor = await t.login('auditor', 'auditor123');
    demo = await t.login('demo', 'demo123');
    await t.call('POST', '/api/user/login', { body: { username: 'demo', password: 'wrong-password' } });
    const [row] = await queryRows<{ id: number }>(t.ctx.db, sql`select id::int as id from tenants where code = 'DEMO'`);
    demoTenantId = row.id;
  });
  afterAll(() => t?.close());

  it('lists the seeded sync and device logs of every tenant, newest first, with the tenant', async () => {
    for (const screen of ['log-sync', 'log-device']) {
      const r = await list(screen, { pageSize: 100 });
      expect(r.body.code).toBe(200);
      expect(r.body.data.list.length).toBeGreaterThanOrEqual(20);
      const rows = r.body.data.list as { tenantCode: string; createdAt: string }[];
      expect(new Set(rows.map((x) => x.tenantCode))).toEqual(new Set(['DEMO', 'ACME']));
      const times = rows.map((x) => new Date(x.createdAt).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it('filters by the search fields, the tenant and the time range; without a range only the last 7 days', async () => {
    const old = new Date(Date.now() - 10 * DAY);
    await writeSyncLog(t.ctx.db, {
      tenantId: demoTenantId,
      direction: 2,
      system: 'ERP',
      documentNo: 'OLD-DOC-1',
      ok: true,
      createdAt: old,
    });
    expect((await list('log-sync', { documentNo: 'OLD-DOC' })).body.data.list).toHaveLength(0);
    const ranged = await list('log-sync', { documentNo: 'old-doc', createdAt: [new Date(Date.now() - 11 * DAY).toISOString(), null] });
    expect(ranged.body.data.list).toHaveLength(1);

    const failed = await list('log-sync', { result: 0, pageSize: 100 });
    expect(failed.body.data.list.length).toBeGreaterThan(0);
    expect(failed.body.data.list.every((r: { result: number }) => r.result === 0)).toBe(true);
    const inbound = await list('log-sync', { direction: '1', system: 'erp', pageSize: 100 });
    expect(inbound.body.data.list.every((r: { direction: number; system: string }) => r.direction === 1 && r.system === 'ERP')).toBe(true);
    const demoOnly = await list('log-device', { tenantId: demoTenantId, pageSize: 100 });
    expect(demoOnly.body.data.list.every((r: { tenantCode: string }) => r.tenantCode === 'DEMO')).toBe(true);
    const errors = await list('log-device', { level: 'error', eventType: 'error' });
    expect(errors.body.data.list.length).toBeGreaterThan(0);
  });

  it('shows what the write helpers record', async () => {
    await writeDeviceLog(t.ctx.db, {
      tenantId: demoTenantId,
      deviceCode: 'RD-TEST-42',
      eventType: 'offline',
      level: 'warn',
      message: 'heartbeat lost',
    });
    const r = await list('log-device', { deviceCode: 'rd-test-42' });
    expect(r.body.data.list).toEqual([
      expect.objectContaining({
        deviceCode: 'RD-TEST-42',
        eventType: 'offline',
        level: 'warn',
        message: 'heartbeat lost',
        tenantCode: 'DEMO',
      }),
    ]);
  });

  it('lists logins, failed ones included, and operations', async () => {
    const logins = await list('log-login', { username: 'demo', pageSize: 50 });
    const results = logins.body.data.list.map((r: { result: number }) => r.result);
    expect(results).toContain(1);
    expect(results).toContain(0);
    expect(logins.body.data.list[0].tenantCode).toBe('DEMO');
    const platform = await list('log-login', { username: 'admin', result: 1 });
    expect(platform.body.data.list[0]).toMatchObject({ username: 'admin', result: 1, tenantCode: 'PLATFORM' });

    const tasks = await t.call('POST', '/api/general/scheduler/list', { token: admin, body: { state: 1 } });
    await t.call('POST', '/api/general/scheduler/pause', { token: admin, body: { id: tasks.body.data.list[0].id } });
    // the operation's log row commits with its write, before the answer: it is listed at once
    const ops = await list('log-operation', { screen: 'general/scheduler', username: 'admin' });
    expect(ops.body.data.list[0]).toMatchObject({ screen: 'general/scheduler', action: 'pause', method: 'POST', result: 1, status: 200 });
    // queries, POSTed with a body like the writes, are not operations
    expect(ops.body.data.list.map((r: { action: string }) => r.action)).not.toContain('query');
  });

  it('returns the recorded request body of an operation, secrets redacted', async () => {
    await t.call('POST', '/api/general/tenant-group/create', { token: admin, body: { code: 'LOGBODY', name: 'Log body group' } });
    const ops = await list('log-operation', { screen: 'general/tenant-group', username: 'admin' });
    const row = ops.body.data.list.find((r: { target: string }) => r.target === '"LOGBODY"');
    expect(row.body).toMatchObject({ code: 'LOGBODY', name: 'Log body group' });
  });

  it('exports the filtered rows as .xlsx with localized headers and values', async () => {
    const total = (await list('log-sync', { result: 0, pageSize: 500 })).body.data.list.length;
    const rows = await exportRows('log-sync', { result: 0 });
    expect(rows.length).toBe(total + 1);
    expect(rows[0]).toEqual([
      'Tenant',
      'Time',
      'Direction',
      'System',
      'Business type',
      'Document no.',
      'Result',
      'Message',
      'Duration (ms)',
    ]);
    expect(rows.slice(1).every((r) => r[6] === 'Failed')).toBe(true);
    const zh = await exportRows('log-device', {}, admin, 'zh_CN');
    expect(zh[0].slice(0, 3)).toEqual(['租户', '时间', '设备编码']);
    const login = await exportRows('log-login', { username: 'demo' });
    expect(login.length).toBeGreaterThan(2);
  });

  it('refuses tenant users and bad queries', async () => {
    for (const screen of ['log-login', 'log-operation', 'log-sync', 'log-device']) {
      expect((await list(screen, {}, demo)).status).toBe(403);
      expect((await list(screen, {}, auditor)).status).toBe(200);
    }
    const badTime = await list('log-sync', { createdAt: ['yesterday-ish', null] });
    expect(badTime.status).toBe(400);
    expect((await list('log-sync', { pageSize: 100000 })).status).toBe(400);
    expect((await list('log-sync', { createdAt: [new Date(Date.now() - 400 * DAY).toISOString(), null] })).status).toBe(400);
    expect((await list('log-sync', { direction: 'north' })).status).toBe(400);
  });

  it('partitions the sync log by month, the device log by day, and drops old partitions with the others', async () => {
    const parts = await queryRows<{ parent: string; n: number }>(
      t.ctx.db,
      sql`select p.relname as parent, count(*)::int as n from pg_inherits i join pg_class p on p.oid = i.inhparent
          where p.relname in ('sync_log', 'device_log') group by p.relname order by p.relname`,
    );
    // device log: 30 days kept and 3 ahead; sync log: 6 months kept and 2 ahead
    expect(parts).toEqual([
      { parent: 'device_log', n: 34 },
      { parent: 'sync_log', n: expect.any(Number) },
    ]);
    expect(parts[1].n).toBeGreaterThanOrEqual(8);
    const longAgo = new Date(Date.UTC(2020, 5, 15));
    await ensurePartitions(t.ctx.db, longAgo);
    const dropped = await prunePartitions(t.ctx.db, 365);
    expect(dropped).toEqual(expect.arrayContaining(['sync_log_p202006', 'device_log_p20200615', 'login_log_p202006']));
  });
});

describe(`table structure on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
  });
  afterAll(() => t?.close());

  const detail = async (tableName: string) => {
    const r = await t.call('POST', '/api/table/web/tableDetail', { token: admin, body: { tableName }, lang: 'en_US' });
    return r;
  };

  it('shows the schemas and tables of the real catalog, partitions folded into their table', async () => {
    const r = await t.call('POST', '/api/table/web/tableTree', { token: admin, lang: 'en_US' });
    expect(r.body.code).toBe(200);
    const pub = r.body.data.find((s: { key: string }) => s.key === 'public');
    const byName = new Map(pub.children.map((c: { name: string }) => [c.name, c]));
    for (const name of ['scheduler_tasks', 'scheduler_runs', 'sync_log', 'device_log', 'login_log', 'tenants', 'tenant_groups']) {
      expect(byName.has(name)).toBe(true);
    }
    expect(byName.get('sync_log')).toMatchObject({ partitioned: true, type: 'table', key: 'public.sync_log' });
    expect((byName.get('sync_log') as { partitions: number }).partitions).toBeGreaterThanOrEqual(8);
    // partitions (by month or by day) are folded into their table
    expect([...byName.keys()].some((n) => /_p\d{6}(\d{2})?$/.test(String(n)))).toBe(false);
    expect(byName.get('scheduler_tasks')).toMatchObject({ comment: 'Scheduled task' });
  });

  it('details a table: types, nullability, defaults, primary key, unique and foreign keys', async () => {
    const runs = await detail('scheduler_runs');
    const cols = new Map(runs.body.data.columns.map((c: { name: string }) => [c.name, c]));
    expect(cols.get('id')).toMatchObject({ primaryKey: true, nullable: false, type: 'bigint' });
    expect(cols.get('task_id')).toMatchObject({ references: 'scheduler_tasks.id', primaryKey: false });
    expect(cols.get('params')).toMatchObject({ nullable: true, type: 'jsonb' });
    expect(cols.get('message_key')).toMatchObject({ default: "''::text" });
    const tasks = await detail('public.scheduler_tasks');
    const name = tasks.body.data.columns.find((c: { name: string }) => c.name === 'name');
    expect(name).toMatchObject({ unique: true, type: 'text' });
    const log = await detail('login_log');
    const pk = log.body.data.columns.filter((c: { primaryKey: boolean }) => c.primaryKey).map((c: { name: string }) => c.name);
    expect(pk.sort()).toEqual(['created_at', 'id', 'tenant_id']);
  });

  it('refuses unknown tables, malformed names, and users without the screen', async () => {
    const missing = await detail('no_such_table');
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('Table no_such_table does not exist');
    expect((await detail('users; drop table users')).status).toBe(400);
    expect((await detail('pg_class')).status).toBe(404); // the system catalog is not shown
    const demo = await t.login('demo', 'demo123');
    expect((await t.call('POST', '/api/table/web/tableTree', { token: demo })).status).toBe(403);
    const auditor = await t.login('auditor', 'auditor123');
    expect((await t.call('POST', '/api/table/web/tableTree', { token: auditor })).status).toBe(200);
  });

  it('exports one table, or every table (a table list and all columns), as .xlsx', async () => {
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/table/web/ExportTableDetail',
      headers: { token: admin, langeType: 'en_US' },
      payload: { tableName: 'scheduler_runs' },
    });
    expect(one.statusCode).toBe(200);
    const wb1 = XLSX.read(one.rawPayload, { type: 'buffer' });
    expect(wb1.SheetNames).toEqual(['Columns']);
    const rows1 = XLSX.utils.sheet_to_json<unknown[]>(wb1.Sheets.Columns, { header: 1 });
    expect(rows1[0]).toEqual(['Table', '#', 'Column', 'Type', 'Nullable', 'Default', 'Primary key', 'Unique', 'References', 'Comment']);
    expect(rows1.length - 1).toBe((await detail('scheduler_runs')).body.data.columns.length);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/table/web/ExportTableDetail',
      headers: { token: admin, langeType: 'zh_CN' },
      payload: {},
    });
    const wb = XLSX.read(all.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['表', '字段']);
    const tables = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    const columns = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[1]], { header: 1 });
    const tree = (await t.call('POST', '/api/table/web/tableTree', { token: admin })).body.data;
    const count = tree.reduce((n: number, s: { children: unknown[] }) => n + s.children.length, 0);
    expect(tables.length - 1).toBe(count);
    expect(new Set(columns.slice(1).map((r) => r[0])).size).toBe(count);
  });
});
