import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemasOf } from '../../../resource/schemas.js';
import { goodsSkuResource } from './goods.js';
import { GTIN_LENGTHS, gtinCheckDigit, isValidGtin, withCheckDigit } from './gtin.js';

const body = (len: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: len - 1, maxLength: len - 1 }).map((d) => d.join(''));

describe('GS1 check digit', () => {
  it('knows published GTINs', () => {
    // GS1's own examples and real product codes
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('9780306406157')).toBe(true);
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('10012345000017')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(gtinCheckDigit('400638133393')).toBe(1);
  });

  it('accepts every body with its check digit, at every GTIN length', () => {
    fc.assert(fc.property(fc.constantFrom(...GTIN_LENGTHS).chain(body), (b) => isValidGtin(withCheckDigit(b))));
  });

  it('refuses any other last digit', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GTIN_LENGTHS).chain(body), fc.integer({ min: 1, max: 9 }), (b, shift) => {
        const wrong = (gtinCheckDigit(b) + shift) % 10;
        return !isValidGtin(`${b}${wrong}`);
      }),
    );
  });

  it('catches every single-digit error and every adjacent swap of different digits (but 0↔5 …)', () => {
    fc.assert(
      fc.property(body(13), fc.nat(11), fc.integer({ min: 1, max: 9 }), (b, at, shift) => {
        const code = withCheckDigit(b);
        const typo = `${code.slice(0, at)}${(Number(code[at]) + shift) % 10}${code.slice(at + 1)}`;
        return !isValidGtin(typo);
      }),
    );
  });

  it('refuses other shapes', () => {
    for (const v of ['', '123', '12345678901', '123456789012345', '69012340000a1', ' 6901234000013']) expect(isValidGtin(v)).toBe(false);
  });

  it('is a rule of the SKU line, naming the GTIN field', () => {
    const line = { goodsId: 1, colour: '黑色', size: 'M', skuBarcode: 'X1' };
    const { create } = schemasOf(goodsSkuResource);
    expect(create.safeParse({ ...line, gtin: withCheckDigit('690123400001') }).success).toBe(true);
    const bad = create.safeParse({ ...line, gtin: '6901234000010' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['gtin', 'goods.gtinCheck']);
    const shape = create.safeParse({ ...line, gtin: '69012' });
    expect(shape.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['gtin', 'goods.gtinShape']]);
  });
});
