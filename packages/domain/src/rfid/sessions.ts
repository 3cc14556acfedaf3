/**
 * Read sessions (operations.md F3, F4, E4): the reads of one carton through a tunnel, of one pad
 * (handheld) job, of one count. A session belongs to one reader; a tunnel's or a live handheld's
 * reads go to the reader's OPEN session as the fold folds them, an offline handheld uploads its
 * session whole (F4).
 */

/** What a session reads for (RfidSessionKind). */
export const READ_SESSION_KIND = {
  CARTON_CHECK: 1,
  PACK: 2,
  SPOT_CHECK: 3,
  COUNT: 4,
  QI: 5,
  HANDHELD: 6,
  FITTING: 7,
} as const;
export type ReadSessionKind = (typeof READ_SESSION_KIND)[keyof typeof READ_SESSION_KIND];

/**
 * A session's state, one column for both ways a session is made (so E4's pad states are not
 * numbered 0–3 as operations.md's E4 sketch has them: OPEN and CLOSED sit between):
 * - a live session (a tunnel's, a streaming handheld's): OPEN 1 → CLOSED 2 (next scan, close
 *   button or route, QUIET_CLOSE_MS without a read);
 * - an uploaded one (F4): RECORDED 0 (the header announced, no reads yet) → UPLOADED 3 (its reads
 *   arrived) → REVIEWED 4 | REJECTED 5 (the pad-review screen).
 */
export const READ_SESSION_STATE = { RECORDED: 0, OPEN: 1, CLOSED: 2, UPLOADED: 3, REVIEWED: 4, REJECTED: 5 } as const;
export type ReadSessionState = (typeof READ_SESSION_STATE)[keyof typeof READ_SESSION_STATE];

/** A live session with no read (nor opening) for this long closes by itself (F3: "after 5 s without a read"). */
export const QUIET_CLOSE_MS = 5000;
/**
 * A QI sample's session waits longer for its reads (the inspector starts it, then brings the pieces
 * to the QI area's reader one by one): it closes by itself after this long without a read.
 */
export const QI_QUIET_CLOSE_MS = 600_000;

/** Reads of one handheld upload at most (F4). */
export const HANDHELD_MAX_READS = 50_000;
/** EPCs of a session written a statement at most (F4: 5,000 a statement). */
export const SESSION_EPC_CHUNK = 5000;
