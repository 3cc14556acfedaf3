/**
 * The receiving check's live data: the docks (GET …/docks) kept current by the carton stream
 * (GET …/live, Server-Sent Events): a carton in a tunnel (its reads so far) and each dock's last
 * result; a result also refreshes the list (its rows in place) and an open EPC drawer.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { fetchData } from '../../../app/request';
import { listKey } from '../../../components/resource/use-resource';
import { openStream, type StreamState } from '../../rfid/raw-data/sse';
import { applyCarton, type CartonLive, type Dock } from './dock';

export type { CartonLive, Dock } from './dock';

export const CODE = 'warehouse/receiving-check';
export const DOCKS_KEY = ['resource', CODE, 'docks'];
/** The list is fetched again at most this often while results arrive. */
const REFRESH_MS = 400;

/** The docks, live; the stream's state for the badge. */
export function useReceivingLive() {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const docks = useQuery({ queryKey: DOCKS_KEY, queryFn: () => fetchData<Dock[]>(`/${CODE}/docks`) });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const refresh = () => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void client.invalidateQueries({ queryKey: listKey(CODE) });
        void client.invalidateQueries({ queryKey: ['resource', CODE, 'epcs'] });
      }, REFRESH_MS);
    };
    let opened = false;
    const close = openStream(`/${CODE}/live`, {
      onState: (s) => {
        setState(s);
        // back after a break: what was pushed meanwhile is lost, so ask again
        if (s === 'open' && opened) {
          void client.invalidateQueries({ queryKey: DOCKS_KEY });
          refresh();
        }
        if (s === 'open') opened = true;
      },
      onEvent: (event, data) => {
        if (event !== 'carton') return;
        const c = data as CartonLive;
        client.setQueryData<Dock[]>(DOCKS_KEY, (old) => old?.map((d) => applyCarton(d, c)));
        if (c.kind === 'result') refresh();
      },
    });
    return () => {
      close();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [client]);
  return { docks, state };
}
