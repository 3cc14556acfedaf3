import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TDS23_EXAMPLES, TDS23_PRINTED_HEX } from './fixtures-tds23.js';
import {
  BitWriter,
  checkDigit,
  decodeEpc,
  type EncodeEpcInput,
  EPC_SCHEMES,
  EPC_TDS2_HEADERS,
  EpcError,
  encodeEpc,
  epcSchemeOf,
  TDS2_SCHEMES,
  type Tds2Scheme,
} from './index.js';
import { numericBits } from './tds2-methods.js';
import { AI_FORMAT } from './tds2-tables.js';

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

/** The hex as a tag holds it: whole 16-bit words. */
const words = (hex: string, bits: number) => hex.toUpperCase().padEnd(Math.ceil(bits / 16) * 4, '0');
/** Digits as Fixed-Length Numeric bits (4 a digit). */
const bcd = (digits: string) => [...digits].map((d) => Number(d).toString(2).padStart(4, '0')).join('');
/** Hex as bits. */
const bitsOf = (hex: string) => [...hex].map((c) => Number.parseInt(c, 16).toString(2).padStart(4, '0')).join('');
/** A Digital Link's path and query: the Annex writes most TDS 1.13 ones on example.com. */
const afterHost = (link: string) => link.replace(/^https:\/\/[^/]+/, '');

describe('TDS 2.3 Annex E.3: the examples of every EPC scheme', () => {
  it('covers every scheme of TDS 1.13 and TDS 2.3', () => {
    expect(new Set(TDS23_EXAMPLES.map((e) => e.scheme))).toEqual(new Set(EPC_SCHEMES));
    expect(EPC_SCHEMES.length).toBe(45);
  });

  for (const ex of TDS23_EXAMPLES) {
    const tds2 = ex.scheme.endsWith('+');
    it(`decodes ${ex.scheme} ${ex.hex}`, () => {
      const d = decodeEpc(ex.hex);
      expect(d.scheme).toBe(ex.scheme);
      expect(d.epc).toBe(words(ex.hex, d.bits));
      expect(d.uri).toBe(ex.uri);
      expect(d.elementString).toBe(ex.elementString);
      if (tds2) {
        expect(d.digitalLink).toBe(ex.digitalLink);
        // TDS 2.x defines no tag URI: the raw URI of the EPC's words (TDS §15.2.1)
        expect(d.tagUri).toBe(`urn:epc:raw:${d.epc.length * 4}.x${d.epc}`);
        expect(d.fields.dataToggle).toBe(0);
      } else {
        expect(d.tagUri).toBe(ex.tagUri);
        if (ex.digitalLink) {
          expect(afterHost(d.digitalLink!)).toBe(afterHost(ex.digitalLink));
          expect(d.digitalLink!.startsWith('https://id.gs1.org/')).toBe(true);
        } else expect(d.digitalLink).toBeUndefined();
      }
      expect(decodeEpc(ex.hex.toLowerCase())).toEqual(d);
      expect(decodeEpc(d.epc)).toEqual(d);
    });
    it(`encodes ${ex.scheme} back to the Annex's hex`, () => {
      const e = encodeEpc(ex.input);
      expect(e.epc).toBe(words(ex.hex, e.bits));
      expect(e).toEqual(decodeEpc(ex.hex));
    });
  }

  it('the errata: SSCC++ and ITIP++ printed with the headers of SSCC+ and ITIP+ do not decode as printed', () => {
    for (const [scheme, printed] of Object.entries(TDS23_PRINTED_HEX)) {
      const plus = scheme.replace('++', '+');
      expect(epcSchemeOf(printed!)).toBe(plus);
      // the '+' EPC ends before the hostname's bits, which are not zero padding
      expect(refusal(() => decodeEpc(printed!)).key).toBe('epc.padding');
    }
  });

  it('the errata: SGTIN++ and DSGTIN++ encode id.example.com, not the example.com their Digital Link shows', () => {
    for (const scheme of ['sgtin++', 'dsgtin++']) {
      const ex = TDS23_EXAMPLES.find((e) => e.scheme === scheme)!;
      expect(decodeEpc(ex.hex).fields.hostname).toBe('id.example.com');
      expect(encodeEpc({ ...ex.input, hostname: 'example.com' }).epc).not.toBe(words(ex.hex, decodeEpc(ex.hex).bits));
    }
  });
});

describe('TDS 2.3 headers (Table 14-1)', () => {
  it('maps each header of the new schemes, after the TDS 1.13 ones', () => {
    const expected: Record<string, Tds2Scheme> = {
      E6: 'cpi++',
      E7: 'gsrn++',
      E8: 'gsrnp++',
      E9: 'sgln++',
      EA: 'gdti++',
      EB: 'grai++',
      EC: 'sgcn++',
      ED: 'itip++',
      EE: 'giai++',
      EF: 'sscc++',
      F0: 'cpi+',
      F1: 'grai+',
      F2: 'sgln+',
      F3: 'itip+',
      F4: 'gsrn+',
      F5: 'gsrnp+',
      F6: 'gdti+',
      F7: 'sgtin+',
      F8: 'sgcn+',
      F9: 'sscc+',
      FA: 'giai+',
      FB: 'dsgtin+',
      FC: 'dsgtin++',
      FD: 'sgtin++',
    };
    for (const [h, scheme] of Object.entries(expected)) {
      expect(EPC_TDS2_HEADERS[Number.parseInt(h, 16)]!.scheme).toBe(scheme);
      expect(epcSchemeOf(h.toLowerCase())).toBe(scheme);
    }
    expect(Object.keys(EPC_TDS2_HEADERS)).toHaveLength(24);
    expect(new Set(Object.values(expected))).toEqual(new Set(TDS2_SCHEMES));
  });

  it('refuses a header of neither standard, naming both', () => {
    for (const h of ['FF', 'FE', 'E2', 'E5', 'C0', '42', '00'])
      expect(refusal(() => decodeEpc(`${h}00000000000000000000`))).toEqual({
        field: 'epc',
        key: 'epc.header',
        params: { header: h, standards: 'TDS 1.13, TDS 2.3' },
      });
  });
});

describe('the encoding methods of TDS 2.x (§14.5)', () => {
  it('numeric strings take the bits of Table B (integer encoding, 1–90 digits)', () => {
    const tableB = [
      4, 7, 10, 14, 17, 20, 24, 27, 30, 34, 37, 40, 44, 47, 50, 54, 57, 60, 64, 67, 70, 74, 77, 80, 84, 87, 90, 94, 97, 100, 103, 107, 110,
      113, 117, 120, 123, 127, 130, 133, 137, 140, 143, 147, 150, 153, 157, 160, 163, 167, 170, 173, 177, 180, 183, 187, 190, 193, 196, 200,
      203, 206, 210, 213, 216, 220, 223, 226, 230, 233, 236, 240, 243, 246, 250, 253, 256, 260, 263, 266, 270, 273, 276, 280, 283, 286, 290,
      293, 296, 299,
    ];
    expect(tableB.map((_, i) => numericBits(i + 1))).toEqual(tableB);
  });

  const serialOf = (hex: string) => decodeEpc(hex).serial;
  const sgtinPlus = (serial: string) => encodeEpc({ scheme: 'sgtin+', gtin: '79521141123453', serial });
  /** The 3-bit encoding indicator of the serial (bit 68 of SGTIN+) and the serial's bits. */
  const indicator = (serial: string) => {
    const e = sgtinPlus(serial);
    const bits = bitsOf(e.epc);
    return { ind: Number.parseInt(bits.slice(68, 71), 2), bits: e.bits - 76 };
  };

  it('writes a serial with the encoding of fewest bits, each one decoding back', () => {
    expect(indicator('0012')).toEqual({ ind: 0, bits: 14 }); // numeric, leading zeros kept
    expect(indicator('ABC1')).toEqual({ ind: 1, bits: 16 }); // upper-case hexadecimal
    expect(indicator('abc1')).toEqual({ ind: 2, bits: 16 }); // lower-case hexadecimal
    expect(indicator('rif981')).toEqual({ ind: 3, bits: 36 }); // base 64
    expect(indicator('A-B.C:DEF')).toEqual({ ind: 5, bits: 48 }); // URN Code 40
    expect(indicator('32a/b')).toEqual({ ind: 4, bits: 35 }); // 7-bit ASCII
    for (const s of ['0012', 'ABC1', 'abc1', 'rif981', 'A-B.C:DEF', 'AB', 'A', '32a/b', '"%&\'()*+,-./:;<=>?_', 'Zz-_09'])
      expect(serialOf(sgtinPlus(s).epc)).toBe(s);
  });

  it('reads what another encoder may have chosen: each indicator for the same value', () => {
    // '12' as numeric (0), upper hex (1), lower hex (2), base 64 (3), 7-bit (4), URN Code 40 (5)
    const gtinBits = bcd('79521141123453');
    const withSerial = (f: (w: BitWriter) => void) => {
      const w = new BitWriter().int(0xf7, 8).int(0, 1).int(0, 3).raw(gtinBits);
      f(w);
      return serialOf(w.hex());
    };
    expect(withSerial((w) => w.int(0, 3).int(2, 5).int(12, 7))).toBe('12');
    expect(withSerial((w) => w.int(1, 3).int(2, 5).int(1, 4).int(2, 4))).toBe('12');
    expect(withSerial((w) => w.int(2, 3).int(2, 5).int(1, 4).int(2, 4))).toBe('12');
    expect(withSerial((w) => w.int(3, 3).int(2, 5).int(53, 6).int(54, 6))).toBe('12');
    expect(withSerial((w) => w.int(4, 3).int(2, 5).int(49, 7).int(50, 7))).toBe('12');
    expect(
      withSerial((w) =>
        w
          .int(5, 3)
          .int(2, 5)
          .int(1600 * 31 + 40 * 32 + 1, 16),
      ),
    ).toBe('12');
    expect(refusal(() => withSerial((w) => w.int(6, 3).int(2, 5).int(0, 16)))).toMatchObject({
      key: 'epc.encodingIndicator',
      params: { value: '110' },
    });
  });
});

describe('the custom hostname of the ++ schemes (§14.5.16)', () => {
  const host = (hostname: string) => encodeEpc({ scheme: 'sscc++', sscc: '095201234567891235', hostname });
  /** The hostname's bits: after SSCC++'s 84 bits. */
  const hostBits = (hostname: string) => {
    const e = host(hostname);
    return bitsOf(e.epc).slice(84, e.bits);
  };

  it('encodes id.example.com as the Annex does: 7-bit, "id." and ".com" optimised, 9 sequences', () => {
    expect(hostBits('id.example.com')).toBe(
      `1001001${'0100000'}${[...'example'].map((c) => c.charCodeAt(0).toString(2).padStart(7, '0')).join('')}1011011`,
    );
  });

  it('uses URN Code 40 for an upper-case hostname, 14-bit sequences for country and compound domains', () => {
    expect(hostBits('ID.EXAMPLE.COM').slice(0, 7)).toBe('0001110');
    expect(hostBits('ID.EXAMPLE.COM')).toHaveLength(7 + 80);
    // .co.uk (Table B3) beats .co (B1); .com.au (B3) beats .com (A); .de (B1); .tech (B4); .org.cn (B3, erratum)
    expect(hostBits('shop.co.uk').slice(7 + 28)).toBe('00000100011001');
    expect(hostBits('a.com.au').slice(7 + 7)).toBe('00000100000000');
    expect(hostBits('a.de').slice(7 + 7)).toBe('00000000110111');
    expect(hostBits('a.tech').slice(7 + 7)).toBe('00000110000000');
    expect(hostBits('a.org.cn').slice(7 + 7)).toBe('00000100011101');
    for (const h of [
      'shop.co.uk',
      'www.brand.com.au',
      'qr.a.de',
      'id.x.tech',
      'a.org.cn',
      'ID.EXAMPLE.COM',
      'Mixed-Case.example.NET',
      'b',
      'x-1.example.mil',
    ])
      expect(host(h).fields.hostname).toBe(h);
  });

  it('refuses a reserved 7-bit or 14-bit value, or a hostname it cannot hold', () => {
    const epc = (bits: string) => new BitWriter().int(0xef, 8).int(0, 1).int(0, 3).raw(bcd('095201234567891235')).raw(bits).hex();
    expect(decodeEpc(epc(`1000001${'1100001'}`)).fields.hostname).toBe('a');
    expect(refusal(() => decodeEpc(epc(`1000001${'0000100'}`)))).toMatchObject({ key: 'epc.hostnameSeq', params: { value: '0000100' } });
    expect(refusal(() => decodeEpc(epc(`1000010${'0000001'}${'1110101'}`)))).toMatchObject({ key: 'epc.hostnameSeq' });
    expect(refusal(() => decodeEpc(epc('1000000')))).toMatchObject({ key: 'epc.emptyField', params: { part: 'epc.part.hostname' } });
    for (const bad of ['', 'a'.repeat(64), 'a b.com', 'ex@mple.com', 'é.com']) expect(refusal(() => host(bad)).field).toBe('hostname');
    expect(refusal(() => encodeEpc({ scheme: 'sgtin++', gtin: '79521141123453', serial: '1' }))).toEqual({
      field: 'hostname',
      key: 'epc.required',
      params: {},
    });
  });
});

describe('+AIDC data after the EPC (§15.3)', () => {
  const base = { scheme: 'sgtin+' as const, gtin: '79521141123453', serial: '32a/b', filter: 3 };

  it('sets the toggle bit, decodes the AIs into the element string, the Digital Link and the fields', () => {
    const e = encodeEpc({
      ...base,
      aidc: [
        ['10', 'LOT7'],
        ['17', '260131'],
        ['3103', '001250'],
      ],
    });
    expect(e.fields.dataToggle).toBe(1);
    expect(e.epc.slice(0, 2)).toBe('F7');
    expect(Number.parseInt(e.epc[2]!, 16) >> 3).toBe(1);
    expect(e.elementString).toBe('(01)79521141123453(21)32a/b(10)LOT7(17)260131(3103)001250');
    // (10) is a key qualifier of (01): in the path, before (21); the others in the query string
    expect(e.digitalLink).toBe('https://id.gs1.org/01/79521141123453/10/LOT7/21/32a%2Fb?17=260131&3103=001250');
    expect(e.uri).toBe('https://id.gs1.org/01/79521141123453/21/32a%2Fb');
    expect(e.fields).toMatchObject({ '(10)': 'LOT7', '(17)': '260131', '(3103)': '001250' });
    expect(decodeEpc(e.epc)).toEqual(e);
  });

  it('writes every method of Table F and reads it back', () => {
    const aidc: [string, string][] = [
      ['11', '250228'],
      ['20', '07'],
      ['242', '123'],
      ['30', '00012'],
      ['3900', '000000001234567'],
      ['3912', '978000123'],
      ['4307', 'DE'],
      ['4321', '1'],
      ['4324', '2512312400'],
      ['4330', '002500-'],
      ['7007', '250101250131'],
      ['7011', '2501011230'],
      ['7258', '2/3'],
      ['8008', '250101123059'],
    ];
    const more: [string, string][] = [
      ['8003', '0952114112345432a/b'],
      ['253', '9521141123454'],
      ['255', '952114167890904711'],
      ['421', '276D-1234'],
      ['7030', '276ABC-1'],
      ['8004', '9521141ABC'],
      ['8010', '95211415PQ7/Z43'],
      ['00', '095201234567891235'],
    ];
    const all = [...aidc, ...more];
    // a few AIs at a time: an EPC bank holds at most 496 bits
    for (let i = 0; i < all.length; i += 4) {
      const chunk = all.slice(i, i + 4);
      const e = encodeEpc({ scheme: 'gsrn+', gsrn: '952114112345678906', aidc: chunk });
      expect(e.bits).toBeLessThanOrEqual(496);
      const d = decodeEpc(e.epc);
      expect(d).toEqual(e);
      for (const [ai, v] of chunk) expect(d.fields[`(${ai})`]).toBe(v);
    }
  });

  it('stops at fewer than 8 bits, or at eight zero bits without the 72 bits of an SSCC after them', () => {
    const e = encodeEpc({ ...base, aidc: [['10', 'A']] });
    // extra zero words after the data: still the same decode (fewer than 72 bits follow a zero header)
    expect(decodeEpc(`${e.epc}0000`).fields['(10)']).toBe('A');
    expect(decodeEpc(`${e.epc}0000`).epc).toBe(e.epc);
    // toggle 0 and bits after the EPC: not padding
    const plain = encodeEpc(base).epc;
    expect(refusal(() => decodeEpc(`${plain}10AB`)).key).toBe('epc.padding');
  });

  it('refuses an unknown AI header, an AI twice or one the EPC holds, a value of the wrong format', () => {
    const e = encodeEpc(base);
    const withHeader = (bits: string) => {
      const w = new BitWriter().raw(bitsOf(e.epc).slice(0, e.bits));
      w.raw(bits);
      const hex = w.hex();
      return `${hex.slice(0, 2)}${(Number.parseInt(hex[2]!, 16) | 8).toString(16).toUpperCase()}${hex.slice(3)}`;
    };
    expect(refusal(() => decodeEpc(withHeader('1010000000000000')))).toEqual({
      field: 'epc',
      key: 'epc.aidcHeader',
      params: { header: 'A0' },
    });
    expect(refusal(() => decodeEpc(withHeader('0001010000000000')))).toEqual({
      field: 'epc',
      key: 'epc.aidcHeader',
      params: { header: '14' },
    });
    expect(refusal(() => encodeEpc({ ...base, aidc: [['21', 'X']] }))).toEqual({
      field: 'aidc',
      key: 'epc.aidcDuplicate',
      params: { ai: '21' },
    });
    expect(
      refusal(() =>
        encodeEpc({
          ...base,
          aidc: [
            ['10', 'A'],
            ['10', 'B'],
          ],
        }),
      ).key,
    ).toBe('epc.aidcDuplicate');
    expect(refusal(() => encodeEpc({ ...base, aidc: [['03', 'X']] }))).toEqual({ field: 'aidc', key: 'epc.aidcAi', params: { ai: '03' } });
    expect(refusal(() => encodeEpc({ ...base, aidc: [['17', '251331']] }))).toEqual({
      field: 'aidc',
      key: 'epc.aidcValue',
      params: { ai: '17', value: '251331' },
    });
    expect(refusal(() => encodeEpc({ ...base, aidc: [['00', '095201234567891236']] })).key).toBe('epc.aidcCheckDigit');
    expect(
      refusal(() =>
        encodeEpc({
          ...base,
          aidc: [
            ['91', 'x'.repeat(90)],
            ['92', 'x'.repeat(90)],
          ],
        }),
      ),
    ).toMatchObject({
      field: 'aidc',
      key: 'epc.tooManyBits',
      params: { max: 496 },
    });
    expect(refusal(() => encodeEpc({ ...base, aidc: 'x' as never })).key).toBe('epc.aidcInput');
  });
});

describe('refusals of the TDS 2.x schemes', () => {
  const sgtinPlus = encodeEpc({ scheme: 'sgtin+', gtin: '79521141123453', serial: '1' }).epc;

  it('a GS1 key with a wrong check digit, or 4 bits that are no digit', () => {
    // the GTIN's digits are hex digits 3–16; its last digit 3 → 4
    expect(sgtinPlus.slice(3, 17)).toBe('79521141123453');
    expect(refusal(() => decodeEpc(`${sgtinPlus.slice(0, 16)}4${sgtinPlus.slice(17)}`))).toEqual({
      field: 'epc',
      key: 'epc.keyCheckDigit',
      params: { part: 'epc.part.gtin', value: '79521141123454', expected: 3 },
    });
    expect(refusal(() => decodeEpc(`F70A${sgtinPlus.slice(4)}`))).toMatchObject({
      key: 'epc.badDigit',
      params: { part: 'epc.part.gtin', value: '1010' },
    });
  });

  it('a DSGTIN date type TDS 2.3 does not assign, a date that is none', () => {
    const ds = encodeEpc({ scheme: 'dsgtin+', gtin: '79521141123453', serial: '1', date: '220630', dateType: '17' }).epc;
    // date type 0111
    expect(refusal(() => decodeEpc(`FB07${ds.slice(4)}`))).toEqual({ field: 'epc', key: 'epc.dateType', params: { value: '0111' } });
    const bad = encodeEpc({ scheme: 'dsgtin+', gtin: '79521141123453', serial: '1', date: '220228', dateType: '11' }).epc;
    // 22-02-28 → 22-02-31: bits 27–31 of the date
    const bits = bitsOf(bad);
    const broken = new BitWriter().raw(`${bits.slice(0, 27)}11111${bits.slice(32)}`).hex();
    expect(refusal(() => decodeEpc(broken))).toMatchObject({ key: 'epc.badDate', params: { part: 'epc.part.date', value: '220231' } });
    for (const [date, dateType, field] of [
      ['220229', '11', 'date'],
      ['221301', '17', 'date'],
      ['2206', '17', 'date'],
      ['220630', '14', 'dateType'],
      ['', '17', 'date'],
    ])
      expect(
        refusal(() => encodeEpc({ scheme: 'dsgtin++', gtin: '79521141123453', serial: '1', date, dateType, hostname: 'a.com' })).field,
      ).toBe(field);
    expect(encodeEpc({ scheme: 'dsgtin+', gtin: '79521141123453', serial: '1', date: '240229', dateType: '7007' }).fields).toMatchObject({
      dateType: '7007',
      date: '240229',
    });
    expect(encodeEpc({ scheme: 'dsgtin+', gtin: '79521141123453', serial: '1', date: '240200', dateType: '15' }).fields.date).toBe(
      '240200',
    );
  });

  it('an EPC cut short, longer than 496 bits, or with an empty serial', () => {
    expect(refusal(() => decodeEpc('F7'))).toMatchObject({ key: 'epc.truncated' });
    expect(refusal(() => decodeEpc(sgtinPlus.slice(0, 16)))).toMatchObject({ key: 'epc.truncated', params: { part: 'epc.part.gtin' } });
    expect(refusal(() => decodeEpc(`${sgtinPlus}${'0'.repeat(128)}`))).toMatchObject({ key: 'epc.hexLengthVar', params: { max: 124 } });
    // serial of length 0
    const empty = new BitWriter().int(0xf7, 8).int(0, 4).raw(bcd('79521141123453')).int(0, 8).hex();
    expect(refusal(() => decodeEpc(empty))).toMatchObject({ key: 'epc.emptyField' });
  });

  it('GIAI+ and CPI+ begin with the digits of a company prefix; GRAI+, GDTI+, SGCN+ need their serial', () => {
    expect(refusal(() => encodeEpc({ scheme: 'giai+', giai: '952ABC' }))).toMatchObject({ field: 'giai', key: 'epc.keyPrefixDigits' });
    expect(refusal(() => encodeEpc({ scheme: 'giai+', giai: '9521' }))).toMatchObject({ field: 'giai', key: 'epc.keyPrefixDigits' });
    expect(refusal(() => encodeEpc({ scheme: 'cpi+', cpi: '9521141abc', serial: '1' }))).toMatchObject({ field: 'cpi' });
    expect(refusal(() => encodeEpc({ scheme: 'cpi+', cpi: '95211415PQ7', serial: '01x' }))).toMatchObject({
      field: 'serial',
      key: 'epc.digitsOnly',
    });
    expect(refusal(() => encodeEpc({ scheme: 'grai+', grai: '9521141123454' }))).toEqual({
      field: 'serial',
      key: 'epc.required',
      params: {},
    });
    expect(refusal(() => encodeEpc({ scheme: 'sgcn+', sgcn: '9521141678909', serial: '1234567890123' })).key).toBe('epc.textTooLongInput');
    expect(refusal(() => encodeEpc({ scheme: 'sscc+', sscc: '095201234567891236' }))).toEqual({
      field: 'sscc',
      key: 'epc.checkDigit',
      params: { expected: 5 },
    });
    expect(encodeEpc({ scheme: 'giai+', giai: '95211415678' }).fields.giai).toBe('95211415678');
    expect(encodeEpc({ scheme: 'sgln+', gln: '9521141123454' })).toMatchObject({
      elementString: '(414)9521141123454',
      digitalLink: 'https://id.gs1.org/414/9521141123454',
      fields: { extension: '0' },
    });
    expect(encodeEpc({ scheme: 'itip+', gtin: '9521141123454', piece: 1, total: '2', serial: 'x' }).fields.itip).toBe('095211411234540102');
  });
});

// ---------------------------------------------------------------------------------------- properties

const CHARS82 = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const textOf = (chars: string, min: number, max: number) =>
  fc.array(fc.constantFrom(...chars), { minLength: min, maxLength: max }).map((a) => a.join(''));
/** Serials of each encoding's character set, so every encoding indicator is written. */
const serialArb = (max: number) =>
  fc.oneof(
    textOf('0123456789', 1, max),
    textOf('0123456789ABCDEF', 1, max),
    textOf('0123456789abcdef', 1, max),
    textOf('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_', 1, max),
    textOf('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.:', 1, max),
    textOf(CHARS82, 1, max),
  );
const keyArb = (digits: number) => fc.stringMatching(new RegExp(`^[0-9]{${digits - 1}}$`)).map((b) => b + checkDigit(b));
const dateArb = fc
  .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 28 }))
  .map(([y, m, d]) => [y, m, d].map((v) => String(v).padStart(2, '0')).join(''));
const LABEL = 'abcdefghijklmnopqrstuvwxyz0123456789-';
const hostArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('', 'id.', 'www.', 'qr.', 'shop.'),
      textOf(LABEL, 1, 20),
      fc.constantFrom('.com', '.org', '.co.uk', '.com.au', '.de', '.tech', '.io', '.example', '.org.cn', ''),
    )
    .map(([a, b, c]) => a + b + c),
  textOf('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.', 1, 40),
);
/** +AIDC data of a few methods, AIs the EPCs do not hold. */
const aidcArb = fc.uniqueArray(
  fc.oneof(
    serialArb(20).map((v) => ['10', v] as [string, string]),
    dateArb.map((v) => ['17', v] as [string, string]),
    fc.stringMatching(/^[0-9]{6}$/).map((v) => ['3103', v] as [string, string]),
    fc.constantFrom('DE', 'CN', 'TW').map((v) => ['4307', v] as [string, string]),
    fc.tuple(fc.stringMatching(/^[0-9]{6}$/), fc.constantFrom('', '-')).map(([v, m]) => ['4330', v + m] as [string, string]),
    fc.tuple(dateArb, fc.constantFrom('', '12', '1230', '123059')).map(([d, t]) => ['8008', d + t] as [string, string]),
    fc.stringMatching(/^[1-9]\/[1-9]$/).map((v) => ['7258', v] as [string, string]),
  ),
  { maxLength: 3, selector: ([ai]) => ai },
);

/** A valid input of each TDS 2.x scheme and the fields its decode must give back. */
const inputArb = (scheme: Tds2Scheme): fc.Arbitrary<{ input: EncodeEpcInput; fields: Record<string, string | number> }> => {
  const base = scheme.replace(/\++$/, '');
  const common = fc.record({ filter: fc.integer({ min: 0, max: 7 }), hostname: hostArb, aidc: aidcArb });
  const withCommon = <T extends Record<string, unknown>>(arb: fc.Arbitrary<T>, fields: (t: T) => Record<string, string | number>) =>
    fc.tuple(arb, common).map(([t, c]) => {
      const pp = scheme.endsWith('++');
      return {
        input: { scheme, ...t, filter: c.filter, aidc: c.aidc, ...(pp ? { hostname: c.hostname } : {}) } as EncodeEpcInput,
        fields: {
          ...fields(t),
          filter: c.filter,
          dataToggle: c.aidc.length > 0 ? 1 : 0,
          ...(pp ? { hostname: c.hostname } : {}),
          ...Object.fromEntries(c.aidc.map(([ai, v]) => [`(${ai})`, v])),
        },
      };
    });
  switch (base) {
    case 'sgtin':
      return withCommon(fc.record({ gtin: keyArb(14), serial: serialArb(20) }), (t) => t);
    case 'dsgtin':
      return withCommon(
        fc.record({
          gtin: keyArb(14),
          serial: serialArb(20),
          date: dateArb,
          dateType: fc.constantFrom('11', '13', '15', '16', '7006', '7007'),
        }),
        (t) => t,
      );
    case 'sscc':
      return withCommon(fc.record({ sscc: keyArb(18) }), (t) => t);
    case 'gsrn':
      return withCommon(fc.record({ gsrn: keyArb(18) }), (t) => t);
    case 'gsrnp':
      return withCommon(fc.record({ gsrnp: keyArb(18) }), (t) => t);
    case 'sgln':
      return withCommon(fc.record({ gln: keyArb(13), extension: serialArb(20) }), (t) => t);
    case 'grai':
      return withCommon(fc.record({ grai: keyArb(13), serial: serialArb(16) }), (t) => ({
        grai: `0${t.grai}${t.serial}`,
        serial: t.serial,
      }));
    case 'giai':
      return withCommon(
        fc.tuple(fc.stringMatching(/^[0-9]{4,12}$/), serialArb(18)).map(([cp, r]) => ({ giai: cp + r })),
        (t) => t,
      );
    case 'gdti':
      return withCommon(fc.record({ gdti: keyArb(13), serial: serialArb(17) }), (t) => ({ gdti: t.gdti + t.serial, serial: t.serial }));
    case 'sgcn':
      return withCommon(fc.record({ sgcn: keyArb(13), serial: fc.stringMatching(/^[0-9]{1,12}$/) }), (t) => ({
        sgcn: t.sgcn + t.serial,
        serial: t.serial,
      }));
    case 'cpi':
      return withCommon(
        fc.record({
          cpi: fc
            .tuple(fc.stringMatching(/^[0-9]{4,12}$/), textOf('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-/#', 1, 18))
            .map(([a, b]) => a + b),
          serial: fc.stringMatching(/^[0-9]{1,12}$/),
        }),
        (t) => t,
      );
    default:
      return withCommon(
        fc.record({
          gtin: keyArb(14),
          piece: fc.stringMatching(/^[0-9]{2}$/),
          total: fc.stringMatching(/^[0-9]{2}$/),
          serial: serialArb(20),
        }),
        (t) => ({ itip: t.gtin + t.piece + t.total, gtin: t.gtin, piece: t.piece, total: t.total, serial: t.serial }),
      );
  }
};

describe('round trips of the TDS 2.x schemes', () => {
  for (const scheme of TDS2_SCHEMES) {
    it(`${scheme}: decode(encode(x)) gives x back`, () => {
      fc.assert(
        fc.property(inputArb(scheme), ({ input, fields }) => {
          let e: ReturnType<typeof encodeEpc>;
          try {
            e = encodeEpc(input);
          } catch (err) {
            // a long hostname with long +AIDC data may pass the 496 bits of an EPC bank
            if (err instanceof EpcError && err.key === 'epc.tooManyBits') return;
            throw err;
          }
          expect(e.scheme).toBe(scheme);
          expect(e.epc.length % 4).toBe(0);
          expect(e.bits).toBeLessThanOrEqual(496);
          expect(e.fields).toMatchObject(fields);
          const d = decodeEpc(e.epc);
          expect(d).toEqual(e);
          expect(decodeEpc(e.epc.toLowerCase())).toEqual(e);
        }),
        { numRuns: 150 },
      );
    });
  }

  it('anything with a TDS 2.x header is decoded or refused with an EpcError, never another error', () => {
    const headers = Object.keys(EPC_TDS2_HEADERS).map((h) => Number(h).toString(16).toUpperCase());
    const hexArb = fc
      .tuple(fc.constantFrom(...headers), fc.array(fc.constantFrom(...'0123456789ABCDEF'), { maxLength: 122 }))
      .map(([h, rest]) => h + rest.join(''));
    fc.assert(
      fc.property(hexArb, (hex) => {
        try {
          const d = decodeEpc(hex);
          expect(decodeEpc(d.epc)).toEqual(d);
        } catch (e) {
          expect(e).toBeInstanceOf(EpcError);
        }
      }),
      { numRuns: 3000 },
    );
    const value = fc.oneof(
      fc.string({ maxLength: 24 }),
      fc.integer(),
      fc.double(),
      fc.constant(undefined),
      fc.stringMatching(/^[0-9]{1,20}$/),
    );
    fc.assert(
      fc.property(
        fc.record({
          scheme: fc.constantFrom(...TDS2_SCHEMES),
          gtin: value,
          serial: value,
          filter: value,
          sscc: value,
          gln: value,
          extension: value,
          grai: value,
          giai: value,
          gsrn: value,
          gsrnp: value,
          gdti: value,
          sgcn: value,
          cpi: value,
          itip: value,
          piece: value,
          total: value,
          date: value,
          dateType: value,
          hostname: value,
          aidc: fc.oneof(
            fc.constant(undefined),
            fc.array(fc.tuple(fc.constantFrom(...AI_FORMAT.keys()), fc.string({ maxLength: 12 })), { maxLength: 3 }),
          ),
        }),
        (input) => {
          try {
            encodeEpc(input as never);
          } catch (e) {
            expect(e).toBeInstanceOf(EpcError);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
