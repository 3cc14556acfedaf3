import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pureSha256Hex, sha256Hex } from '../../../hash/sha256.js';
import { canonicalDigitalLink, canonicalTime, eventHash, eventPreHash } from './event-hash.js';

// events and hashes from the reference implementation's examples (github RalphTro/epcis-event-hash-generator,
// MIT licence, tests/examples/epcisDocWithSingleEvent.* and epcisDocWithVariousEventTypes.*)
const single = {
  type: 'ObjectEvent',
  action: 'OBSERVE',
  bizStep: 'shipping',
  disposition: 'in_transit',
  epcList: ['urn:epc:id:sgtin:0614141.107346.2017', 'urn:epc:id:sgtin:0614141.107346.2018'],
  eventTime: '2022-02-16T20:33:31.116000-06:00',
  eventTimeZoneOffset: '-06:00',
  readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
  bizTransactionList: [{ type: 'po', bizTransaction: 'http://transaction.acme.com/po/12345678' }],
};
const various: [string, Record<string, unknown>][] = [
  [
    '25be54b3d29f31ef9b4e62d62e7610f5d186369ba6eabb5e70ba9884153792a7',
    {
      type: 'ObjectEvent',
      eventTime: '2019-10-21T11:00:30.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sscc:5200001.0111111146'],
      action: 'OBSERVE',
      bizStep: 'departing',
      readPoint: { id: 'urn:epc:id:sgln:5200001.99901.0' },
      bizTransactionList: [
        { type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:5200001000008:4711' },
        { type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:5200001000008:RE1099' },
      ],
      sourceList: [{ type: 'possessing_party', source: 'urn:epc:id:pgln:5200001.00000' }],
      destinationList: [
        { type: 'possessing_party', destination: 'urn:epc:id:pgln:4000001.98765' },
        { type: 'location', destination: 'urn:epc:id:sgln:4012345.00012.0' },
      ],
    },
  ],
  [
    'b28bf72f1bb227fbf583c8e062dc6c52689849a5f6ea4fa290eaede62f345eab',
    {
      type: 'ObjectEvent',
      eventTime: '2019-10-21T12:00:30.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sscc:5200001.0111111146'],
      action: 'OBSERVE',
      bizStep: 'receiving',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00012.0' },
      bizTransactionList: [
        { type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:5200001000008:4711' },
        { type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:5200001000008:RE1099' },
      ],
      sourceList: [
        { type: 'possessing_party', source: 'urn:epc:id:pgln:4000001.00012' },
        { type: 'owning_party', source: 'urn:epc:id:pgln:4000001.00012' },
      ],
      destinationList: [
        { type: 'possessing_party', destination: 'urn:epc:id:pgln:4012345.00000' },
        { type: 'owning_party', destination: 'urn:epc:id:pgln:4012345.00000' },
        { type: 'location', destination: 'urn:epc:id:sgln:4012345.00012.0' },
      ],
    },
  ],
  [
    'c50842eb714406394a77fb7b517fea621c78a61f65549874de7c9e019afe7b6f',
    {
      type: 'ObjectEvent',
      eventTime: '2019-10-21T15:45:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sscc:4012345.0111111111'],
      action: 'OBSERVE',
      bizStep: 'inspecting',
      disposition: 'in_progress',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00024.0' },
    },
  ],
  [
    'c941e6486c561c2be83c28dc228c150eaef9a6befb1015e6cc563982fb7414b6',
    {
      type: 'AggregationEvent',
      eventTime: '2019-10-21T11:58:56.591+02:00',
      eventTimeZoneOffset: '+02:00',
      parentID: 'urn:epc:id:sscc:4047023.0111111122',
      childEPCs: [
        'urn:epc:id:sgtin:4047023.077551.98',
        'urn:epc:id:sgtin:4047023.077551.97',
        'urn:epc:id:sgtin:4047023.077551.107',
        'urn:epc:id:sgtin:4047023.077551.109',
      ],
      action: 'ADD',
      bizStep: 'packing',
      readPoint: { id: 'urn:epc:id:sgln:4047023.00012.0' },
    },
  ],
  [
    'cfda50b7ff23682e989bafc3747ac9b752f405305fcde6618280f6be27344f35',
    {
      type: 'AggregationEvent',
      eventTime: '2019-10-21T17:30:56.591+02:00',
      eventTimeZoneOffset: '+02:00',
      parentID: 'urn:epc:id:sscc:4012344.0111111133',
      childQuantityList: [
        { epcClass: 'urn:epc:class:lgtin:4054739.099902.P2', quantity: 12, uom: 'KGM' },
        { epcClass: 'urn:epc:class:lgtin:4054739.012345.lot2', quantity: 17 },
      ],
      action: 'ADD',
      bizStep: 'packing',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00025.0' },
    },
  ],
  [
    'c4bdb87c8d59d6ab569d0cfc6583e9dd4c314cdf71799b0ef8d4febe5239d9c5',
    {
      type: 'AggregationEvent',
      eventTime: '2019-10-21T11:58:56.591+02:00',
      eventTimeZoneOffset: '+02:00',
      parentID: 'urn:epc:id:sscc:4012344.0111111144',
      action: 'DELETE',
      bizStep: 'unpacking',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00025.0' },
      bizTransactionList: [{ type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:4012345123456:RE1099' }],
    },
  ],
  [
    'a62b9f9e429fcba628ea47d073542ca67e9fbe4688df2c649b8cd13b8519b91f',
    {
      type: 'AggregationEvent',
      eventTime: '2019-10-21T14:02:56.000+02:00',
      eventTimeZoneOffset: '+02:00',
      parentID: 'urn:epc:id:sscc:4012344.0998811122',
      childEPCs: ['urn:epc:id:sscc:4012344.0998811123', 'urn:epc:id:sscc:4012344.0998811124', 'urn:epc:id:sscc:4012344.0998811125'],
      action: 'DELETE',
      bizStep: 'unpacking',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00077.0' },
      bizTransactionList: [{ type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:4012345123456:4711' }],
    },
  ],
  [
    'cf6559dc931963f19ed9cd2fe33c02ef64c8cfd557e5a96b086a87db315b7122',
    {
      type: 'TransactionEvent',
      eventTime: '2019-10-21T00:05:00-06:00',
      eventTimeZoneOffset: '-06:00',
      epcList: ['urn:epc:id:sgtin:0614141.107340.1', 'urn:epc:id:sgtin:0614141.107340.2'],
      action: 'ADD',
      bizStep: 'shipping',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00000.5' },
      bizLocation: { id: 'urn:epc:id:sgln:4012345.00000.0' },
      bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:4012345123456:RE100099' }],
    },
  ],
  [
    'b741a543ea0b2a4c4bdb3441c7dc196b41710e5b2c9870b211fac8d6d4c93427',
    {
      type: 'TransactionEvent',
      eventTime: '2019-10-21T14:58:56.591+02:00',
      eventTimeZoneOffset: '+02:00',
      quantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.099988.2014-02-10', quantity: 2030, uom: 'KGM' }],
      action: 'ADD',
      bizStep: 'holding',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00025.0' },
      bizLocation: { id: 'urn:epc:id:sgln:4012345.00002.0' },
      bizTransactionList: [{ type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:4012345123456:RE1099' }],
    },
  ],
];

describe('SHA-256', () => {
  it('digests the FIPS 180-4 examples', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('a'.repeat(1000))).toBe('41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3');
  });

  it('the pure digest is the platform one (node:crypto, what the server hands the domain) for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        expect(pureSha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
    );
  });
});

describe('EPCIS event hash (CBV 2.0)', () => {
  it('writes the reference pre-hash string of a single ObjectEvent and its hash', () => {
    expect(eventPreHash(single)).toBe(
      'eventType=ObjectEventeventTime=2022-02-17T02:33:31.116ZeventTimeZoneOffset=-06:00epcListepc=https://id.gs1.org/01/10614141073464/21/2017epc=https://id.gs1.org/01/10614141073464/21/2018action=OBSERVEbizStep=https://ref.gs1.org/cbv/BizStep-shippingdisposition=https://ref.gs1.org/cbv/Disp-in_transitreadPointid=https://id.gs1.org/414/0614141073467/254/1234bizTransactionListtype=https://ref.gs1.org/cbv/BTT-pobizTransaction=http://transaction.acme.com/po/12345678',
    );
    expect(eventHash(single)).toBe('ni:///sha-256;ffa491b16867e34a7791a8d5389d826afc24e63a121026b6a4004ace38631b4b?ver=CBV2.0');
  });

  it.each(various.map(([hash, e]) => [`${e.type} ${e.action} ${e.bizStep}`, hash, e] as const))(
    'reproduces the reference hash of the %s example',
    (_name, hash, e) => {
      expect(eventHash(e)).toBe(`ni:///sha-256;${hash}?ver=CBV2.0`);
    },
  );

  it('is the same for the same event written otherwise (key and list order, time zone, record time, eventID) and differs for another', () => {
    const e = various[3][1];
    const shuffled = {
      readPoint: e.readPoint,
      bizStep: e.bizStep,
      action: e.action,
      childEPCs: [...(e.childEPCs as string[])].reverse(),
      parentID: e.parentID,
      eventTimeZoneOffset: e.eventTimeZoneOffset,
      eventTime: '2019-10-21T09:58:56.591Z',
      type: e.type,
      recordTime: '2020-01-01T00:00:00Z',
      eventID: 'urn:uuid:x',
      errorDeclaration: { declarationTime: '2020-01-01T00:00:00Z', reason: 'incorrect_data' },
    };
    expect(eventHash(shuffled)).toBe(eventHash(e));
    expect(eventHash({ ...e, action: 'DELETE' })).not.toBe(eventHash(e));
  });

  it('writes EPC URIs as canonical GS1 Digital Link URIs and times in UTC to the millisecond', () => {
    expect(canonicalDigitalLink('urn:epc:id:sscc:0614141.1234567890')).toBe('https://id.gs1.org/00/106141412345678908');
    expect(canonicalDigitalLink('urn:epc:id:sgln:0614141.07346.0')).toBe('https://id.gs1.org/414/0614141073467');
    expect(canonicalDigitalLink('https://example.com/01/09506000134352/21/abc?x=1')).toBe('https://id.gs1.org/01/09506000134352/21/abc');
    expect(canonicalDigitalLink('urn:epc:raw:96.x3034')).toBe('urn:epc:raw:96.x3034');
    expect(canonicalTime('2023-01-18T11:04:03.1415Z')).toBe('2023-01-18T11:04:03.142Z');
    expect(canonicalTime('2019-10-21T00:05:00-06:00')).toBe('2019-10-21T06:05:00.000Z');
  });
});

describe('the lifecycle’s event IDs', () => {
  it('hash a stored aggregation as its EPCIS event: the SSCC parent and children as Digital Link', async () => {
    const { tagEventId, epcisEventBody } = await import('./epcis.js');
    const { makeSscc, ssccUri } = await import('../../warehouse/carton.js');
    const parent = ssccUri('106141412345678908');
    expect(parent).toBe('urn:epc:id:sscc:0614141.1234567890');
    const stored = {
      eventType: 'AggregationEvent' as const,
      eventTime: '2026-11-29T01:00:00.000Z',
      eventTimeZoneOffset: '+08:00',
      recordTime: '2026-11-29T01:00:01.000Z',
      action: 'ADD' as const,
      bizStep: 'packing',
      disposition: 'in_progress',
      readPoint: '',
      bizLocation: 'urn:epc:id:sgln:0614141.07346.0',
      bizTransactions: [],
      parentId: parent,
      epcs: ['A', 'B'],
    };
    const uri = (hex: string) => `urn:epc:id:sgtin:0614141.107346.${hex.charCodeAt(0)}`;
    const body = epcisEventBody(stored, { epcUri: uri });
    expect(body.childEPCs).toHaveLength(2);
    expect(body.epcList).toBeUndefined();
    expect(eventPreHash(body)).toContain('parentID=https://id.gs1.org/00/106141412345678908childEPCsepc=');
    // the same event recorded again later: the same ID; another parent: another
    expect(tagEventId({ ...stored, recordTime: '2027-01-01T00:00:00.000Z' }, uri)).toBe(tagEventId(stored, uri));
    expect(tagEventId({ ...stored, parentId: ssccUri(makeSscc('0614141', 1)) }, uri)).not.toBe(tagEventId(stored, uri));
  });
});
