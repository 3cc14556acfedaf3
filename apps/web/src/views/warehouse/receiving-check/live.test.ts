import { describe, expect, it } from 'vitest';
import { applyCarton, type CartonLive, type Dock } from './dock';

const carton = (over: Partial<CartonLive>): CartonLive => ({
  kind: 'result',
  cartonId: 1,
  cartonNo: 'C1',
  billId: 1,
  billCode: 'B1',
  status: 2,
  result: 1,
  equipmentCoding: 'TUN-1',
  locationId: null,
  zoneName: null,
  expected: 5,
  read: 5,
  matched: 5,
  missing: 0,
  over: 0,
  foreign: 0,
  unknown: 0,
  checkedAt: '2026-11-29T10:00:00.000Z',
  holdReason: '',
  ...over,
});
const dock: Dock = {
  equipmentCoding: 'TUN-1',
  equipmentName: 'Tunnel',
  locationId: null,
  locationName: null,
  online: true,
  current: null,
  last: null,
};

describe('a dock after a pushed carton', () => {
  it('shows the carton in its tunnel while read, then its result as the last one', () => {
    const reading = applyCarton(
      dock,
      carton({ kind: 'progress', session: { id: 9, code: 'RS1', epcCount: 3, readCount: 6, startedAt: '' } }),
    );
    expect(reading.current?.session?.epcCount).toBe(3);
    const done = applyCarton(reading, carton({ result: 2, missing: 1 }));
    expect(done.current).toBeNull();
    expect(done.last).toMatchObject({ cartonId: 1, result: 2 });
  });
  it("keeps another reader's cartons and an older check off the card", () => {
    const other = applyCarton(dock, carton({ equipmentCoding: 'TUN-2' }));
    expect(other).toBe(dock);
    const last = applyCarton(dock, carton({ cartonId: 2, checkedAt: '2026-11-29T11:00:00.000Z' }));
    expect(applyCarton(last, carton({ cartonId: 3, checkedAt: '2026-11-29T09:00:00.000Z' })).last?.cartonId).toBe(2);
    // the same carton moved on (held, accepted): the card follows it
    expect(applyCarton(last, carton({ cartonId: 2, status: 4, checkedAt: '2026-11-29T11:00:00.000Z' })).last?.status).toBe(4);
  });
});
