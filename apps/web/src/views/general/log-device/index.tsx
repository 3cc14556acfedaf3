/** Device log (general/log-device): the feed's generic screen. */
import { deviceLogFeed } from '@tagloom/domain/feed/general.ts';
import { FeedPage } from '../../../components/feed/FeedPage';

export default function DeviceLog() {
  return <FeedPage feed={deviceLogFeed} testId="log" />;
}
