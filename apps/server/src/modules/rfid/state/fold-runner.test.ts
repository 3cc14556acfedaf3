// One database pass: no database (pure code), so the PostgreSQL pass would repeat it.
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../../core/context.js';
import { FOLD_TIMING, FoldRunner, foldDueAt } from './fold-runner.js';

describe('when the fold runs (FOLD_TIMING)', () => {
  const { quietMs, maxWaitMs, pauseMs } = FOLD_TIMING;

  it('folds a lone batch once the readers have been quiet for a moment', () => {
    expect(foldDueAt(10_000, 10_000)).toBe(10_000 + quietMs);
  });

  it('folds a steady stream every maxWaitMs, not after each batch', () => {
    // kicks every 10 ms since 10,000: each moves the quiet moment on, until the first waiting batch has waited maxWaitMs
    expect(foldDueAt(10_010, 10_000)).toBe(10_010 + quietMs);
    expect(foldDueAt(12_990, 10_000)).toBe(10_000 + maxWaitMs);
    expect(foldDueAt(20_000, 10_000)).toBe(10_000 + maxWaitMs);
  });

  it('rests after a run while readers keep sending, however quiet the moments between their batches', () => {
    // the last run ended at 10,000 and rests until 11,000: batches keep coming (the last at 10,900)
    expect(foldDueAt(10_900, 10_050, 11_000)).toBe(11_000);
    // a rest longer than maxWaitMs still holds while they keep sending
    expect(foldDueAt(13_900, 10_050, 14_000)).toBe(14_000);
  });

  it('folds at once when the readers pause, rest or not', () => {
    expect(foldDueAt(10_400, 10_050, 20_000)).toBe(10_400 + pauseMs);
  });
});

describe('a fold someone waits for (FoldRunner.soon)', () => {
  /** A runner whose runs are counted (the context says it is not ready: a run reads nothing). */
  function counted() {
    const runs: number[] = [];
    const ctx = {
      database: { kind: 'pglite' },
      readiness: {
        get ready() {
          runs.push(Date.now());
          return false;
        },
      },
    } as unknown as AppContext;
    return { runner: new FoldRunner(ctx), runs };
  }

  it('runs at once, without the quiet a kick waits for', async () => {
    const { runner, runs } = counted();
    runner.kick();
    expect(runs).toHaveLength(0);
    runner.soon();
    expect(runs).toHaveLength(1);
    await runner.stop();
  });

  it('runs once more right after the run under way, without its rest', async () => {
    const { runner, runs } = counted();
    runner.soon();
    runner.soon();
    await runner.idle();
    await new Promise((r) => setTimeout(r, 5));
    expect(runs).toHaveLength(2);
    await runner.stop();
  });
});
