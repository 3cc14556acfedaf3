import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TDS_EXAMPLES } from '../../../packages/domain/src/epc/fixtures.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

/**
 * The GS1 EPC codec over HTTP (POST /api/label/epc/encode|decode): the integrators' paths, the
 * standard's examples, refusals as a localized 400 naming the field, and who may call.
 */
describe(`label EPC codec routes on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
  });
  afterAll(() => t?.close());

  const encode = (body: unknown, lang?: string, token = demo) => t.call('POST', '/api/label/epc/encode', { token, body, lang });
  const decode = (epc: string, lang?: string, token = demo) => t.call('POST', '/api/label/epc/decode', { token, body: { epc }, lang });

  it('encodes an SGTIN-96 (epc, uri, tagUri), and the other schemes', async () => {
    const r = await encode({ scheme: 'sgtin-96', gtin: '80614141123458', serial: '6789', filter: 3, companyPrefixLength: 7 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      epc: '3074257BF7194E4000001A85',
      uri: 'urn:epc:id:sgtin:0614141.812345.6789',
      tagUri: 'urn:epc:tag:sgtin-96:3.0614141.812345.6789',
      scheme: 'sgtin-96',
    });
    // numbers as numbers are taken too (serial, filter, companyPrefixLength)
    const n = await encode({ scheme: 'sgtin-96', gtin: '80614141123458', serial: 6789, filter: '3', companyPrefixLength: '7' });
    expect(n.body.data.epc).toBe('3074257BF7194E4000001A85');
    const s198 = await encode({ scheme: 'sgtin-198', gtin: '70614141123451', serial: '32a/b', filter: 3, companyPrefixLength: 7 });
    expect(s198.body.data).toMatchObject({
      epc: '3674257BF6B7A659B2C2BF100000000000000000000000000000',
      tagUri: 'urn:epc:tag:sgtin-198:3.0614141.712345.32a%2Fb',
    });
    const grai = await encode({ scheme: 'grai-170', grai: '00614141123452', serial: '32a/b', filter: 3, companyPrefixLength: 7 });
    expect(grai.body.data).toMatchObject({
      epc: '3774257BF40C0E59B2C2BF1000000000000000000000',
      uri: 'urn:epc:id:grai:0614141.12345.32a%2Fb',
      elementString: '(8003)0061414112345232a/b',
    });
    const gid = await encode({ scheme: 'gid-96', managerNumber: 31415, objectClass: 271828, serial: 1414 });
    expect(gid.body.data).toMatchObject({ epc: '350007AB70425D4000000586', tagUri: 'urn:epc:tag:gid-96:31415.271828.1414' });
  });

  it('decodes an SGTIN-96: scheme, uri, tagUri and the fields beside them (gtin, serial, filter …)', async () => {
    const r = await decode('3074257bf7194e4000001a85');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      scheme: 'sgtin-96',
      epc: '3074257BF7194E4000001A85',
      uri: 'urn:epc:id:sgtin:0614141.812345.6789',
      tagUri: 'urn:epc:tag:sgtin-96:3.0614141.812345.6789',
      gtin: '80614141123458',
      serial: '6789',
      filter: 3,
      partition: 5,
      companyPrefix: '0614141',
      itemReference: '812345',
      elementString: '(01)80614141123458(21)6789',
      digitalLink: 'https://id.gs1.org/01/80614141123458/21/6789',
    });
  });

  it('decodes the standard’s example of every scheme', async () => {
    for (const ex of TDS_EXAMPLES) {
      const r = await decode(ex.hex);
      expect([ex.hex, r.status, r.body.data.scheme, r.body.data.uri, r.body.data.tagUri]).toEqual([
        ex.hex,
        200,
        ex.scheme,
        ex.uri,
        ex.tagUri,
      ]);
    }
  });

  it('decodes an EPC written as a tag URI, a pure-identity URI, a GS1 Digital Link or a TDS 2.3 hex', async () => {
    const tag = await decode('urn:epc:tag:sgtin-96:3.0614141.812345.6789');
    expect(tag.body.data).toMatchObject({ form: 'tag-uri', epc: '3074257BF7194E4000001A85', uri: 'urn:epc:id:sgtin:0614141.812345.6789' });
    const pure = await decode('urn:epc:id:sgtin:0614141.812345.6789');
    expect(pure.body.data).toMatchObject({
      form: 'pure-uri',
      epc: '',
      uri: 'urn:epc:id:sgtin:0614141.812345.6789',
      gtin: '80614141123458',
    });
    expect(pure.body.data.digitalLink).toBe('https://id.gs1.org/01/80614141123458/21/6789');
    // a Digital Link holds no company prefix length: the tenant's coding rule's (7) gives its URN
    const link = await decode('https://example.com/01/80614141123458/21/6789');
    expect(link.body.data).toMatchObject({ form: 'digital-link', uri: 'urn:epc:id:sgtin:0614141.812345.6789' });
    const bad = await decode('urn:epc:id:nothing:1', 'en_US');
    expect(bad.status).toBe(400);
  });

  it('refuses what the standard forbids with a 400 naming the field, in the caller’s language', async () => {
    const base = { scheme: 'sgtin-96', gtin: '80614141123458', serial: '6789', filter: 3, companyPrefixLength: 7 };
    const check = await encode({ ...base, gtin: '80614141123459' }, 'en_US');
    expect(check.status).toBe(400);
    expect(check.body.msg).toBe('GTIN: has a wrong check digit (the last digit should be 8)');
    expect(check.body.data.fields).toEqual([{ field: 'gtin', message: 'has a wrong check digit (the last digit should be 8)' }]);
    const cn = await encode({ ...base, gtin: '80614141123459' });
    expect(cn.status).toBe(400);
    expect(cn.body.msg).toContain('GTIN');
    expect(cn.body.msg).toContain('校验位错误');
    const tw = await encode({ ...base, serial: '06789' }, 'zh_TW');
    expect(tw.status).toBe(400);
    expect(tw.body.msg).toContain('序號');

    const cases: [Record<string, unknown>, string, string][] = [
      [{ serial: '274877906944' }, 'serial', 'must be at most 274877906943'],
      [{ serial: '06789' }, 'serial', 'may not begin with 0'],
      [{ companyPrefixLength: 13 }, 'companyPrefixLength', 'from 6 to 12'],
      [{ filter: 8 }, 'filter', 'from 0 to 7'],
      [{ scheme: 'sgtin-198', serial: 'a b' }, 'serial', 'which an EPC cannot encode'],
    ];
    for (const [patch, field, text] of cases) {
      const r = await encode({ ...base, ...patch }, 'en_US');
      expect([r.status, r.body.data?.fields?.[0]?.field]).toEqual([400, field]);
      expect(r.body.msg).toContain(text);
    }

    const decodes: [string, string][] = [
      ['307C257BF7194E4000001A85', 'EPC: has partition value 7; the standard allows only 0 to 6'],
      [
        'E2801160600002040C7A1B2C',
        'EPC: begins with header E2, which is not an EPC header of TDS 1.13 or TDS 2.3 (the GS1 EPC Tag Data Standard)',
      ],
      ['3074257BF7194E4000001A8', 'EPC: has 23 hexadecimal digits; an SGTIN-96 EPC has 24'],
      ['3074257BF7194E4000001A8Z', 'EPC: may hold only hexadecimal digits 0–9 and A–F (found “Z”)'],
    ];
    for (const [epc, msg] of decodes) {
      const r = await decode(epc, 'en_US');
      expect([r.status, r.body.msg, r.body.data.fields[0].field]).toEqual([400, msg, 'epc']);
    }
    const padding = await decode('3674257BF6B7A659B2C2BF1000000000000000000000000001', 'en_US');
    expect([padding.status, padding.body.msg]).toEqual([400, "EPC: has non-zero bits after the EPC's 198 bits"]);
    // a component named in the message is translated too: a 6-digit company prefix of 7 digits
    const overflow = await decode('301BFFFF0000000000000000', 'zh_CN');
    expect([overflow.status, overflow.body.msg]).toEqual([400, 'EPC：厂商识别代码为 1048572，超出其 6 位数字的范围']);
  });

  it('lets only signed-in tenant users holding the EPC query or label order query button call it', async () => {
    expect((await t.call('POST', '/api/label/epc/decode', { body: { epc: '3074257BF7194E4000001A85' } })).status).toBe(401);
    const admin = await t.login('admin', 'admin123');
    expect((await decode('3074257BF7194E4000001A85', undefined, admin)).status).toBe(403);
    // the read-only role without either screen: refused
    await t.ctx.db.execute(sql`
      delete from role_menus rm using roles r, menus m
      where rm.role_id = r.id and rm.tenant_id = r.tenant_id and r.code = 'VIEWER'
        and rm.menu_id = m.id and m.code in ('label/epc-query', 'label/purchase-order')`);
    const viewer = await t.login('viewer', 'viewer123');
    expect((await decode('3074257BF7194E4000001A85', undefined, viewer)).status).toBe(403);
    expect(
      (await encode({ scheme: 'sgtin-96', gtin: '80614141123458', serial: 1, companyPrefixLength: 7 }, undefined, viewer)).status,
    ).toBe(403);
  });
});
