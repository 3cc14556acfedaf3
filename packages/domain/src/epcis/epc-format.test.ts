import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDigitalLink } from '../resources/label/tags/event-hash.js';
import { digitalLinkToEpcUrn, epcKind, epcToDigitalLink, parseEpcFormat, translateEpc } from './epc-format.js';
import type { EpcisProblem } from './problem.js';

// the EPC Tag Data Standard's worked examples (pure-identity URI and GS1 element string), the
// element string written as a GS1 Digital Link URI; with the company prefix length of each
const DL = 'https://id.gs1.org';
const TDS: [urn: string, link: string, cpl: number][] = [
  ['urn:epc:id:sgtin:0614141.812345.6789', `${DL}/01/80614141123458/21/6789`, 7],
  ['urn:epc:id:sgtin:0614141.712345.32a%2Fb', `${DL}/01/70614141123451/21/32a%2Fb`, 7],
  ['urn:epc:id:sscc:0614141.1234567890', `${DL}/00/106141412345678908`, 7],
  ['urn:epc:id:sgln:0614141.12345.5678', `${DL}/414/0614141123452/254/5678`, 7],
  ['urn:epc:id:sgln:0614141.12345.32a%2Fb', `${DL}/414/0614141123452/254/32a%2Fb`, 7],
  ['urn:epc:id:sgln:0614141.12345.0', `${DL}/414/0614141123452`, 7],
  ['urn:epc:id:grai:0614141.12345.5678', `${DL}/8003/006141411234525678`, 7],
  ['urn:epc:id:grai:0614141.12345.32a%2Fb', `${DL}/8003/0061414112345232a%2Fb`, 7],
  ['urn:epc:id:giai:0614141.5678', `${DL}/8004/06141415678`, 7],
  ['urn:epc:id:giai:0614141.32a%2Fb', `${DL}/8004/061414132a%2Fb`, 7],
  ['urn:epc:id:gsrn:0614141.1234567890', `${DL}/8018/061414112345678902`, 7],
  ['urn:epc:id:gsrnp:0614141.1234567890', `${DL}/8017/061414112345678902`, 7],
  ['urn:epc:id:gdti:0614141.12345.5678', `${DL}/253/06141411234525678`, 7],
  ['urn:epc:id:gdti:4012345.98765.ABCDefgh012345678', `${DL}/253/4012345987652ABCDefgh012345678`, 7],
  ['urn:epc:id:cpi:0614141.98765.12345', `${DL}/8010/061414198765/8011/12345`, 7],
  ['urn:epc:id:cpi:0614141.5PQ7%2FZ43.12345', `${DL}/8010/06141415PQ7%2FZ43/8011/12345`, 7],
  ['urn:epc:id:sgcn:4012345.67890.04711', `${DL}/255/401234567890104711`, 7],
  ['urn:epc:id:itip:4012345.012345.01.02.987', `${DL}/8006/040123451234560102/21/987`, 7],
  ['urn:epc:id:pgln:0614141.12345', `${DL}/417/0614141123452`, 7],
  ['urn:epc:class:lgtin:4012345.012345.998877', `${DL}/01/04012345123456/10/998877`, 7],
  ['urn:epc:idpat:sgtin:0614141.107346.*', `${DL}/01/10614141073464`, 7],
  ['urn:epc:id:sgln:061414112345..0', `${DL}/414/0614141123452`, 12],
];

describe('EPC URN ↔ GS1 Digital Link', () => {
  it("translates the standard's examples both ways", () => {
    for (const [urn, link, cpl] of TDS) {
      expect(epcToDigitalLink(urn), urn).toBe(link);
      expect(digitalLinkToEpcUrn(link, cpl), link).toBe(urn);
      expect(epcKind(link)).toBe('digital-link');
    }
  });

  it('agrees with the canonical Digital Link of the event hash where both apply', () => {
    for (const urn of ['urn:epc:id:sgtin:0614141.812345.6789', 'urn:epc:id:sscc:0614141.1234567890', 'urn:epc:id:sgln:0614141.12345.5678'])
      expect(epcToDigitalLink(urn)).toBe(canonicalDigitalLink(urn));
  });

  it('reads a Digital Link on any host, with a path before the key, a query string or a trailing slash, and a lot beside the serial', () => {
    expect(digitalLinkToEpcUrn('https://example.com/products/01/80614141123458/21/6789?17=290101', 7)).toBe(
      'urn:epc:id:sgtin:0614141.812345.6789',
    );
    expect(digitalLinkToEpcUrn('http://example.com/01/80614141123458/10/LOT1/21/6789/', 7)).toBe('urn:epc:id:sgtin:0614141.812345.6789');
    expect(
      digitalLinkToEpcUrn('https://id.gs1.org/01/80614141123458/21/6789', (ai, key) =>
        ai === '01' && key.startsWith('80614141') ? 7 : undefined,
      ),
    ).toBe('urn:epc:id:sgtin:0614141.812345.6789');
  });

  it('cannot without the company prefix length, with a wrong check digit, a key of no EPC, or what is no EPC', () => {
    expect(digitalLinkToEpcUrn(`${DL}/01/80614141123458/21/6789`)).toBeNull();
    expect(digitalLinkToEpcUrn(`${DL}/01/80614141123458/21/6789`, () => undefined)).toBeNull();
    expect(digitalLinkToEpcUrn(`${DL}/01/80614141123458/21/6789`, 13)).toBeNull();
    expect(digitalLinkToEpcUrn(`${DL}/01/80614141123459/21/6789`, 7)).toBeNull();
    expect(digitalLinkToEpcUrn(`${DL}/01/80614141123458/22/A`, 7)).toBeNull();
    expect(digitalLinkToEpcUrn(`${DL}/8003/00614141123452`, 7)).toBeNull();
    expect(digitalLinkToEpcUrn('https://example.com/about', 7)).toBeNull();
    expect(digitalLinkToEpcUrn('urn:epc:id:sgtin:0614141.812345.6789', 7)).toBeNull();
    expect(epcToDigitalLink('urn:epc:id:gid:31415.271828.1414')).toBeNull();
    expect(epcToDigitalLink('urn:epc:raw:96.x3074257BF7194E4000001A85')).toBeNull();
    expect(epcToDigitalLink('urn:epc:idpat:sgtin:0614141.*.*')).toBeNull();
    expect(epcToDigitalLink('urn:epc:id:sgtin:0614141.81234.6789')).toBeNull();
    expect(epcToDigitalLink('urn:epc:id:sgtin:0614141.812345.%ZZ')).toBeNull();
    expect(epcToDigitalLink(`${DL}/01/80614141123458/21/6789`)).toBeNull();
  });

  it('round-trips any SGTIN', () => {
    const cset82 = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
    const uriEscape = (s: string) => s.replace(/["%&/<>?]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 12 }).chain((cpl) =>
          fc.tuple(
            fc.constant(cpl),
            fc.stringMatching(new RegExp(`^\\d{${cpl}}$`)),
            fc.stringMatching(new RegExp(`^\\d{${13 - cpl}}$`)),
            fc.array(fc.constantFrom(...cset82), { minLength: 1, maxLength: 20 }).map((cs) => cs.join('')),
          ),
        ),
        ([cpl, cp, ir, serial]) => {
          const urn = `urn:epc:id:sgtin:${cp}.${ir}.${uriEscape(serial)}`;
          const link = epcToDigitalLink(urn);
          expect(link).toMatch(/^https:\/\/id\.gs1\.org\/01\/\d{14}\/21\/[A-Za-z0-9%._~-]+$/);
          expect(decodeURIComponent(link!.split('/21/')[1])).toBe(serial);
          expect(digitalLinkToEpcUrn(link!, cpl)).toBe(urn);
          expect(epcToDigitalLink(digitalLinkToEpcUrn(link!, cpl)!)).toBe(link);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('GS1-EPC-Format', () => {
  it('is Always_GS1_Digital_Link when absent, one of the four values, else not acceptable (406)', () => {
    expect(parseEpcFormat(undefined)).toBe('Always_GS1_Digital_Link');
    expect(parseEpcFormat('')).toBe('Always_GS1_Digital_Link');
    for (const f of ['No_Preference', 'Always_GS1_Digital_Link', 'Always_EPC_URN', 'Never_Translates']) expect(parseEpcFormat(f)).toBe(f);
    try {
      parseEpcFormat('URN');
      expect.unreachable();
    } catch (e) {
      expect((e as EpcisProblem).problem).toMatchObject({ type: 'epcisException:NotAcceptableException', status: 406 });
    }
  });

  it('translates as asked, keeping what it cannot', () => {
    const urn = 'urn:epc:id:sgtin:0614141.812345.6789';
    const link = `${DL}/01/80614141123458/21/6789`;
    expect(translateEpc(urn, 'Always_GS1_Digital_Link')).toBe(link);
    expect(translateEpc(link, 'Always_EPC_URN', 7)).toBe(urn);
    expect(translateEpc(link, 'Always_EPC_URN')).toBe(link);
    expect(translateEpc(urn, 'Never_Translates')).toBe(urn);
    expect(translateEpc(link, 'No_Preference')).toBe(link);
    expect(translateEpc('urn:tagloom:loc:DEMO:ST001', 'Always_GS1_Digital_Link')).toBe('urn:tagloom:loc:DEMO:ST001');
  });

  it('tells the kind of an EPC value', () => {
    expect(epcKind('urn:epc:id:sgtin:0614141.812345.6789')).toBe('urn');
    expect(epcKind('urn:epc:class:lgtin:4012345.012345.998877')).toBe('urn');
    expect(epcKind('urn:epc:raw:96.x3074257BF7194E4000001A85')).toBe('urn');
    expect(epcKind('urn:epc:idpat:sgtin:0614141.*.*')).toBe('pattern');
    expect(epcKind('https://example.com/01/80614141123458/21/6789')).toBe('digital-link');
    expect(epcKind('https://example.com/about')).toBe('other');
    expect(epcKind('urn:uuid:1')).toBe('other');
  });
});
