import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEpc, encodeEpc } from '../epc/index.js';
import { templateCodingRuleResource } from '../resources/general/template-coding-rule.js';
import { withCheckDigit } from '../resources/tenant/goods/gtin.js';
import { isSgtin96Layout, ruleIssues, ruleRefusals } from './checks.js';
import { CodingError, compileRule } from './engine.js';
import { type CodingDomain, type CodingRuleInput, VALUE_TYPE } from './layout.js';

const { fixed, serial, goods, tenant, date, random, gs1Item, partition, filter } = VALUE_TYPE;

/** Domains laid out one after another from bit 0: [name, length, valueType, base?, default?, start?, padding?]. */
function layout(...rows: [string, number, number, number?, string?, string?, number?][]): CodingDomain[] {
  let at = 0;
  return rows.map(([name, length, valueType, base = 10, defaultValue = '', startValue = '', padding = 1]) => {
    const d = { name, length, startIndex: at, endIndex: at + length - 1, valueType, base, defaultValue, startValue, padding };
    at += length;
    return d;
  });
}

const seeded = (code: string) => {
  const row = (templateCodingRuleResource.seed as Record<string, unknown>[]).find((r) => r.code === code)!;
  return row as unknown as CodingRuleInput & { sample: string };
};

const SGTIN = (companyPrefixLength = 7): CodingRuleInput => ({
  totalLength: 96,
  companyPrefixLength,
  domains: layout(
    ['header', 8, fixed, 16, '30'],
    ['filter', 3, filter, 10, '1'],
    ['partition', 3, partition],
    ['item', 44, gs1Item],
    ['serial', 38, serial, 10, '', '1'],
  ),
});

/** A GTIN-13/14 from digits (check digit appended). */
const gtinArb = fc.oneof(fc.stringMatching(/^[0-9]{12}$/).map(withCheckDigit), fc.stringMatching(/^[0-9]{13}$/).map(withCheckDigit));

describe('coding-rule engine', () => {
  it('writes the standard SGTIN-96 example (TDS 1.13 Annex E: urn:epc:tag:sgtin-96:3.0614141.812345.6789)', () => {
    const enc = compileRule(SGTIN(7));
    expect(enc.epc({ gtin: '80614141123458', filter: 3, serial: 6789 })).toBe('3074257BF7194E4000001A85');
    expect(enc.epcs({ gtin: '80614141123458', filter: 3, firstSerial: 6789, count: 2 })).toEqual([
      '3074257BF7194E4000001A85',
      '3074257BF7194E4000001A86',
    ]);
  });

  it('equals the codec’s SGTIN-96 encoding for any GTIN, company-prefix length, filter and serial range (seeded GS1 SGTIN-96)', () => {
    const rule = seeded('CR-SGTIN96');
    expect(isSgtin96Layout(rule)).toBe(true);
    fc.assert(
      fc.property(
        gtinArb,
        fc.integer({ min: 6, max: 12 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 2 ** 38 - 40 }),
        fc.integer({ min: 1, max: 30 }),
        (gtin, cpl, f, first, count) => {
          const enc = compileRule({ ...rule, companyPrefixLength: cpl });
          const got = enc.epcs({ gtin, filter: f, firstSerial: first, count });
          for (let i = 0; i < count; i++) {
            const want = encodeEpc({ scheme: 'sgtin-96', gtin, companyPrefixLength: cpl, filter: f, serial: first + i }).epc;
            expect(got[i]).toBe(want);
          }
          // and the decoder reads the GTIN and serial back
          const back = decodeEpc(got[count - 1]);
          expect(back.gtin).toBe(gtin.padStart(14, '0'));
          expect(back.serial).toBe(String(first + count - 1));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('seeds GS1 SGTIN-96 with filter 1 and a 7-digit company prefix, its sample a real SGTIN-96 of the demo GTIN', () => {
    const rule = seeded('CR-SGTIN96');
    expect(rule.companyPrefixLength).toBe(7);
    const d = decodeEpc(rule.sample);
    expect(d.scheme).toBe('sgtin-96');
    expect(d.filter).toBe(1);
    expect(d.uri).toBe('urn:epc:id:sgtin:6901234.000001.1');
    expect(ruleIssues(rule)).toEqual([]);
    expect(compileRule(rule).serial).toMatchObject({ start: 1n, max: 2n ** 38n - 1n });
  });

  it('lays out every value type: tenant, date, goods code, fixed with right padding', () => {
    const rule: CodingRuleInput = {
      totalLength: 100, // not a multiple of 4: the last hex digit is zero-filled
      domains: layout(
        ['h', 8, fixed, 16, 'E2'],
        ['pad', 4, fixed, 2, '1', '', 2],
        ['tenant', 12, tenant],
        ['goods', 44, goods],
        ['day', 16, date],
        ['serial', 16, serial],
      ),
    };
    const enc = compileRule(rule);
    const day = new Date('2026-11-24T10:00:00Z');
    const [epc] = enc.epcs({ gtin: '6901234000016', tenant: 3, date: day, firstSerial: 5, count: 1 });
    const days = Math.floor(day.getTime() / 86_400_000);
    const want = (0xe2n << 92n) | (0b1000n << 88n) | (3n << 76n) | (690123400001n << 32n) | (BigInt(days) << 16n) | 5n;
    expect(epc).toBe(want.toString(16).toUpperCase().padStart(25, '0'));
    expect(enc.explain({ gtin: '6901234000016', tenant: 3, date: day, serial: 5 }).map((x) => [x.name, x.value])).toEqual([
      ['h', String(0xe2)],
      ['pad', '8'],
      ['tenant', '3'],
      ['goods', '690123400001'],
      ['day', String(days)],
      ['serial', '5'],
    ]);
  });

  it('makes the same codes on the fast path (≤ 52-bit window) and the BigInt path', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 1000 }), gtinArb, (serialBits, first, gtin) => {
        const rule = (extra: number): CodingRuleInput => ({
          totalLength: 8 + 44 + serialBits + extra,
          domains: layout(
            ['h', 8, fixed, 16, 'E5'],
            ['g', 44, goods],
            ['s', serialBits, serial],
            ...(extra ? [['t', extra, fixed, 2, '1'] as [string, number, number, number, string]] : []),
          ),
        });
        const count = Math.min(5, 2 ** serialBits - first);
        if (count <= 0) return;
        const fast = compileRule(rule(0)).epcs({ gtin, firstSerial: first, count });
        // the one-tag path (BigInt) agrees
        for (let i = 0; i < count; i++) expect(fast[i]).toBe(compileRule(rule(0)).epc({ gtin, serial: first + i }));
        // a 70-bit serial window goes the BigInt way and still counts up
        const wide = compileRule(rule(70)).epcs({ gtin, firstSerial: first, count });
        expect(new Set(wide).size).toBe(count);
      }),
      { numRuns: 150 },
    );
  });

  it('random bits differ from tag to tag but keep the other domains', () => {
    const enc = compileRule({ totalLength: 96, domains: layout(['h', 8, fixed, 16, 'E3'], ['r', 24, random], ['s', 64, serial]) });
    const codes = enc.epcs({ firstSerial: 1, count: 200 });
    expect(new Set(codes.map((c) => c.slice(2, 8))).size).toBeGreaterThan(150);
    for (const c of codes) expect(c.startsWith('E3')).toBe(true);
  });

  it('refuses what cannot make a code: a bad GTIN, a serial past its domain, a missing company-prefix length', () => {
    const enc = compileRule(SGTIN(7));
    const err = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(CodingError);
        return [(e as CodingError).field, (e as CodingError).key];
      }
      throw new Error('not refused');
    };
    expect(err(() => enc.epcs({ gtin: '6901234000017', firstSerial: 1, count: 1 }))).toEqual(['gtin', 'coding.gtinInvalid']);
    expect(err(() => enc.epcs({ firstSerial: 1, count: 1 }))).toEqual(['gtin', 'coding.gtinRequired']);
    expect(err(() => enc.epcs({ gtin: '6901234000016', firstSerial: 2 ** 38 - 2, count: 3 }))).toEqual(['serial', 'coding.serialOverflow']);
    expect(err(() => enc.epcs({ gtin: '6901234000016', filter: 8, firstSerial: 1, count: 1 }))).toEqual(['filter', 'coding.valueTooBig']);
    expect(err(() => compileRule({ ...SGTIN(7), companyPrefixLength: null }))).toEqual([
      'companyPrefixLength',
      'validation.codingRule.prefixLengthNeeded',
    ]);
    // a total length not yet typed (the designer's first render) is refused, not a crash
    expect(err(() => compileRule({ ...SGTIN(7), totalLength: undefined as unknown as number }))).toEqual([
      'totalLength',
      'coding.totalInvalid',
    ]);
    const short = { ...SGTIN(7), domains: layout(['h', 8, fixed, 16, '30'], ['i', 40, gs1Item], ['s', 48, serial]) };
    expect(ruleRefusals(short as unknown as Record<string, unknown>).map((i) => i.message)).toContain(
      'validation.codingRule.gs1ItemLength',
    );
  });

  it('warns (does not refuse) when a custom rule starts with a GS1 header, and about rules without a serial', () => {
    const custom: CodingRuleInput = { totalLength: 96, domains: layout(['h', 8, fixed, 16, '30'], ['g', 44, goods], ['s', 44, serial]) };
    expect(ruleIssues(custom)).toEqual([{ key: 'coding.warn.gs1Header', params: { header: '30', scheme: 'SGTIN-96' } }]);
    expect(() => compileRule(custom)).not.toThrow();
    // split across two domains (4 + 4 bits, binary), still the SSCC-96 header
    const split: CodingRuleInput = {
      totalLength: 96,
      domains: layout(['a', 4, fixed, 2, '11'], ['b', 4, fixed, 2, '1'], ['s', 88, serial]),
    };
    expect(ruleIssues(split)[0]).toEqual({ key: 'coding.warn.gs1Header', params: { header: '31', scheme: 'SSCC-96' } });
    expect(ruleIssues(seeded('CR-TENANT96'))).toEqual([]);
    const noSerial: CodingRuleInput = { totalLength: 16, domains: layout(['h', 8, fixed, 16, 'E2'], ['x', 8, fixed]) };
    expect(ruleIssues(noSerial).map((w) => w.key)).toEqual(['coding.warn.noSerial']);
  });

  it('keeps the seeded tenant rule working: its sample decodes as no GS1 scheme', () => {
    const rule = seeded('CR-TENANT96');
    // header E2, tenant 001, then the sample GTIN without its check digit in 44 bits
    expect(rule.sample.slice(0, 5)).toBe('E2001');
    expect(Number.parseInt(rule.sample.slice(5, 16), 16)).toBe(690123400001);
    expect(() => decodeEpc(rule.sample)).toThrow();
  });
});
