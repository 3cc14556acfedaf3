import * as XLSX from '@e965/xlsx';
import { deviceLogFeed, loginLogFeed } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../src/core/context.js';
import { issueDeviceKey, revokeDeviceKey } from '../src/core/feed/device-keys.js';
import { FeedService } from '../src/core/feed/service.js';
import { maintainPartitions, partitionName } from '../src/core/partitions.js';
import { type Database, openPglite, queryRows } from '../src/db/client.js';
import { deviceLog } from '../src/db/schema/index.js';
import { writeDeviceLog } from '../src/modules/general/logs/service.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { statements } from './uploads.js';

const DAY = 86_400_000;

/** The SQL statements the database client runs while `fn` does (observed, not replaced). */

const readAll = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};

describe(`feeds on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let demo: string;
  let demoId: number;
  let acmeId: number;

  const list = (body: Record<string, unknown> = {}, token = admin, screen = 'log-device') =>
    t.call('POST', `/api/general/${screen}/list`, { token, body, lang: 'en_US' });
  const ingest = (events: unknown[], key?: string, token?: string) =>
    t.call('POST', '/api/ingest/device-log', { body: { events }, headers: key ? { 'x-device-key': key } : {}, token, lang: 'en_US' });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    demo = await t.login('demo', 'demo123');
    const rows = await queryRows<{ id: number; code: string }>(
      t.ctx.db,
      sql`select id::int as id, code from tenants where code in ('DEMO', 'ACME')`,
    );
    demoId = rows.find((r) => r.code === 'DEMO')!.id;
    acmeId = rows.find((r) => r.code === 'ACME')!.id;
  });
  afterAll(() => t?.close());

  it('pages by keyset in a stable order, rows of equal (and same-millisecond) times neither repeated nor lost', async () => {
    const at = new Date(Date.now() - 3_600_000);
    await writeDeviceLog(
      t.ctx.db,
      ...Array.from({ length: 7 }, (_, i) => ({
        tenantId: demoId,
        deviceCode: 'KS-SAME',
        eventType: 'read',
        message: `same ${i}`,
        createdAt: at,
      })),
    );
    // three rows inside one millisecond: a cursor cut to milliseconds would skip some
    const ms = new Date(Date.now() - 7_200_000).toISOString().slice(0, 23);
    for (const us of ['900', '500', '100'])
      await t.ctx.db.execute(
        sql`insert into device_log (tenant_id, device_code, event_type, level, message, created_at) values (${demoId}, 'KS-SAME', 'read', 'info', ${`us ${us}`}, ${`${ms}${us}Z`}::timestamptz)`,
      );
    const seen: { id: number; createdAt: string; message: string }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await list({ deviceCode: 'KS-SAME', pageSize: 3, ...(cursor ? { cursor } : {}) });
      expect(r.status).toBe(200);
      expect(r.body.data).not.toHaveProperty('total');
      seen.push(...r.body.data.list);
      expect(r.body.data.hasMore).toBe(r.body.data.next !== null);
      cursor = r.body.data.next ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(10);
    expect(new Set(seen.map((r) => r.id)).size).toBe(10);
    // equal times by id, newest first
    expect(seen.slice(0, 7).map((r) => r.id)).toEqual(
      seen
        .slice(0, 7)
        .map((r) => r.id)
        .sort((a, b) => b - a),
    );
    expect(seen.slice(7).map((r) => r.message)).toEqual(['us 900', 'us 500', 'us 100']);
    // the first page carries an estimate, never a count
    const first = await list({ deviceCode: 'KS-SAME', pageSize: 3, estimate: true });
    expect(typeof first.body.data.estimate).toBe('number');
    expect((await list({ deviceCode: 'KS-SAME', pageSize: 3 })).body.data).not.toHaveProperty('estimate');
    expect((await list({ cursor: 'not-a-cursor' })).status).toBe(400);
  });

  it('always cuts by a time window: the default one, or one asked for within the longest the feed allows', async () => {
    await writeDeviceLog(t.ctx.db, {
      tenantId: demoId,
      deviceCode: 'WIN-OLD',
      eventType: 'online',
      createdAt: new Date(Date.now() - 10 * DAY),
    });
    expect((await list({ deviceCode: 'WIN-OLD' })).body.data.list).toHaveLength(0);
    const ranged = await list({ deviceCode: 'WIN-OLD', createdAt: [new Date(Date.now() - 11 * DAY).toISOString(), null] });
    expect(ranged.body.data.list).toHaveLength(1);
    const tooLong = await list({ createdAt: [new Date(Date.now() - 40 * DAY).toISOString(), null] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe('Time: a time range is at most 31 days');
    const reversed = await list({ createdAt: [new Date().toISOString(), new Date(Date.now() - DAY).toISOString()] });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toContain('Time');
    expect((await list({ createdAt: ['soon', null] })).status).toBe(400);
    // the login feed allows 93 days
    expect((await list({ createdAt: [new Date(Date.now() - 40 * DAY).toISOString(), null] }, admin, 'log-login')).status).toBe(200);
  });

  it('filters by the declared fields (contains, exact, enum) and the tenant; refuses values outside an enum', async () => {
    await writeDeviceLog(
      t.ctx.db,
      { tenantId: demoId, deviceCode: 'FLT-A-1', eventType: 'error', level: 'error', message: 'antenna' },
      { tenantId: acmeId, deviceCode: 'FLT-A-2', eventType: 'online', level: 'info', message: 'up' },
    );
    const contains = await list({ deviceCode: 'flt-a' });
    expect(contains.body.data.list.map((r: { deviceCode: string }) => r.deviceCode).sort()).toEqual(['FLT-A-1', 'FLT-A-2']);
    const enumOnly = await list({ deviceCode: 'flt-a', level: 'error' });
    expect(enumOnly.body.data.list).toEqual([expect.objectContaining({ deviceCode: 'FLT-A-1', tenantCode: 'DEMO', eventType: 'error' })]);
    const acme = await list({ deviceCode: 'flt-a', tenantId: acmeId });
    expect(acme.body.data.list.map((r: { deviceCode: string }) => r.deviceCode)).toEqual(['FLT-A-2']);
    const bad = await list({ level: 'panic' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Level: not a valid value');
    expect((await list({ direction: 'north' }, admin, 'log-sync')).status).toBe(400);
    // a platform feed is refused to a tenant user
    expect((await list({}, demo)).status).toBe(403);
  });

  it('searches device codes by their start, in any case, through the index that serves it', async () => {
    await writeDeviceLog(
      t.ctx.db,
      { tenantId: demoId, deviceCode: 'PFX-A-1', eventType: 'read' },
      { tenantId: demoId, deviceCode: 'pfx-a-2', eventType: 'read' },
      { tenantId: demoId, deviceCode: 'X-PFX-A-3', eventType: 'read' },
      { tenantId: demoId, deviceCode: 'PFXBA-4', eventType: 'read' },
    );
    const codes = async (deviceCode: string) =>
      (await list({ deviceCode })).body.data.list.map((r: { deviceCode: string }) => r.deviceCode).sort();
    // starts with, any case; a code that only contains it is not a match
    expect(await codes('pfx-a')).toEqual(['PFX-A-1', 'pfx-a-2']);
    expect(await codes('PFX-A-1')).toEqual(['PFX-A-1']);
    // % and _ are plain characters
    expect(await codes('PFX_A')).toEqual([]);
    expect(await codes('%A-1')).toEqual([]);
    // the query is one the (upper(device_code) text_pattern_ops, created_at, id) index answers
    const [{ def }] = await queryRows<{ def: string }>(
      t.ctx.db,
      sql`select pg_get_indexdef(i.indexrelid) as def from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'device_log_device_prefix_idx'`,
    );
    expect(def).toMatch(/upper\(device_code\) text_pattern_ops, created_at, id/);
    const seen = await statements(t.ctx.db, () => list({ deviceCode: 'pfx-a' }));
    expect(seen.some((q) => /upper\("device_log"\."device_code"\) like \$\d+/.test(q))).toBe(true);
  });

  it('reads a deep page from the partitions at and before its cursor only', async () => {
    const at = (days: number) => new Date(Date.now() - days * DAY);
    await writeDeviceLog(
      t.ctx.db,
      ...[0.1, 1, 2, 3, 4, 5].map((d) => ({ tenantId: demoId, deviceCode: 'DEEP-1', eventType: 'read', createdAt: at(d) })),
    );
    const first = await list({ deviceCode: 'DEEP-1', pageSize: 3 });
    expect(first.body.data.list).toHaveLength(3);
    // the page after the row of 2 days back: its query, as the service sends it, planned with its values
    const client = (t.ctx.db as unknown as { $client: { query: (...a: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } })
      .$client;
    const sent: { text: string; params: unknown[] }[] = [];
    const original = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const q = args[0];
      const text = typeof q === 'string' ? q : String((q as { text?: string })?.text ?? '');
      if (/from "device_log"/.test(text)) sent.push({ text, params: (args[1] as unknown[]) ?? [] });
      return original.apply(this, args as never);
    };
    let deep: Awaited<ReturnType<typeof list>> | undefined;
    try {
      deep = await list({ deviceCode: 'DEEP-1', pageSize: 3, cursor: first.body.data.next });
    } finally {
      client.query = original;
    }
    expect(deep!.body.data.list.map((r: { createdAt: string }) => Math.round((Date.now() - Date.parse(r.createdAt)) / DAY))).toEqual([
      3, 4, 5,
    ]);
    expect(sent).toHaveLength(1);
    const plan = (await client.query(`explain ${sent[0].text}`, sent[0].params)).rows.map((r) => String(Object.values(r)[0])).join('\n');
    // the partitions of the days after the cursor's are not in the plan; those before it are
    for (const d of [0, 1]) expect(plan).not.toContain(partitionName('device_log', at(d), 'day'));
    for (const d of [3, 4]) expect(plan).toContain(partitionName('device_log', at(d), 'day'));
  });

  it('lists without any count query', async () => {
    const sqls = await statements(t.ctx.db, () => list({ eventType: 'read' }));
    expect(sqls.some((s) => /device_log/.test(s))).toBe(true);
    // (the statements of the feed's tables: a background job, e.g. the hourly age-out, may count its own rows meanwhile)
    expect(sqls.filter((s) => /device_log/.test(s) && /\bcount\s*\(/i.test(s))).toEqual([]);
    const next = (await list({ pageSize: 1 })).body.data.next;
    const deep = await statements(t.ctx.db, () => list({ pageSize: 1, cursor: next }));
    expect(deep.filter((s) => /device_log/.test(s) && /\bcount\s*\(|\bexplain\b|\boffset\b/i.test(s))).toEqual([]);
  });

  it('exports as a stream within its cap (a last line says when rows were left out), as .xlsx or CSV', async () => {
    const at = new Date(Date.now() - 1_800_000);
    await writeDeviceLog(
      t.ctx.db,
      ...Array.from({ length: 12 }, (_, i) => ({
        tenantId: demoId,
        deviceCode: 'EXP-CAP',
        eventType: 'read',
        message: `row ${i}`,
        createdAt: at,
      })),
    );
    const service = new FeedService(t.ctx.db, deviceLogFeed, deviceLog);
    const session = { tenantId: 0, userId: 1, username: 'admin' } as SessionInfo;
    const capped = await service.export(session, { pageSize: 20, deviceCode: 'EXP-CAP' }, 'en_US', 5);
    const wb = XLSX.read(await readAll(capped.stream), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(['Tenant', 'Time', 'Device code', 'Event type', 'Level', 'Message']);
    expect(rows.slice(1, 6).every((r) => r[3] === 'Tag read')).toBe(true);
    expect(rows[6]).toEqual(['Only the first 5 rows were exported: narrow the time range to export the rest']);
    expect(rows).toHaveLength(7);
    const whole = await service.export(session, { pageSize: 20, deviceCode: 'EXP-CAP' }, 'en_US', 12);
    const all = XLSX.read(await readAll(whole.stream), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<unknown[]>(all.Sheets[all.SheetNames[0]], { header: 1 })).toHaveLength(13);

    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/general/log-device/export',
      headers: { token: admin, langeType: 'zh_CN' },
      payload: { deviceCode: 'EXP-CAP', format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('租户,时间,设备编码,事件类型,级别,信息');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toContain('读取标签');
  });

  it('writes a batch in one multi-row statement', async () => {
    const events = Array.from({ length: 2500 }, (_, i) => ({
      tenantId: acmeId,
      deviceCode: 'BATCH-1',
      eventType: 'read',
      message: `b${i}`,
    }));
    let written = 0;
    const sqls = await statements(t.ctx.db, async () => {
      written = await writeDeviceLog(t.ctx.db, ...events);
    });
    expect(written).toBe(2500);
    expect(sqls.filter((s) => /insert into "device_log"/i.test(s))).toHaveLength(1);
    const [{ n }] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from device_log where device_code = 'BATCH-1'`);
    expect(n).toBe(2500);
  });

  it('takes device events with the device key only: good key, bad key, another device, revoked key; not in the operation log', async () => {
    const mine = await issueDeviceKey(t.ctx.db, demoId, 'RD-ING-1');
    await issueDeviceKey(t.ctx.db, acmeId, 'RD-ACME-9');
    const ok = await ingest(
      [
        { eventType: 'online', message: 'boot' },
        { eventType: 'read', level: 'info', message: '128 tags', at: new Date(Date.now() - 60_000).toISOString(), deviceCode: 'RD-ING-1' },
      ],
      mine.key,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ accepted: 2 });
    const rows = (await list({ deviceCode: 'RD-ING-1' })).body.data.list;
    expect(rows.map((r: { message: string; tenantCode: string }) => [r.message, r.tenantCode])).toEqual([
      ['boot', 'DEMO'],
      ['128 tags', 'DEMO'],
    ]);

    const bad = await ingest([{ eventType: 'online' }], 'dk_not-a-key');
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toBe('Device key unknown or disabled');
    expect((await ingest([{ eventType: 'online' }])).status).toBe(401);
    // a user's session is not a device
    expect((await ingest([{ eventType: 'online' }], undefined, admin)).status).toBe(401);
    // DEMO's key cannot write for ACME's device: nothing of the batch is written
    const other = await ingest(
      [
        { eventType: 'online', message: 'x-ok' },
        { eventType: 'online', deviceCode: 'RD-ACME-9' },
      ],
      mine.key,
    );
    expect(other.status).toBe(403);
    expect(other.body.msg).toContain('RD-ACME-9');
    expect((await list({ deviceCode: 'RD-ACME-9' })).body.data.list).toHaveLength(0);
    expect((await list({ message: 'x-ok' })).body.data.list).toHaveLength(0);
    const old = await ingest([{ eventType: 'online', at: new Date(Date.now() - 40 * DAY).toISOString() }], mine.key);
    expect(old.status).toBe(400);
    expect((await ingest([{ eventType: 'explode' }], mine.key)).status).toBe(400);

    // when the key was last used: written by its first use, then at most once a minute, never by a refused key
    const lastUsed = async () =>
      (
        await queryRows<{ ms: number | null }>(
          t.ctx.db,
          sql`select (extract(epoch from last_used_at) * 1000)::float8 as ms from device_keys where id = ${mine.id}`,
        )
      )[0].ms;
    expect(await lastUsed()).toBeGreaterThan(Date.now() - 60_000);
    await t.ctx.db.execute(sql`update device_keys set last_used_at = now() - interval '30 seconds' where id = ${mine.id}`);
    const recent = await lastUsed();
    expect((await ingest([{ eventType: 'online' }], mine.key)).status).toBe(200);
    expect(await lastUsed()).toEqual(recent);
    await t.ctx.db.execute(sql`update device_keys set last_used_at = now() - interval '2 minutes' where id = ${mine.id}`);
    expect((await ingest([{ eventType: 'online' }], mine.key)).status).toBe(200);
    expect(await lastUsed()).toBeGreaterThan(Date.now() - 30_000);

    expect(await revokeDeviceKey(t.ctx.db, demoId, mine.id)).toBe(true);
    await t.ctx.db.execute(sql`update device_keys set last_used_at = null where id = ${mine.id}`);
    expect((await ingest([{ eventType: 'online' }], mine.key)).status).toBe(401);
    expect(await lastUsed()).toBeNull();

    // a user's write after the ingestion is logged; the ingestion never is
    await t.call('POST', '/api/general/tenant-group/create', { token: admin, body: { code: 'FEEDLOG', name: 'Feed log' } });
    for (let i = 0; i < 100; i++) {
      const [{ n }] = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::int as n from operation_log where url like '%tenant-group/create%'`,
      );
      if (n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const [{ ingested }] = await queryRows<{ ingested: number }>(
      t.ctx.db,
      sql`select count(*)::int as ingested from operation_log where url like '%/ingest/%'`,
    );
    expect(ingested).toBe(0);
  });
});

describe('feed partitions', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite('memory');
    await database.migrate();
  });
  afterAll(() => database?.close());

  const parts = async (table: string) =>
    (
      await queryRows<{ name: string }>(
        database.db,
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = ${table} order by 1`,
      )
    ).map((r) => r.name);

  it('creates each feed its partitions by day or month over its retention and ahead, and drops them past it', async () => {
    const feeds = [deviceLogFeed, loginLogFeed];
    const now = new Date('2026-03-15T10:00:00Z');
    const { created } = await maintainPartitions(database.db, { now, feeds });
    const days = await parts('device_log');
    // 30 days kept, 3 ahead: 2026-02-13 … 2026-03-18
    expect(days[0]).toBe('device_log_p20260213');
    expect(days.at(-1)).toBe('device_log_p20260318');
    expect(days).toHaveLength(34);
    const months = await parts('login_log');
    // 6 months kept (186 days), 2 ahead
    expect(months).toEqual([
      'login_log_p202509',
      'login_log_p202510',
      'login_log_p202511',
      'login_log_p202512',
      'login_log_p202601',
      'login_log_p202602',
      'login_log_p202603',
      'login_log_p202604',
      'login_log_p202605',
    ]);
    expect(created).toHaveLength(34 + 9);
    expect((await maintainPartitions(database.db, { now, feeds })).created).toEqual([]);

    await database.db
      .insert(deviceLog)
      .values({ tenantId: 0, deviceCode: 'P', eventType: 'read', createdAt: new Date('2026-03-15T09:00:00Z') });
    // ten days later: ten days of device partitions go, no month of the login log yet
    const later = await maintainPartitions(database.db, { now: new Date('2026-03-25T10:00:00Z'), feeds });
    expect(later.dropped).toEqual(
      Array.from({ length: 10 }, (_, i) => `device_log_p202602${String(13 + i).padStart(2, '0')}`).map((n) =>
        n.replace('p2026022', 'p2026022'),
      ),
    );
    expect(later.dropped.some((n) => n.startsWith('login_log'))).toBe(false);
    expect(later.created.at(-1)).toBe('device_log_p20260328');
    // an operator's cap shortens every retention
    const capped = await maintainPartitions(database.db, { now: new Date('2026-03-25T10:00:00Z'), feeds, maxRetentionDays: 60 });
    expect(capped.dropped).toEqual(['login_log_p202509', 'login_log_p202510', 'login_log_p202511', 'login_log_p202512']);
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from device_log`);
    expect(n).toBe(1);
  });
});
