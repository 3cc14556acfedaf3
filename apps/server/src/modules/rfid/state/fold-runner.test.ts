import { describe, expect, it } from 'vitest';
import { FOLD_TIMING, foldDueAt } from './fold-runner.js';

describe('when the fold runs (FOLD_TIMING)', () => {
  const { quietMs, maxWaitMs } = FOLD_TIMING;

  it('folds a lone batch once the readers have been quiet for a moment', () => {
    expect(foldDueAt(10_000, 10_000)).toBe(10_000 + quietMs);
  });

  it('folds a steady stream every maxWaitMs, not after each batch', () => {
    // kicks every 10 ms since 10,000: each moves the quiet moment on, until the first waiting batch has waited maxWaitMs
    expect(foldDueAt(10_010, 10_000)).toBe(10_010 + quietMs);
    expect(foldDueAt(12_990, 10_000)).toBe(10_000 + maxWaitMs);
    expect(foldDueAt(20_000, 10_000)).toBe(10_000 + maxWaitMs);
  });
});
