import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { DOMAIN_MODULES, defineDomainModule, defineResource, f, seededMenu } from '@tagloom/domain';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServices, MODULES } from '../src/app.js';
import { FileService, thumbPathOf } from '../src/core/files.js';
import { defineModule } from '../src/core/module.js';
import { jobKind } from '../src/core/queue/registry.js';
import { cleanOrphanFiles } from '../src/core/resource/file-fields.js';
import { TenantScope } from '../src/core/tenant-scope.js';
import { resourceTable } from '../src/db/resource-table.js';
import * as schema from '../src/db/schema/index.js';
import { grantTenant } from '../src/seed/index.js';
import { syncMenuTree } from '../src/seed/menus.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// ---- a tenant screen with two file fields, declared here as a module would declare it ----
const L = (en: string, zh: string) => ({ zh_CN: zh, zh_TW: zh, en_US: en });
const specimen = defineResource({
  code: 'lab/specimen',
  names: L('Specimen', '样品'),
  owner: 'tenant',
  table: 'lab_specimens',
  titleField: 'title',
  fields: {
    title: f.text({ label: L('Title', '标题'), max: 64, search: 'like' }),
    photos: f.file({
      label: L('Photos', '照片'),
      kinds: ['png', 'jpeg', 'webp'],
      maxBytes: 2 * 1024 * 1024,
      max: 2,
      image: { minWidth: 32, minHeight: 32 },
    }),
    sheet: f.file({ label: L('Data sheet', '规格书'), kinds: ['pdf'], maxBytes: 64 * 1024, unique: true }),
  },
});
const labDomain = defineDomainModule({
  code: 'lab',
  resources: [specimen],
  menu: {
    code: 'lab',
    icon: 'ExperimentOutlined',
    names: L('Lab', '实验'),
    groups: [
      {
        code: 'specimens',
        icon: 'FileTextOutlined',
        names: L('Specimens', '样品'),
        screens: [{ component: 'lab/specimen', side: 'T' as const, icon: 'FileTextOutlined', names: L('Specimens', '样品') }],
      },
    ],
  },
});
const labModule = defineModule({ code: 'lab', domain: labDomain });

const BOUNDARY = '----tagloomfiles';
function multipart(file: { name: string; bytes: Buffer }, fields: Record<string, string> = {}) {
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  return Buffer.concat([
    ...parts,
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const png = (width: number, height: number, seed = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: seed % 256, g: 90, b: 160 } } })
    .png()
    .toBuffer();
const pdf = (text: string) => Buffer.concat([Buffer.from(`%PDF-1.7\n% ${text}\n`), Buffer.alloc(800, 0x20), Buffer.from('%%EOF\n')]);

describe(`file fields through the generic routes on ${DRIVER}`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let demo: string;
  let acme: string;
  let demoId: number;

  const upload = async (field: string, file: { name: string; bytes: Buffer }, token = demo, extra: { id?: number } = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/lab/specimen/upload?field=${field}${extra.id ? `&id=${extra.id}` : ''}`,
      headers: { token, langeType: 'en_US', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(file),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const post = async (url: string, body: unknown, token = demo) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { token, langeType: 'en_US', 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const get = (url: string, token = demo) => app.inject({ method: 'GET', url, headers: { token, langeType: 'en_US' } });

  beforeAll(async () => {
    t = await startTestApp();
    const table = resourceTable(specimen);
    for (const statement of await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ table })))
      await t.ctx.db.execute(sql.raw(statement));
    const tenants = await t.ctx.db.select().from(schema.tenants);
    demoId = tenants.find((x) => x.code === 'DEMO')!.id;
    const acmeId = tenants.find((x) => x.code === 'ACME')!.id;
    await t.ctx.db.transaction(async (tx) => {
      await syncMenuTree(tx, seededMenu([...DOMAIN_MODULES, labDomain]));
      await grantTenant(tx, demoId, ['T', 'B']);
      await grantTenant(tx, acmeId, ['T', 'B']);
    });
    app = await buildApp(t.ctx, createServices(t.ctx, [...MODULES, labModule]));
    await app.ready();
    demo = await t.login('demo', 'demo123');
    acme = await t.login('acme', 'acme123');
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  let rowId: number;
  let photoId: number;

  it('uploads a picture, saves it on a row, then serves it as a download, a preview and a thumbnail made once', async () => {
    const bytes = await png(640, 480);
    const up = await upload('photos', { name: 'front.png', bytes });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ name: 'front.png', kind: 'png', mime: 'image/png', size: bytes.length, thumb: true });
    photoId = up.body.data.id;
    const made = await post('/api/lab/specimen/create', { title: 'Cotton', photos: [photoId] });
    expect(made.status).toBe(200);
    expect(made.body.data.photos).toEqual([photoId]);
    rowId = made.body.data.id;

    const file = await get(`/api/lab/specimen/file?id=${photoId}`);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="front\.png"/);
    const preview = await get(`/api/lab/specimen/preview?id=${photoId}`);
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
    expect(preview.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(preview.headers['x-content-type-options']).toBe('nosniff');

    const thumb = await get(`/api/lab/specimen/thumb?id=${photoId}`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 120]);
    const [stored] = await t.ctx.db.select().from(schema.files).where(eq(schema.files.id, photoId));
    expect(existsSync(thumbPathOf(new FileService(t.ctx).fullPath(stored)))).toBe(true);

    const info = await get(`/api/lab/specimen/files?ids=${photoId},999999`);
    expect(info.json().data).toEqual([expect.objectContaining({ id: photoId, name: 'front.png', thumb: true })]);
  });

  it('tells kinds by content, not by name, and names the field in the refusal', async () => {
    const fake = await upload('photos', { name: 'photo.png', bytes: pdf('not a picture') });
    expect([fake.status, fake.body.msg]).toEqual([400, 'Photos: Wrong file format, please upload again (png, jpeg, webp)']);
    expect(fake.body.data.fields).toEqual([{ field: 'photos', message: fake.body.msg }]);
    const picture = await upload('sheet', { name: 'sheet.pdf', bytes: await png(64, 64) });
    expect([picture.status, picture.body.msg]).toEqual([400, 'Data sheet: Wrong file format, please upload again (pdf)']);
  });

  it('refuses a file over the size while streaming, a picture too small, and too many files', async () => {
    const big = await upload('sheet', { name: 'big.pdf', bytes: Buffer.concat([pdf('big'), Buffer.alloc(70 * 1024, 0x20)]) });
    expect([big.status, big.body.msg]).toEqual([400, 'Data sheet: The file must be smaller than 64 KB']);
    const small = await upload('photos', { name: 'icon.png', bytes: await png(16, 40) });
    expect([small.status, small.body.msg]).toEqual([400, 'Photos: Image resolution must be at least 32×32 (this one is 16×40)']);

    const ids: number[] = [];
    for (const seed of [1, 2]) ids.push((await upload('photos', { name: `p${seed}.png`, bytes: await png(64, 64, seed) })).body.data.id);
    const three = await post('/api/lab/specimen/update', { id: rowId, photos: [photoId, ...ids] });
    expect(three.status).toBe(400);
    expect(three.body.msg).toContain('Photos');
    const two = await post('/api/lab/specimen/update', { id: rowId, photos: [photoId, ids[0]] });
    expect(two.body.data.photos).toEqual([photoId, ids[0]]);
    // straight onto a row that already holds its two
    const onRow = await upload('photos', { name: 'p3.png', bytes: await png(64, 64, 3) }, demo, { id: rowId });
    expect([onRow.status, onRow.body.msg]).toEqual([400, 'Photos: At most 2 files']);
    // a file let go by an update is gone, bytes and all
    const back = await post('/api/lab/specimen/update', { id: rowId, photos: [photoId] });
    expect(back.body.data.photos).toEqual([photoId]);
    expect(await t.ctx.db.select().from(schema.files).where(eq(schema.files.id, ids[0]))).toEqual([]);
  });

  it('refuses bytes a row already holds, and two rows racing for the same bytes get one row', async () => {
    const bytes = pdf('cotton data sheet');
    const first = await upload('sheet', { name: 'cotton.pdf', bytes });
    expect((await post('/api/lab/specimen/update', { id: rowId, sheet: first.body.data.id })).status).toBe(200);
    const again = await upload('sheet', { name: 'copy.pdf', bytes });
    expect([again.status, again.body.msg]).toEqual([409, 'A duplicate attachment exists: cotton.pdf']);

    // two uploads of new bytes, neither saved yet: both are taken; the rows that claim them are checked with their insert
    const other = pdf('linen data sheet');
    const a = await upload('sheet', { name: 'linen.pdf', bytes: other });
    const b = await upload('sheet', { name: 'linen-2.pdf', bytes: other });
    const outcomes = await Promise.all([
      post('/api/lab/specimen/create', { title: 'Linen A', sheet: a.body.data.id }),
      post('/api/lab/specimen/create', { title: 'Linen B', sheet: b.body.data.id }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
    expect(outcomes.find((o) => o.status === 409)!.body.msg).toMatch(/^A duplicate attachment exists: linen(-2)?\.pdf$/);
    const rows = await t.ctx.db.execute(sql`select title from lab_specimens where title like 'Linen%'`);
    expect(((rows as unknown as { rows: unknown[] }).rows ?? rows).length).toBe(1);
  });

  it("answers 404 for another tenant's file, a file of another screen and someone else's unsaved upload", async () => {
    expect((await get(`/api/lab/specimen/file?id=${photoId}`, acme)).statusCode).toBe(404);
    expect((await get(`/api/lab/specimen/thumb?id=${photoId}`, acme)).statusCode).toBe(404);
    expect((await get(`/api/lab/specimen/files?ids=${photoId}`, acme)).json().data).toEqual([]);
    // nor can another tenant put it on its own row
    const stolen = await post('/api/lab/specimen/create', { title: 'Stolen', photos: [photoId] }, acme);
    expect([stolen.status, stolen.body.msg]).toEqual([400, 'Photos: the file was not uploaded for this screen; upload it again']);

    const service = new FileService(t.ctx);
    const scope = new TenantScope(t.ctx.db, demoId);
    const elsewhere = await service.store(scope, Readable.from([await png(64, 64, 9)]), {
      scope: 'lab/other',
      name: 'x.png',
      maxBytes: 1e6,
      allowed: ['png'],
    });
    expect((await get(`/api/lab/specimen/file?id=${elsewhere.id}`)).statusCode).toBe(404);
    const [viewer] = await t.ctx.db.select().from(schema.users).where(eq(schema.users.username, 'viewer'));
    const theirs = await service.store(scope, Readable.from([await png(64, 64, 10)]), {
      scope: 'lab/specimen',
      name: 'y.png',
      maxBytes: 1e6,
      allowed: ['png'],
      uploadedBy: viewer.id,
    });
    expect((await get(`/api/lab/specimen/preview?id=${theirs.id}`)).statusCode).toBe(404);
    // and a row cannot take a file another row holds
    const taken = await post('/api/lab/specimen/create', { title: 'Copy', photos: [photoId] });
    expect([taken.status, taken.body.msg]).toEqual([400, 'Photos: the file belongs to another row; upload it again']);
  });

  it('makes a thumbnail of a large picture off the event loop: /api/health answers meanwhile', async () => {
    const bytes = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: { r: 10, g: 200, b: 30 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const up = await upload('photos', { name: 'huge.png', bytes });
    expect(up.status).toBe(200);
    let done = false;
    const thumb = get(`/api/lab/specimen/thumb?id=${up.body.data.id}`).finally(() => {
      done = true;
    });
    const waits: number[] = [];
    while (!done) {
      // through the event loop's phases, as requests arriving on a socket would be
      await new Promise((resolve) => setImmediate(resolve));
      const start = performance.now();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      waits.push(performance.now() - start);
      expect(health.statusCode).toBe(200);
    }
    expect((await thumb).statusCode).toBe(200);
    // the thumbnail took many health checks' time, and none of them waited for it
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(250);
  });

  it('sweeps uploads never saved on a row, keeping the files rows hold', async () => {
    const orphan = await upload('photos', { name: 'orphan.png', bytes: await png(64, 64, 77) });
    const removed = await cleanOrphanFiles(t.ctx, { olderThanMs: 0, now: new Date(Date.now() + 1000) });
    expect(removed).toBeGreaterThan(0);
    const left = await t.ctx.db.select({ id: schema.files.id }).from(schema.files).where(eq(schema.files.scope, 'lab/specimen'));
    const ids = left.map((r) => r.id);
    expect(ids).toContain(photoId);
    expect(ids).not.toContain(orphan.body.data.id);
    // the queue runs the sweep on its own, hourly, from whichever process comes first
    const sweep = jobKind('maintenance.files');
    expect(sweep?.every).toBeGreaterThan(0);
    const out = await sweep!.run({ ctx: t.ctx, services: t.services, workerId: 'test' }, {} as never, {} as never);
    expect(out?.message).toBe('jobs.message.orphanFiles');
    expect((await t.ctx.db.select({ id: schema.files.id }).from(schema.files).where(eq(schema.files.id, photoId))).length).toBe(1);
  });
});
