import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productParams } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/** Products and their attributes, system and business parameters: the rules beyond plain CRUD. */
describe(`products, product attributes and parameter settings on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  let seq = 0;
  const uid = (p: string) => `${p}${Date.now().toString(36).slice(-4)}${++seq}`.toUpperCase();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    auditor = await t.login('auditor', 'auditor123');
  });
  afterAll(() => t?.close());

  const post = (url: string, body: unknown, lang = 'en_US', token = admin) => t.call('POST', url, { token, body, lang });
  const product = (extra: Record<string, unknown> = {}) => ({
    category: 1,
    name: 'Test reader',
    code: uid('P'),
    nodeType: 1,
    networkMode: 2,
    dataFormat: 1,
    authMethod: 1,
    supplier: 'ACME RFID',
    ...extra,
  });
  const newProduct = async (extra: Record<string, unknown> = {}) => {
    const r = await post('/api/general/product/create', product(extra));
    expect(r.body.code).toBe(200);
    return r.body.data as { id: number; code: string; name: string };
  };
  const attr = (productId: number, extra: Record<string, unknown> = {}) => ({
    product: productId,
    code: 'TX_POWER',
    name: 'Transmit power',
    unit: 'dBm',
    type: 1,
    defaultValue: '30',
    minValue: 10,
    maxValue: 33,
    ...extra,
  });

  describe('general/product', () => {
    it('rejects a product description of 100 characters, naming the field', async () => {
      const r = await post('/api/general/product/create', product({ description: 'x'.repeat(100) }));
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual([{ field: 'description', message: 'must be at most 99 characters' }]);
      expect(r.body.msg).toBe('Description: must be at most 99 characters');
      const tw = await post('/api/general/product/create', product({ description: '描'.repeat(100) }), 'zh_TW');
      expect(tw.body.msg).toMatch(/^產品描述：/);
    });

    it('accepts a description of 99 characters', async () => {
      const r = await post('/api/general/product/create', product({ description: '述'.repeat(99) }));
      expect(r.body.code).toBe(200);
      expect(r.body.data.description).toHaveLength(99);
    });

    it('refuses a node type, networking mode, data format or authentication outside their enumerations', async () => {
      for (const field of ['nodeType', 'networkMode', 'dataFormat', 'authMethod']) {
        const r = await post('/api/general/product/create', product({ [field]: 9 }));
        expect(r.status).toBe(400);
        expect(r.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
      }
    });

    it('refuses a second product with the same code', async () => {
      const p = await newProduct();
      const r = await post('/api/general/product/create', product({ code: p.code }));
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe('Product code already exists');
    });

    it("deletes a product's attributes with it", async () => {
      const p = await newProduct();
      expect((await post('/api/general/product-param/create', attr(p.id))).body.code).toBe(200);
      expect(
        (
          await post(
            '/api/general/product-param/create',
            attr(p.id, { code: 'SESSION', type: 2, defaultValue: 'S1', minValue: '', maxValue: '' }),
          )
        ).body.code,
      ).toBe(200);
      const del = await post('/api/general/product/delete', { ids: [p.id] });
      expect(del.body.data.deleted).toBe(1);
      const left = await t.ctx.db.select().from(productParams).where(eq(productParams.product, p.id));
      expect(left).toHaveLength(0);
    });
  });

  describe('general/product-param', () => {
    it('refuses the same attribute code twice on one product with a 409 naming both, but allows it on another product', async () => {
      const p1 = await newProduct({ name: 'Reader A' });
      const p2 = await newProduct({ name: 'Reader B' });
      expect((await post('/api/general/product-param/create', attr(p1.id))).body.code).toBe(200);
      const again = await post('/api/general/product-param/create', attr(p1.id, { name: 'Power again' }));
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe('The product “Reader A” already has an attribute with code TX_POWER');
      const tw = await post('/api/general/product-param/create', attr(p1.id), 'zh_TW');
      expect(tw.body.msg).toBe('產品「Reader A」已有編碼為 TX_POWER 的屬性');
      expect((await post('/api/general/product-param/create', attr(p2.id))).body.code).toBe(200);
    });

    it('refuses to rename an attribute to a code its product already has', async () => {
      const p = await newProduct();
      await post('/api/general/product-param/create', attr(p.id));
      const other = await post(
        '/api/general/product-param/create',
        attr(p.id, { code: 'RSSI_MIN', minValue: -90, maxValue: 0, defaultValue: '-70' }),
      );
      const r = await post('/api/general/product-param/update', { id: other.body.data.id, code: 'TX_POWER' });
      expect(r.status).toBe(409);
      // keeping its own code is no clash
      expect(
        (await post('/api/general/product-param/update', { id: other.body.data.id, code: 'RSSI_MIN', name: 'RSSI floor' })).body.code,
      ).toBe(200);
    });

    it('refuses an attribute of a product that does not exist, naming the field', async () => {
      const r = await post('/api/general/product-param/create', attr(987654));
      expect(r.status).toBe(400);
      expect(r.body.data.fields[0].field).toBe('product');
      expect(r.body.msg).toBe('Product: Product 987654 does not exist');
    });

    it('refuses a default outside the range', async () => {
      const p = await newProduct();
      const r = await post('/api/general/product-param/create', attr(p.id, { defaultValue: '40' }));
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toEqual([{ field: 'defaultValue', message: 'must lie within the range 10 to 33' }]);
      const tw = await post('/api/general/product-param/create', attr(p.id, { defaultValue: '5' }), 'zh_TW');
      expect(tw.body.msg).toBe('預設值：必須在 10 到 33 之間');
      // the bounds themselves are inside
      expect((await post('/api/general/product-param/create', attr(p.id, { defaultValue: '33' }))).body.code).toBe(200);
    });

    it('refuses a minimum above the maximum', async () => {
      const p = await newProduct();
      const r = await post('/api/general/product-param/create', attr(p.id, { minValue: 50, maxValue: 10, defaultValue: '' }));
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Maximum: must not be less than the minimum (50 > 10)');
    });

    it('refuses a default that is not a number for a numeric attribute, and accepts any for another type', async () => {
      const p = await newProduct();
      const r = await post('/api/general/product-param/create', attr(p.id, { defaultValue: 'high' }));
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Default: must be a number for a numeric attribute');
      const other = await post(
        '/api/general/product-param/create',
        attr(p.id, { code: 'MODE', type: 2, defaultValue: 'high', minValue: null, maxValue: null }),
      );
      expect(other.body.code).toBe(200);
    });

    it('refuses a range on an attribute of another type', async () => {
      const p = await newProduct();
      const r = await post('/api/general/product-param/create', attr(p.id, { type: 2, defaultValue: 'x' }));
      expect(r.status).toBe(400);
      expect(r.body.data.fields[0].field).toBe('minValue');
    });

    it('applies the range rules on edit too, changing nothing', async () => {
      const p = await newProduct();
      const made = await post('/api/general/product-param/create', attr(p.id));
      const r = await post('/api/general/product-param/update', { id: made.body.data.id, maxValue: 20 });
      expect(r.status).toBe(400);
      expect(r.body.data.fields[0].field).toBe('defaultValue');
      const got = await t.call('GET', `/api/general/product-param/get?id=${made.body.data.id}`, { token: admin });
      expect(got.body.data.maxValue).toBe(33);
    });

    it('lists the attributes of one product', async () => {
      const p = await newProduct();
      await post('/api/general/product-param/create', attr(p.id));
      await post('/api/general/product-param/create', attr(p.id, { code: 'ANTENNAS', defaultValue: '4', minValue: 1, maxValue: 4 }));
      const r = await post('/api/general/product-param/list', { product: p.id, pageSize: 50 });
      expect(r.body.data.total).toBe(2);
      expect(r.body.data.list.map((x: { code: string }) => x.code).sort()).toEqual(['ANTENNAS', 'TX_POWER']);
    });

    it("reports a row the screen's own rule refuses (no such product) by its number; only valid rows when asked", async () => {
      const p = await newProduct();
      const header = ['所属产品', '属性编码', '属性名称', '属性类型', '单位', '默认值', '最小值', '最大值'];
      const file = () => {
        const wb = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(
          wb,
          XLSX.utils.aoa_to_sheet([
            header,
            [p.id, 'GOOD_ONE', '好', '数值', 'ms', '200', 50, 5000],
            [99999999, 'ORPHAN', '孤', '数值', 'ms', '1', 0, 9],
          ]),
          'Sheet1',
        );
        const buf = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
        const boundary = '----tagloomorphan';
        return {
          boundary,
          payload: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
            ),
            buf,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
        };
      };
      const send = (query: string) => {
        const f = file();
        return t.app.inject({
          method: 'POST',
          url: `/api/general/product-param/import?wait=1${query.replace('?', '&')}`,
          headers: { token: admin, langeType: 'en_US', 'content-type': `multipart/form-data; boundary=${f.boundary}` },
          payload: f.payload,
        });
      };
      const all = await send('');
      expect(all.statusCode).toBe(400);
      expect(all.json().data.errors).toEqual([{ row: 3, messages: [expect.stringMatching(/^Product: .*99999999/)] }]);
      expect(await t.ctx.db.select().from(productParams).where(eq(productParams.product, p.id))).toHaveLength(0);
      const valid = await send('?validOnly=1');
      expect(valid.json().data).toMatchObject({ total: 2, inserted: 1, errors: [{ row: 3 }] });
      expect((await t.ctx.db.select().from(productParams).where(eq(productParams.product, p.id))).map((r) => r.code)).toEqual(['GOOD_ONE']);
    });

    it('imports nothing when the file repeats an attribute code of one product, naming the row', async () => {
      const p = await newProduct();
      const header = ['所属产品', '属性编码', '属性名称', '属性类型', '单位', '默认值', '最小值', '最大值'];
      const row = [p.id, 'READ_INTERVAL', '读取间隔', '数值', 'ms', '200', 50, 5000];
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([header, row, row]), 'Sheet1');
      const buf = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      const boundary = '----tagloomparams';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        buf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/general/product-param/import?wait=1',
        headers: { token: admin, langeType: 'en_US', 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().data.errors).toEqual([{ row: 3, messages: ['Attribute code repeats row 2'] }]);
      const left = await t.ctx.db.select().from(productParams).where(eq(productParams.product, p.id));
      expect(left).toHaveLength(0);
    });
  });

  for (const screen of ['general/sys-param', 'general/biz-param']) {
    describe(screen, () => {
      const param = (extra: Record<string, unknown> = {}) => ({
        module: 'label',
        code: uid('K'),
        name: 'Print mode',
        type: 2,
        options: [
          { name: 'Fast', code: 'FAST', default: true },
          { name: 'Fine', code: 'FINE', default: false },
        ],
        ...extra,
      });
      const create = (body: unknown, lang = 'en_US') => post(`/api/${screen}/create`, body, lang);

      it('stores the options of a radio parameter and returns them', async () => {
        const r = await create(param({ value: 'FAST' }));
        expect(r.body.code).toBe(200);
        const got = await t.call('GET', `/api/${screen}/get?id=${r.body.data.id}`, { token: admin });
        expect(got.body.data.options).toEqual(param().options);
        expect(got.body.data.value).toBe('FAST');
      });

      it('rejects duplicate option codes in a radio parameter, naming the code', async () => {
        const body = param({
          options: [
            { name: 'Fast', code: 'FAST', default: true },
            { name: 'Quick', code: 'FAST', default: false },
          ],
        });
        const r = await create(body);
        expect(r.status).toBe(400);
        expect(r.body.msg).toBe('Options: the option code “FAST” is used twice; option codes must differ');
        expect(r.body.data.fields).toEqual([
          { field: 'options', message: 'the option code “FAST” is used twice; option codes must differ' },
        ]);
        const tw = await create(body, 'zh_TW');
        expect(tw.body.msg).toBe('選項：選項編碼「FAST」重複，選項編碼不能相同');
      });

      it('rejects duplicate option names in a checkbox parameter, whatever their case', async () => {
        const r = await create(
          param({
            type: 3,
            options: [
              { name: 'Email', code: 'EMAIL', default: true },
              { name: ' email ', code: 'MAIL2', default: true },
            ],
          }),
        );
        expect(r.status).toBe(400);
        expect(r.body.msg).toBe('Options: the option name “email” is used twice; option names must differ');
      });

      it('refuses a radio parameter with two default options, and allows it for a checkbox', async () => {
        const options = [
          { name: 'A', code: 'A', default: true },
          { name: 'B', code: 'B', default: 1 },
        ];
        const r = await create(param({ options }));
        expect(r.status).toBe(400);
        expect(r.body.msg).toBe('Options: a radio parameter may have only one default option');
        expect((await create(param({ type: 3, options }))).body.code).toBe(200);
      });

      it('needs at least one option for a radio or checkbox, and none for a textbox', async () => {
        for (const type of [2, 3]) {
          const r = await create(param({ type, options: [] }));
          expect(r.status).toBe(400);
          expect(r.body.msg).toBe('Options: a radio or checkbox parameter needs at least one option');
        }
        const box = await create(param({ type: 1 }));
        expect(box.status).toBe(400);
        expect(box.body.msg).toBe('Options: a textbox parameter has no options');
        expect((await create(param({ type: 1, options: [], value: 'anything' }))).body.code).toBe(200);
      });

      it('refuses a value that is not the code of an option', async () => {
        const r = await create(param({ type: 3, value: 'FAST,SLOW' }));
        expect(r.status).toBe(400);
        expect(r.body.data.fields).toEqual([{ field: 'value', message: '“SLOW” is not the code of one of the options' }]);
      });

      it('refuses malformed options, pointing at the option', async () => {
        for (const options of [
          [{ name: 'A' }],
          [{ name: 'A', code: 'A', default: true, extra: 1 }],
          [{ name: '', code: 'A', default: true }],
          'FAST',
        ]) {
          const r = await create(param({ options }));
          expect(r.status).toBe(400);
          // the option's own field when one is wrong (options.0.code), else the list
          expect(r.body.data.fields[0].field).toMatch(/^options(\.0\.\w+)?$/);
        }
        const r = await create(
          param({
            options: [
              { name: 'A', code: 'A', default: true },
              { name: 'B', code: 'B b', default: false },
            ],
          }),
          'zh_CN',
        );
        expect(r.body.msg).toMatch(/第 2 个选项/);
      });

      it('applies the option rules on edit too, changing nothing', async () => {
        const made = await create(param());
        const id = made.body.data.id;
        const dup = [
          { name: 'Fast', code: 'FAST', default: true },
          { name: 'Fast', code: 'FAST2', default: false },
        ];
        const r = await post(`/api/${screen}/update`, { id, options: dup });
        expect(r.status).toBe(400);
        expect(r.body.data.fields).toEqual([{ field: 'options', message: expect.stringMatching(/Fast/) }]);
        const got = await t.call('GET', `/api/${screen}/get?id=${id}`, { token: admin });
        expect(got.body.data.options).toEqual(param().options);
      });

      it('refuses a read-only user', async () => {
        expect((await post(`/api/${screen}/create`, param(), 'en_US', auditor)).status).toBe(403);
      });
    });
  }
});
