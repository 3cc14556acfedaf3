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

const LISTENERS: PresenceListener[] = [];

export const presenceListeners = {
  /** Registers a listener; returns the function that removes it (tests). */
  on(listener: PresenceListener): () => void {
    LISTENERS.push(listener);
    return () => {
      const at = LISTENERS.indexOf(listener);
      if (at >= 0) LISTENERS.splice(at, 1);
    };
  },

  /** Calls every listener, in order, in the caller's transaction. */
  async changed(tx: Tx, tenantId: number, changes: readonly PresenceChange[]): Promise<void> {
    if (!changes.length) return;
    for (const listener of [...LISTENERS]) await listener(tx, tenantId, changes);
  },
};
