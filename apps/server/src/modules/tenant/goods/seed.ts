import { IDENT_TYPE, withCheckDigit } from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { storeSeedFile } from '../../../core/files.js';
import { sanitizeSvg } from '../../../core/thumbs/svg.js';
import type { Tx } from '../../../db/client.js';
import { brands, goods, goodsSkus } from './tables.js';

/** The demo brands' logos: a badge in the brand's colour with its initials and its name (drawn here, no file shipped). */
const LOGOS: Record<string, { colour: string; accent: string; name: string }> = {
  LM: { colour: '#7a2e4d', accent: '#f3c6a5', name: 'LANMAN' },
  QY: { colour: '#1d4e63', accent: '#9fd8cb', name: 'QINGYU' },
};

const logoSvg = (code: string, l: { colour: string; accent: string; name: string }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 96" width="240" height="96">
  <rect width="240" height="96" rx="14" fill="${l.colour}"/>
  <circle cx="48" cy="48" r="30" fill="${l.accent}"/>
  <text x="48" y="58" text-anchor="middle" font-family="Georgia, serif" font-size="28" font-weight="bold" fill="${l.colour}">${code}</text>
  <text x="92" y="58" font-family="Helvetica, Arial, sans-serif" font-size="26" letter-spacing="3" fill="#ffffff">${l.name}</text>
</svg>`;

/**
 * Stores each demo brand's logo as a file of the brand screen (bytes under DATA_DIR/files, laid out
 * as the file service lays them out) and puts it on the brand row.
 */
async function seedLogos(tx: Tx, tenantId: number, dataDir: string, brandOf: Map<string, number>): Promise<void> {
  for (const [code, logo] of Object.entries(LOGOS)) {
    const brandId = brandOf.get(code);
    if (!brandId) continue;
    const bytes = sanitizeSvg(Buffer.from(logoSvg(code, logo)));
    const id = await storeSeedFile(tx, tenantId, dataDir, {
      scope: 'tenant/brand',
      name: `${logo.name.toLowerCase()}.svg`,
      kind: 'svg',
      mime: 'image/svg+xml',
      bytes,
    });
    await tx
      .update(brands)
      .set({ brandLogo: id })
      .where(and(eq(brands.tenantId, tenantId), eq(brands.id, brandId)));
  }
}

/** The colours of the demo SKUs as a garment is drawn in them. */
const HEX: Record<string, string> = {
  黑色: '#2f2f33',
  米白: '#eee6d6',
  藏青: '#22324f',
  燕麦色: '#d6c4a2',
  雾霾蓝: '#8ea4b8',
  酒红: '#7b2233',
  卡其: '#b39a68',
  浅灰: '#c5c9cf',
};

/** A garment's outline by its middle type (a 900 × 900 product shot on a light backdrop). */
const SHAPES: Record<string, string> = {
  上装: 'M330 190 L420 160 Q450 210 480 160 L570 190 L700 300 L640 380 L590 340 L590 740 L310 740 L310 340 L260 380 L200 300 Z',
  下装: 'M330 160 L570 160 L600 760 L480 760 L450 330 L420 760 L300 760 Z',
  连衣裙: 'M380 150 L520 150 L540 300 Q560 340 540 380 L680 760 L220 760 L360 380 Q340 340 360 300 Z',
  外套: 'M320 170 L410 140 L450 250 L490 140 L580 170 L720 320 L660 400 L610 360 L620 790 L280 790 L290 360 L240 400 L180 320 Z',
};

const pictureSvg = (
  shape: string,
  colour: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900" viewBox="0 0 900 900">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f6f3"/><stop offset="1" stop-color="#e9e7e2"/></linearGradient></defs>
  <rect width="900" height="900" fill="url(#bg)"/>
  <ellipse cx="450" cy="800" rx="260" ry="22" fill="#000" opacity="0.08"/>
  <path d="${shape}" fill="${colour}" stroke="#00000022" stroke-width="4" stroke-linejoin="round"/>
  <path d="${shape}" fill="#ffffff" opacity="0.07" transform="translate(450 450) scale(0.92) translate(-450 -450)"/>
</svg>`;

/**
 * Each demo style gets a product picture (its garment's outline in its first colour, 900 × 900
 * PNG, drawn here: no file shipped), stored as a file of the goods screen, so lists show thumbnails.
 */
async function seedPictures(
  tx: Tx,
  tenantId: number,
  dataDir: string,
  rows: { id: number; middle: string; colour: string; style: string }[],
) {
  const drawn = new Map<string, Buffer>();
  for (const r of rows) {
    const shape = SHAPES[r.middle] ?? SHAPES.上装;
    const key = `${r.middle}:${r.colour}`;
    if (!drawn.has(key))
      drawn.set(
        key,
        await sharp(Buffer.from(pictureSvg(shape, HEX[r.colour] ?? '#999999')))
          .png({ palette: true, compressionLevel: 9 })
          .toBuffer(),
      );
    const id = await storeSeedFile(tx, tenantId, dataDir, {
      scope: 'tenant/goods',
      name: `${r.style}.png`,
      kind: 'png',
      mime: 'image/png',
      bytes: drawn.get(key)!,
    });
    await tx
      .update(goods)
      .set({ images: [id] })
      .where(and(eq(goods.tenantId, tenantId), eq(goods.id, r.id)));
  }
}

/** Styles per brand, colours and sizes per style: 2 × 100 styles, 2,000 SKUs. */
export const DEMO_STYLES_PER_BRAND = 100;

const SIZES_WOMEN = ['XS', 'S', 'M', 'L', 'XL'];
const SIZES_MEN = ['S', 'M', 'L', 'XL', 'XXL'];
const COLOURS = [
  ['01', '黑色'],
  ['02', '米白'],
  ['03', '藏青'],
  ['04', '燕麦色'],
  ['05', '雾霾蓝'],
  ['06', '酒红'],
  ['07', '卡其'],
  ['08', '浅灰'],
] as const;

/** Garments by category: [middle type, small type, names], with the materials and cuts that make a name. */
const LINES: Record<string, [string, string, string[]][]> = {
  女装: [
    ['上装', '衬衫', ['真丝印花衬衫', '法式泡泡袖衬衫', '醋酸缎面衬衫', '棉麻立领衬衫']],
    ['上装', '针织衫', ['羊绒圆领针织衫', '美利奴羊毛开衫', '冰丝短袖针织衫']],
    ['下装', '半身裙', ['高腰A字半身裙', '百褶中长半身裙', '羊毛格纹半身裙']],
    ['下装', '裤装', ['垂感阔腿西裤', '高腰直筒牛仔裤', '醋酸休闲长裤']],
    ['连衣裙', '连衣裙', ['收腰碎花连衣裙', '缎面吊带连衣裙', '针织修身连衣裙']],
    ['外套', '风衣', ['双排扣中长风衣', '短款工装风衣']],
    ['外套', '大衣', ['双面羊绒大衣', '茧型羊毛大衣']],
  ],
  男装: [
    ['上装', 'T恤', ['纯棉圆领T恤', '重磅印花T恤', '凉感速干T恤']],
    ['上装', 'POLO衫', ['珠地棉POLO衫', '丝光棉POLO衫']],
    ['上装', '衬衫', ['牛津纺长袖衬衫', '免烫商务衬衫', '亚麻休闲衬衫']],
    ['下装', '裤装', ['弹力修身西裤', '水洗直筒牛仔裤', '工装束脚裤', '休闲短裤']],
    ['外套', '夹克', ['立领飞行员夹克', '水洗牛仔夹克', '轻薄防风夹克']],
    ['外套', '羽绒服', ['连帽短款羽绒服', '轻量立领羽绒服']],
  ],
};

const SEASONS = ['S', 'A'];

/**
 * The demo tenant's goods: its two seeded brands (LM women's wear, QY men's wear) with 100 styles
 * each, every style in two colours and five sizes (2,000 SKUs), each SKU with a GTIN-13 of a 690
 * GS1 prefix and its check digit; the declarations' seed goods get their brand and SKUs too.
 * Batch inserts: a few statements (about 2 s on a loaded 2-core machine with PGlite). With the data
 * folder, the two brands get their logos (SVG files drawn here).
 */
export async function seedGoodsDemo(tx: Tx, tenant: { id: number }, opts: { dataDir?: string } = {}): Promise<void> {
  const mine = eq(brands.tenantId, tenant.id);
  const brandRows = await tx
    .select({ id: brands.id, code: brands.brandCode })
    .from(brands)
    .where(and(mine, inArray(brands.brandCode, ['LM', 'QY'])));
  const brandOf = new Map(brandRows.map((b) => [b.code as string, b.id as number]));
  if (brandOf.size < 2) return;
  // the logos need the data folder (the seed is given it by the server; a seed without it leaves them out)
  if (opts.dataDir) await seedLogos(tx, tenant.id, opts.dataDir, brandOf);
  let serial = 0;
  const skuRows: Record<string, unknown>[] = [];
  const addSkus = (goodsId: number, style: string, big: string, n: number, price: number) => {
    const sizes = big === '女装' ? SIZES_WOMEN : SIZES_MEN;
    for (const [code, colour] of [COLOURS[n % COLOURS.length], COLOURS[(n + 3) % COLOURS.length]])
      for (const size of sizes) {
        serial++;
        skuRows.push({
          tenantId: tenant.id,
          goodsId,
          colour,
          size,
          skuBarcode: `${style}${code}${size}`,
          // GS1 prefix 690 + company 1234 + item reference: a valid GTIN-13
          gtin: withCheckDigit(`6901234${String(serial).padStart(5, '0')}`),
          price,
        });
      }
  };
  // the declarations' seed goods of this tenant: their brand and SKUs
  const seeded = await tx
    .select({ id: goods.id, styleNumber: goods.styleNumber, bigType: goods.bigType })
    .from(goods)
    .where(eq(goods.tenantId, tenant.id));
  for (const [k, g] of seeded.entries()) {
    const style = g.styleNumber as string;
    const brandId = brandOf.get(style.slice(0, 2));
    if (brandId)
      await tx
        .update(goods)
        .set({ brandId })
        .where(and(eq(goods.tenantId, tenant.id), eq(goods.id, g.id)));
    addSkus(g.id as number, style, g.bigType as string, k, 399);
  }
  const goodsRows: Record<string, unknown>[] = [];
  const meta: { style: string; big: string; middle: string; price: number }[] = [];
  for (const [brand, big] of [
    ['LM', '女装'],
    ['QY', '男装'],
  ] as const) {
    const lines = LINES[big];
    for (let i = 0; i < DEMO_STYLES_PER_BRAND; i++) {
      const [middle, small, names] = lines[i % lines.length];
      const name = names[Math.floor(i / lines.length) % names.length];
      const season = SEASONS[i % 2];
      const style = `${brand}${i < 50 ? 24 : 25}${season}${String(101 + i).padStart(3, '0')}`;
      const price = [199, 299, 399, 499, 699, 899, 1299][(i * 7) % 7];
      goodsRows.push({
        tenantId: tenant.id,
        styleNumber: style,
        barcode: style,
        goodsName: name,
        identType: i % 10 === 9 ? IDENT_TYPE.STYLE : IDENT_TYPE.SKU,
        brandId: brandOf.get(brand),
        bigType: big,
        middleType: middle,
        smallType: small,
        status: i % 25 === 24 ? 0 : 1,
      });
      meta.push({ style, big, middle, price });
    }
  }
  const ids = await tx.insert(goods).values(goodsRows).returning({ id: goods.id, styleNumber: goods.styleNumber });
  const idOf = new Map(ids.map((r) => [r.styleNumber as string, r.id as number]));
  for (const [n, m] of meta.entries()) addSkus(idOf.get(m.style)!, m.style, m.big, n, m.price);
  if (opts.dataDir)
    await seedPictures(
      tx,
      tenant.id,
      opts.dataDir,
      meta.map((m, n) => ({ id: idOf.get(m.style)!, middle: m.middle, colour: COLOURS[n % COLOURS.length][1], style: m.style })),
    );
  for (let k = 0; k < skuRows.length; k += 1000) await tx.insert(goodsSkus).values(skuRows.slice(k, k + 1000));
}
