/**
 * EPC state (rfid/epc-state): tags by presence, the feed's page (declared in
 * packages/domain/src/feed/epc.ts) with the counts per state on top (each a presence filter), a
 * location filter, and a row's state and lifecycle in a drawer.
 */
import { rfidEpcStateFeed as feed } from '@tagloom/domain/feed/epc.ts';
import { useState } from 'react';
import { FeedPage } from '../../../components/feed/FeedPage';
import { EpcDrawer } from '../_epc/EpcDrawer';
import { EPC_CELLS } from '../_epc/epc-cells';
import { type EpcRow, epcSource } from '../_epc/epc-row';
import { LocationSelect } from '../_epc/LocationSelect';
import type { PresenceFilter } from '../_epc/PresenceBadge';
import { EpcCounts } from './EpcCounts';

const source = epcSource(feed.code);
const locationOf = (v: Record<string, unknown>) => (typeof v.locationId === 'number' ? v.locationId : undefined);

export default function EpcState() {
  const [presence, setPresence] = useState<PresenceFilter | undefined>();
  return (
    <FeedPage<EpcRow>
      feed={feed}
      testId="epc-state"
      source={source}
      extra={{ presence }}
      header={(values) => <EpcCounts locationId={locationOf(values)} presence={presence} onPresence={setPresence} />}
      render={EPC_CELLS}
      controls={{ locationId: <LocationSelect feed={feed} testId="epc-state" /> }}
      drawer={(row, close) => <EpcDrawer feed={feed} epc={row?.epc} onClose={close} />}
      onReset={() => setPresence(undefined)}
    />
  );
}
