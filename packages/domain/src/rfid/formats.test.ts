import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEpc } from '../epc/index.js';
import { base64ToHex, hexToBase64, type PayloadError, parsePayload, splitJsonEvents } from './formats.js';

const FIXTURES = '/work/shared/fixtures/readers';
const fixture = (name: string) => readFileSync(`${FIXTURES}/${name}`, 'utf8');
const NOW = Date.parse('2026-11-21T08:16:00Z');
const SGTIN = 'urn:epc:id:sgtin:0614141.812345.6789';

describe('Impinj R700 IoT interface', () => {
  it('parses the webhook batch: reads (base64 and hex EPCs), antenna and inventory status events', () => {
    const p = parsePayload('impinj', fixture('impinj-r700-events.json'), { now: NOW });
    expect(p.invalid).toEqual([]);
    expect(p.reads.length).toBeGreaterThanOrEqual(2);
    const [a, b] = p.reads;
    expect(a.epc).toBe('3034257BF7194E4000001A85');
    expect(decodeEpc(a.epc).uri).toBe(SGTIN);
    expect(a).toMatchObject({ antenna: 1, rssiCdbm: -6150, frequencyKhz: 915250, readCount: 1, tid: null });
    expect(a.at.toISOString()).toBe('2026-11-21T08:15:02.412Z');
    expect(b).toMatchObject({ epc: '3034257BF7194E4000001A85', tid: 'E2801190200050A4C7C60304', antenna: 2, rssiCdbm: -5800 });
    expect(b.at.toISOString()).toBe('2026-11-21T08:15:02.417Z'); // lastSeenTime
    expect(p.statuses).toContainEqual(expect.objectContaining({ eventType: 'antennaDisconnected', antenna: 3, level: 'warn' }));
    expect(p.statuses).toContainEqual(expect.objectContaining({ eventType: 'inventoryStatus', message: 'running' }));
  });

  it('parses the NDJSON stream the same as the array', () => {
    const stream = parsePayload('impinj', fixture('impinj-r700-stream.ndjson'), { now: NOW });
    expect(stream.invalid).toEqual([]);
    expect(stream.reads[0]).toMatchObject({ epc: '3034257BF7194E4000001A85', antenna: 1, rssiCdbm: -6150 });
    expect(stream.events).toBe(stream.reads.length + stream.statuses.length);
  });

  it('takes one event object', () => {
    const one = JSON.stringify({
      timestamp: '2026-11-21T08:15:00Z',
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: '3034257bf7194e4000001a85', antennaPort: 4, peakRssiCdbm: -7000 },
    });
    const p = parsePayload('impinj', one, { now: NOW });
    expect(p.reads).toHaveLength(1);
    expect(p.reads[0]).toMatchObject({ epc: '3034257BF7194E4000001A85', antenna: 4 });
  });

  it('lists bad events with their position and reason, keeping the good ones', () => {
    const ev = (t: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      timestamp: '2026-11-21T08:15:00Z',
      eventType: 'tagInventory',
      tagInventoryEvent: t,
      ...extra,
    });
    const body = JSON.stringify([
      ev({ epcHex: '3034257BF7194E4000001A85', antennaPort: 1 }),
      ev({ epcHex: 'XYZ' }),
      ev({ epcHex: '3034257BF7194E4000001A8' }), // not whole words
      ev({ antennaPort: 1 }),
      ev({ epcHex: '3034257BF7194E4000001A85' }, { timestamp: '2031-01-01T00:00:00Z' }),
      ev({ epcHex: '3034257BF7194E4000001A85' }, { timestamp: 'yesterday' }),
      ev({ epcHex: '3034257BF7194E4000001A85', antennaPort: 'one' }),
      { eventType: 'somethingElse' },
      42,
    ]);
    const p = parsePayload('impinj', body, { now: NOW });
    expect(p.reads.map((r) => r.index)).toEqual([1]);
    expect(p.invalid.map((e) => [e.index, e.reason])).toEqual([
      [2, 'badEpc'],
      [3, 'badEpc'],
      [4, 'noEpc'],
      [5, 'timeOutOfRange'],
      [6, 'badTime'],
      [7, 'badAntenna'],
      [8, 'unknownType'],
      [9, 'notObject'],
    ]);
    expect(p.invalid[0].params).toMatchObject({ field: 'epcHex', value: 'XYZ' });
  });

  it('keeps tag access responses (memory reads), phase to 0.01° and the Doppler frequency', () => {
    const ev = (t: Record<string, unknown>) => ({ timestamp: '2026-11-21T08:15:00Z', eventType: 'tagInventory', tagInventoryEvent: t });
    const body = JSON.stringify([
      ev({
        epcHex: '3034257BF7194E4000001A85',
        phaseAngle: 359.987,
        dopplerFrequency: 31.251,
        tagAccessResponses: [
          { command: 'read', identifier: 'user', response: 'success', dataHex: 'abcd0123' },
          { command: 'read', response: 'success', dataHex: '3034257BF7194E4000001A85' },
          { command: 'read', identifier: 'tid', response: 'memoryOverrun' },
        ],
      }),
      ev({ epcHex: '3034257BF7194E4000001A85', tagAccessResponses: [{ identifier: 'user', dataHex: 'XYZ' }] }),
      ev({ epcHex: '3034257BF7194E4000001A85', phaseAngle: 1000 }),
    ]);
    const p = parsePayload('impinj', body, { now: NOW });
    expect(p.reads).toEqual([
      expect.objectContaining({
        phase: 359.99,
        dopplerHz: 31.25,
        memory: 'user=ABCD0123 3034257BF7194E4000001A85 tid!memoryOverrun',
      }),
    ]);
    expect(p.invalid).toEqual([
      { index: 2, reason: 'badMemory', params: { field: 'tagAccessResponses[0].dataHex', value: 'XYZ' } },
      { index: 3, reason: 'badNumber', params: { field: 'phaseAngle', value: '1000' } },
    ]);
  });

  it('names the field of a missing or unknown event type', () => {
    const p = parsePayload('impinj', JSON.stringify([{ timestamp: '2026-11-21T08:15:00Z' }, { eventType: 'x' }]), { now: NOW });
    expect(p.invalid).toEqual([
      { index: 1, reason: 'noType', params: { field: 'eventType' } },
      { index: 2, reason: 'unknownType', params: { field: 'eventType', value: '"x"' } },
    ]);
    const z = parsePayload('zebra', JSON.stringify([{ data: {} }]), { now: NOW });
    expect(z.invalid).toEqual([{ index: 1, reason: 'noType', params: { field: 'type' } }]);
  });

  it('refuses a body that is not JSON, too large, or with too many events', () => {
    const reason = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as PayloadError).reason;
      }
      return 'none';
    };
    expect(reason(() => parsePayload('impinj', 'hello world'))).toBe('notJson');
    expect(reason(() => parsePayload('impinj', '[1, 2'))).toBe('notJson');
    expect(reason(() => parsePayload('impinj', '   '))).toBe('empty');
    expect(reason(() => parsePayload('impinj', 'x'.repeat(101), { maxChars: 100 }))).toBe('tooLarge');
    expect(reason(() => parsePayload('impinj', JSON.stringify([{}, {}, {}]), { maxEvents: 2 }))).toBe('tooManyEvents');
  });
});

describe('Zebra IoT Connector', () => {
  it('parses the tag data events: RSSI dBm → cdBm, reads, channel MHz → kHz, +0000 offsets', () => {
    const p = parsePayload('zebra', fixture('zebra-iotc-tag-events.json'), { now: NOW });
    expect(p.invalid).toEqual([]);
    const [a, b] = p.reads;
    expect(a).toMatchObject({ epc: '3034257BF7194E4000001A85', antenna: 1, rssiCdbm: -6100, readCount: 3, frequencyKhz: 915250 });
    expect(a.at.toISOString()).toBe('2026-11-21T08:15:02.412Z');
    expect(decodeEpc(b.epc).uri).toBe(SGTIN);
    expect(b).toMatchObject({ antenna: 2, rssiCdbm: -5500, readCount: 1 });
  });

  it('parses objects posted back to back with no separator, and non-tag types as status events', () => {
    const events = JSON.parse(fixture('zebra-iotc-tag-events.json')) as unknown[];
    const body = `${events.map((e) => JSON.stringify(e)).join('')}{"timestamp":"2026-11-21T08:15:05.000+0000","type":"heartbeat","data":{}}{"timestamp":"2026-11-21T08:15:06.000+0000","type":"errors","data":{"description":"radio {busy} \\"x\\""}}`;
    const p = parsePayload('zebra', body, { now: NOW });
    expect(p.invalid).toEqual([]);
    expect(p.reads).toHaveLength(events.length);
    expect(p.heartbeats).toBe(1);
    expect(p.statuses).toEqual([expect.objectContaining({ eventType: 'error', level: 'error', message: 'errors radio {busy} "x"' })]);
  });

  it("reads a general-purpose input's changes (Impinj and Zebra): going high is a tunnel's trigger, going low is only logged", () => {
    const at = '2026-11-21T08:15:00.000Z';
    const impinj = parsePayload(
      'impinj',
      JSON.stringify([
        { timestamp: at, hostname: 'r700', eventType: 'gpiTransition', gpiTransitionEvent: { gpi: 2, transition: 'low-to-high' } },
        { timestamp: at, hostname: 'r700', eventType: 'gpiTransition', gpiTransitionEvent: { gpi: 2, transition: 'high-to-low' } },
      ]),
      { now: NOW },
    );
    const zebra = parsePayload(
      'zebra',
      JSON.stringify([
        { timestamp: at, type: 'GPI', data: { pin: 1, state: 'HIGH' } },
        { timestamp: at, type: 'gpi', data: { port: 1, signal: 'LOW' } },
      ]),
      { now: NOW },
    );
    for (const p of [impinj, zebra]) {
      expect(p.invalid).toEqual([]);
      expect(p.statuses.map((s) => [s.eventType, !!s.trigger])).toEqual([
        ['gpiTransition', true],
        ['gpiTransition', false],
      ]);
    }
    expect(impinj.statuses.map((s) => s.message)).toEqual(['GPI 2 low-to-high', 'GPI 2 high-to-low']);
    expect(zebra.statuses.map((s) => s.message)).toEqual(['GPI 1 HIGH', 'GPI 1 LOW']);
  });

  it('keeps the good objects around a broken one', () => {
    const good = '{"timestamp":"2026-11-21T08:15:02.412+0000","type":"SIMPLE","data":{"idHex":"3034257BF7194E4000001A85","antenna":1}}';
    const p = parsePayload('zebra', `${good}{"type": oops}${good}`, { now: NOW });
    expect(p.reads.map((r) => r.index)).toEqual([1, 3]);
    expect(p.invalid).toEqual([{ index: 2, reason: 'notJson' }]);
  });
});

describe('properties', () => {
  const obj = fc.dictionary(
    fc.string({ maxLength: 8 }),
    fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 })),
    { maxKeys: 5 },
  );

  it('any run of back-to-back objects, with any whitespace between, splits back into the same objects', () => {
    fc.assert(
      fc.property(
        fc.array(obj, { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom('', ' ', '\n', '\r\n', '\t'), { minLength: 8, maxLength: 8 }),
        (objs, seps) => {
          const body = objs.map((o, i) => JSON.stringify(o) + seps[i]).join('');
          expect(splitJsonEvents(body)).toEqual(objs);
        },
      ),
    );
  });

  it('base64 ↔ hex', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join('');
        const b64 = hexToBase64(hex);
        expect(b64).toBe(Buffer.from(bytes).toString('base64'));
        expect(base64ToHex(b64)).toBe(hex);
      }),
    );
  });
});
