/**
 * What the next screens need, fetched at idle once the first screen is drawn (while the user reads
 * it): the rest of the screens' catalog, the resource framework (declarations, generic page, table,
 * form) and the settings drawer. Before that, nothing competes with the first screen for the
 * network or the main thread.
 */
import { loadScreenTexts } from './i18n-screens';
import { prefetchResourceFramework } from './views';

let started = false;

const idle = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);

/** Called by the first screen once its first figures are on screen (or by the shell for any other screen); once. */
export function afterFirstScreen(): void {
  if (started) return;
  started = true;
  idle(() => {
    // failures are reported by whoever needs the piece later, when it is loaded again
    const quiet = (p: Promise<unknown>) => p.catch(() => undefined);
    void quiet(loadScreenTexts('all'));
    void quiet(prefetchResourceFramework());
    void quiet(import('./layout/Settings'));
  });
}
