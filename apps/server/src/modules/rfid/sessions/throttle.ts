/**
 * A live view's pace over sessions in progress (sessionSubjects.onProgress): per session, the
 * message goes at once — in the writing transaction — unless the session's last one went less
 * than `ms` (SESSION_PACE_MS) ago; then one follows when that time is up (after the commit), so the last reads always
 * show. The carton panel and the QI sample dialog pace theirs this way. This process's timers only.
 */
import type { Tx } from '../../../db/client.js';
import type { ReadSession } from './service.js';

type Key = { tenantId: number; id: number };

/** A session's live messages go at most this often (2 a second). */
export const SESSION_PACE_MS = 500;

export interface SessionPace {
  /** the progress handler: `now` at once, or `later` once the time is up */
  progress(tx: Tx, session: ReadSession): Promise<void>;
  /** a session's pace is over (it closed): a message waiting is dropped */
  forget(session: Key): void;
  /** every timer cleared (the routes stop) */
  stop(): void;
}

export function sessionPace(
  now: (tx: Tx, session: ReadSession) => Promise<void>,
  later: (session: Key) => Promise<void>,
  ms = SESSION_PACE_MS,
): SessionPace {
  const paced = new Map<string, { last: number; timer?: ReturnType<typeof setTimeout> }>();
  const keyOf = (s: Key) => `${s.tenantId}:${s.id}`;
  return {
    async progress(tx, session) {
      const key = keyOf(session);
      const p = paced.get(key) ?? { last: 0 };
      paced.set(key, p);
      const at = Date.now();
      if (at - p.last >= ms) {
        p.last = at;
        await now(tx, session);
      } else if (!p.timer) {
        const who = { tenantId: session.tenantId, id: session.id };
        p.timer = setTimeout(
          () => {
            p.timer = undefined;
            p.last = Date.now();
            void later(who);
          },
          p.last + ms - at,
        );
        p.timer.unref();
      }
    },
    forget(session) {
      clearTimeout(paced.get(keyOf(session))?.timer);
      paced.delete(keyOf(session));
    },
    stop() {
      for (const p of paced.values()) clearTimeout(p.timer);
      paced.clear();
    },
  };
}
