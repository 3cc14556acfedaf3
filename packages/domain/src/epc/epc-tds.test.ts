/**
 * Our codec against `epc-tds` 1.4.1 (a devDependency, for this test only), as a property over
 * random EPCs, where epc-tds is right. Where it is wrong, the standard's own examples decide
 * (epc.test.ts) and the cases below show the difference:
 * - the alphanumeric serials of SGTIN-198 (and of SGLN-195, GRAI-170, GIAI-202): TDS §6 / Table A-1
 *   writes `/` as %2F in EPC URIs, epc-tds writes it raw (urn:epc:tag:sgtin-198:3.0614141.712345.32a/b);
 * - SGLN-195, GRAI-170, GIAI-202: epc-tds misreads the standard's examples altogether
 *   (3774257BF40C0E59B2C2BF1… → urn:epc:id:grai:13669871.852739.K…);
 * - GSRN-96 / GSRNP-96: the service reference has 17 − L digits, zero-padded (TDS §6.3.7: the
 *   standard's urn:epc:id:gsrn:0614141.1234567890); epc-tds drops the zeros;
 * - a 12-digit company prefix leaves the SGLN location reference, GRAI asset type, GDTI document
 *   type and SGCN coupon reference with 0 digits: the URI component is empty (TDS §6.3.3 …
 *   urn:epc:id:sgln:061414112345..5678 style); epc-tds writes 0.
 */
import tdsModule from 'epc-tds';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BitWriter, checkDigit, decodeEpc, encodeEpc, SGTIN96_MAX_SERIAL, sgtin96Hex } from './index.js';

// biome-ignore lint/suspicious/noExplicitAny: the CommonJS build's default export
const TDS = ((tdsModule as any).default ?? tdsModule) as any;

const CP_BITS = [40, 37, 34, 30, 27, 24, 20];
const gtinArb = fc
  .tuple(fc.integer({ min: 0, max: 9 }), fc.stringMatching(/^[0-9]{12}$/))
  .map(([ind, body]) => `${ind}${body}${checkDigit(`${ind}${body}`)}`);
const cplArb = fc.integer({ min: 6, max: 12 });
const filterArb = fc.integer({ min: 0, max: 7 });

describe('against epc-tds, where it is right', () => {
  it('SGTIN-96 encode: the same hex', () => {
    fc.assert(
      fc.property(gtinArb, cplArb, filterArb, fc.integer({ min: 0, max: SGTIN96_MAX_SERIAL }), (gtin, cpl, filter, serial) => {
        const theirs = new TDS.Sgtin96()
          .setFilter(filter)
          .setPartition(12 - cpl)
          .setGtin(gtin)
          .setSerial(serial)
          .toHexString();
        expect(sgtin96Hex(gtin, cpl, filter, serial)).toBe(theirs.toUpperCase());
        expect(encodeEpc({ scheme: 'sgtin-96', gtin, serial, filter, companyPrefixLength: cpl }).epc).toBe(theirs.toUpperCase());
      }),
      { numRuns: 1000 },
    );
  });

  it('SGTIN-96 decode: the same URIs, GTIN and serial', () => {
    fc.assert(
      fc.property(gtinArb, cplArb, filterArb, fc.integer({ min: 0, max: SGTIN96_MAX_SERIAL }), (gtin, cpl, filter, serial) => {
        const hex = sgtin96Hex(gtin, cpl, filter, serial);
        const theirs = TDS.valueOf(hex);
        const ours = decodeEpc(hex);
        expect(ours.uri).toBe(theirs.toIdURI());
        expect(ours.tagUri).toBe(theirs.toTagURI());
        expect(ours.gtin).toBe(theirs.getGtin());
        expect(ours.serial).toBe(String(theirs.getSerial()));
      }),
      { numRuns: 1000 },
    );
  });

  /** A partitioned 96-bit EPC: header, filter, partition, company prefix, then the rest. */
  const partitioned = (header: number, filter: number, cpl: number, cp: string, rest: (w: BitWriter) => void) => {
    const p = 12 - cpl;
    const w = new BitWriter().int(header, 8).int(filter, 3).int(p, 3).int(Number(cp), CP_BITS[p]!);
    rest(w);
    return w.hex();
  };

  it('SSCC-96, SGLN-96, GRAI-96, GIAI-96, GDTI-96, SGCN-96 decode: the same URIs', () => {
    const refBits = {
      sscc: [18, 21, 24, 28, 31, 34, 38],
      loc: [1, 4, 7, 11, 14, 17, 21],
      grai: [4, 7, 10, 14, 17, 20, 24],
      giai: [42, 45, 48, 52, 55, 58, 62],
    };
    // company prefixes of 6–11 digits: with 12, the 12 − L digit references are empty (below)
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 11 }),
        filterArb,
        fc.stringMatching(/^[0-9]{17}$/),
        fc.integer({ min: 0, max: 2 ** 38 - 1 }),
        fc.stringMatching(/^[0-9]{1,12}$/),
        (cpl, filter, digits, n, numeric) => {
          const p = 12 - cpl;
          const cp = digits.slice(0, cpl);
          const hexes = [
            partitioned(0x31, filter, cpl, cp, (w) => w.int(Number(digits.slice(cpl, 17)), refBits.sscc[p]!).int(0, 24)),
            partitioned(0x32, filter, cpl, cp, (w) => w.int(Number(digits.slice(cpl, 12) || '0'), refBits.loc[p]!).int(n, 41)),
            partitioned(0x33, filter, cpl, cp, (w) => w.int(Number(digits.slice(cpl, 12) || '0'), refBits.grai[p]!).int(n, 38)),
            partitioned(0x34, filter, cpl, cp, (w) => w.int(n, refBits.giai[p]!)),
            partitioned(0x2c, filter, cpl, cp, (w) => w.int(Number(digits.slice(cpl, 12) || '0'), refBits.loc[p]!).int(n, 41)),
            // SGCN-96: the serial's digits behind a prepended 1, leading zeros kept
            partitioned(0x3f, filter, cpl, cp, (w) =>
              w.int(Number(digits.slice(cpl, 12) || '0'), refBits.loc[p]!).int(Number(`1${numeric}`), 41),
            ),
          ];
          for (const hex of hexes) {
            const theirs = TDS.valueOf(hex);
            const ours = decodeEpc(hex);
            expect([hex, ours.uri, ours.tagUri]).toEqual([hex, theirs.toIdURI(), theirs.toTagURI()]);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('GID-96 decode: the same URIs (no filter in the tag URI)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 28 - 1 }),
        fc.integer({ min: 0, max: 2 ** 24 - 1 }),
        fc.integer({ min: 0, max: 2 ** 36 - 1 }),
        (m, c, s) => {
          const hex = new BitWriter().int(0x35, 8).int(m, 28).int(c, 24).int(s, 36).hex();
          const theirs = new TDS.Gid96(hex);
          expect([decodeEpc(hex).uri, decodeEpc(hex).tagUri]).toEqual([theirs.toIdURI(), theirs.toTagURI()]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('where epc-tds is wrong (the standard decides: TDS 1.13 examples and Table A-1)', () => {
  it('SGTIN-198: epc-tds leaves / unescaped in the tag URI; the standard writes %2F', () => {
    const hex = '3674257BF6B7A659B2C2BF1000000000000000000000000000';
    expect(TDS.valueOf(hex).toTagURI()).toBe('urn:epc:tag:sgtin-198:3.0614141.712345.32a/b');
    expect(decodeEpc(hex).tagUri).toBe('urn:epc:tag:sgtin-198:3.0614141.712345.32a%2Fb');
  });

  it('GSRN-96: epc-tds drops the zeros of the service reference', () => {
    const hex = '2D1800000000000000000000';
    expect(TDS.valueOf(hex).toIdURI()).toBe('urn:epc:id:gsrn:000000.0');
    expect(decodeEpc(hex).uri).toBe('urn:epc:id:gsrn:000000.00000000000');
  });

  it('a 12-digit company prefix: epc-tds writes 0 for the empty location reference', () => {
    const hex = '320000000000000000000000';
    expect(TDS.valueOf(hex).toIdURI()).toBe('urn:epc:id:sgln:000000000000.0.0');
    expect(decodeEpc(hex).uri).toBe('urn:epc:id:sgln:000000000000..0');
  });

  it('GRAI-170, SGLN-195, GIAI-202: epc-tds misreads the standard’s examples', () => {
    for (const [hex, uri] of [
      ['3774257BF40C0E59B2C2BF100000000000000000000', 'urn:epc:id:grai:0614141.12345.32a%2Fb'],
      ['3974257BF46072CD9615F8800000000000000000000000000', 'urn:epc:id:sgln:0614141.12345.32a%2Fb'],
      ['3874257BF59B2C2BF1000000000000000000000000000000000', 'urn:epc:id:giai:0614141.32a%2Fb'],
    ]) {
      expect(TDS.valueOf(hex).toIdURI()).not.toBe(uri);
      expect(decodeEpc(hex!).uri).toBe(uri);
    }
  });
});
