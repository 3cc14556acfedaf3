import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TDS_EXAMPLES } from './fixtures.js';
import { TDS23_EXAMPLES } from './fixtures-tds23.js';
import { checkDigit, decodeEpc, digitalLinkOf, EpcError, encodeEpc, epcUriOf, parseEpc, SGTIN96_MAX_SERIAL, sgtin96Hex } from './index.js';

/** The refusal an action throws: its field, key and params. */
function refusal(fn: () => unknown): { field: string; key: string; params: Record<string, string | number> } {
  try {
    fn();
  } catch (e) {
    if (e instanceof EpcError) return { field: e.field, key: e.key, params: e.params };
    throw e;
  }
  throw new Error('not refused');
}

const HEX = '3074257BF7194E4000001A85';
const URI = 'urn:epc:id:sgtin:0614141.812345.6789';
const LINK = 'https://id.gs1.org/01/80614141123458/21/6789';

describe('parseEpc: what the input is', () => {
  it('reads hex (either case), a tag URI, a pure-identity URI, a raw URI and a Digital Link', () => {
    expect(parseEpc(HEX)).toMatchObject({
      form: 'hex',
      kind: 'sgtin',
      uri: URI,
      digitalLink: LINK,
      hex: HEX,
      gtin: '80614141123458',
      serial: '6789',
    });
    expect(parseEpc(` ${HEX.toLowerCase()} `)).toMatchObject({ form: 'hex', uri: URI, hex: HEX });
    expect(parseEpc('urn:epc:tag:sgtin-96:3.0614141.812345.6789')).toMatchObject({ form: 'tag-uri', uri: URI, hex: HEX });
    expect(parseEpc(URI)).toMatchObject({ form: 'pure-uri', uri: URI, digitalLink: LINK, elementString: '(01)80614141123458(21)6789' });
    expect(parseEpc(URI).hex).toBeUndefined();
    expect(parseEpc(URI).decoded).toBeUndefined();
    expect(parseEpc(`urn:epc:raw:96.x${HEX}`)).toMatchObject({ form: 'raw', uri: URI, hex: HEX });
    expect(parseEpc('https://example.com/01/80614141123458/21/6789')).toMatchObject({
      form: 'digital-link',
      digitalLink: LINK,
      elementString: '(01)80614141123458(21)6789',
      gtin: '80614141123458',
      serial: '6789',
      fields: { hostname: 'example.com' },
    });
    expect(parseEpc('https://example.com/01/80614141123458/21/6789').hex).toBeUndefined();
  });

  it('is lenient where the standards are: URN case, control fields, a tag URI of every scheme', () => {
    expect(parseEpc('URN:EPC:ID:SGTIN:0614141.812345.6789').uri).toBe(URI);
    expect(parseEpc('urn:epc:tag:[att=x01][umi=1]:sgtin-96:3.0614141.812345.6789').hex).toBe(HEX);
    for (const ex of [...TDS_EXAMPLES, ...TDS23_EXAMPLES.filter((e) => e.tagUri)]) {
      const p = parseEpc(ex.tagUri!);
      expect([ex.tagUri, p.hex, p.uri]).toEqual([ex.tagUri, decodeEpc(ex.hex).epc, ex.uri]);
    }
  });

  it('a pure-identity URI of every scheme the codec knows: canonical URI, Digital Link, element string, no hex', () => {
    for (const ex of [...TDS_EXAMPLES, ...TDS23_EXAMPLES.filter((e) => e.tagUri)]) {
      const d = decodeEpc(ex.hex);
      const p = parseEpc(ex.uri);
      expect([ex.uri, p.form, p.uri, p.digitalLink, p.elementString, p.gtin, p.hex]).toEqual([
        ex.uri,
        'pure-uri',
        d.uri,
        d.digitalLink,
        d.elementString,
        d.gtin,
        undefined,
      ]);
    }
    // escapes are written canonically: %2f → %2F, and only where Table A-1 escapes
    expect(parseEpc('urn:epc:id:sgtin:0614141.712345.32a%2fb').uri).toBe('urn:epc:id:sgtin:0614141.712345.32a%2Fb');
    expect(parseEpc('urn:epc:id:sgtin:0614141.712345.%41b').uri).toBe('urn:epc:id:sgtin:0614141.712345.Ab');
    // a serial may hold dots; a 4-digit company prefix has a URN (and no binary)
    expect(parseEpc('urn:epc:id:sgtin:0614141.712345.a.b').serial).toBe('a.b');
    expect(parseEpc('urn:epc:id:sscc:9520.1234567890123').digitalLink).toBe(
      `https://id.gs1.org/00/19520234567890123${checkDigit('19520234567890123')}`,
    );
  });

  it('a Digital Link on any host: its key, serial and qualifiers; the query string’s AIs kept in fields', () => {
    const p = parseEpc('https://brand.example.com/some/path/01/80614141123458/10/LOT%2F7/21/6789?17=260101&linkType=gs1:pip&3103=001250');
    expect(p).toMatchObject({
      form: 'digital-link',
      kind: 'sgtin',
      digitalLink: LINK,
      elementString: '(01)80614141123458(21)6789(10)LOT/7(17)260101(3103)001250',
      fields: {
        gtin: '80614141123458',
        serial: '6789',
        hostname: 'brand.example.com',
        '(10)': 'LOT/7',
        '(17)': '260101',
        '(3103)': '001250',
      },
    });
    expect(p.uri).toBeUndefined();
    // with the company prefix length the URN can be written: one for all, or by key
    expect(parseEpc(LINK, { companyPrefixLength: 7 }).uri).toBe(URI);
    expect(parseEpc(LINK, { companyPrefixLength: (ai, key) => (ai === '01' && key.startsWith('80614141') ? 7 : undefined) }).uri).toBe(URI);
    // a GTIN-13 stands for its GTIN-14
    expect(parseEpc('https://id.gs1.org/01/0614141123452/21/1').digitalLink).toBe('https://id.gs1.org/01/00614141123452/21/1');
    const links: [string, string][] = [
      ['https://x.org/00/106141412345678908', 'urn:epc:id:sscc:0614141.1234567890'],
      ['https://x.org/414/0614141123452/254/5678', 'urn:epc:id:sgln:0614141.12345.5678'],
      ['https://x.org/414/0614141123452', 'urn:epc:id:sgln:0614141.12345.0'],
      ['https://x.org/8003/006141411234525678', 'urn:epc:id:grai:0614141.12345.5678'],
      ['https://x.org/8004/061414132a%2Fb', 'urn:epc:id:giai:0614141.32a%2Fb'],
      ['https://x.org/8018/061414112345678902', 'urn:epc:id:gsrn:0614141.1234567890'],
      ['https://x.org/8017/061414112345678902', 'urn:epc:id:gsrnp:0614141.1234567890'],
      ['https://x.org/253/06141411234525678', 'urn:epc:id:gdti:0614141.12345.5678'],
      ['https://x.org/255/401234567890104711', 'urn:epc:id:sgcn:4012345.67890.04711'],
      ['https://x.org/8010/06141415PQ7%2FZ43/8011/12345', 'urn:epc:id:cpi:0614141.5PQ7%2FZ43.12345'],
      ['https://x.org/8006/040123451234560102/21/987', 'urn:epc:id:itip:4012345.012345.01.02.987'],
    ];
    for (const [link, urn] of links) {
      const cpl = urn.split(':')[4]!.split('.')[0]!.length;
      expect([link, parseEpc(link, { companyPrefixLength: cpl }).uri]).toEqual([link, urn]);
      expect([link, parseEpc(urn).digitalLink]).toEqual([link, parseEpc(link).digitalLink]);
    }
  });

  it('raw URIs: hex, decimal or with an AFI; one that is no EPC stays raw', () => {
    expect(parseEpc(`urn:epc:raw:96.${BigInt(`0x${HEX}`).toString()}`).hex).toBe(HEX);
    expect(parseEpc('urn:epc:raw:96.xE2801160600002040C7A1B2C')).toEqual({
      form: 'raw',
      hex: 'E2801160600002040C7A1B2C',
      fields: { bits: 96 },
    });
    expect(epcUriOf('urn:epc:raw:96.xe2801160600002040c7a1b2c')).toBe('urn:epc:raw:96.xE2801160600002040C7A1B2C');
    expect(parseEpc(`urn:epc:raw:96.xA1.x${HEX}`)).toEqual({ form: 'raw', hex: HEX, fields: { bits: 96, afi: 'A1' } });
    expect(epcUriOf(`urn:epc:raw:96.xA1.x${HEX}`)).toBe(`urn:epc:raw:96.xA1.x${HEX}`);
  });

  it('refuses what is none of them, naming why', () => {
    expect(refusal(() => parseEpc(' '))).toEqual({ field: 'input', key: 'epc.required', params: {} });
    expect(refusal(() => parseEpc('sgtin:0614141.812345.6789'))).toEqual({ field: 'input', key: 'epc.parseForm', params: {} });
    expect(refusal(() => parseEpc('urn:epc:id:pgln:0614141.12345'))).toEqual({
      field: 'input',
      key: 'epc.uriScheme',
      params: { scheme: 'pgln' },
    });
    expect(refusal(() => parseEpc('urn:epc:tag:sgtin-64:3.0614141.812345.6789')).key).toBe('epc.uriScheme');
    for (const bad of [
      'urn:epc:id:sgtin:0614141.81234.6789',
      'urn:epc:id:sgtin:0614141.812345',
      'urn:epc:id:sgtin:0614141.812345.a%2',
      'urn:epc:id:sgtin:0614141.812345.a/b',
    ])
      expect([bad, refusal(() => parseEpc(bad)).key]).toEqual([bad, 'epc.uriSyntax']);
    // what the binary cannot hold is refused by the encoder, naming the component
    expect(refusal(() => parseEpc('urn:epc:tag:sgtin-96:3.0614141.812345.06789'))).toEqual({
      field: 'serial',
      key: 'epc.leadingZero',
      params: {},
    });
    expect(refusal(() => parseEpc('urn:epc:tag:sgtin-96:9.0614141.812345.6789')).field).toBe('filter');
    expect(refusal(() => parseEpc('urn:epc:raw:8.x1FF')).key).toBe('epc.rawUri');
    expect(refusal(() => parseEpc('https://id.gs1.org/01/80614141123458'))).toEqual({
      field: 'input',
      key: 'epc.digitalLinkSerial',
      params: { ai: '21' },
    });
    expect(refusal(() => parseEpc('https://id.gs1.org/8003/00614141123452')).key).toBe('epc.digitalLinkSerial');
    expect(refusal(() => parseEpc('https://id.gs1.org/01/80614141123458/21/1/10/A')).key).toBe('epc.digitalLink');
    expect(refusal(() => parseEpc('https://id.gs1.org/gtin/80614141123458')).key).toBe('epc.digitalLink');
    expect(refusal(() => parseEpc('https://id.gs1.org/01/80614141123459/21/1'))).toMatchObject({
      key: 'epc.keyCheckDigit',
      params: { expected: 8 },
    });
    expect(refusal(() => parseEpc('https://id.gs1.org/01/80614141123458/21/1?17=261301'))).toMatchObject({
      key: 'epc.aidcValue',
      params: { ai: '17' },
    });
    expect(refusal(() => parseEpc('E2801160600002040C7A1B2C'))).toMatchObject({ field: 'epc', key: 'epc.header' });
  });
});

describe('TDS 2.x EPCs in parseEpc', () => {
  it('their hex has the canonical Digital Link; the URN only with the company prefix length', () => {
    for (const ex of TDS23_EXAMPLES.filter((e) => e.scheme.endsWith('+'))) {
      const p = parseEpc(ex.hex);
      const canonical = ex.uri.replace(/^https:\/\/[^/]+/, 'https://id.gs1.org');
      expect([ex.scheme, p.form, p.digitalLink, p.uri, p.elementString]).toEqual([
        ex.scheme,
        'hex',
        canonical,
        undefined,
        ex.elementString,
      ]);
      expect(epcUriOf(ex.hex)).toBe(canonical);
      expect(digitalLinkOf(ex.hex)).toBe(canonical);
      // its Digital Link on the Annex's host gives the same identifiers
      expect([ex.scheme, epcUriOf(ex.digitalLink!)]).toEqual([ex.scheme, canonical]);
      expect([ex.scheme, parseEpc(ex.digitalLink!, { companyPrefixLength: 7 }).uri]).toEqual([
        ex.scheme,
        parseEpc(ex.hex, { companyPrefixLength: 7 }).uri,
      ]);
    }
    expect(parseEpc('F73795211411234538566CB0AFC4', { companyPrefixLength: 7 }).uri).toBe('urn:epc:id:sgtin:9521141.712345.32a%2Fb');
    expect(parseEpc('FB342CDE795211411234538566CB0AFC4').fields).toMatchObject({ dateType: '17', date: '220630' });
  });

  it('the same EPC in TDS 1.13 and TDS 2.3 binary gives the same URN (with the company prefix length) and Digital Link', () => {
    const plus = encodeEpc({ scheme: 'sgtin+', gtin: '80614141123458', serial: '6789', filter: 3 });
    expect(epcUriOf(plus.epc, { companyPrefixLength: 7 })).toBe(URI);
    expect(digitalLinkOf(plus.epc)).toBe(digitalLinkOf(HEX));
  });
});

// ---------------------------------------------------------------------------------------- properties

describe('every form of an EPC gives the same canonical URI', () => {
  const gtinArb = fc
    .tuple(fc.integer({ min: 0, max: 9 }), fc.stringMatching(/^[0-9]{12}$/))
    .map(([ind, body]) => `${ind}${body}${checkDigit(`${ind}${body}`)}`);
  const cplArb = fc.integer({ min: 6, max: 12 });
  const CHARS82 = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
  const serialArb = fc.array(fc.constantFrom(...CHARS82), { minLength: 1, maxLength: 20 }).map((a) => a.join(''));
  const hostArb = fc.constantFrom('id.example.com', 'brand.co.uk', 'QR.SHOP.DE', 'www.x-y.com.au');

  /** The forms of one EPC: hex, tag URI and pure URI of a TDS 1.13 scheme, Digital Links, TDS 2.x hex. */
  const check = (forms: string[], cpl: number) => {
    const uris = forms.map((f) => epcUriOf(f, { companyPrefixLength: cpl }));
    const links = forms.map((f) => digitalLinkOf(f));
    expect(new Set(uris).size).toBe(1);
    expect(uris[0]!.startsWith('urn:epc:id:')).toBe(true);
    expect(new Set(links).size).toBe(1);
    // without the company prefix length: the forms that hold no partition give the Digital Link
    for (const f of forms) {
      const p = parseEpc(f);
      if (p.uri !== undefined) expect(p.uri).toBe(uris[0]);
      else expect(epcUriOf(f)).toBe(links[0]);
    }
  };

  it('SGTIN: SGTIN-96 or -198 hex, tag URI, pure URI, Digital Links on any host, SGTIN+ and SGTIN++ hex', () => {
    fc.assert(
      fc.property(
        gtinArb,
        cplArb,
        fc.integer({ min: 0, max: 7 }),
        fc.oneof(fc.integer({ min: 0, max: SGTIN96_MAX_SERIAL }).map(String), serialArb),
        hostArb,
        (gtin, cpl, filter, serial, host) => {
          const numeric = /^(0|[1-9][0-9]*)$/.test(serial) && Number(serial) <= SGTIN96_MAX_SERIAL;
          const d = numeric
            ? decodeEpc(sgtin96Hex(gtin, cpl, filter, Number(serial)))
            : encodeEpc({ scheme: 'sgtin-198', gtin, serial, filter, companyPrefixLength: cpl });
          const plus = encodeEpc({ scheme: 'sgtin+', gtin, serial, filter });
          const plusPlus = encodeEpc({ scheme: 'sgtin++', gtin, serial, filter, hostname: host });
          check(
            [
              d.epc,
              d.epc.toLowerCase(),
              d.tagUri,
              d.uri,
              d.digitalLink!,
              `https://${host}/01/${gtin}/21/${encodeURIComponent(serial)}`,
              plus.epc,
              plusPlus.epc,
              plusPlus.digitalLink!,
            ],
            cpl,
          );
          expect(epcUriOf(d.epc)).toBe(d.uri);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('the other GS1 keys: TDS 1.13 hex, tag URI, pure URI, Digital Link, TDS 2.3 hex', () => {
    const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
    const withCheck = (s: string) => s + checkDigit(s);
    const cases = fc.oneof(
      fc
        .tuple(digits(17), cplArb)
        .map(([b, cpl]) => ({ one: { scheme: 'sscc-96', sscc: withCheck(b) }, two: { scheme: 'sscc+', sscc: withCheck(b) }, cpl })),
      fc.tuple(digits(12), cplArb, serialArb).map(([b, cpl, ext]) => ({
        one: { scheme: 'sgln-195', gln: withCheck(b), extension: ext },
        two: { scheme: 'sgln++', gln: withCheck(b), extension: ext, hostname: 'id.example.com' },
        cpl,
      })),
      fc
        .tuple(
          digits(12),
          cplArb,
          serialArb.map((s) => s.slice(0, 16)),
        )
        .map(([b, cpl, serial]) => ({
          one: { scheme: 'grai-170', grai: withCheck(b), serial },
          two: { scheme: 'grai+', grai: withCheck(b), serial },
          cpl,
        })),
      fc.tuple(digits(12), cplArb, serialArb).map(([b, cpl, ref]) => ({
        one: { scheme: 'giai-202', giai: b.slice(0, cpl) + ref.slice(0, Math.min(30 - cpl, 18)), companyPrefixLength: cpl },
        two: { scheme: 'giai+', giai: b.slice(0, cpl) + ref.slice(0, Math.min(30 - cpl, 18)) },
        cpl,
      })),
      fc.tuple(digits(17), cplArb).map(([b, cpl]) => ({
        one: { scheme: 'gsrnp-96', gsrnp: withCheck(b) },
        two: { scheme: 'gsrnp++', gsrnp: withCheck(b), hostname: 'a.b' },
        cpl,
      })),
      fc
        .tuple(
          digits(12),
          cplArb,
          serialArb.map((s) => s.slice(0, 17)),
        )
        .map(([b, cpl, serial]) => ({
          one: { scheme: 'gdti-174', gdti: withCheck(b), serial },
          two: { scheme: 'gdti+', gdti: withCheck(b), serial },
          cpl,
        })),
      fc.tuple(digits(12), cplArb, digits(5)).map(([b, cpl, serial]) => ({
        one: { scheme: 'sgcn-96', sgcn: withCheck(b), serial },
        two: { scheme: 'sgcn+', sgcn: withCheck(b), serial },
        cpl,
      })),
      fc
        .tuple(digits(12), cplArb, fc.stringMatching(/^[0-9A-Z/#-]{1,10}$/), fc.integer({ min: 0, max: 999999 }))
        .map(([b, cpl, ref, serial]) => ({
          one: { scheme: 'cpi-var', cpi: b.slice(0, cpl) + ref, serial: String(serial) },
          two: { scheme: 'cpi+', cpi: b.slice(0, cpl) + ref, serial: String(serial) },
          cpl,
        })),
      fc.tuple(gtinArb, cplArb, digits(2), digits(2), serialArb).map(([gtin, cpl, piece, total, serial]) => ({
        one: { scheme: 'itip-212', gtin, piece, total, serial },
        two: { scheme: 'itip+', gtin, piece, total, serial },
        cpl,
      })),
    );
    fc.assert(
      fc.property(cases, ({ one, two, cpl }) => {
        const d = encodeEpc({ ...one, companyPrefixLength: cpl, filter: 1 } as never);
        const plus = encodeEpc({ ...two, filter: 2 } as never);
        check([d.epc, d.tagUri, d.uri, d.digitalLink!, plus.epc, plus.digitalLink!], cpl);
      }),
      { numRuns: 400 },
    );
  });
});
