/** The docks of the receiving check and what a pushed carton does to one (pure: the panel's and the tests'). */
import type { CartonLive } from '@tagloom/domain/resources/warehouse/wire.ts';

export type { CartonLive };

export interface Dock {
  equipmentCoding: string;
  equipmentName: string;
  locationId: number | null;
  locationName: string | null;
  online: boolean;
  /** the carton in the tunnel now */
  current: CartonLive | null;
  /** the last carton it checked */
  last: CartonLive | null;
}

/** A dock after a pushed carton (pure: the tests' and the panel's). */
export function applyCarton(dock: Dock, c: CartonLive): Dock {
  if (c.equipmentCoding !== dock.equipmentCoding) {
    // the carton left this dock's tunnel for another reader
    return dock.current?.cartonId === c.cartonId && c.kind === 'progress' ? { ...dock, current: null } : dock;
  }
  if (c.kind === 'progress') return { ...dock, current: c };
  const current = dock.current?.cartonId === c.cartonId ? null : dock.current;
  const newer = !dock.last || dock.last.cartonId === c.cartonId || (c.checkedAt ?? '') >= (dock.last.checkedAt ?? '');
  return { ...dock, current, last: newer ? c : dock.last };
}
