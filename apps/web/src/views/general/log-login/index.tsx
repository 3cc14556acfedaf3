/** Login log (general/log-login): the shared log screen. */
import { LogPage } from '../_logs/LogPage';

export default function LoginLog() {
  return <LogPage kind="login" />;
}
