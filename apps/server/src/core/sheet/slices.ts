/**
 * A long loop on the event loop, cut into slices: `await slice()` in the loop gives other requests
 * their turn (setImmediate, a macrotask) once the current slice has run `ms`. Needed as well where
 * the loop awaits the database: embedded PGlite answers on this same thread, and awaiting its
 * promises alone (microtasks) lets no request in.
 */
export function slices(ms = 10): () => Promise<void> {
  let start = performance.now();
  return async () => {
    if (performance.now() - start < ms) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    start = performance.now();
  };
}
