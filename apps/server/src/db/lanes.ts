/**
 * Background work (bulk jobs: Get EPC, imports, exports — JobKind `background`) as the embedded
 * database sees it. PGlite has one connection: a request's statements wait behind whatever runs there, and a request that asks
 * several statements in a row (a list: its page, its count, its session) used to find a job's
 * next statement queued between each of them. Work run `inBackground` instead starts a statement
 * or a transaction only once the requests' statements are through (none in flight and none ended
 * in the last BACKGROUND_GAP_MS: the next of a request comes within that), or once it has waited
 * BACKGROUND_MAX_WAIT_MS (so a busy console slows a job down, never stops it). A request then
 * waits for at most the one background statement under way when it came. PostgreSQL serves
 * every connection side by side: nothing waits there (pglite-thread.ts applies it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** A background run: how long its statements waited for the requests' (ms, in all). */
interface Background {
  waited: number;
}

const lane = new AsyncLocalStorage<Background>();

/** Runs `fn` (a bulk job) as background work: on embedded PGlite its statements give way to requests'. */
export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return lane.run({ waited: 0 }, fn);
}

/**
 * Runs `fn` as a request's work though background work called it: what it starts serves requests
 * (a bus topic's handlers — live sockets, caches —, a cache's load others await), so it does not
 * give way as the background work that happened to start it does.
 */
export function outsideBackground<T>(fn: () => T): T {
  return lane.exit(fn);
}

/** The current async path's background run (undefined: a request's work). */
export const background = (): Background | undefined => lane.getStore();

/**
 * A clock for work that sizes its statements by how long they take (Get EPC, imports, exports):
 * performance.now() less the time this background run gave way to requests, which is not the
 * statements' own (counted, it would shrink them while the console is busy, and so slow the work
 * further). performance.now() itself outside background work.
 */
export const workNow = (): number => performance.now() - (lane.getStore()?.waited ?? 0);

/** A request's next statement comes within this of its last one's answer (the event loop's turn). */
export const BACKGROUND_GAP_MS = 2;
/** The longest a background statement waits for the requests' statements to be through. */
export const BACKGROUND_MAX_WAIT_MS = 10;
