/**
 * EPC data (rfid/epc-data): every EPC the readers saw — decode, first/last seen, read count, last
 * reader/antenna/RSSI/location — the feed's page (declared in packages/domain/src/feed/epc.ts) with
 * a location filter and a row's state and lifecycle in a drawer.
 */
import { rfidEpcDataFeed as feed } from '@tagloom/domain/feed/epc.ts';
import { FeedPage } from '../../../components/feed/FeedPage';
import { EpcDrawer } from '../_epc/EpcDrawer';
import { EPC_CELLS, equipmentAntenna } from '../_epc/epc-cells';
import { type EpcRow, epcSource } from '../_epc/epc-row';
import { LocationSelect } from '../_epc/LocationSelect';

const source = epcSource(feed.code);
const cells = { ...EPC_CELLS, lastEquipment: equipmentAntenna };

export default function EpcData() {
  return (
    <FeedPage<EpcRow>
      feed={feed}
      testId="epc-data"
      source={source}
      render={cells}
      controls={{ locationId: <LocationSelect feed={feed} testId="epc-data" /> }}
      drawer={(row, close) => <EpcDrawer feed={feed} epc={row?.epc} onClose={close} />}
    />
  );
}
