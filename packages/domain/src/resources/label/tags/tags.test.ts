import { describe, expect, it } from 'vitest';
import { CBV_DISPOSITIONS as CBV_DISPOSITION_WORDS, CBV_BIZ_STEPS as CBV_STEP_WORDS } from '../../../epcis/cbv.js';
import { BIZ_STEPS, DISPOSITIONS } from '../../../feed/tag-events.js';
import { EPCIS_CONTEXT, epcisDocument, placeUri, rawEpcUri, type TagEvent } from './epcis.js';
import { EPC_HEX, normalizeHex, parseHexLines, TID_HEX } from './format.js';

describe('tag codes', () => {
  it('accepts EPCs of 96 to 256 bits in whole words and TIDs of 32 to 256 bits, upper-case hex only', () => {
    expect(EPC_HEX.test('3034257BF7194E4000001A85')).toBe(true);
    expect(EPC_HEX.test('3034257BF7194E4000001A8')).toBe(false); // not a whole word
    expect(EPC_HEX.test('3034257bf7194e4000001a85')).toBe(false);
    expect(EPC_HEX.test('30'.repeat(33))).toBe(false); // 264 bits
    expect(TID_HEX.test('E2801160')).toBe(true);
    expect(TID_HEX.test('E28011')).toBe(false);
    expect(normalizeHex(' 3034-257b:f719 4e40 0000 1a85 ')).toBe('3034257BF7194E4000001A85');
  });

  it('reads pasted EPC/TID lines: separators, a header line and blank lines', () => {
    expect(
      parseHexLines(
        'EPC,TID\n3034257bf7194e4000001a85,e2801160200070000000000001\n\n3034257BF7194E4000001A86\tE2801160200070000000000002\r\nABC',
      ),
    ).toEqual([
      { line: 2, epc: '3034257BF7194E4000001A85', tid: 'E2801160200070000000000001' },
      { line: 4, epc: '3034257BF7194E4000001A86', tid: 'E2801160200070000000000002' },
      { line: 5, epc: 'ABC' },
    ]);
  });
});

describe('the EPCIS 2.0 document of a tag', () => {
  const base: TagEvent = {
    id: 7,
    eventTime: '2026-11-20T02:00:00.000Z',
    eventTimeZoneOffset: '+08:00',
    recordTime: '2026-11-20T02:00:01.000Z',
    action: 'ADD',
    bizStep: 'commissioning',
    disposition: 'active',
    readPoint: '',
    bizLocation: 'WH01',
    bizTransactions: [{ type: 'po', id: 'LPO202611200001' }],
    epcs: [],
    epcCount: 1000,
    orderId: 3,
    orderCode: 'LPO202611200001',
    username: 'demo',
    source: 'label.generateEpc',
  };
  it('lists each event as an ObjectEvent; an order event names the EPC asked about', () => {
    const doc = epcisDocument(
      [
        base,
        {
          ...base,
          id: 8,
          action: 'OBSERVE',
          bizStep: 'encoding',
          disposition: 'encoded',
          epcs: ['30AA', '30BB'],
          bizLocation: '',
          readPoint: 'urn:epc:id:sgln:0614141.00777.0',
          bizTransactions: [],
        },
      ],
      {
        subject: '30CC',
        epcUri: (h) => `uri:${h}`,
        tenant: 'DEMO',
        now: new Date('2026-11-24T00:00:00Z'),
      },
    );
    expect(doc).toMatchObject({
      '@context': [EPCIS_CONTEXT],
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: '2026-11-24T00:00:00.000Z',
    });
    const [a, b] = doc.epcisBody.eventList;
    expect(a).toEqual({
      type: 'ObjectEvent',
      eventID: 'urn:tagloom:event:DEMO:7',
      eventTime: '2026-11-20T02:00:00.000Z',
      eventTimeZoneOffset: '+08:00',
      recordTime: '2026-11-20T02:00:01.000Z',
      epcList: ['uri:30CC'],
      action: 'ADD',
      bizStep: 'commissioning',
      disposition: 'active',
      bizLocation: { id: 'urn:tagloom:loc:WH01' },
      bizTransactionList: [{ type: 'po', bizTransaction: 'urn:tagloom:bt:po:LPO202611200001' }],
    });
    expect(b.epcList).toEqual(['uri:30AA', 'uri:30BB']);
    expect(b.readPoint).toEqual({ id: 'urn:epc:id:sgln:0614141.00777.0' });
    expect(b).not.toHaveProperty('bizTransactionList');
  });
  it('writes an EPC of no scheme as a raw URI', () => {
    expect(rawEpcUri('E2003412AB1200000000A1B2')).toBe('urn:epc:raw:96.xE2003412AB1200000000A1B2');
  });
});

describe('CBV 2.0 values of the lifecycle', () => {
  // GS1 Core Business Vocabulary 2.0, §7.2 business steps and §7.3 dispositions (bare names): the EPCIS interface's lists
  const CBV_BIZ_STEPS: readonly string[] = CBV_STEP_WORDS;
  const CBV_DISPOSITIONS: readonly string[] = CBV_DISPOSITION_WORDS;

  it('records CBV business steps and dispositions only (no "returning": a return is receiving, returned)', () => {
    expect(BIZ_STEPS.filter((s) => !CBV_BIZ_STEPS.includes(s))).toEqual([]);
    expect(DISPOSITIONS.filter((d) => !CBV_DISPOSITIONS.includes(d))).toEqual([]);
    expect(BIZ_STEPS).not.toContain('returning');
  });
});

describe('the URI of a place in an event', () => {
  const gln = '6901234100013';
  it('is the SGLN of its GLN (the company prefix as long as the tenant’s), the reader its extension when it can be one', () => {
    expect(placeUri({ tenant: 'DEMO', code: 'ST001', gln, companyPrefixLength: 7 })).toBe('urn:epc:id:sgln:6901234.10001.0');
    expect(placeUri({ tenant: 'DEMO', code: 'ST001', gln, companyPrefixLength: 9 })).toBe('urn:epc:id:sgln:690123410.001.0');
    expect(placeUri({ tenant: 'DEMO', code: 'ST001', gln, companyPrefixLength: 7 }, 'POS-ST001')).toBe(
      'urn:epc:id:sgln:6901234.10001.POS-ST001',
    );
    // a reader code no extension can hold: the platform's URI, with the reader
    expect(placeUri({ tenant: 'DEMO', code: 'ST001', gln, companyPrefixLength: 7 }, 'Reader at the door')).toBe(
      'urn:tagloom:loc:DEMO:ST001:Reader%20at%20the%20door',
    );
  });

  it('is a stable URI of the tenant’s and the location’s codes without a (valid) GLN: never its name', () => {
    expect(placeUri({ tenant: 'DEMO', code: 'ST001' })).toBe('urn:tagloom:loc:DEMO:ST001');
    expect(placeUri({ tenant: 'DEMO', code: 'ST001', gln: '6901234100014' })).toBe('urn:tagloom:loc:DEMO:ST001');
    expect(placeUri({ tenant: 'DEMO', code: 'ST001' }, 'HH-ST001')).toBe('urn:tagloom:loc:DEMO:ST001:HH-ST001');
    expect(placeUri({ tenant: 'DEMO', code: 'urn:epc:id:sgln:0614141.00777.0' })).toBe('urn:epc:id:sgln:0614141.00777.0');
  });
});
