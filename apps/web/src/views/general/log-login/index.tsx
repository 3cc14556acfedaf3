/** Login log (general/log-login): the feed's generic screen. */
import { loginLogFeed } from '@tagloom/domain/feed/general.ts';
import { FeedPage } from '../../../components/feed/FeedPage';

export default function LoginLog() {
  return <FeedPage feed={loginLogFeed} testId="log" />;
}
