/** EPC state (rfid/epc-state): tags by presence — counts per state on top, a location filter, a row's lifecycle in a drawer. */
import { EpcStates } from './EpcStates';

export default function EpcState() {
  return <EpcStates screen="rfid/epc-state" />;
}
