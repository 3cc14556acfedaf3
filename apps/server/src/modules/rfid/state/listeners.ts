/**
 * What other modules do with presence changes (a carton put away when its pieces are read in
 * storage, F-put-away): a module registers a listener at import time, and each fold calls the
 * listeners with its changes in the fold's transaction, after the states are written — a listener
 * that throws undoes the fold (it is retried). The rfid module knows no listener: a static registry,
 * the same in every process (no data in it). Listeners must be cheap when no change concerns them.
 */
import type { Tx } from '../../../db/client.js';
import type { PresenceChange } from './fold.js';

export type PresenceListener = (tx: Tx, tenantId: number, changes: readonly PresenceChange[]) => Promise<void>;

/** A static list of callbacks: `on` registers one and returns the function that removes it (tests). */
function registry<F>(): { list: F[]; on: (f: F) => () => void } {
  const list: F[] = [];
  return {
    list,
    on(f: F) {
      list.push(f);
      return () => {
        const at = list.indexOf(f);
        if (at >= 0) list.splice(at, 1);
      };
    },
  };
}

const LISTENERS = registry<PresenceListener>();

export const presenceListeners = {
  /** Registers a listener; returns the function that removes it (tests). */
  on: LISTENERS.on,

  /** Calls every listener, in order, in the caller's transaction. */
  async changed(tx: Tx, tenantId: number, changes: readonly PresenceChange[]): Promise<void> {
    if (!changes.length) return;
    for (const listener of [...LISTENERS.list]) await listener(tx, tenantId, changes);
  },
};

/**
 * A tag's presence moved: it was present at `from` and is no longer (null: it was not present), or
 * is present at `to` now (null: it is not). `at`: its read's time when a read moved it (null: a
 * document or the sweep did).
 */
export interface PresenceMove {
  epc: string;
  from: number | null;
  to: number | null;
  at: Date | null;
}

/** A present tag read again at its place, in a later minute than its last read (the fold's). */
export interface PresenceSeen {
  epc: string;
  locationId: number;
  at: Date;
}

export type PresenceTally = (tx: Tx, tenantId: number, moves: readonly PresenceMove[], seen: readonly PresenceSeen[]) => Promise<void>;

const TALLIES = registry<PresenceTally>();

/**
 * What keeps figures of presence (the present tags per place and SKU of the stock module): unlike
 * the listeners above, which hear what reads did, a tally hears EVERY change of a tag's presence —
 * the fold's, the departure sweep's, an unbinding's, a sale's or return's at the till — in the
 * writer's transaction, always with the tenant's fold lock held (FOLD_LOCK): one writer a tenant at
 * a time, so a tally's rows of a tenant are never written by two transactions at once.
 */
export const presenceTallies = {
  on: TALLIES.on,

  async moved(tx: Tx, tenantId: number, moves: readonly PresenceMove[], seen: readonly PresenceSeen[] = []): Promise<void> {
    if (!moves.length && !seen.length) return;
    for (const tally of [...TALLIES.list]) await tally(tx, tenantId, moves, seen);
  },
};
