/**
 * When this process last began an HTTP request: a hint for bulk work that shares the database with
 * the requests (Get EPC sizes its statements by it on embedded PGlite, which serves one statement
 * at a time), nothing more — no decision that must agree between processes rests on it.
 */
let lastRequest = Number.NEGATIVE_INFINITY;

/** Called as each request begins (core/access.ts). */
export function noteRequest(): void {
  lastRequest = performance.now();
}

/** Whether a request began within the last `ms` milliseconds in this process. */
export function requestsWithin(ms: number): boolean {
  return performance.now() - lastRequest < ms;
}
