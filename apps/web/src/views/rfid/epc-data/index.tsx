/** EPC data (rfid/epc-data): every EPC the readers saw — decode, first/last seen, read count, last reader/antenna/RSSI/location. */
import { EpcStates } from '../epc-state/EpcStates';

export default function EpcData() {
  return <EpcStates screen="rfid/epc-data" />;
}
