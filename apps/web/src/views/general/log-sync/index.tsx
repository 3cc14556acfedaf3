/** Sync log (general/log-sync): the shared log screen. */
import { LogPage } from '../_logs/LogPage';

export default function SyncLog() {
  return <LogPage kind="sync" />;
}
