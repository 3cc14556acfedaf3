import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEpcGeneral } from './decode.js';
import { TDS_EXAMPLES } from './fixtures.js';
import {
  BitWriter,
  checkDigit,
  decodeEpc,
  ENCODABLE_SCHEMES,
  type EncodeEpcInput,
  EpcError,
  encodeEpc,
  SGTIN96_MAX_SERIAL,
  sgtin96Batch,
  sgtin96Hex,
  type Tds1Scheme,
  uriEscape,
} from './index.js';

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

describe('the standard’s examples (TDS 1.13), one per scheme', () => {
  it('covers every EPC binary scheme of TDS 1.13', () => {
    expect(new Set(TDS_EXAMPLES.map((e) => e.scheme)).size).toBe(21);
  });
  for (const ex of TDS_EXAMPLES) {
    it(`decodes ${ex.scheme} ${ex.hex}`, () => {
      const d = decodeEpc(ex.hex);
      expect(d.scheme).toBe(ex.scheme);
      expect(d.uri).toBe(ex.uri);
      expect(d.tagUri).toBe(ex.tagUri);
      expect(d.elementString).toBe(ex.elementString);
      expect(d.epc).toBe(words(ex.hex, d.bits));
      // lower case and the whole-word form decode alike
      expect(decodeEpc(ex.hex.toLowerCase()).uri).toBe(ex.uri);
      expect(decodeEpc(d.epc).tagUri).toBe(ex.tagUri);
    });
  }

  it('gives the Digital Link URI of the GS1 keys, percent-encoding the serial', () => {
    expect(decodeEpc('3074257BF7194E4000001A85').digitalLink).toBe('https://id.gs1.org/01/80614141123458/21/6789');
    expect(decodeEpc('3674257BF6B7A659B2C2BF1000000000000000000000000000').digitalLink).toBe(
      'https://id.gs1.org/01/70614141123451/21/32a%2Fb',
    );
    expect(decodeEpc('3174257BF4499602D2000000').digitalLink).toBe('https://id.gs1.org/00/106141412345678908');
    expect(decodeEpc('350007AB70425D4000000586').digitalLink).toBeUndefined();
  });

  it('gives the SGTIN fields, GTIN and serial', () => {
    const d = decodeEpc('3074257BF7194E4000001A85');
    expect(d).toMatchObject({ filter: 3, gtin: '80614141123458', serial: '6789' });
    expect(d.fields).toEqual({
      filter: 3,
      partition: 5,
      companyPrefix: '0614141',
      itemReference: '812345',
      serial: '6789',
      gtin: '80614141123458',
    });
  });

  it('keeps the leading zeros of an SGCN-96 serial (numeric string: a 1 prepended)', () => {
    expect(decodeEpc('3F74F4E4E612640000019907').fields.serial).toBe('04711');
  });

  it('writes the GID-96 tag URI without a filter (GID has none)', () => {
    expect(decodeEpc('350007AB70425D4000000586').tagUri).toBe('urn:epc:tag:gid-96:31415.271828.1414');
  });

  it('encodes every scheme’s example back to the standard’s hex', () => {
    const inputs: Record<Tds1Scheme, EncodeEpcInput> = {
      'sgtin-96': { scheme: 'sgtin-96', gtin: '80614141123458', serial: '6789', filter: 3, companyPrefixLength: 7 },
      'sgtin-198': { scheme: 'sgtin-198', gtin: '70614141123451', serial: '32a/b', filter: 3, companyPrefixLength: 7 },
      'sscc-96': { scheme: 'sscc-96', sscc: '106141412345678908', filter: 3, companyPrefixLength: 7 },
      'sgln-96': { scheme: 'sgln-96', gln: '0614141123452', extension: '5678', filter: 3, companyPrefixLength: 7 },
      'sgln-195': { scheme: 'sgln-195', gln: '0614141123452', extension: '32a/b', filter: 3, companyPrefixLength: 7 },
      'grai-96': { scheme: 'grai-96', grai: '00614141123452', serial: '5678', filter: 3, companyPrefixLength: 7 },
      'grai-170': { scheme: 'grai-170', grai: '00614141123452', serial: '32a/b', filter: 3, companyPrefixLength: 7 },
      'giai-96': { scheme: 'giai-96', giai: '06141415678', filter: 3, companyPrefixLength: 7 },
      'giai-202': { scheme: 'giai-202', giai: '061414132a/b', filter: 3, companyPrefixLength: 7 },
      'gsrn-96': { scheme: 'gsrn-96', gsrn: '061414112345678902', filter: 3, companyPrefixLength: 7 },
      'gsrnp-96': { scheme: 'gsrnp-96', gsrnp: '061414112345678902', filter: 3, companyPrefixLength: 7 },
      'gdti-96': { scheme: 'gdti-96', gdti: '0614141123452', serial: '5678', filter: 3, companyPrefixLength: 7 },
      'gdti-174': { scheme: 'gdti-174', gdti: '4012345987652', serial: 'ABCDefgh012345678', filter: 3, companyPrefixLength: 7 },
      'cpi-96': { scheme: 'cpi-96', companyPrefix: '0614141', componentPartReference: '98765', serial: '12345', filter: 3 },
      'cpi-var': { scheme: 'cpi-var', cpi: '06141415PQ7/Z43', serial: '12345', filter: 3, companyPrefixLength: 7 },
      'sgcn-96': { scheme: 'sgcn-96', sgcn: '4012345678901', serial: '04711', filter: 3, companyPrefixLength: 7 },
      'gid-96': { scheme: 'gid-96', managerNumber: 31415, objectClass: 271828, serial: 1414 },
      'itip-110': { scheme: 'itip-110', gtin: '04012345123456', piece: 1, total: '02', serial: 987, filter: 3, companyPrefixLength: 7 },
      'itip-212': { scheme: 'itip-212', gtin: '04012345123456', piece: '01', total: 2, serial: 'mw133', filter: 3, companyPrefixLength: 7 },
      'usdod-96': { scheme: 'usdod-96', cageOrDodaac: 'CAGEY', serial: 5678, filter: 3 },
      'adi-var': { scheme: 'adi-var', cageOrDodaac: '35962', partNumber: 'PQ7VZ4', serial: 'M37GXB92', filter: 3 },
    };
    for (const ex of TDS_EXAMPLES) {
      const e = encodeEpc(inputs[ex.scheme]);
      expect([ex.scheme, e.epc, e.uri, e.tagUri]).toEqual([ex.scheme, words(ex.hex, e.bits), ex.uri, ex.tagUri]);
    }
  });

  it('refuses what the other schemes forbid on encoding', () => {
    expect(refusal(() => encodeEpc({ scheme: 'gsrn-96', gsrn: '061414112345678903', companyPrefixLength: 7 })).key).toBe('epc.checkDigit');
    expect(
      refusal(() => encodeEpc({ scheme: 'sgcn-96', sgcn: '4012345678901', serial: '1234567890123', companyPrefixLength: 7 })).key,
    ).toBe('epc.textTooLongInput');
    expect(refusal(() => encodeEpc({ scheme: 'cpi-var', cpi: '06141415pq7', serial: 1, companyPrefixLength: 7 }))).toMatchObject({
      field: 'cpi',
      key: 'epc.charNotAllowed6',
    });
    expect(
      refusal(() => encodeEpc({ scheme: 'cpi-96', companyPrefix: '061414112345', componentPartReference: '1000', serial: 1 })).key,
    ).toBe('epc.tooLarge');
    expect(
      refusal(() => encodeEpc({ scheme: 'itip-110', gtin: '04012345123456', piece: 100, total: 2, serial: 1, companyPrefixLength: 7 })),
    ).toMatchObject({
      field: 'piece',
      key: 'epc.twoDigits',
    });
    expect(refusal(() => encodeEpc({ scheme: 'usdod-96', cageOrDodaac: 'CAGIO', serial: 1 })).key).toBe('epc.cage');
    expect(refusal(() => encodeEpc({ scheme: 'usdod-96', cageOrDodaac: 'CAGEY', serial: 1, filter: 16 })).params).toEqual({ max: 15 });
    expect(encodeEpc({ scheme: 'usdod-96', cageOrDodaac: 'CAGEY', serial: 1, filter: 15 }).filter).toBe(15);
    expect(encodeEpc({ scheme: 'adi-var', cageOrDodaac: '2S194', serial: '#12-A/9', filter: 63 }).uri).toBe(
      'urn:epc:id:adi:2S194..%2312-A%2F9',
    );
    expect(refusal(() => encodeEpc({ scheme: 'adi-var', cageOrDodaac: '2S194', serial: '1#2' })).key).toBe('epc.charNotAllowed6');
    expect(refusal(() => encodeEpc({ scheme: 'gid-96', managerNumber: 2 ** 28, objectClass: 1, serial: 1 })).field).toBe('managerNumber');
  });

  it('encodes the examples of the encodable schemes to the standard’s hex', () => {
    const cases: [Parameters<typeof encodeEpc>[0], string][] = [
      [{ scheme: 'sgtin-96', gtin: '80614141123458', serial: '6789', filter: 3, companyPrefixLength: 7 }, '3074257BF7194E4000001A85'],
      [
        { scheme: 'sgtin-198', gtin: '70614141123451', serial: '32a/b', filter: 3, companyPrefixLength: 7 },
        '3674257BF6B7A659B2C2BF1000000000000000000000000000',
      ],
      [{ scheme: 'sgtin-96', companyPrefix: '0614141', itemReference: '812345', serial: 6789, filter: 3 }, '3074257BF7194E4000001A85'],
      [{ scheme: 'sscc-96', sscc: '106141412345678908', filter: 3, companyPrefixLength: 7 }, '3174257BF4499602D2000000'],
      [{ scheme: 'sgln-96', gln: '0614141123452', extension: '5678', filter: 3, companyPrefixLength: 7 }, '3274257BF46072000000162E'],
      [{ scheme: 'grai-96', grai: '00614141123452', serial: '5678', filter: 3, companyPrefixLength: 7 }, '3374257BF40C0E400000162E'],
      [{ scheme: 'giai-96', giai: '06141415678', filter: 3, companyPrefixLength: 7 }, '3474257BF40000000000162E'],
      [{ scheme: 'giai-96', companyPrefix: '0614141', individualAssetReference: '5678', filter: 3 }, '3474257BF40000000000162E'],
      [
        { scheme: 'sgln-195', gln: '0614141123452', extension: '32a/b', filter: 3, companyPrefixLength: 7 },
        '3974257BF46072CD9615F8800000000000000000000000000',
      ],
      [
        { scheme: 'grai-170', grai: '00614141123452', serial: '32a/b', filter: 3, companyPrefixLength: 7 },
        '3774257BF40C0E59B2C2BF100000000000000000000',
      ],
      [
        { scheme: 'giai-202', giai: '061414132a/b', filter: 3, companyPrefixLength: 7 },
        '3874257BF59B2C2BF1000000000000000000000000000000000',
      ],
      [
        { scheme: 'giai-202', companyPrefix: '0614141', individualAssetReference: '32a/b', filter: 3 },
        '3874257BF59B2C2BF1000000000000000000000000000000000',
      ],
    ];
    for (const [input, hex] of cases) {
      const e = encodeEpc(input);
      expect(e.epc).toBe(words(hex, e.bits));
      expect(e.uri).toBe(decodeEpc(hex).uri);
    }
  });
});

describe('the other schemes’ rules', () => {
  const cp7 = (w: BitWriter, header: number) => w.int(header, 8).int(1, 3).int(5, 3).int(614141, 24);

  it('CPI-var: a 6-bit component/part reference, / and # escaped as %2F and %23', () => {
    const hex = cp7(new BitWriter(), 0x3d).chars('A#1/B-', 6).int(0, 6).int(42, 40).hex();
    const d = decodeEpc(hex);
    expect(d.uri).toBe('urn:epc:id:cpi:0614141.A%231%2FB-.42');
    expect(d.elementString).toBe('(8010)0614141A#1/B-(8011)42');
    expect(d.digitalLink).toBe('https://id.gs1.org/8010/0614141A%231%2FB-/8011/42');
    // a lower-case letter is no 6-bit character (its code is past 0x5F)
    expect(refusal(() => decodeEpc(cp7(new BitWriter(), 0x3d).chars('A[', 6).int(0, 6).int(1, 40).hex())).key).toBe('epc.badChar');
  });

  it('ADI-var: CAGE after a space, an empty part number, a serial beginning with #', () => {
    const hex = new BitWriter().int(0x3b, 8).int(0, 6).chars(' 2S194', 6).int(0, 6).chars('#12-A/9', 6).int(0, 6).hex();
    const d = decodeEpc(hex);
    expect(d.uri).toBe('urn:epc:id:adi:2S194..%2312-A%2F9');
    expect(d.tagUri).toBe('urn:epc:tag:adi-var:0.2S194..%2312-A%2F9');
    // # only as the serial's first character
    const bad = new BitWriter().int(0x3b, 8).int(0, 6).chars(' 2S194', 6).chars('P', 6).int(0, 6).chars('1#', 6).int(0, 6).hex();
    expect(refusal(() => decodeEpc(bad)).key).toBe('epc.badChar');
  });

  it('SGCN-96: a serial of leading zeros only, and a numeric string without its leading 1', () => {
    const sgcn = (prepended: number) =>
      new BitWriter().int(0x3f, 8).int(3, 3).int(5, 3).int(4012345, 24).int(67890, 17).int(prepended, 41).hex();
    expect(decodeEpc(sgcn(1000)).fields.serial).toBe('000');
    expect(decodeEpc(sgcn(1000)).elementString).toBe('(255)4012345678901000');
    expect(refusal(() => decodeEpc(sgcn(4711))).key).toBe('epc.numericString');
    expect(refusal(() => decodeEpc(sgcn(1))).key).toBe('epc.numericString');
  });

  it('SGLN-96: extension 0 stands for no extension; a 12-digit company prefix leaves the location reference empty', () => {
    const d = encodeEpc({ scheme: 'sgln-96', gln: '0614141123452', companyPrefixLength: 7 });
    expect(d.uri).toBe('urn:epc:id:sgln:0614141.12345.0');
    expect(d.elementString).toBe('(414)0614141123452');
    expect(d.digitalLink).toBe('https://id.gs1.org/414/0614141123452');
    const e = encodeEpc({ scheme: 'sgln-96', gln: '0614141123452', extension: 7, companyPrefixLength: 12 });
    expect(e.uri).toBe('urn:epc:id:sgln:061414112345..7');
  });

  it('USDOD-96: a six-character DoDAAC', () => {
    const hex = new BitWriter().int(0x2f, 8).int(2, 4).chars('W81XWH', 8).int(123, 36).hex();
    expect(decodeEpc(hex)).toMatchObject({ uri: 'urn:epc:id:usdod:W81XWH.123', tagUri: 'urn:epc:tag:usdod-96:2.W81XWH.123' });
  });

  it('ITIP-110: piece and total of two digits each, past 99 refused', () => {
    const itip = (piece: number) =>
      new BitWriter().int(0x40, 8).int(3, 3).int(5, 3).int(4012345, 24).int(12345, 20).int(piece, 7).int(2, 7).int(987, 38).hex();
    expect(decodeEpc(itip(1)).fields).toMatchObject({ piece: '01', total: '02', itip: '040123451234560102' });
    expect(refusal(() => decodeEpc(itip(100)))).toMatchObject({ key: 'epc.fieldOverflow', params: { part: 'epc.part.piece' } });
  });
});

describe('refusals: what the standard forbids', () => {
  const sgtin = { scheme: 'sgtin-96', gtin: '80614141123458', serial: '6789', filter: 3, companyPrefixLength: 7 } as const;

  it('a wrong GTIN check digit, or a GTIN of another length', () => {
    expect(refusal(() => encodeEpc({ ...sgtin, gtin: '80614141123459' }))).toEqual({
      field: 'gtin',
      key: 'epc.gtinCheck',
      params: { expected: 8 },
    });
    expect(refusal(() => encodeEpc({ ...sgtin, gtin: '8061414112345' })).key).toBe('epc.gtinCheck');
    expect(refusal(() => encodeEpc({ ...sgtin, gtin: '806141411234' + 'x' })).key).toBe('epc.gtinShape');
    expect(refusal(() => encodeEpc({ ...sgtin, gtin: '123456789' })).key).toBe('epc.gtinShape');
    expect(refusal(() => encodeEpc({ ...sgtin, gtin: undefined })).field).toBe('gtin');
  });

  it('an SGTIN-96 serial past 2^38 − 1, with a leading zero, or not digits', () => {
    expect(refusal(() => encodeEpc({ ...sgtin, serial: String(SGTIN96_MAX_SERIAL + 1) }))).toEqual({
      field: 'serial',
      key: 'epc.tooLarge',
      params: { max: '274877906943' },
    });
    expect(encodeEpc({ ...sgtin, serial: String(SGTIN96_MAX_SERIAL) }).serial).toBe('274877906943');
    expect(refusal(() => encodeEpc({ ...sgtin, serial: '06789' }))).toEqual({ field: 'serial', key: 'epc.leadingZero', params: {} });
    expect(encodeEpc({ ...sgtin, serial: '0' }).serial).toBe('0');
    expect(refusal(() => encodeEpc({ ...sgtin, serial: '12a' })).key).toBe('epc.digitsOnly');
    expect(refusal(() => encodeEpc({ ...sgtin, serial: '' })).key).toBe('epc.required');
    expect(refusal(() => sgtin96Batch('80614141123458', 7, 3, SGTIN96_MAX_SERIAL, 2)).key).toBe('epc.tooLarge');
    // the same rule for the other integer serials
    expect(refusal(() => encodeEpc({ scheme: 'grai-96', grai: '0614141123452', serial: '05678', companyPrefixLength: 7 })).key).toBe(
      'epc.leadingZero',
    );
    expect(
      refusal(() => encodeEpc({ scheme: 'sgln-96', gln: '0614141123452', extension: '2199023255552', companyPrefixLength: 7 })).key,
    ).toBe('epc.tooLarge');
  });

  it('an SGTIN-198 serial of more than 20 characters or outside the 82 characters of Table A-1', () => {
    const s198 = { ...sgtin, scheme: 'sgtin-198' } as const;
    expect(encodeEpc({ ...s198, serial: 'A'.repeat(20) }).serial).toBe('A'.repeat(20));
    expect(refusal(() => encodeEpc({ ...s198, serial: 'A'.repeat(21) }))).toEqual({
      field: 'serial',
      key: 'epc.textTooLongInput',
      params: { max: 20 },
    });
    for (const bad of ['a b', 'x#y', 'é', '~', '[', '@'])
      expect(refusal(() => encodeEpc({ ...s198, serial: bad }))).toMatchObject({ field: 'serial', key: 'epc.charNotAllowed' });
  });

  it('a company prefix length not 6–12, a filter not 0–7, a scheme not encodable', () => {
    for (const cpl of [5, 13, 7.5, -1])
      expect(refusal(() => encodeEpc({ ...sgtin, companyPrefixLength: cpl }))).toEqual({
        field: 'companyPrefixLength',
        key: 'epc.companyPrefixLength',
        params: {},
      });
    for (const filter of [8, -1, 1.5, 'x'])
      expect(refusal(() => encodeEpc({ ...sgtin, filter }))).toEqual({ field: 'filter', key: 'epc.filter', params: { max: 7 } });
    expect(refusal(() => encodeEpc({ ...sgtin, scheme: 'xyz-96' as never })).field).toBe('scheme');
    expect(refusal(() => encodeEpc({ ...sgtin, companyPrefixLength: undefined }))).toEqual({
      field: 'companyPrefixLength',
      key: 'epc.required',
      params: {},
    });
    expect(refusal(() => encodeEpc({ scheme: 'sscc-96', companyPrefixLength: 7 }))).toEqual({
      field: 'sscc',
      key: 'epc.required',
      params: {},
    });
    expect(refusal(() => sgtin96Batch('80614141123458', 13, 3, 1, 1)).field).toBe('companyPrefixLength');
    expect(refusal(() => sgtin96Batch('80614141123458', 7, 9, 1, 1)).field).toBe('filter');
  });

  it('partition 7', () => {
    // 0x30 | filter 011 partition 111 …: the example SGTIN-96 with partition 7
    expect(refusal(() => decodeEpc('307C257BF7194E4000001A85'))).toEqual({ field: 'epc', key: 'epc.partition', params: { partition: 7 } });
    expect(refusal(() => decodeEpc('317C257BF4499602D2000000')).key).toBe('epc.partition');
    expect(refusal(() => decodeEpcGeneral('307C257BF7194E4000001A85')).key).toBe('epc.partition');
  });

  it('a header not in the standard (or withdrawn)', () => {
    expect(refusal(() => decodeEpc('E2801160600002040C7A1B2C'))).toEqual({
      field: 'epc',
      key: 'epc.header',
      params: { header: 'E2', standards: 'TDS 1.13, TDS 2.3' },
    });
    expect(refusal(() => decodeEpc('000000000000000000000000')).key).toBe('epc.header');
    expect(refusal(() => decodeEpc('3A74257BF46072000000162E'))).toEqual({
      field: 'epc',
      key: 'epc.headerWithdrawn',
      params: { header: '3A', scheme: 'GDTI-113' },
    });
  });

  it('hex of the wrong length or not hex', () => {
    expect(refusal(() => decodeEpc('3074257BF7194E4000001A8'))).toEqual({
      field: 'epc',
      key: 'epc.hexLength',
      params: { length: 23, expected: '24', scheme: 'SGTIN-96' },
    });
    expect(refusal(() => decodeEpc('3074257BF7194E4000001A850000')).key).toBe('epc.hexLength');
    expect(refusal(() => decodeEpc('3074257BF7194E4000001A8G'))).toEqual({ field: 'epc', key: 'epc.notHex', params: { char: 'G' } });
    expect(refusal(() => decodeEpc(' ')).key).toBe('epc.required');
    expect(refusal(() => decodeEpc('3')).key).toBe('epc.tooShort');
    // SGTIN-198: 50 (to a hex digit) to 52 (to a word) digits
    expect(refusal(() => decodeEpc('3674257BF6B7A659B2C2BF10000000000000000000000000')).key).toBe('epc.hexLength');
  });

  it('a company prefix or reference with more digits than its partition allows', () => {
    // SGTIN-96, partition 6 (6-digit prefix in 20 bits): prefix 2^20 − 1 = 1048575 has 7 digits
    const hex = new BitWriter()
      .int(0x30, 8)
      .int(1, 3)
      .int(6, 3)
      .int(2 ** 20 - 1, 20)
      .int(0, 24)
      .int(1, 38)
      .hex();
    expect(refusal(() => decodeEpc(hex))).toMatchObject({
      key: 'epc.fieldOverflow',
      params: { part: 'epc.part.companyPrefix', digits: 6 },
    });
    expect(refusal(() => decodeEpcGeneral(hex))).toEqual(refusal(() => decodeEpc(hex)));
    // item reference 2^24 − 1 with a 6-digit prefix: 8 digits where 7 are allowed
    const item = new BitWriter()
      .int(0x30, 8)
      .int(1, 3)
      .int(6, 3)
      .int(123456, 20)
      .int(2 ** 24 - 1, 24)
      .int(1, 38)
      .hex();
    expect(refusal(() => decodeEpc(item))).toMatchObject({
      key: 'epc.fieldOverflow',
      params: { part: 'epc.part.itemReference', digits: 7 },
    });
    expect(refusal(() => decodeEpcGeneral(item))).toEqual(refusal(() => decodeEpc(item)));
  });

  it('a 7-bit string with a character outside Table A-1 or bits after its end', () => {
    const serial = (chars: number[]) => {
      const w = new BitWriter().int(0x36, 8).int(3, 3).int(5, 3).int(614141, 24).int(712345, 20);
      for (const c of chars) w.int(c, 7);
      return w.int(0, 140 - chars.length * 7).hex();
    };
    expect(decodeEpc(serial([0x33, 0x32])).serial).toBe('32');
    expect(refusal(() => decodeEpc(serial([0x33, 0x23])))).toMatchObject({ key: 'epc.badChar', params: { char: '0x23' } });
    expect(refusal(() => decodeEpc(serial([0x33, 0, 0x32]))).key).toBe('epc.badString');
    expect(refusal(() => decodeEpc(serial([]))).key).toBe('epc.emptyField');
  });

  it('non-zero bits after the EPC, a variable-length EPC cut short', () => {
    expect(refusal(() => decodeEpc('3674257BF6B7A659B2C2BF1000000000000000000000000001')).key).toBe('epc.padding');
    expect(refusal(() => decodeEpc('3D74257BF75411DEF6B4CC00000')).key).toBe('epc.truncated');
    expect(refusal(() => decodeEpc('3D74257BF75411DEF6B4C'))).toEqual({
      field: 'epc',
      key: 'epc.hexTooShort',
      params: { length: 21, min: 22, scheme: 'CPI-var' },
    });
    expect(refusal(() => decodeEpc('3B0E0C'))).toMatchObject({ key: 'epc.hexTooShort', params: { min: 17 } });
    // SSCC-96 and GSRN-96 keep 24 reserved bits at zero
    expect(refusal(() => decodeEpc('3174257BF4499602D2000001'))).toEqual({ field: 'epc', key: 'epc.reserved', params: { bits: 24 } });
    expect(refusal(() => decodeEpc('2D74257BF4499602D2100000')).key).toBe('epc.reserved');
  });
});

describe('round trips', () => {
  const gtinArb = fc
    .tuple(fc.integer({ min: 0, max: 9 }), fc.stringMatching(/^[0-9]{12}$/))
    .map(([ind, body]) => `${ind}${body}${checkDigit(`${ind}${body}`)}`);
  const cplArb = fc.integer({ min: 6, max: 12 });
  const filterArb = fc.integer({ min: 0, max: 7 });

  it('SGTIN-96: decode(encode(x)) gives x back, and the batch equals one-by-one encoding', () => {
    fc.assert(
      fc.property(gtinArb, cplArb, filterArb, fc.integer({ min: 0, max: SGTIN96_MAX_SERIAL }), (gtin, cpl, filter, serial) => {
        const e = encodeEpc({ scheme: 'sgtin-96', gtin, serial: String(serial), filter, companyPrefixLength: cpl });
        const d = decodeEpc(e.epc);
        expect(d).toEqual(e);
        // the SGTIN-96 fast path and the general decoder agree, lower case too
        expect(decodeEpcGeneral(e.epc)).toEqual(d);
        expect(decodeEpc(e.epc.toLowerCase())).toEqual(d);
        expect(d.gtin).toBe(gtin);
        expect(d.serial).toBe(String(serial));
        expect(d.filter).toBe(filter);
        expect(d.fields.companyPrefix).toBe(gtin.slice(1, 1 + cpl));
        expect(sgtin96Hex(gtin, cpl, filter, serial)).toBe(e.epc);
        const first = Math.min(serial, SGTIN96_MAX_SERIAL - 2);
        expect(sgtin96Batch(gtin, cpl, filter, first, 3)).toEqual(
          [0, 1, 2].map((i) => encodeEpc({ scheme: 'sgtin-96', gtin, serial: first + i, filter, companyPrefixLength: cpl }).epc),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('SGTIN-198: any serial of Table A-1 comes back, escaped in the URIs as the standard says', () => {
    const charset = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
    const serialArb = fc.array(fc.constantFrom(...charset), { minLength: 1, maxLength: 20 }).map((a) => a.join(''));
    fc.assert(
      fc.property(gtinArb, cplArb, filterArb, serialArb, (gtin, cpl, filter, serial) => {
        const e = encodeEpc({ scheme: 'sgtin-198', gtin, serial, filter, companyPrefixLength: cpl });
        expect(e.epc).toHaveLength(52);
        const d = decodeEpc(e.epc);
        expect(d.serial).toBe(serial);
        expect(d.uri.endsWith(`.${uriEscape(serial)}`)).toBe(true);
        expect(d.uri).not.toMatch(/["&/<>?]/);
        expect(decodeURIComponent(d.uri.split('.').slice(2).join('.'))).toBe(serial);
        expect(d.elementString).toBe(`(01)${gtin}(21)${serial}`);
      }),
      { numRuns: 300 },
    );
  });

  it('SSCC-96, SGLN-96, GRAI-96, GIAI-96 come back', () => {
    fc.assert(
      fc.property(
        cplArb,
        filterArb,
        fc.stringMatching(/^[0-9]{17}$/),
        fc.integer({ min: 0, max: 2 ** 38 - 1 }),
        (cpl, filter, digits, n) => {
          const sscc = digits + checkDigit(digits);
          expect(encodeEpc({ scheme: 'sscc-96', sscc, filter, companyPrefixLength: cpl }).fields.sscc).toBe(sscc);
          const gln = digits.slice(0, 12) + checkDigit(digits.slice(0, 12));
          const sgln = encodeEpc({ scheme: 'sgln-96', gln, extension: n, filter, companyPrefixLength: cpl });
          expect(sgln.fields).toMatchObject({ gln, extension: String(n) });
          const grai = encodeEpc({ scheme: 'grai-96', grai: gln, serial: n, filter, companyPrefixLength: cpl });
          expect(grai.elementString).toBe(`(8003)0${gln}${n}`);
          const giai = encodeEpc({ scheme: 'giai-96', companyPrefix: digits.slice(0, cpl), individualAssetReference: n, filter });
          expect(giai.fields.giai).toBe(digits.slice(0, cpl) + n);
          for (const e of [sgln, grai, giai]) expect(decodeEpc(e.epc)).toEqual(e);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('SGLN-195, GRAI-170, GIAI-202: any text of Table A-1 comes back, escaped in the URIs', () => {
    const charset = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
    const textArb = (max: number) => fc.array(fc.constantFrom(...charset), { minLength: 1, maxLength: max }).map((a) => a.join(''));
    fc.assert(
      fc.property(cplArb, filterArb, fc.stringMatching(/^[0-9]{12}$/), textArb(16), textArb(20), (cpl, filter, digits, t16, t20) => {
        const key = digits + checkDigit(digits);
        const sgln = encodeEpc({ scheme: 'sgln-195', gln: key, extension: t20, filter, companyPrefixLength: cpl });
        const grai = encodeEpc({ scheme: 'grai-170', grai: key, serial: t16, filter, companyPrefixLength: cpl });
        const ref = t20.slice(0, 30 - cpl);
        const giai = encodeEpc({ scheme: 'giai-202', companyPrefix: digits.slice(0, cpl), individualAssetReference: ref, filter });
        expect(sgln.fields.extension).toBe(t20);
        expect(grai.serial).toBe(t16);
        expect(giai.fields.giai).toBe(digits.slice(0, cpl) + ref);
        expect(sgln.uri.endsWith(`.${uriEscape(t20)}`)).toBe(true);
        expect(grai.uri.endsWith(`.${uriEscape(t16)}`)).toBe(true);
        expect(giai.uri).toBe(`urn:epc:id:giai:${digits.slice(0, cpl)}.${uriEscape(ref)}`);
        for (const e of [sgln, grai, giai]) expect(decodeEpc(e.epc)).toEqual(e);
      }),
      { numRuns: 300 },
    );
    expect(
      refusal(() => encodeEpc({ scheme: 'grai-170', grai: '0614141123452', serial: 'A'.repeat(17), companyPrefixLength: 7 })).key,
    ).toBe('epc.textTooLongInput');
    expect(refusal(() => encodeEpc({ scheme: 'giai-202', giai: '06141X132a/b', companyPrefixLength: 7 })).key).toBe('epc.giaiPrefix');
    expect(
      refusal(() => encodeEpc({ scheme: 'giai-202', companyPrefix: '061414112345', individualAssetReference: 'A'.repeat(19) })),
    ).toMatchObject({
      field: 'individualAssetReference',
      params: { max: 18 },
    });
  });

  it('GSRN, GDTI, SGCN, CPI, ITIP, GID, USDOD, ADI: decode(encode(x)) gives x back', () => {
    const cageArb = fc.stringMatching(/^[0-9A-HJ-NP-Z]{5,6}$/);
    const adiArb = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9A-Z/-]{${min},${max}}$`));
    fc.assert(
      fc.property(
        cplArb,
        filterArb,
        fc.stringMatching(/^[0-9]{17}$/),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.stringMatching(/^[0-9]{1,12}$/),
        cageArb,
        adiArb(0, 32),
        adiArb(1, 30),
        (cpl, filter, digits, n, numeric, cage, part, serial) => {
          const cp = digits.slice(0, cpl);
          const key18 = digits + checkDigit(digits);
          const key13 = digits.slice(0, 12) + checkDigit(digits.slice(0, 12));
          const gtin = `${digits.slice(0, 13)}${checkDigit(digits.slice(0, 13))}`;
          const cases: [EncodeEpcInput, Record<string, string | number>][] = [
            [{ scheme: 'gsrn-96', gsrn: key18, filter, companyPrefixLength: cpl }, { gsrn: key18 }],
            [{ scheme: 'gsrnp-96', gsrnp: key18, filter, companyPrefixLength: cpl }, { gsrnp: key18 }],
            [{ scheme: 'gdti-96', gdti: key13, serial: n, filter, companyPrefixLength: cpl }, { gdti: `${key13}${n}` }],
            [{ scheme: 'gdti-174', gdti: key13, serial: `x${n}`, filter, companyPrefixLength: cpl }, { gdti: `${key13}x${n}` }],
            [
              { scheme: 'sgcn-96', sgcn: key13, serial: numeric, filter, companyPrefixLength: cpl },
              { sgcn: `${key13}${numeric}`, serial: numeric },
            ],
            [
              { scheme: 'cpi-96', companyPrefix: cp, componentPartReference: n % 1000, serial: n, filter },
              { cpi: `${cp}${n % 1000}`, serial: String(n) },
            ],
            [{ scheme: 'cpi-var', companyPrefix: cp, componentPartReference: `${cage}#/-`, serial: n, filter }, { cpi: `${cp}${cage}#/-` }],
            [
              { scheme: 'itip-110', gtin, piece: n % 100, total: 99, serial: n, filter, companyPrefixLength: cpl },
              { gtin, total: '99', serial: String(n) },
            ],
            [
              { scheme: 'itip-212', gtin, piece: 1, total: 1, serial: `s/${n}`, filter, companyPrefixLength: cpl },
              { gtin, piece: '01', serial: `s/${n}` },
            ],
            [{ scheme: 'gid-96', managerNumber: n % 2 ** 28, objectClass: n % 2 ** 24, serial: n }, { serial: String(n) }],
            [
              { scheme: 'usdod-96', cageOrDodaac: cage, serial: n, filter },
              { cageOrDodaac: cage, serial: String(n) },
            ],
            [
              { scheme: 'adi-var', cageOrDodaac: cage, partNumber: part, serial, filter },
              { cageOrDodaac: cage, partNumber: part, serial },
            ],
          ];
          for (const [input, want] of cases) {
            const e = encodeEpc(input);
            expect(e.fields).toMatchObject(want);
            expect(decodeEpc(e.epc)).toEqual(e);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('GIAI-96 asset references past 2^53 (BigInt only there)', () => {
    const e = encodeEpc({ scheme: 'giai-96', companyPrefix: '123456', individualAssetReference: '4611686018427387903', filter: 1 });
    expect(e.fields.individualAssetReference).toBe('4611686018427387903');
    expect(
      refusal(() => encodeEpc({ scheme: 'giai-96', companyPrefix: '123456', individualAssetReference: '4611686018427387904' })).key,
    ).toBe('epc.tooLarge');
  });

  it('anything else is refused with an EpcError, never another error', () => {
    const hexChars = '0123456789ABCDEFabcdef';
    const headers = [
      '2C',
      '2D',
      '2E',
      '2F',
      '30',
      '31',
      '32',
      '33',
      '34',
      '35',
      '36',
      '37',
      '38',
      '39',
      '3A',
      '3B',
      '3C',
      '3D',
      '3E',
      '3F',
      '40',
      '41',
    ];
    const hexArb = fc
      .tuple(fc.constantFrom(...headers), fc.array(fc.constantFrom(...hexChars), { maxLength: 126 }))
      .map(([h, rest]) => h + rest.join(''));
    fc.assert(
      fc.property(fc.oneof(hexArb, fc.string({ maxLength: 70 })), (hex) => {
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
          scheme: fc.constantFrom(...ENCODABLE_SCHEMES, 'x'),
          gtin: value,
          serial: value,
          filter: value,
          companyPrefixLength: fc.oneof(value, fc.integer({ min: 5, max: 13 })),
          companyPrefix: value,
          itemReference: value,
          sscc: value,
          gln: value,
          extension: value,
          grai: value,
          giai: value,
          individualAssetReference: value,
          gsrn: value,
          gdti: value,
          sgcn: value,
          cpi: value,
          componentPartReference: value,
          piece: value,
          total: value,
          managerNumber: value,
          objectClass: value,
          cageOrDodaac: value,
          partNumber: value,
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
