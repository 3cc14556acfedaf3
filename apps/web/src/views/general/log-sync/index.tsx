/** Sync log (general/log-sync): the feed's generic screen. */
import { syncLogFeed } from '@tagloom/domain/feed/general.ts';
import { FeedPage } from '../../../components/feed/FeedPage';

export default function SyncLog() {
  return <FeedPage feed={syncLogFeed} testId="log" />;
}
