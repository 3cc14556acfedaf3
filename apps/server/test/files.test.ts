import { Readable } from 'node:stream';
import { PLATFORM_TENANT_ID } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/errors.js';
import { detectKind, FileService } from '../src/core/files.js';
import { TenantScope } from '../src/core/tenant-scope.js';
import { files, tenants } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('%%EOF\n')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);

/** A stream of `total` bytes that counts how many were pulled from it. */
function counted(total: number, first: Buffer) {
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const chunk = sent === 0 ? first : Buffer.alloc(Math.min(64 * 1024, total - sent), 7);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, sent: () => sent };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe(`file service on ${DRIVER}`, () => {
  let t: TestApp;
  let svc: FileService;
  let platform: TenantScope;
  let demo: TenantScope;
  beforeAll(async () => {
    t = await startTestApp();
    svc = new FileService(t.ctx);
    platform = new TenantScope(t.ctx.db, PLATFORM_TENANT_ID);
    const [d] = await t.ctx.db.select().from(tenants).where(eq(tenants.code, 'DEMO'));
    demo = new TenantScope(t.ctx.db, d.id);
  });
  afterAll(() => t?.close());

  it('tells file types from their content, not their names', () => {
    expect(detectKind(PDF, 'manual.pdf')).toBe('pdf');
    expect(detectKind(PDF, 'renamed.png')).toBe('pdf');
    expect(detectKind(PNG, 'logo.png')).toBe('png');
    expect(detectKind(ZIP, 'app.apk')).toBe('apk');
    expect(detectKind(ZIP, 'book.xlsx')).toBe('xlsx');
    expect(detectKind(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'a.svg')).toBe('svg');
    expect(detectKind(Buffer.from('plain text pretending'), 'fake.pdf')).toBeUndefined();
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), fc.string(), (bytes, name) => void detectKind(Buffer.from(bytes), name)));
  });

  it('stores an accepted file with its metadata and gives the same bytes back', async () => {
    const row = await svc.store(platform, Readable.from([PDF]), {
      scope: 'tenant/training-doc',
      name: 'guide.pdf',
      maxBytes: 1e6,
      allowed: ['pdf'],
    });
    expect(row).toMatchObject({ name: 'guide.pdf', kind: 'pdf', mime: 'application/pdf', size: PDF.length, tenantId: 0 });
    const { stream } = await svc.open(platform, row.id);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
  });

  it('stops reading as soon as the size limit is passed', async () => {
    const src = counted(50 * 1024 * 1024, PDF);
    const err = await refusal(
      svc.store(platform, src.stream, { scope: 's', name: 'big.pdf', maxBytes: 5 * 1024 * 1024, allowed: ['pdf'] }),
    );
    expect(err.status).toBe(413);
    expect(err.params).toEqual({ max: '5 MB' });
    expect(src.sent()).toBeLessThan(6 * 1024 * 1024);
  });

  it('refuses a file whose content is not an allowed type, whatever its name', async () => {
    const err = await refusal(svc.store(platform, Readable.from([ZIP]), { scope: 's', name: 'app.pdf', maxBytes: 1e6, allowed: ['pdf'] }));
    expect([err.status, err.key]).toEqual([400, 'file.wrongType']);
    const notApk = await refusal(
      svc.store(platform, Readable.from([ZIP]), { scope: 's', name: 'app.zip', maxBytes: 1e6, allowed: ['apk'] }),
    );
    expect(notApk.key).toBe('file.wrongType');
  });

  it('refuses a repeated upload where asked, per tenant', async () => {
    const opts = { scope: 'general/version-app', name: 'tagloom.apk', maxBytes: 1e6, allowed: ['apk' as const], refuseDuplicates: true };
    await svc.store(platform, Readable.from([ZIP]), opts);
    const again = await refusal(svc.store(platform, Readable.from([ZIP]), { ...opts, name: 'renamed.apk' }));
    expect([again.status, again.key]).toEqual([409, 'file.duplicate']);
    // another tenant may upload the same bytes
    const other = await svc.store(demo, Readable.from([ZIP]), opts);
    expect(other.tenantId).not.toBe(0);
  });

  it('keeps one of two identical uploads arriving at once, refusing the other', async () => {
    const opts = { scope: 'general/version-web', name: 'web.zip', maxBytes: 1e6, allowed: ['zip' as const], refuseDuplicates: true };
    const bytes = Buffer.concat([ZIP, Buffer.from('concurrent')]);
    const outcomes = await Promise.allSettled([
      svc.store(platform, Readable.from([bytes]), opts),
      svc.store(platform, Readable.from([bytes]), { ...opts, name: 'same.zip' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.key).toBe('file.duplicate');
  });

  it("never opens another tenant's file", async () => {
    const row = await svc.store(demo, Readable.from([PNG]), { scope: 'tenant/brand', name: 'logo.png', maxBytes: 1e6, allowed: ['png'] });
    const err = await refusal(svc.open(platform, row.id));
    expect(err.status).toBe(404);
    await svc.remove(platform, row.id);
    expect(await demo.first(files, eq(files.id, row.id))).toBeDefined();
  });
});
