/** Operation log (general/log-operation): the shared log screen. */
import { LogPage } from '../_logs/LogPage';

export default function OperationLog() {
  return <LogPage kind="operation" />;
}
