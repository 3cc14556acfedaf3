import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EpcisProblem, epcisProblem } from './problem.js';
import { decodePageToken, type EpcisQueryValue, encodePageToken, parseEpcisQuery } from './query.js';

/** The problem a parse throws (its kind and detail), or null. */
function problemOf(params: Record<string, EpcisQueryValue>, opts?: Parameters<typeof parseEpcisQuery>[1]) {
  try {
    parseEpcisQuery(params, opts);
    return null;
  } catch (e) {
    if (!(e instanceof EpcisProblem)) throw e;
    return e.problem;
  }
}
const refusal = (params: Record<string, EpcisQueryValue>) => {
  const p = problemOf(params);
  expect(p?.type).toBe('epcisException:QueryParameterException');
  expect(p?.status).toBe(400);
  return p?.detail ?? '';
};

describe('parseEpcisQuery', () => {
  it('is no constraint without parameters: DESC, 30 a page', () => {
    expect(parseEpcisQuery({})).toEqual({ orderDirection: 'DESC', perPage: 30 });
    expect(parseEpcisQuery({ eventType: undefined })).toEqual({ orderDirection: 'DESC', perPage: 30 });
  });

  it('reads eventType lists, pipe- or comma-delimited, repeated, without duplicates', () => {
    expect(parseEpcisQuery({ eventType: 'ObjectEvent' }).eventTypes).toEqual(['ObjectEvent']);
    expect(parseEpcisQuery({ eventType: 'ObjectEvent|AggregationEvent' }).eventTypes).toEqual(['ObjectEvent', 'AggregationEvent']);
    expect(parseEpcisQuery({ eventType: 'TransactionEvent,TransformationEvent,AssociationEvent' }).eventTypes).toEqual([
      'TransactionEvent',
      'TransformationEvent',
      'AssociationEvent',
    ]);
    expect(parseEpcisQuery({ eventType: ['ObjectEvent', 'ObjectEvent|AssociationEvent'] }).eventTypes).toEqual([
      'ObjectEvent',
      'AssociationEvent',
    ]);
    expect(refusal({ eventType: 'QuantityEvent' })).toMatch(/^eventType: 'QuantityEvent' is not one of ObjectEvent/);
    expect(refusal({ eventType: 'ObjectEvent,' })).toBe('eventType: an empty value in the list');
    expect(refusal({ eventType: '' })).toBe('eventType: an empty value in the list');
  });

  it('reads the times in UTC, the offset kept even when a URL turned its + into a space', () => {
    const q = parseEpcisQuery({
      GE_eventTime: '2022-06-30T00:15:47.000-05:00',
      LT_eventTime: '2022-07-01T00:00:00Z',
      GE_recordTime: '2022-06-30T10:00:00.123456+02:00',
      LT_recordTime: '2022-06-30T10:00:00 02:00',
      GE_errorDeclarationTime: '2022-01-01T00:00:00Z',
      LT_errorDeclarationTime: '2023-01-01T00:00:00+00:00',
    });
    expect(q.eventTime).toEqual({ ge: '2022-06-30T05:15:47.000Z', lt: '2022-07-01T00:00:00.000Z' });
    expect(q.recordTime).toEqual({ ge: '2022-06-30T08:00:00.123Z', lt: '2022-06-30T08:00:00.000Z' });
    expect(q.errorDeclarationTime).toEqual({ ge: '2022-01-01T00:00:00.000Z', lt: '2023-01-01T00:00:00.000Z' });
    // the query schema's spelling of a named query body
    expect(parseEpcisQuery({ GE_errorDeclaration_Time: '2022-01-01T00:00:00Z' }, { source: 'json' }).errorDeclarationTime).toEqual({
      ge: '2022-01-01T00:00:00.000Z',
    });
    for (const bad of ['2022-06-30', '2022-06-30T00:15:47', '2022-02-30T00:00:00Z', '2022-06-30T24:00:00Z', 'yesterday'])
      expect(refusal({ GE_eventTime: bad })).toMatch(/^GE_eventTime: '.*' is not a date-time with a time zone offset/);
    expect(refusal({ LT_recordTime: ['2022-06-30T00:00:00Z', '2022-07-30T00:00:00Z'] })).toBe(
      'LT_recordTime: takes one value, given several',
    );
  });

  it('reads EQ_action', () => {
    expect(parseEpcisQuery({ EQ_action: 'ADD|DELETE' }).actions).toEqual(['ADD', 'DELETE']);
    expect(parseEpcisQuery({ EQ_action: 'OBSERVE' }).actions).toEqual(['OBSERVE']);
    expect(refusal({ EQ_action: 'add' })).toBe("EQ_action: 'add' is not one of ADD, OBSERVE, DELETE");
  });

  it('reads CBV values in any spelling as their bare word, other URIs as given', () => {
    const q = parseEpcisQuery({
      EQ_bizStep: 'shipping|urn:epcglobal:cbv:bizstep:receiving|https://ref.gs1.org/cbv/BizStep-packing|http://ns.example.com/step/x',
      EQ_disposition: 'in_transit,urn:epcglobal:cbv:disp:sellable_accessible,https://ref.gs1.org/cbv/Disp-damaged',
      EQ_errorReason: 'incorrect_data|urn:epcglobal:cbv:er:did_not_occur|https://ref.gs1.org/cbv/ER-did_not_occur',
    });
    expect(q.bizSteps).toEqual(['shipping', 'receiving', 'packing', 'http://ns.example.com/step/x']);
    expect(q.dispositions).toEqual(['in_transit', 'sellable_accessible', 'damaged']);
    expect(q.errorReasons).toEqual(['incorrect_data', 'did_not_occur']);
    expect(refusal({ EQ_bizStep: 'shipping2' })).toBe("EQ_bizStep: 'shipping2' is neither a CBV business step nor a URI");
    expect(refusal({ EQ_bizStep: 'urn:epcglobal:cbv:bizstep:flying' })).toMatch(
      /^EQ_bizStep: 'urn:epcglobal:cbv:bizstep:flying' is neither/,
    );
    expect(refusal({ EQ_bizStep: 'https://ref.gs1.org/cbv/Disp-damaged' })).toMatch(/^EQ_bizStep: /);
    expect(refusal({ EQ_disposition: 'shipping' })).toBe("EQ_disposition: 'shipping' is neither a CBV disposition nor a URI");
    expect(refusal({ EQ_errorReason: 'oops' })).toBe("EQ_errorReason: 'oops' is neither a CBV error reason nor a URI");
  });

  it('reads the places, transformation IDs, event IDs and corrective event IDs as URIs', () => {
    const q = parseEpcisQuery({
      EQ_readPoint: 'urn:epc:id:sgln:0012345.11111.400',
      WD_readPoint: 'urn:epc:id:sgln:0012345.11111.0|https://id.gs1.org/414/0012345111118',
      EQ_bizLocation: 'urn:epc:id:sgln:0012345.11111.0',
      WD_bizLocation: 'urn:tagloom:loc:DEMO:ST001',
      EQ_transformationID: 'urn:uuid:1',
      EQ_eventID: 'ni:///sha-256;df7bb3c352fef055578554f09f5e2aa41782150ced7bd0b8af24dd3ccb30ba69?ver=CBV2.0|urn:uuid:2',
      EQ_correctiveEventID: 'urn:uuid:3',
    });
    expect(q.readPoints).toEqual(['urn:epc:id:sgln:0012345.11111.400']);
    expect(q.readPointsWithDescendants).toEqual(['urn:epc:id:sgln:0012345.11111.0', 'https://id.gs1.org/414/0012345111118']);
    expect(q.bizLocations).toEqual(['urn:epc:id:sgln:0012345.11111.0']);
    expect(q.bizLocationsWithDescendants).toEqual(['urn:tagloom:loc:DEMO:ST001']);
    expect(q.transformationIds).toEqual(['urn:uuid:1']);
    expect(q.eventIds).toEqual(['ni:///sha-256;df7bb3c352fef055578554f09f5e2aa41782150ced7bd0b8af24dd3ccb30ba69?ver=CBV2.0', 'urn:uuid:2']);
    expect(q.correctiveEventIds).toEqual(['urn:uuid:3']);
    expect(refusal({ EQ_readPoint: 'ST001' })).toBe("EQ_readPoint: 'ST001' is not a URI");
    expect(refusal({ EQ_eventID: 'not an id' })).toBe("EQ_eventID: 'not an id' is not a URI");
  });

  it('reads the MATCH_ parameters as EPC values of their kind', () => {
    const q = parseEpcisQuery({
      MATCH_epc: 'urn:epc:id:sgtin:0614141.107346.2017|urn:epc:idpat:sgtin:0614141.*.*|https://id.gs1.org/01/10614141073464/21/2018',
      MATCH_parentID: 'urn:epc:id:sscc:0614141.1234567890',
      MATCH_inputEPC: 'urn:epc:id:sgtin:0614141.107346.1',
      MATCH_outputEPC: 'urn:epc:idpat:sgtin:0614141.107346.*',
      MATCH_anyEPC: 'urn:tagloom:epc:x',
      MATCH_epcClass: 'urn:epc:class:lgtin:4012345.012345.998877',
      MATCH_inputEPCClass: 'urn:epc:idpat:sgtin:4012345.099988.*',
      MATCH_outputEPCClass: 'https://id.gs1.org/01/04012345999990/10/20170320',
      MATCH_anyEPCClass: 'urn:epc:idpat:sgtin:*.*.*',
    });
    expect(q.epcs).toEqual([
      { raw: 'urn:epc:id:sgtin:0614141.107346.2017', kind: 'urn' },
      { raw: 'urn:epc:idpat:sgtin:0614141.*.*', kind: 'pattern' },
      { raw: 'https://id.gs1.org/01/10614141073464/21/2018', kind: 'digital-link' },
    ]);
    expect(q.parentIds).toEqual([{ raw: 'urn:epc:id:sscc:0614141.1234567890', kind: 'urn' }]);
    expect(q.inputEpcs?.[0].kind).toBe('urn');
    expect(q.outputEpcs?.[0].kind).toBe('pattern');
    expect(q.anyEpcs).toEqual([{ raw: 'urn:tagloom:epc:x', kind: 'other' }]);
    expect(q.epcClasses?.[0].kind).toBe('urn');
    expect(q.inputEpcClasses?.[0].kind).toBe('pattern');
    expect(q.outputEpcClasses?.[0].kind).toBe('digital-link');
    expect(q.anyEpcClasses?.[0].kind).toBe('pattern');
    expect(refusal({ MATCH_epc: 'urn:epc:idpat:sgtin:0614141.*.2017' })).toMatch(
      /^MATCH_epc: 'urn:epc:idpat:sgtin:0614141\.\*\.2017' is not an EPC pattern/,
    );
    expect(refusal({ MATCH_anyEPC: '3034257BF7194E4000001A85' })).toBe("MATCH_anyEPC: '3034257BF7194E4000001A85' is not a URI");
  });

  it('keeps a comma inside a value when the list is pipe-delimited', () => {
    expect(
      parseEpcisQuery({ MATCH_epc: 'urn:epc:id:sgtin:0614141.107346.A,B|urn:epc:id:sgtin:0614141.107346.C' }).epcs?.map((e) => e.raw),
    ).toEqual(['urn:epc:id:sgtin:0614141.107346.A,B', 'urn:epc:id:sgtin:0614141.107346.C']);
  });

  it('reads the quantity comparisons', () => {
    expect(
      parseEpcisQuery({ EQ_quantity: '200|12.5', GT_quantity: '1', GE_quantity: '2', LT_quantity: '300', LE_quantity: '299.5' }).quantity,
    ).toEqual({
      eq: [200, 12.5],
      gt: 1,
      ge: 2,
      lt: 300,
      le: 299.5,
    });
    expect(refusal({ GT_quantity: 'many' })).toBe("GT_quantity: 'many' is not a number");
  });

  it('reads EQ_bizTransaction_, EQ_source_ and EQ_destination_ of CBV types (any spelling) and URIs', () => {
    const q = parseEpcisQuery({
      EQ_bizTransaction_po: 'http://transaction.acme.com/po/12345678|urn:epcglobal:cbv:bt:0614141073467:1152',
      EQ_bizTransaction_desadv: 'urn:epcglobal:cbv:bt:5200001000008:4711',
      'EQ_bizTransaction_urn:epcglobal:cbv:btt:inv': 'urn:uuid:inv-1',
      EQ_source_owning_party: 'urn:epc:id:pgln:4012345.00225',
      EQ_source_location: 'urn:epc:id:sgln:4012345.00225.0',
      EQ_destination_possessing_party: 'urn:epc:id:pgln:0614141.00777',
      'EQ_destination_https://ns.example.com/sdt/carrier': 'urn:epc:id:pgln:0614141.00888',
    });
    expect(q.bizTransactions).toEqual([
      { type: 'po', values: ['http://transaction.acme.com/po/12345678', 'urn:epcglobal:cbv:bt:0614141073467:1152'] },
      { type: 'desadv', values: ['urn:epcglobal:cbv:bt:5200001000008:4711'] },
      { type: 'inv', values: ['urn:uuid:inv-1'] },
    ]);
    expect(q.sources).toEqual([
      { type: 'owning_party', values: ['urn:epc:id:pgln:4012345.00225'] },
      { type: 'location', values: ['urn:epc:id:sgln:4012345.00225.0'] },
    ]);
    expect(q.destinations).toEqual([
      { type: 'possessing_party', values: ['urn:epc:id:pgln:0614141.00777'] },
      { type: 'https://ns.example.com/sdt/carrier', values: ['urn:epc:id:pgln:0614141.00888'] },
    ]);
    expect(refusal({ EQ_bizTransaction_purchase: 'urn:x:1' })).toBe(
      "EQ_bizTransaction_purchase: 'purchase' is neither a CBV business transaction type nor a URI",
    );
    expect(refusal({ EQ_source_shop: 'urn:x:1' })).toBe("EQ_source_shop: 'shop' is neither a CBV source/destination type nor a URI");
    expect(refusal({ EQ_destination_location: 'ST001' })).toBe("EQ_destination_location: 'ST001' is not a URI");
    expect(refusal({ EQ_bizTransaction_: 'urn:x:1' })).toBe('EQ_bizTransaction_: not a query parameter of the EPCIS 2.0 SimpleEventQuery');
  });

  it('reads EXISTS_errorDeclaration: present or true is a constraint, false none', () => {
    expect(parseEpcisQuery({ EXISTS_errorDeclaration: '' }).errorDeclarationExists).toBe(true);
    expect(parseEpcisQuery({ EXISTS_errorDeclaration: 'true' }).errorDeclarationExists).toBe(true);
    expect(parseEpcisQuery({ EXISTS_errorDeclaration: 'false' }).errorDeclarationExists).toBeUndefined();
    expect(parseEpcisQuery({ EXISTS_errorDeclaration: true }, { source: 'json' }).errorDeclarationExists).toBe(true);
    expect(parseEpcisQuery({ EXISTS_errorDeclaration: null }, { source: 'json' }).errorDeclarationExists).toBe(true);
    expect(refusal({ EXISTS_errorDeclaration: 'maybe' })).toBe("EXISTS_errorDeclaration: 'maybe' is not true or false");
  });

  it('reads the order and the counts, and refuses their conflicts', () => {
    expect(parseEpcisQuery({ orderBy: 'eventTime', orderDirection: 'ASC', eventCountLimit: '1' })).toMatchObject({
      orderBy: 'eventTime',
      orderDirection: 'ASC',
      eventCountLimit: 1,
    });
    expect(parseEpcisQuery({ orderBy: 'recordTime', maxEventCount: '100' })).toMatchObject({
      orderBy: 'recordTime',
      orderDirection: 'DESC',
      maxEventCount: 100,
    });
    expect(refusal({ orderBy: 'quantity' })).toBe("orderBy: 'quantity' is not eventTime or recordTime");
    expect(refusal({ orderBy: 'ex:myField' })).toBe("orderBy: ordering by the extension field 'ex:myField' is not supported");
    expect(refusal({ orderDirection: 'up' })).toBe("orderDirection: 'up' is not ASC or DESC");
    expect(refusal({ eventCountLimit: '5' })).toBe('eventCountLimit: needs orderBy');
    expect(refusal({ orderBy: 'eventTime', eventCountLimit: '5', maxEventCount: '5' })).toBe(
      'eventCountLimit: eventCountLimit and maxEventCount may not both be given',
    );
    expect(refusal({ maxEventCount: '-1' })).toBe("maxEventCount: '-1' is not an integer of at least 0");
    expect(refusal({ maxEventCount: '1.5' })).toBe("maxEventCount: '1.5' is not an integer of at least 0");
  });

  it('reads perPage (at most the server’s largest page) and keeps nextPageToken', () => {
    expect(parseEpcisQuery({ perPage: '50', nextPageToken: 'abc.def' })).toMatchObject({ perPage: 50, nextPageToken: 'abc.def' });
    expect(parseEpcisQuery({ perPage: '5000' }).perPage).toBe(1000);
    expect(parseEpcisQuery({ perPage: '500' }, { maxPerPage: 100 }).perPage).toBe(100);
    expect(parseEpcisQuery({}, { defaultPerPage: 10 }).perPage).toBe(10);
    expect(refusal({ perPage: '0' })).toBe("perPage: '0' is not an integer of at least 1");
  });

  it('reads a named query body (JSON): arrays are lists, numbers and booleans as they are', () => {
    const q = parseEpcisQuery(
      {
        '@context': 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
        eventType: ['ObjectEvent'],
        EQ_bizStep: ['shipping', 'receiving'],
        MATCH_epc: ['urn:epc:id:sgtin:0614141.107346.A,B'],
        EQ_quantity: [200],
        GE_quantity: 3,
        orderBy: 'eventTime',
        eventCountLimit: 5,
      },
      { source: 'json' },
    );
    expect(q).toMatchObject({
      eventTypes: ['ObjectEvent'],
      bizSteps: ['shipping', 'receiving'],
      epcs: [{ raw: 'urn:epc:id:sgtin:0614141.107346.A,B', kind: 'urn' }],
      quantity: { eq: [200], ge: 3 },
      eventCountLimit: 5,
    });
  });

  it('refuses unknown parameters and the standard ones it does not support, naming them', () => {
    expect(refusal({ foo: 'bar' })).toBe('foo: not a query parameter of the EPCIS 2.0 SimpleEventQuery');
    expect(refusal({ eq_bizStep: 'shipping' })).toBe('eq_bizStep: not a query parameter of the EPCIS 2.0 SimpleEventQuery');
    for (const name of [
      'EQ_persistentDisposition_set',
      'GE_startTime',
      'EQ_type',
      'EQ_booleanValue',
      'GE_percRank',
      'EQ_value_CEL',
      'GE_maxValue_KGM',
      'EQ_quantity_KGM',
      'EQ_example:myField',
      'GT_ILMD_example:bestBefore',
      'EXISTS_INNER_example:thing',
      'EQ_SENSORELEMENT_ex:x',
      'EQ_ERROR_DECLARATION_ex:y',
      'EQ_readPoint_ex:z',
      'HASATTR_urn:epc:id:sgln:0012345.11111.0',
      'EQ_ATTR_location_name',
    ])
      expect(refusal({ [name]: '1' })).toBe(`${name}: this query parameter is not supported by this repository`);
    // the server's own parameters pass
    expect(parseEpcisQuery({ tenant: 'x', EQ_action: 'ADD' }, { ignore: ['tenant'] }).actions).toEqual(['ADD']);
  });

  it('throws a problem document the binding defines', () => {
    try {
      parseEpcisQuery({ EQ_action: 'NOPE' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EpcisProblem);
      expect((e as EpcisProblem).problem).toEqual({
        type: 'epcisException:QueryParameterException',
        title: 'Invalid query parameter',
        status: 400,
        detail: "EQ_action: 'NOPE' is not one of ADD, OBSERVE, DELETE",
      });
      expect((e as EpcisProblem).kind).toBe('QueryParameterException');
    }
    expect(epcisProblem('ImplementationException', 'no XML', 501).problem).toEqual({
      type: 'epcisException:ImplementationException',
      title: 'A server-side error occurred',
      status: 501,
      detail: 'no XML',
    });
    expect(epcisProblem('CaptureLimitExceededException').status).toBe(413);
  });
});

describe('page tokens', () => {
  const secret = 's3cret';
  it('round-trip their cursor', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.integer(),
          fc.constant(null),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
        fc.oneof(fc.integer({ min: 0 }), fc.string({ minLength: 1 })),
        fc.boolean(),
        (value, id, keyed) => {
          const token = encodePageToken({ value, id }, keyed ? { secret } : {});
          expect(token).toMatch(/^[A-Za-z0-9_-]+\.[0-9a-f]{32}$/);
          expect(decodePageToken(token, keyed ? { secret } : {})).toEqual({ value, id });
        },
      ),
    );
  });

  it('refuse a token edited, cut, forged or of another secret', () => {
    const token = encodePageToken({ value: '2024-05-01T10:00:00.000Z', id: 42 }, { secret });
    const [payload, mac] = token.split('.');
    const forged = encodePageToken({ value: '2024-05-01T10:00:00.000Z', id: 1 });
    const tampered = [
      `${payload.slice(0, -1)}${payload.at(-1) === 'A' ? 'B' : 'A'}.${mac}`,
      `${payload}.${mac.slice(0, -1)}${mac.at(-1) === '0' ? '1' : '0'}`,
      payload,
      `${payload}.${mac}.x`,
      forged,
      '',
      'not a token',
    ];
    for (const t of tampered) {
      try {
        decodePageToken(t, { secret });
        expect.unreachable(t);
      } catch (e) {
        expect((e as EpcisProblem).problem).toMatchObject({
          type: 'epcisException:QueryParameterException',
          detail: 'nextPageToken: not a valid page token',
        });
      }
    }
    expect(() => decodePageToken(token)).toThrow(/not a valid page token/);
  });

  it('carry what eventCountLimit leaves, and refuse a count that is not one', () => {
    const token = encodePageToken({ value: 'x', id: 3, left: 7 }, { secret });
    expect(decodePageToken(token, { secret })).toEqual({ value: 'x', id: 3, left: 7 });
    expect(decodePageToken(encodePageToken({ value: 'x', id: 3, left: 0 }, { secret }), { secret }).left).toBe(0);
    for (const left of [-1, 1.5, Number.NaN])
      expect(() => decodePageToken(encodePageToken({ value: 'x', id: 3, left }, { secret }), { secret })).toThrow(/not a valid page token/);
  });

  it('expire when told', () => {
    const token = encodePageToken({ value: 1, id: 2, expires: '2024-05-01T10:00:00.000Z' }, { secret });
    expect(decodePageToken(token, { secret, now: new Date('2024-05-01T09:59:59Z') })).toEqual({
      value: 1,
      id: 2,
      expires: '2024-05-01T10:00:00.000Z',
    });
    expect(() => decodePageToken(token, { secret, now: new Date('2024-05-01T10:00:00Z') })).toThrow(
      /nextPageToken: the page token has expired/,
    );
  });
});
