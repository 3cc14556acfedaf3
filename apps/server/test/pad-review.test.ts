import { LOCATION_KIND } from '@tagloom/domain';
import { READ_SESSION_KIND, READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import type { ReadSession } from '../src/modules/rfid/sessions/index.js';
import { sessionSubjects } from '../src/modules/rfid/sessions/subjects.js';
import { DEMO_PAD } from '../src/modules/warehouse/pads/seed.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { multipart } from './uploads.js';

const { RECORDED, UPLOADED, REVIEWED, REJECTED } = READ_SESSION_STATE;
const SCREEN = '/api/warehouse/pad-review';
let serial = 0;
/** a fresh SGTIN-96-shaped EPC per call */
const newEpc = () => `3034257BF7194E40002${(++serial).toString(16).toUpperCase().padStart(5, '0')}`;

/** A session document as a handheld exports it (F4), for the demo pad unless told. */
const doc = (deviceSessionId: string, reads?: number, extra: Record<string, unknown> = {}) => ({
  deviceSessionId,
  equipment: DEMO_PAD.equipmentCoding,
  subject: { type: 'carton', code: `C-${deviceSessionId}` },
  startedAt: '2026-11-29T09:12:00+08:00',
  endedAt: '2026-11-29T09:14:40+08:00',
  ...(reads === undefined
    ? {}
    : { reads: Array.from({ length: reads }, (_, i) => ({ epc: newEpc(), at: '2026-11-29T09:13:00+08:00', rssi: -52.5, count: 1 + i })) }),
  ...extra,
});

describe(`pad review: handheld sessions uploaded as files, reviewed and rejected (${DRIVER})`, () => {
  let t: TestApp;
  let demo: string;
  let wh01: string;

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    wh01 = await t.login('wh01', 'demo1234');
  });
  afterAll(() => t?.close());

  /** Uploads a file (its text as given) as a console user; answers in English. */
  const upload = async (content: unknown, token = demo, name = 'session.json') => {
    const body = multipart(name, Buffer.from(typeof content === 'string' ? content : JSON.stringify(content)));
    const res = await t.app.inject({
      method: 'POST',
      url: `${SCREEN}/upload`,
      headers: { ...body.headers, token, langeType: 'en_US' },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
  };
  const list = async (token = demo, body: Record<string, unknown> = {}) =>
    (await t.call('POST', `${SCREEN}/list`, { token, body: { pageSize: 200, ...body } })).body.data.list as Record<string, any>[];
  /** The warehouse log's rows of a session: where (the site's kind: a zone given stands for its warehouse) and what. */
  const logOf = (id: number) =>
    queryRows<{ action: string; username: string; site_kind: number | null; epc_count: number; detail: Record<string, unknown> | null }>(
      t.ctx.db,
      sql`select g.action, g.username, l.kind as site_kind, g.epc_count, g.detail from wms_log g left join locations l on l.tenant_id = g.tenant_id and l.id = g.site_id
        where g.doc_type = 'warehouse/pad-review' and g.doc_id = ${id} order by g.id`,
    );
  const sessionRow = async (id: number) =>
    (
      await queryRows<{ state: number; epc_count: number; read_count: string; reject_reason: string; created_by: string | null }>(
        t.ctx.db,
        sql`select state, epc_count, read_count, reject_reason, created_by from rfid_read_sessions where id = ${id}`,
      )
    )[0];

  it('lists the seeded handheld sessions in each state, and no session of another kind', async () => {
    const rows = await list();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set([RECORDED, UPLOADED, REVIEWED, REJECTED]));
    const kinds = await queryRows<{ kind: number }>(
      t.ctx.db,
      sql`select distinct kind from rfid_read_sessions where id in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    expect(kinds.map((k) => Number(k.kind))).toEqual([READ_SESSION_KIND.HANDHELD]);
    const rejected = rows.find((r) => r.state === REJECTED)!;
    expect(rejected.rejectReason).toBeTruthy();
    const announced = rows.find((r) => r.state === RECORDED)!;
    expect(announced).toMatchObject({ subjectType: 'carton', epcCount: 0, equipmentCoding: DEMO_PAD.equipmentCoding });
  });

  it('stores an uploaded file as the handheld route does: UPLOADED with its EPCs, by the uploading user', async () => {
    const r = await upload(doc('FILE-1', 5));
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({ state: UPLOADED, epcCount: 5, duplicate: false });
    expect(r.body.msg).toContain(r.body.data.code);
    const row = await sessionRow(r.body.data.id);
    expect(row).toMatchObject({ state: UPLOADED, epc_count: 5 });
    expect(Number(row.read_count)).toBe(1 + 2 + 3 + 4 + 5);
    expect(row.created_by).not.toBeNull();
    const epcs = await t.call('GET', `${SCREEN}/epcs?id=${r.body.data.id}`, { token: demo });
    expect(epcs.body.data.epcs).toHaveLength(5);
  });

  it('changes nothing when the same session is uploaded again', async () => {
    const first = await upload(doc('FILE-2', 3));
    const before = await sessionRow(first.body.data.id);
    const again = await upload(doc('FILE-2', 3));
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, duplicate: true });
    expect(await sessionRow(first.body.data.id)).toEqual(before);
    // named `device` instead of `equipment`: the same session still
    const { equipment, ...rest } = doc('FILE-2', 3);
    const byDevice = await upload({ ...rest, device: equipment });
    expect(byDevice.body.data).toMatchObject({ id: first.body.data.id, duplicate: true });
  });

  it('takes the header first (RECORDED), refuses to review it, and takes its reads later', async () => {
    const header = await upload(doc('FILE-3'));
    expect(header.body.data).toMatchObject({ state: RECORDED, epcCount: 0 });
    const id = header.body.data.id;
    const review = await t.call('POST', `${SCREEN}/review`, { token: demo, body: { id }, lang: 'en_US' });
    expect(review.status).toBe(409);
    expect(review.body.msg).toMatch(/To upload/);
    expect((await sessionRow(id)).state).toBe(RECORDED);
    const reads = await upload(doc('FILE-3', 2));
    expect(reads.body.data).toMatchObject({ id, state: UPLOADED, epcCount: 2, duplicate: false });
  });

  it("reviews an uploaded session: REVIEWED, its subject's handler called with it in the review", async () => {
    const up = await upload(doc('FILE-4', 4));
    const seen: ReadSession[] = [];
    const off = sessionSubjects.on('carton', async (_tx, session) => {
      seen.push(session);
    });
    try {
      const r = await t.call('POST', `${SCREEN}/review`, { token: demo, body: { id: up.body.data.id }, lang: 'en_US' });
      expect(r.status, r.body.msg).toBe(200);
      expect(r.body.data.state).toBe(REVIEWED);
    } finally {
      off();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: up.body.data.id, subjectType: 'carton', subjectCode: 'C-FILE-4', epcCount: 4 });
    // the review is a row of the warehouse log, at the warehouse the handheld read at
    expect(await logOf(up.body.data.id)).toEqual([
      { action: 'review', username: 'demo', site_kind: LOCATION_KIND.WAREHOUSE, epc_count: 4, detail: null },
    ]);
    // reviewed once: a second review is refused
    const again = await t.call('POST', `${SCREEN}/review`, { token: demo, body: { id: up.body.data.id }, lang: 'en_US' });
    expect(again.status).toBe(409);
  });

  it("undoes the review when the subject's handler refuses", async () => {
    const up = await upload(doc('FILE-5', 2));
    const off = sessionSubjects.on('carton', async () => {
      throw new Error('carton check failed');
    });
    try {
      const r = await t.call('POST', `${SCREEN}/review`, { token: demo, body: { id: up.body.data.id }, lang: 'en_US' });
      expect(r.status).toBe(500);
    } finally {
      off();
    }
    expect((await sessionRow(up.body.data.id)).state).toBe(UPLOADED);
    expect(await logOf(up.body.data.id)).toEqual([]);
  });

  it('rejects an uploaded session only with a reason (at most 256 characters)', async () => {
    const up = await upload(doc('FILE-6', 2));
    const id = up.body.data.id;
    const none = await t.call('POST', `${SCREEN}/reject`, { token: demo, body: { id }, lang: 'en_US' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/rejection reason/i);
    const long = await t.call('POST', `${SCREEN}/reject`, { token: demo, body: { id, rejectReason: 'x'.repeat(257) }, lang: 'en_US' });
    expect(long.status).toBe(400);
    expect((await sessionRow(id)).state).toBe(UPLOADED);
    const ok = await t.call('POST', `${SCREEN}/reject`, {
      token: demo,
      body: { id, rejectReason: 'Half the carton unread' },
      lang: 'en_US',
    });
    expect(ok.status, ok.body.msg).toBe(200);
    expect(await sessionRow(id)).toMatchObject({ state: REJECTED, reject_reason: 'Half the carton unread' });
    expect(await logOf(id)).toMatchObject([{ action: 'reject', username: 'demo', detail: { rejectReason: 'Half the carton unread' } }]);
    // rejected is final
    expect((await t.call('POST', `${SCREEN}/review`, { token: demo, body: { id } })).status).toBe(409);
  });

  it("keeps a warehouse's user to the sessions of its warehouse's readers", async () => {
    const all = await list(demo);
    const mine = await list(wh01);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    const wh01Places = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select l.id from locations l join locations w on w.id = coalesce(l.site_id, l.id) and w.tenant_id = l.tenant_id
          where w.code = 'WH01' and l.tenant_id = (select id from tenants where code = 'DEMO')`,
    );
    const places = new Set(wh01Places.map((p) => Number(p.id)));
    for (const r of mine) expect(places.has(Number(r.locationId))).toBe(true);
    const other = all.find((r) => !places.has(Number(r.locationId)))!;
    expect(other).toBeDefined();
    expect((await t.call('GET', `${SCREEN}/get?id=${other.id}`, { token: wh01 })).status).toBe(404);
    expect((await t.call('GET', `${SCREEN}/epcs?id=${other.id}`, { token: wh01 })).status).toBe(404);
    expect((await t.call('POST', `${SCREEN}/review`, { token: wh01, body: { id: other.id } })).status).toBe(404);
    // it uploads for its own pad, not for another site's reader
    const own = await upload(doc('FILE-WH-1', 1), wh01);
    expect(own.status, own.body.msg).toBe(200);
    const foreign = await upload(doc('FILE-WH-2', 1, { equipment: 'HH-03' }), wh01);
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toMatch(/^Reader/);
  });

  it('refuses bad files with 400 naming the field, writing nothing', async () => {
    const count = async () =>
      Number((await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from rfid_read_sessions`))[0].n);
    const before = await count();
    const bad = async (content: unknown, pattern: RegExp) => {
      const r = await upload(content);
      expect([r.status, r.body.msg]).toEqual([400, expect.stringMatching(pattern)]);
      return r;
    };
    await bad('{"deviceSessionId": "X-1", ', /^File: not a valid JSON/);
    await bad('[1, 2]', /^File: must hold one JSON object/);
    await bad(doc('X-2', undefined, { equipment: 'NO-SUCH-READER' }), /^Reader: this tenant has no reader with the code NO-SUCH-READER/);
    const many = doc('X-3', 0);
    (many as { reads: unknown[] }).reads = Array.from({ length: 50_001 }, () => ({
      epc: '3034257BF7194E4000000001',
      at: '2026-11-29T09:13:00+08:00',
    }));
    await bad(many, /^Reads: at most 50000 reads/);
    const noStart = doc('X-4', 1, { startedAt: 'yesterday' });
    const r = await bad(noStart, /Started at/);
    expect(r.body.data.fields.map((f: { field: string }) => f.field)).toContain('startedAt');
    const badEpc = await bad(doc('X-5', 0, { reads: [{ epc: 'not-hex', at: '2026-11-29T09:13:00+08:00' }] }), /EPC/);
    expect(badEpc.body.data.fields[0].field).toBe('reads.0.epc');
    await bad(doc('X-6', 0, { equipment: undefined }), /reader/i);
    // not a multipart upload at all
    const plain = await t.call('POST', `${SCREEN}/upload`, { token: demo, body: doc('X-7', 1), lang: 'en_US' });
    expect(plain.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('offers no add, edit, delete or import, and the upload only with its button', async () => {
    for (const route of ['create', 'update', 'delete', 'import'])
      expect((await t.call('POST', `${SCREEN}/${route}`, { token: demo, body: {} })).status).toBe(404);
    const viewer = await t.login('viewer', 'viewer123');
    expect((await upload(doc('X-8', 1), viewer)).status).toBe(403);
  });
});
