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

/** A read of a reader of a listened scene type, as the fold has it (time in epoch ms). */
export interface SceneRead {
  epc: string;
  locationId: number;
  equipment: string;
  at: number;
  rssi: number | null;
}

export type SceneReadListener = (tx: Tx, tenantId: number, reads: readonly SceneRead[]) => Promise<void>;

const SCENE_READS = new Map<number, ReturnType<typeof registry<SceneReadListener>>>();

/**
 * What other modules do with the reads themselves of readers of one scene type (a fitting cabin's:
 * the cabins' sessions), not only with presence changes: the fold gives a listener its reads of
 * readers of that type, in the fold's transaction, with the tenant's fold lock held, once a fold.
 * The rfid module knows no listener (a static registry, as above).
 */
export const sceneReadListeners = {
  /** Registers a listener of one scene type's reads; returns the function that removes it (tests). */
  on(sceneType: number, f: SceneReadListener): () => void {
    let r = SCENE_READS.get(sceneType);
    if (!r) {
      r = registry<SceneReadListener>();
      SCENE_READS.set(sceneType, r);
    }
    return r.on(f);
  },
  /** The scene types some module listens to. */
  types(): number[] {
    return [...SCENE_READS].filter(([, r]) => r.list.length).map(([t]) => t);
  },
  async read(tx: Tx, tenantId: number, sceneType: number, reads: readonly SceneRead[]): Promise<void> {
    if (!reads.length) return;
    for (const listener of [...(SCENE_READS.get(sceneType)?.list ?? [])]) await listener(tx, tenantId, reads);
  },
};
