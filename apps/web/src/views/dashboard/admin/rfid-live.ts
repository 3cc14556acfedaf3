/** The RFID cards' data: the widgets the server sends (GET /dashboard/admin/widgets), counters kept live by GET /dashboard/live. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openStream, type StreamState } from '../../rfid/raw-data/sse';
import { WIDGETS_KEY, widgetsQuery } from './prefetch';

export interface RfidCounters {
  readsToday: number;
  readersOnline: number;
  readersTotal: number;
  tagsByState: { state: 'present' | 'departed' | 'sold' | 'unplaced'; count: number }[];
}

export interface OperatorPanel {
  offline: { equipmentCoding: string; equipmentName: string; locationName: string | null; since: string | null }[];
  antennaFaults: { equipmentCoding: string; antenna: number | null; at: string; message: string }[];
  ratePerSite: { locationId: number | null; locationName: string | null; reads: number }[];
  unknownEpcs: { epc: string; lastSeenAt: string; equipmentCoding: string; reason: 'notInRegistry' | 'undecodable' }[];
  duplicateEpcs: { epc: string; tids: string[] }[];
  syncFailures: { id: number; at: string; equipmentCoding: string; status: string; invalid: number; firstError: string }[];
  /** batches refused today over an ingestion quota: in all, and by reader */
  rateLimited: { batches: number; readers: { equipmentCoding: string; batches: number; at: string }[] };
}

export interface Widget {
  code: string;
  data: unknown;
}

/** The module cards of the admin dashboard; the RFID counters follow the live stream while the page is open. */
export function useRfidWidgets() {
  const client = useQueryClient();
  const [live, setLive] = useState<StreamState>('connecting');
  const widgets = useQuery({
    ...widgetsQuery(),
    // the operator's panel (offline readers, faults, rates) refreshes on its own; counters come pushed
    refetchInterval: 60_000,
  });
  const hasCounters = !!widgets.data?.some((w) => w.code === 'rfid.counters');
  useEffect(() => {
    if (!hasCounters) return;
    return openStream('/dashboard/live', {
      onState: setLive,
      onEvent: (event, data) => {
        if (event !== 'counters') return;
        client.setQueryData<Widget[]>(WIDGETS_KEY, (old) => old?.map((w) => (w.code === 'rfid.counters' ? { ...w, data } : w)));
      },
    });
  }, [hasCounters, client]);
  const of = <T>(code: string) => (widgets.data?.find((w) => w.code === code)?.data ?? null) as T | null;
  return {
    loading: widgets.isLoading,
    counters: of<RfidCounters>('rfid.counters'),
    operator: of<OperatorPanel>('rfid.operator'),
    live,
  };
}
