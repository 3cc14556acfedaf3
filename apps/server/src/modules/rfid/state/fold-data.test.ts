// One database pass: no database (pure code), so the PostgreSQL pass would repeat it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeReads, forEachRead, type QueuedRead } from './fold-data.js';

const read = fc.record({
  epc: fc.stringMatching(/^[0-9A-F]{8,62}$/),
  tid: fc.option(fc.stringMatching(/^[0-9A-F]{8,32}$/), { nil: null }),
  at: fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
  antenna: fc.option(fc.integer({ min: 0, max: 32767 }), { nil: null }),
  rssiCdbm: fc.option(fc.integer({ min: -15000, max: 0 }), { nil: null }),
  readCount: fc.integer({ min: 1, max: 100000 }),
});

describe('the fold queue data', () => {
  it('gives back every read as encoded, in order', () => {
    fc.assert(
      fc.property(fc.array(read, { maxLength: 50 }), (reads: QueuedRead[]) => {
        const back: QueuedRead[] = [];
        forEachRead(encodeReads(reads), (epc, tid, at, antenna, rssiCdbm, readCount) =>
          back.push({ epc, tid, at: new Date(at), antenna, rssiCdbm, readCount }),
        );
        expect(back).toEqual(reads);
      }),
    );
  });

  it('marks the reads after a trigger, and only those', () => {
    fc.assert(
      fc.property(
        fc.array(read, { maxLength: 50 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        (reads: QueuedRead[], trigger: Date) => {
          const back: (QueuedRead & { after: boolean })[] = [];
          forEachRead(encodeReads(reads, trigger.getTime()), (epc, tid, at, antenna, rssiCdbm, readCount, after) =>
            back.push({ epc, tid, at: new Date(at), antenna, rssiCdbm, readCount, after }),
          );
          expect(back).toEqual(reads.map((r) => ({ ...r, after: r.at.getTime() > trigger.getTime() })));
        },
      ),
    );
  });
});
