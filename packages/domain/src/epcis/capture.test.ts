import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventHash } from '../resources/label/tags/event-hash.js';
import { readCaptureDocument, readEvent } from './capture.js';
import { EpcisProblem } from './problem.js';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../apps/server/test/fixtures/epcis/examples/${name}`, import.meta.url), 'utf8'));

const CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';
const doc = (...events: unknown[]) => ({
  '@context': [CONTEXT, { ex: 'http://ns.example.com/epcis/' }],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2024-05-01T10:00:00Z',
  epcisBody: { eventList: events },
});
/** An ObjectEvent with `more` (a field `undefined` left out, as JSON would). */
const object = (more: Record<string, unknown> = {}): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries({
      type: 'ObjectEvent',
      eventTime: '2024-05-01T12:00:00.000+02:00',
      eventTimeZoneOffset: '+02:00',
      epcList: ['urn:epc:id:sgtin:0614141.107346.2017'],
      action: 'OBSERVE',
      bizStep: 'shipping',
      ...more,
    }).filter(([, v]) => v !== undefined),
  );

/** The problem a capture throws, or null. */
function problemOf(json: unknown, opts?: Parameters<typeof readCaptureDocument>[1]) {
  try {
    readCaptureDocument(json, opts);
    return null;
  } catch (e) {
    if (!(e instanceof EpcisProblem)) throw e;
    return e.problem;
  }
}
/** The detail of the ValidationException of a document whose second event is `event`. */
const refusal = (event: unknown) => {
  const p = problemOf(doc(object(), event));
  expect(p?.type).toBe('epcisException:ValidationException');
  expect(p?.status).toBe(400);
  return p?.detail ?? '';
};

describe('readCaptureDocument', () => {
  it("reads GS1's example 9.6.1: CBV bare words, UTC times, the extension field kept in raw, the namespaces as context", () => {
    const json = example('Example_9.6.1-ObjectEvent.jsonld');
    const { events, context } = readCaptureDocument(json);
    expect(context).toEqual([{ example: 'http://ns.example.com/epcis/' }]);
    expect(events[1]).toEqual({
      eventType: 'ObjectEvent',
      eventId: 'ni:///sha-256;00e1e6eba3a7cc6125be4793a631f0af50f8322e0ab5f2c0bab994a11cec1d79?ver=CBV2.0',
      eventIdGiven: true,
      eventTime: '2005-04-05T02:33:31.116Z',
      eventTimeZoneOffset: '-06:00',
      action: 'OBSERVE',
      bizStep: 'receiving',
      disposition: 'in_progress',
      readPoint: 'urn:epc:id:sgln:0012345.11111.400',
      bizLocation: 'urn:epc:id:sgln:0012345.11111.0',
      bizTransactions: [
        { type: 'po', id: 'http://transaction.acme.com/po/12345678' },
        { type: 'desadv', id: 'urn:epcglobal:cbv:bt:0614141073467:1152' },
      ],
      sources: [],
      destinations: [],
      parentId: '',
      epcs: ['urn:epc:id:sgtin:0614141.107346.2018'],
      inputEpcs: [],
      outputEpcs: [],
      quantities: [],
      inputQuantities: [],
      outputQuantities: [],
      transformationId: '',
      errorDeclaration: null,
      context: [{ example: 'http://ns.example.com/epcis/' }],
      raw: json.epcisBody.eventList[1],
    });
    expect(events[1].raw['example:myField']).toBe('Example of a vendor/user extension');
  });

  it('reads a TransformationEvent: inputs then outputs, its quantities, no action, ILMD kept', () => {
    const [e] = readCaptureDocument(example('Example_9.6.4-TransformationEvent.jsonld')).events;
    expect(e.action).toBe('');
    expect(e.inputEpcs).toEqual(['urn:epc:id:sgtin:4012345.011122.25', 'urn:epc:id:sgtin:4000001.065432.99886655']);
    expect(e.outputEpcs).toHaveLength(4);
    expect(e.epcs).toEqual([...e.inputEpcs, ...e.outputEpcs]);
    expect(e.inputQuantities).toEqual([
      { epcClass: 'urn:epc:class:lgtin:4012345.011111.4444', quantity: 10, uom: 'KGM' },
      { epcClass: 'urn:epc:class:lgtin:0614141.077777.987', quantity: 30 },
      { epcClass: 'urn:epc:idpat:sgtin:4012345.066666.*', quantity: 220 },
    ]);
    expect(e.quantities).toEqual(e.inputQuantities);
    expect(e.raw.ilmd).toEqual({ 'example:bestBeforeDate': '2014-12-10', 'example:batch': 'XYZ' });
  });

  it('reads an error declaration, a certification, aggregation children and a parent', () => {
    const [e] = readCaptureDocument(example('WithFullCombinationOfFields/object_event_all_possible_fields.jsonld')).events;
    expect(e.errorDeclaration).toEqual({
      declarationTime: '2006-11-07T13:00:00.000Z',
      reason: 'incorrect_data',
      correctiveEventIDs: ['ni:///sha-256;fec9667280c4710a3fa9558b7bc8ddc2ced0dc442d87f82becae24bb6ca6a46f?ver=CBV2.0'],
    });
    expect(e.certificationInfo).toEqual(['https://accreditation-council.example.org/certificate/ABC12345']);
    expect(e.sources).toContainEqual({ type: 'owning_party', id: 'urn:epc:id:pgln:4012345.00225' });
    expect(e.raw.sensorElementList).toBeDefined();
    const [a] = readCaptureDocument(example('Example_9.6.3-AggregationEvent.jsonld')).events;
    expect(a.eventType).toBe('AggregationEvent');
    expect(a.parentId).toMatch(/^urn:epc:id:sscc:/);
    expect(a.epcs.length).toBeGreaterThan(0);
  });

  it("fills a missing eventID with GS1's canonical hash, the same as eventHash", () => {
    const e = object({ bizStep: 'urn:epcglobal:cbv:bizstep:shipping', disposition: 'https://ref.gs1.org/cbv/Disp-in_transit' });
    const [n] = readCaptureDocument(doc(e)).events;
    expect(n.eventIdGiven).toBe(false);
    expect(n.eventId).toBe(eventHash(e));
    expect(n.eventId).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
    // the spelling of a CBV value changes neither the stored word nor the hash
    expect(n.bizStep).toBe('shipping');
    expect(n.disposition).toBe('in_transit');
    expect(n.eventId).toBe(readEvent(object({ disposition: 'in_transit' })).eventId);
  });

  it('keeps user vocabularies as URIs and bare CBV types of transactions, sources and destinations', () => {
    const n = readEvent(
      object({
        bizStep: 'http://ns.example.com/epcis/bizstep/repair',
        bizTransactionList: [{ bizTransaction: 'urn:uuid:1' }, { type: 'urn:epcglobal:cbv:btt:po', bizTransaction: 'urn:uuid:2' }],
        sourceList: [{ type: 'https://ref.gs1.org/cbv/SDT-location', source: 'urn:epc:id:sgln:4012345.00225.0' }],
        destinationList: [{ type: 'ex:carrier', destination: 'urn:epc:id:pgln:0614141.00777' }],
        quantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.012345.998877' }],
      }),
    );
    expect(n.bizStep).toBe('http://ns.example.com/epcis/bizstep/repair');
    expect(n.bizTransactions).toEqual([
      { type: '', id: 'urn:uuid:1' },
      { type: 'po', id: 'urn:uuid:2' },
    ]);
    expect(n.sources).toEqual([{ type: 'location', id: 'urn:epc:id:sgln:4012345.00225.0' }]);
    expect(n.destinations).toEqual([{ type: 'ex:carrier', id: 'urn:epc:id:pgln:0614141.00777' }]);
    expect(n.quantities).toEqual([{ epcClass: 'urn:epc:class:lgtin:4012345.012345.998877' }]);
  });

  it('refuses more events than the capture limit (413)', () => {
    expect(problemOf(doc(object(), object()), { captureLimit: 1 })).toEqual({
      type: 'epcisException:CaptureLimitExceededException',
      title: 'Capture Payload too large',
      status: 413,
      detail: 'the document has 2 events, more than the capture limit of 1',
    });
    expect(readCaptureDocument(doc(object(), object()), { captureLimit: 2 }).events).toHaveLength(2);
  });

  it('refuses a document that is none, naming its field', () => {
    const base = doc(object());
    const cases: [unknown, string][] = [
      [[], 'document: not a JSON object'],
      [{ ...base, type: 'Document' }, "type: 'Document' is not EPCISDocument or EPCISQueryDocument"],
      [{ ...base, '@context': undefined }, '@context: missing'],
      [{ ...base, '@context': [CONTEXT, 5] }, '@context[1]: not a URI or an object'],
      [{ ...base, schemaVersion: 2 }, 'schemaVersion: 2 is not a version (2.0)'],
      [{ ...base, schemaVersion: '1.2' }, "schemaVersion: '1.2': only EPCIS 2.0 documents are captured"],
      [{ ...base, creationDate: 'today' }, "creationDate: 'today' is not a date-time with a time zone (RFC 3339)"],
      [{ ...base, epcisBody: undefined }, 'epcisBody: missing'],
      [{ ...base, epcisBody: { eventList: {} } }, 'epcisBody.eventList: not an array'],
      [{ ...base, type: 'EPCISQueryDocument', epcisBody: { queryResults: {} } }, 'epcisBody.queryResults.resultsBody: missing'],
    ];
    for (const [json, detail] of cases) expect(problemOf(json)?.detail).toBe(detail);
  });

  it('refuses an event that does not hold, naming the event and its field', () => {
    const cases: [unknown, string][] = [
      ['event', 'eventList[1]: not an object'],
      [object({ type: undefined }), 'eventList[1].type: missing'],
      [
        object({ type: 'QuantityEvent' }),
        "eventList[1].type: 'QuantityEvent' is not one of ObjectEvent, AggregationEvent, TransactionEvent, TransformationEvent, AssociationEvent",
      ],
      [
        object({ type: 'ex:SensorEvent' }),
        "eventList[1].type: 'ex:SensorEvent' is an extension event type, which this repository does not capture",
      ],
      [object({ eventTime: undefined }), 'eventList[1].eventTime: missing'],
      [
        object({ eventTime: '2024-05-01 12:00' }),
        "eventList[1].eventTime: '2024-05-01 12:00' is not a date-time with a time zone (RFC 3339)",
      ],
      [
        object({ eventTime: '2024-05-01T12:00:00' }),
        "eventList[1].eventTime: '2024-05-01T12:00:00' is not a date-time with a time zone (RFC 3339)",
      ],
      [
        object({ eventTime: '2024-02-30T12:00:00Z' }),
        "eventList[1].eventTime: '2024-02-30T12:00:00Z' is not a date-time with a time zone (RFC 3339)",
      ],
      [object({ recordTime: 5 }), 'eventList[1].recordTime: 5 is not a date-time with a time zone (RFC 3339)'],
      [object({ eventTimeZoneOffset: undefined }), 'eventList[1].eventTimeZoneOffset: missing'],
      [object({ eventTimeZoneOffset: '+2:00' }), "eventList[1].eventTimeZoneOffset: '+2:00' is not a time zone offset (+02:00, -05:00)"],
      [object({ eventTimeZoneOffset: '+14:30' }), "eventList[1].eventTimeZoneOffset: '+14:30' is not a time zone offset (+02:00, -05:00)"],
      [object({ eventID: 'abc' }), "eventList[1].eventID: 'abc' is not a URI"],
      [object({ action: undefined }), 'eventList[1].action: missing'],
      [object({ action: 'observe' }), "eventList[1].action: 'observe' is not ADD, OBSERVE or DELETE"],
      [
        object({ epcList: undefined }),
        'eventList[1].epcList: missing (an ObjectEvent needs an epcList, a quantityList, or a sensorElementList with a readPoint)',
      ],
      [object({ epcList: 'urn:epc:id:sgtin:0614141.107346.2017' }), 'eventList[1].epcList: not an array'],
      [object({ epcList: ['3034257BF7194E4000001A85'] }), "eventList[1].epcList[0]: '3034257BF7194E4000001A85' is not a URI"],
      [object({ epcList: ['urn:x:1', 'urn:x:1'] }), "eventList[1].epcList[1]: 'urn:x:1' is listed twice"],
      [object({ quantityList: [{ quantity: 5 }] }), 'eventList[1].quantityList[0].epcClass: missing'],
      [object({ quantityList: [{ epcClass: 'urn:x:c', quantity: '5' }] }), "eventList[1].quantityList[0].quantity: '5' is not a number"],
      [
        object({ quantityList: [{ epcClass: 'urn:x:c', uom: 'kg' }] }),
        "eventList[1].quantityList[0].uom: 'kg' is not a UN/CEFACT unit code (2–3 capitals or digits)",
      ],
      [
        object({ quantityList: [{ epcClass: 'urn:x:c', lot: 'A' }] }),
        'eventList[1].quantityList[0].lot: not a field of a quantity element',
      ],
      [object({ bizStep: 'sending' }), "eventList[1].bizStep: 'sending' is neither a CBV business step nor a URI"],
      [object({ disposition: 'sold' }), "eventList[1].disposition: 'sold' is neither a CBV disposition nor a URI"],
      [object({ readPoint: 'urn:epc:id:sgln:0012345.11111.400' }), 'eventList[1].readPoint: not an object'],
      [object({ readPoint: {} }), 'eventList[1].readPoint.id: missing'],
      [object({ bizLocation: { id: 'ST001' } }), "eventList[1].bizLocation.id: 'ST001' is not a URI"],
      [
        object({ bizTransactionList: [{ type: 'purchase', bizTransaction: 'urn:x:1' }] }),
        "eventList[1].bizTransactionList[0].type: 'purchase' is neither a CBV business transaction type nor a URI",
      ],
      [object({ bizTransactionList: [{ type: 'po' }] }), 'eventList[1].bizTransactionList[0].bizTransaction: missing'],
      [object({ sourceList: [{ source: 'urn:x:1' }] }), 'eventList[1].sourceList[0].type: missing'],
      [
        object({ destinationList: [{ type: 'location', destination: 'urn:x:1', note: 1 }] }),
        'eventList[1].destinationList[0].note: not a field of a destination',
      ],
      [object({ errorDeclaration: { reason: 'incorrect_data' } }), 'eventList[1].errorDeclaration.declarationTime: missing'],
      [
        object({ errorDeclaration: { declarationTime: '2024-05-01T12:00:00Z', reason: 'oops' } }),
        "eventList[1].errorDeclaration.reason: 'oops' is neither a CBV error reason nor a URI",
      ],
      [
        object({ errorDeclaration: { declarationTime: '2024-05-01T12:00:00Z', correctiveEventIDs: ['x'] } }),
        "eventList[1].errorDeclaration.correctiveEventIDs[0]: 'x' is not a URI",
      ],
      [object({ certificationInfo: ['urn:x:1', 'no'] }), "eventList[1].certificationInfo[1]: 'no' is not a URI"],
      [object({ persistentDisposition: { set: [] } }), 'eventList[1].persistentDisposition.set: empty'],
      [
        object({ persistentDisposition: { set: ['gone'] } }),
        "eventList[1].persistentDisposition.set[0]: 'gone' is neither a CBV disposition nor a URI",
      ],
      [object({ sensorElementList: [{ sensorMetadata: {} }] }), 'eventList[1].sensorElementList[0].sensorReport: missing'],
      [object({ ilmd: [] }), 'eventList[1].ilmd: not an object'],
      [object({ epclist: [] }), 'eventList[1].epclist: not a field of ObjectEvent (an extension field is a URI or a CURIE, ex:myField)'],
      [
        object({ parentID: 'urn:epc:id:sscc:0614141.1234567890' }),
        'eventList[1].parentID: not a field of ObjectEvent (an extension field is a URI or a CURIE, ex:myField)',
      ],
      [
        object({ type: 'AggregationEvent', epcList: undefined }),
        'eventList[1].childEPCs: missing (an AggregationEvent needs childEPCs or a childQuantityList, unless its action is DELETE)',
      ],
      [object({ type: 'AssociationEvent', epcList: undefined, childEPCs: ['urn:x:1'] }), 'eventList[1].parentID: missing'],
      [object({ type: 'TransactionEvent' }), 'eventList[1].bizTransactionList: missing'],
      [object({ type: 'TransactionEvent', bizTransactionList: [] }), 'eventList[1].bizTransactionList: empty'],
      [
        object({ type: 'TransformationEvent', action: undefined, epcList: undefined, inputEPCList: ['urn:x:1'] }),
        'eventList[1].outputEPCList: missing (a TransformationEvent needs inputs and outputs, or a transformationID and inputs or outputs)',
      ],
      [
        object({ type: 'TransformationEvent', epcList: undefined, inputEPCList: ['urn:x:1'], outputEPCList: ['urn:x:2'] }),
        'eventList[1].action: not a field of TransformationEvent (an extension field is a URI or a CURIE, ex:myField)',
      ],
    ];
    for (const [event, detail] of cases) expect(refusal(event), detail).toBe(detail);
  });

  it('takes what the types allow: a DELETE without children, a transformation with its ID, a sensor event with a read point', () => {
    const ok = doc(
      object({ type: 'AggregationEvent', epcList: undefined, action: 'DELETE', parentID: 'urn:epc:id:sscc:0614141.1234567890' }),
      object({
        type: 'TransactionEvent',
        epcList: undefined,
        action: 'DELETE',
        bizTransactionList: [{ type: 'po', bizTransaction: 'urn:x:po' }],
      }),
      object({
        type: 'TransformationEvent',
        action: undefined,
        epcList: undefined,
        transformationID: 'urn:uuid:t',
        outputEPCList: ['urn:x:2'],
      }),
      object({
        epcList: undefined,
        sensorElementList: [{ sensorReport: [{ type: 'Temperature', value: 4 }] }],
        readPoint: { id: 'urn:x:rp' },
      }),
      object({ epcList: [] }),
      object({ 'ex:note': { 'ex:deep': [1, 2] }, '@context': { ex2: 'http://ex2/' } }),
    );
    const { events } = readCaptureDocument(doc(...ok.epcisBody.eventList));
    expect(events.map((e) => e.eventType)).toEqual([
      'AggregationEvent',
      'TransactionEvent',
      'TransformationEvent',
      'ObjectEvent',
      'ObjectEvent',
      'ObjectEvent',
    ]);
    expect(events[2].transformationId).toBe('urn:uuid:t');
    expect(events[5].raw['ex:note']).toEqual({ 'ex:deep': [1, 2] });
  });

  it('reads one event (POST /events) with unprefixed fields', () => {
    expect(readEvent(object()).epcs).toEqual(['urn:epc:id:sgtin:0614141.107346.2017']);
    expect(() => readEvent(object({ eventTime: 'x' }))).toThrow("ValidationException: eventTime: 'x' is not a date-time");
    expect(() => readEvent(null)).toThrow('ValidationException: event: not an object');
  });
});
