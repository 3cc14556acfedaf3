import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDigit } from './chars.js';
import { decodeEpc } from './decode.js';
import { encodeEpc } from './encode.js';
import { glnCheckDigit, isSglnExtension, isValidGln, sglnUri } from './gln.js';

describe('GLN', () => {
  it('checks a GLN: 13 digits, the last the GS1 check digit of the others', () => {
    expect(isValidGln('0614141000067')).toBe(true);
    expect(isValidGln('0614141000068')).toBe(false);
    expect(glnCheckDigit('061414100006')).toBe(checkDigit('061414100006'));
    expect(isValidGln(`061414100006${checkDigit('061414100006')}`)).toBe(true);
    expect(isValidGln('690123410001')).toBe(false); // 12 digits
    expect(isValidGln('69012341000１7')).toBe(false);
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{12}$/), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const good = `${body}${checkDigit(body)}`;
        const bad = `${body}${(checkDigit(body) + shift) % 10}`;
        return isValidGln(good) && !isValidGln(bad);
      }),
    );
  });

  it('writes the SGLN pure-identity URI of a GLN as the codec decodes an SGLN-96 of it (TDS §6.3.3)', () => {
    expect(sglnUri('0614141123452', 7)).toBe('urn:epc:id:sgln:0614141.12345.0');
    expect(sglnUri('0614141123452', 7, '5678')).toBe('urn:epc:id:sgln:0614141.12345.5678');
    expect(sglnUri('0614141123452', 12)).toBe('urn:epc:id:sgln:061414112345..0');
    expect(() => sglnUri('0614141123453', 7)).toThrow(RangeError);
    expect(() => sglnUri('0614141123452', 5)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{12}$/), fc.integer({ min: 6, max: 12 }), (body, cpl) => {
        const gln = `${body}${checkDigit(body)}`;
        const encoded = encodeEpc({ scheme: 'sgln-96', gln, companyPrefixLength: cpl, extension: '0', filter: 0 });
        return encoded.uri === sglnUri(gln, cpl) && decodeEpc(encoded.epc).uri === encoded.uri;
      }),
    );
  });

  it('takes as an extension 1–20 characters of the GS1 AI character set 82', () => {
    expect(isSglnExtension('POS-ST001')).toBe(true);
    expect(isSglnExtension('')).toBe(false);
    expect(isSglnExtension('A'.repeat(21))).toBe(false);
    expect(isSglnExtension('前台')).toBe(false);
    expect(isSglnExtension('a b')).toBe(false);
  });
});
