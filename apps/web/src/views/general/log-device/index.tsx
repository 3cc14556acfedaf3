/** Device log (general/log-device): the shared log screen. */
import { LogPage } from '../_logs/LogPage';

export default function DeviceLog() {
  return <LogPage kind="device" />;
}
