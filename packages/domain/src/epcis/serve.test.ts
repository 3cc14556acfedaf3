import { describe, expect, it } from 'vitest';
import { EPCIS_CONTEXT, type EpcisEvent } from '../resources/label/tags/epcis.js';
import { readCaptureDocument } from './capture.js';
import { applyEpcFormat, discoveryHeaders, toQueryDocument } from './serve.js';

const now = new Date('2024-05-01T10:00:00.000Z');
const stored: EpcisEvent = {
  type: 'ObjectEvent',
  eventID: 'ni:///sha-256;00?ver=CBV2.0',
  eventTime: '2024-05-01T08:00:00.000Z',
  eventTimeZoneOffset: '+02:00',
  recordTime: '2024-05-01T08:00:01.000Z',
  epcList: ['urn:epc:id:sgtin:0614141.812345.6789'],
  action: 'OBSERVE',
  bizStep: 'shipping',
  readPoint: { id: 'urn:epc:id:sgln:0614141.12345.0' },
  bizLocation: { id: 'urn:tagloom:loc:DEMO:ST001' },
};
const captured = (ns: string, iri: string, field: string) =>
  readCaptureDocument({
    '@context': [EPCIS_CONTEXT, { [ns]: iri }],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: '2024-05-01T10:00:00Z',
    epcisBody: {
      eventList: [
        {
          type: 'ObjectEvent',
          eventTime: '2024-05-01T12:00:00+02:00',
          eventTimeZoneOffset: '+02:00',
          epcList: [],
          action: 'OBSERVE',
          [`${ns}:${field}`]: 'x',
        },
      ],
    },
  }).events[0];

describe('toQueryDocument', () => {
  it('is the EPCISQueryDocument of the binding: context, type, version, creation date, the query and its events', () => {
    expect(toQueryDocument([stored], { now })).toEqual({
      '@context': [EPCIS_CONTEXT],
      type: 'EPCISQueryDocument',
      schemaVersion: '2.0',
      creationDate: '2024-05-01T10:00:00.000Z',
      epcisBody: { queryResults: { queryName: 'SimpleEventQuery', resultsBody: { eventList: [stored] } } },
    });
    const sub = toQueryDocument([], { now, queryName: 'recent-shipping', subscriptionID: 'df5a33e3' });
    expect(sub.epcisBody.queryResults).toEqual({
      queryName: 'recent-shipping',
      subscriptionID: 'df5a33e3',
      resultsBody: { eventList: [] },
    });
  });

  it('carries the extension namespaces of captured events once; a clashing one stays inside its event', () => {
    const a = captured('ex', 'http://ns.example.com/epcis/', 'a');
    const b = captured('ex', 'http://ns.example.com/epcis/', 'b');
    const c = captured('ex', 'http://other.example.org/', 'c');
    const doc = toQueryDocument(
      [a, b, c].map((e) => ({ event: e.raw, context: e.context })),
      { now },
    );
    expect(doc['@context']).toEqual([EPCIS_CONTEXT, { ex: 'http://ns.example.com/epcis/' }]);
    const [ea, eb, ec] = doc.epcisBody.queryResults.resultsBody.eventList;
    expect(ea).toEqual(a.raw);
    expect(eb).toEqual(b.raw);
    expect(ec).toEqual({ '@context': [{ ex: 'http://other.example.org/' }], ...c.raw });
    expect(Object.keys(ec)[0]).toBe('@context');
  });

  it("adds a captured event's eventID when it had none, and the repository's recordTime", () => {
    const e = captured('ex', 'http://ns.example.com/epcis/', 'a');
    const [served] = toQueryDocument([{ event: e.raw, context: e.context, eventID: e.eventId, recordTime: '2024-05-01T10:00:02.000Z' }], {
      now,
    }).epcisBody.queryResults.resultsBody.eventList;
    expect(e.raw.eventID).toBeUndefined();
    expect(served).toEqual({ type: 'ObjectEvent', eventID: e.eventId, ...e.raw, recordTime: '2024-05-01T10:00:02.000Z' });
    expect(Object.keys(served).slice(0, 2)).toEqual(['type', 'eventID']);
    const [kept] = toQueryDocument([{ event: stored, eventID: 'urn:uuid:other' }], { now }).epcisBody.queryResults.resultsBody.eventList;
    expect(kept.eventID).toBe(stored.eventID);
  });

  it('writes the EPCs in the form asked for, leaving what it cannot translate', () => {
    const doc = toQueryDocument([stored], { now, epcFormat: 'Always_GS1_Digital_Link' });
    expect(doc.epcisBody.queryResults.resultsBody.eventList[0]).toMatchObject({
      epcList: ['https://id.gs1.org/01/80614141123458/21/6789'],
      readPoint: { id: 'https://id.gs1.org/414/0614141123452' },
      bizLocation: { id: 'urn:tagloom:loc:DEMO:ST001' },
      eventID: stored.eventID,
    });
    const back = applyEpcFormat(doc.epcisBody.queryResults.resultsBody.eventList[0], 'Always_EPC_URN', 7);
    expect(back).toEqual(stored);
    expect(applyEpcFormat(stored, 'Never_Translates')).toEqual(stored);
    // the stored event itself is not changed
    expect(stored.epcList).toEqual(['urn:epc:id:sgtin:0614141.812345.6789']);
  });

  it('translates every EPC-bearing field', () => {
    const e = applyEpcFormat(
      {
        type: 'TransformationEvent',
        inputEPCList: ['urn:epc:id:sgtin:0614141.812345.1'],
        outputEPCList: ['urn:epc:id:sgtin:0614141.812345.2'],
        inputQuantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.012345.998877', quantity: 1 }],
        parentID: 'urn:epc:id:sscc:0614141.1234567890',
        sourceList: [{ type: 'owning_party', source: 'urn:epc:id:pgln:0614141.12345' }],
        destinationList: [{ type: 'location', destination: 'urn:epc:id:sgln:0614141.12345.0' }],
        bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epc:id:gdti:0614141.12345.5678' }],
      },
      'Always_GS1_Digital_Link',
    );
    expect(e).toEqual({
      type: 'TransformationEvent',
      inputEPCList: ['https://id.gs1.org/01/80614141123458/21/1'],
      outputEPCList: ['https://id.gs1.org/01/80614141123458/21/2'],
      inputQuantityList: [{ epcClass: 'https://id.gs1.org/01/04012345123456/10/998877', quantity: 1 }],
      parentID: 'https://id.gs1.org/00/106141412345678908',
      sourceList: [{ type: 'owning_party', source: 'https://id.gs1.org/417/0614141123452' }],
      destinationList: [{ type: 'location', destination: 'https://id.gs1.org/414/0614141123452' }],
      bizTransactionList: [{ type: 'po', bizTransaction: 'https://id.gs1.org/253/06141411234525678' }],
    });
  });
});

describe('discoveryHeaders', () => {
  it('announces EPCIS and CBV 2.0.0 and the EPC formats', () => {
    expect(discoveryHeaders()).toEqual({
      'GS1-EPCIS-Version': '2.0.0',
      'GS1-EPCIS-Min': '2.0.0',
      'GS1-EPCIS-Max': '2.0.0',
      'GS1-CBV-Version': '2.0.0',
      'GS1-CBV-Min': '2.0.0',
      'GS1-CBV-Max': '2.0.0',
      'GS1-EPC-Format': 'No_Preference',
    });
  });

  it('adds the capture limits, the vendor version, the extensions and the methods', () => {
    expect(
      discoveryHeaders({
        captureLimit: 500,
        captureFileSizeLimit: 1048576,
        vendorVersion: 'tagloom-0.1.0',
        extensions: { ex: 'http://ns.example.com/epcis/', ex2: 'http://vendor.example.com/epcis/' },
        captureErrorBehaviour: 'rollback',
        allow: ['OPTIONS', 'GET', 'POST'],
      }),
    ).toMatchObject({
      Allow: 'OPTIONS, GET, POST',
      'GS1-EPCIS-Capture-Limit': '500',
      'GS1-EPCIS-Capture-File-Size-Limit': '1048576',
      'GS1-Vendor-Version': 'tagloom-0.1.0',
      'GS1-Extensions': 'ex=http://ns.example.com/epcis/, ex2=http://vendor.example.com/epcis/',
      'GS1-Capture-Error-Behaviour': 'rollback',
    });
  });
});
