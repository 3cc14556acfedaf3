/** An EPC state row as the EPC screens' lists (GET /api/rfid/epc-data/list, …/epc-state/list) return it, and how a page is read. */
import type { FeedPageData, FeedQuery } from '@tagloom/domain/feed/define.ts';
import { fetchData } from '../../../app/request';
import type { FeedSource } from '../../../components/feed/FeedPage';

export type EpcRow = {
  epc: string;
  tid: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  readCount: number;
  lastEquipment: string;
  lastAntenna: number | null;
  lastLocationId: number | null;
  lastLocationCode: string | null;
  lastLocationName: string | null;
  lastRssiCdbm: number | null;
  presence: 'present' | 'departed' | 'sold' | null;
  presenceLocationId: number | null;
  presenceLocationCode: string | null;
  presenceLocationName: string | null;
  presenceSince: string | null;
  presenceEquipment: string | null;
  presenceSeenAt: string | null;
  departDueAt: string | null;
  candidateLocationCode: string | null;
  candidateLocationName: string | null;
  candidateSince: string | null;
  soldAt: string | null;
  returnGuardUntil: string | null;
  scheme?: string | null;
  gtin?: string | null;
  serial?: string | null;
};

type Param = string | number | undefined;
const param = (v: unknown): Param => (typeof v === 'string' || typeof v === 'number' ? v : undefined);

/**
 * The rfid state module's list (kept apart from the generic feed routes: its keyset on the minute
 * index of last_seen_at, the location that means the presence's place once a presence is chosen,
 * the party's and the location's reach): the feed's query as its GET parameters.
 */
export const epcSource =
  (code: string): FeedSource<EpcRow> =>
  async (q: FeedQuery) => {
    const { pageSize, cursor, lastSeenAt, ...filters } = q;
    const range = Array.isArray(lastSeenAt) ? lastSeenAt : [];
    const params: Record<string, Param> = { limit: pageSize, cursor, from: param(range[0]), to: param(range[1]) };
    for (const [k, v] of Object.entries(filters)) params[k] = param(v);
    const page = await fetchData<{ list: EpcRow[]; next: string | null }>(`/${code}/list`, { params });
    return { ...page, hasMore: page.next !== null } satisfies FeedPageData<EpcRow>;
  };
