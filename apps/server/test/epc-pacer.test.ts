// One database pass: no database (pure code), so the PostgreSQL pass would repeat it.
import { describe, expect, it } from 'vitest';
import { EPC_SLICE_MS, pacer } from '../src/modules/label/orders/epc-job.js';

describe("Get EPC's statement sizes (pacer)", () => {
  it('on PGlite, sizes statements to the short slice while requests come and to the long one while none does', () => {
    let busy = true;
    const pace = pacer('pglite', () => busy);
    // the database managed 100 rows a millisecond: a few statements at that rate settle the estimate
    for (let i = 0; i < 12; i++) pace.took(pace.rows(), pace.rows() / 100);
    const whileBusy = pace.rows();
    expect(whileBusy).toBeGreaterThan(100 * EPC_SLICE_MS.pglite.busy * 0.8);
    expect(whileBusy).toBeLessThan(100 * EPC_SLICE_MS.pglite.busy * 1.2);
    busy = false;
    const whileQuiet = pace.rows();
    expect(whileQuiet / whileBusy).toBeCloseTo(EPC_SLICE_MS.pglite.quiet / EPC_SLICE_MS.pglite.busy, 0);
    // a request comes: the very next statement is short again, not half way there
    busy = true;
    expect(pace.rows()).toBe(whileBusy);
  });

  it('shrinks when statements take longer than the rate said (a busy core, waits for the connection)', () => {
    const pace = pacer('pglite', () => true);
    for (let i = 0; i < 12; i++) pace.took(pace.rows(), pace.rows() / 1000);
    const before = pace.rows();
    for (let i = 0; i < 8; i++) pace.took(pace.rows(), pace.rows() / 100);
    expect(pace.rows()).toBeLessThan(before / 5);
  });

  it('learns nothing from a short tail (fewer rows than asked)', () => {
    const pace = pacer('pg', () => false);
    const asked = pace.rows();
    pace.took(10, 1000);
    expect(pace.rows()).toBe(asked);
  });
});
